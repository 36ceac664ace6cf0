"""Words for the target references, seats and handles found in a view.

A reference (``"u:12"``, ``"h:1"``, ``"w:0"``, ``"a:0:equip"``, ``"c:40"``) is described
with what the same view shows: the unit's card name and its controller, the hero's name,
and so on. Nothing here knows a rule; it only reads the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from client.cards import CardBook, default_book
from client.viewmodel.words import possessive

View = Mapping[str, Any]


class UnitNumbers:
    """The numbers that tell apart a controller's units of one name ("Skeleton 2"), kept
    from one view to the next: a unit keeps its number while it stays in play (its
    handle stays the same), so a line of the log that named it still names it after
    another of that name leaves play; a unit that comes takes the lowest number none of
    the others in play has. A unit alone of its name goes unnumbered unless it was
    numbered above 1 ("Skeleton 2" whose "Skeleton 1" died stays "Skeleton 2", so a newcomer,
    "Skeleton 1", is never mistaken for it)."""

    def __init__(self) -> None:
        self._numbers: dict[int, int] = {}  # unit handle -> its number

    def assign(self, handles: list[int]) -> dict[int, int]:
        """The numbers of one controller's units of one name, in play together."""
        taken: set[int] = set()
        out: dict[int, int] = {}
        for handle in handles:  # those numbered before keep theirs
            number = self._numbers.get(handle)
            if number is not None and number not in taken:
                out[handle] = number
                taken.add(number)
        free = (n for n in range(1, len(handles) + len(taken) + 1) if n not in taken)
        for handle in handles:  # the others, in the view's order: the lowest free ones
            if handle not in out:
                out[handle] = self._numbers[handle] = next(free)
        return out

    def alone(self, handle: int) -> int | None:
        """The number of a unit alone of its name: the one it was given, where above 1."""
        number = self._numbers.get(handle)
        return number if number is not None and number > 1 else None


class Namer:
    """Describes seats, handles and target references of one view."""

    def __init__(
        self,
        view: View,
        book: CardBook | None = None,
        earlier: View | None = None,
        numbers: UnitNumbers | None = None,
    ) -> None:
        """``earlier``: a previous view whose handles still name cards that left play.
        ``numbers``: the unit numbers kept across the views of one game (see
        :class:`UnitNumbers`); without it each view numbers its units afresh."""
        self.view = view
        self.book = book or default_book()
        self._numbers = numbers
        self._players: dict[int, Mapping[str, Any]] = {
            int(p["seat"]): p for p in view.get("players", [])
        }
        self._handles: dict[int, tuple[str, int]] = {}
        self._ordinal: dict[int, int] = {}
        self._chain: dict[int, str] = {}
        for source in (earlier, view):
            if source is None:
                continue
            self._index(source.get("players", []))
            for item in source.get("chain") or []:
                if item.get("label"):
                    self._chain[int(item.get("id", -1))] = str(item["label"])

    def _index(self, players: list[Mapping[str, Any]]) -> None:
        for player in players:
            seat = int(player["seat"])
            units = player.get("units", [])
            named: dict[str, list[int]] = {}
            for unit in units:
                named.setdefault(str(unit["card"]), []).append(int(unit["handle"]))
            numbers = self._numbers if self._numbers is not None else UnitNumbers()
            for handles in named.values():
                if len(handles) > 1:  # two Militia Recruits must be told apart
                    self._ordinal.update(numbers.assign(handles))
                elif (kept := numbers.alone(handles[0])) is not None:
                    self._ordinal[handles[0]] = kept
                else:
                    self._ordinal.pop(handles[0], None)
            for unit in units:
                self._handles[int(unit["handle"])] = (str(unit["card"]), seat)
                for att in unit.get("attachments", []):
                    self._handles[int(att["handle"])] = (str(att["card"]), seat)
            for card in player.get("hand") or []:
                self._handles[int(card["handle"])] = (str(card["card"]), seat)

    def learn(self, events: list[Mapping[str, Any]]) -> None:
        """Name the units the events themselves name (``entered_play``, ``enlisted``,
        ``attached``: a handle and its card; ``destroyed``: a unit reference and its
        card), where the views do not: a unit that came and went before the view, as
        in a sync's earlier events, which have no view of their own."""
        for event in events:
            card, seat = event.get("card"), event.get("seat")
            handle = event.get("handle")
            target = event.get("target")
            if handle is None and isinstance(target, str) and target.startswith("u:"):
                handle = target[2:]
            if not isinstance(card, str) or handle is None:
                continue
            try:
                key = int(handle)
            except (TypeError, ValueError):
                continue
            if key not in self._handles:
                self._handles[key] = (card, seat if isinstance(seat, int) else -1)

    def remember_chain(self, item_id: object, label: str) -> None:
        if isinstance(item_id, int):
            self._chain[item_id] = label

    def chain_label(self, item_id: object) -> str | None:
        """The label of a chain item (it may have left the chain in this very change)."""
        try:
            return self._chain.get(int(item_id))  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return None

    # seats -------------------------------------------------------------------------
    def player(self, seat: int) -> Mapping[str, Any] | None:
        return self._players.get(seat)

    def seat(self, seat: int | None) -> str:
        """The player's name at ``seat`` ("you" is never used: hot-seat shares a screen)."""
        if seat is None:
            return "nobody"
        player = self._players.get(int(seat))
        if player is None:
            return f"seat {int(seat) + 1}"
        return str(player.get("name") or f"seat {int(seat) + 1}")

    def hero(self, seat: int) -> str:
        player = self._players.get(seat)
        if player is None:
            return f"hero {seat + 1}"
        return self.book.name(str(player.get("hero", "")))

    # cards -------------------------------------------------------------------------
    def card(self, card_id: str) -> str:
        return self.book.name(card_id)

    def handle(self, handle: int) -> str:
        """The card's name; a unit sharing its name with another of its controller's
        units gets its number among them ("Militia Recruit 2", see :class:`UnitNumbers`)."""
        found = self._handles.get(int(handle))
        if not found:
            return f"card #{handle}"
        nth = self._ordinal.get(int(handle))
        return self.book.name(found[0]) + (f" {nth}" if nth else "")

    def thing(self, value: object) -> str:
        """A card named by a handle (int) or by a target reference (str)."""
        if isinstance(value, int):
            return self.handle(value)
        text = str(value)
        if ":" in text:
            kind, _, rest = text.partition(":")
            if kind in ("u", "c") and rest.isdigit():
                return self.handle(int(rest))
            if kind in ("w", "r") and rest.isdigit():
                what, face = self._equipment(kind, int(rest))
                return self.book.name(face) if face else what
            return self.ref(text)
        return self.handle(int(text)) if text.isdigit() else self.book.name(text)

    def card_of(self, value: object) -> str | None:
        """The card id behind a handle or a ``u:``/``c:``/``w:``/``r:`` reference (None if
        unknown)."""
        if isinstance(value, int):
            return self.handle_card(value)
        kind, _, rest = str(value).partition(":")
        if not rest.isdigit():
            return None
        if kind in ("u", "c"):
            return self.handle_card(int(rest))
        return self._equipment(kind, int(rest))[1] if kind in ("w", "r") else None

    def _equipment(self, kind: str, seat: int) -> tuple[str, str | None]:
        """``("weapon"|"armor", the face's card id or None)`` of a ``w:``/``r:`` reference."""
        what = "weapon" if kind == "w" else "armor"
        face = ((self.player(seat) or {}).get(what) or {}).get("card")
        return what, (str(face) if face else None)

    def equipment_kind(self, seat: object, card_id: str) -> str | None:
        """``"weapon"`` or ``"armor"`` when ``card_id`` is one of the faces of that seat's
        weapon or armor (or the catalog says it is one), else None."""
        player = self.player(seat) if isinstance(seat, int) else None
        for what in ("weapon", "armor"):
            part = (player or {}).get(what) or {}
            if card_id == part.get("card") or card_id in (part.get("faces") or ()):
                return what
        kind = self.book.kind(card_id)
        return kind if kind in ("weapon", "armor") else None

    def whose_equipment(self, seat: int, what: str) -> str:
        """``"Alice's weapon"``: whose hero carries a weapon or armor card, the words the
        log and the board put after its name."""
        return f"{possessive(self.seat(seat))} {what}"

    def equipment_owner(self, seat: object, card_id: str) -> str | None:
        """``"Alice's weapon"`` when ``card_id`` is a face of the weapon or armor of
        ``seat``, else None."""
        what = self.equipment_kind(seat, card_id) if isinstance(seat, int) else None
        return self.whose_equipment(seat, what) if isinstance(seat, int) and what else None

    def entry_owner(self, item: Mapping[str, Any]) -> str | None:
        """``"Bob's weapon"`` when a chain entry is a triggered effect of a weapon or
        armor (the log's "Gilded Flail (Bob's weapon) triggered."), else None."""
        if item.get("kind") != "trigger":
            return None
        return self.equipment_owner(item.get("seat"), str(item.get("source", "")))

    def entry_who(self, item: Mapping[str, Any]) -> str:
        """Whose a chain entry is, as the board, the prompts and the log say it: who
        announced it, or whose equipment a weapon's or armor's triggered effect is."""
        return self.entry_owner(item) or self.seat(item.get("seat"))

    def handle_card(self, handle: int) -> str | None:
        if not isinstance(handle, int):
            return None
        found = self._handles.get(int(handle))
        return found[0] if found else None

    def ability(self, seat: int, ability_id: str) -> str:
        player = self._players.get(seat)
        hero = str(player.get("hero", "")) if player else ""
        return self.book.ability(hero, ability_id).name

    # references ----------------------------------------------------------------------
    def ref(self, ref: str) -> str:
        """``"u:12"`` → ``"Infantry (Alice)"``; unknown shapes are shown as they are."""
        kind, _, rest = str(ref).partition(":")
        try:
            if kind == "u" or kind == "c":
                handle = int(rest)
                found = self._handles.get(handle)
                if found is None:
                    return f"card #{handle}"
                if found[1] < 0:  # learned from an event that names no seat
                    return self.handle(handle)
                return f"{self.handle(handle)} ({self.seat(found[1])})"
            if kind == "h":
                seat = int(rest)
                return f"{self.hero(seat)} ({self.seat(seat)})"
            if kind in ("w", "r"):  # a hero's weapon or armor card
                seat = int(rest)
                what, face = self._equipment(kind, seat)
                name = self.book.name(face) if face else what
                return f"{name} ({self.whose_equipment(seat, what)})"
            if kind == "a":
                seat_text, _, ability_id = rest.partition(":")
                seat = int(seat_text)
                return f"{self.ability(seat, ability_id)} ({self.seat(seat)})"
        except ValueError:
            pass
        return str(ref)

    def refs(self, refs: list[str] | tuple[str, ...]) -> str:
        return ", ".join(self.ref(r) for r in refs) if refs else "no target"

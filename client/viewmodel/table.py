"""What the table shows, built from one seat's view (pure; no Textual).

``build_table(view)`` turns the plain-data view of ``docs/realm-interface.md`` into small
frozen records the widgets draw: one panel per player (hero, resources, equipment,
abilities, territory, hand counts), your hand, the decks, the status line, the chain and
the battle. Widgets never read the view dict themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from client.cards import DECKS, CardBook, CardInfo, default_book
from client.viewmodel.refs import Namer, UnitNumbers
from client.viewmodel.words import possessive

PHASE_NAMES: Mapping[str, str] = {
    "setup": "Setup",
    "production": "Production",
    "refresh": "Refresh",
    "draw": "Draw",
    "maneuver": "Maneuver",
    "end": "End of turn",
    "over": "Game over",
}

STEP_NAMES: Mapping[str, str] = {
    "declare": "Declare attackers",
    "after_declare": "After attackers",
    "assign": "Assign defenders",
    "after_assign": "After defenders",
    "damage": "Battle damage",
    "after_damage": "After damage",
}

FORMAT_NAMES: Mapping[str, str] = {
    "duel": "Duel",
    "ffa": "Free-for-all",
    "sworn": "Sworn enemy",
    "team": "Teams",
}


@dataclass(frozen=True)
class UnitLine:
    handle: int
    ref: str
    name: str
    attack: int
    health: int
    max_health: int
    damage: int
    augments: int
    exhausted: bool
    entered: bool
    attachments: tuple[str, ...]
    counters: tuple[tuple[str, int], ...]
    card: str = ""  # the card id (for its printed text and stats)
    shield: int = 0  # damage still to be prevented this turn
    seat: int = 0  # its controller

    @property
    def stats(self) -> str:
        """Attack power and health as the rulebook writes them ("3/5"): the health is its
        maximum, the damage on it is one of its :attr:`marks`."""
        return f"{self.attack}/{self.max_health}"

    @property
    def marks(self) -> str:
        """Short markers: exhausted, new this turn, damage, damage it will prevent this
        turn ("prevent 3": Battle Surge's), augments, counters."""
        out = []
        if self.exhausted:
            out.append("exh")
        if self.entered:
            out.append("new")
        if self.damage:
            out.append(f"dmg {self.damage}")
        if self.shield:
            out.append(f"prevent {self.shield}")
        if self.augments:
            out.append(f"+{self.augments}")
        out += [f"{name} {n}" for name, n in self.counters]
        out += [f"⊕{a}" for a in self.attachments]
        return " ".join(out)


@dataclass(frozen=True)
class AbilityLine:
    id: str
    name: str
    level: int
    unlocked: bool
    cooldown: int
    ready: bool
    seat: int = 0  # whose hero has it
    #: A reaction ability (usable as a reaction maneuver): the printed card marks it with
    #: a sunburst and a gold cooldown tracker; the board marks it ``✶``.
    reaction: bool = False

    @property
    def ref(self) -> str:
        return f"a:{self.seat}:{self.id}"

    @property
    def state(self) -> str:
        if not self.unlocked:
            return "locked"
        return "ready" if self.ready else f"cd {self.cooldown}"


@dataclass(frozen=True)
class Equipment:
    name: str
    value: int  # attack for a weapon, rating for armor
    left: int | None  # armor left this turn
    exhausted: bool
    other_face: str
    card: str = ""  # the face id shown
    ref: str = ""  # "w:<seat>" or "r:<seat>"


@dataclass(frozen=True)
class PlayerPanel:
    seat: int
    name: str
    hero: str
    team: int | None
    alive: bool
    health: int
    max_health: int
    gold: int
    production: int
    weapon: Equipment | None
    armor: Equipment | None
    abilities: tuple[AbilityLine, ...]
    hand_counts: tuple[tuple[str, int], ...]
    units: tuple[UnitLine, ...]
    reserves: tuple[tuple[str, int], ...]
    counters: tuple[tuple[str, int], ...]
    is_you: bool
    is_current: bool
    is_to_act: bool
    has_priority: bool
    hero_id: str = ""
    hunts: str = ""  # sworn enemy games: the name of the player this one must defeat
    away: bool = False  # a person whose connection is gone (the table may wait for them)
    bot_plays: bool = False  # a person's seat a bot plays until they return (policy bot)
    #: it conceded (by choice, or away past the grace under policy "concede") and is out
    #: at its next priority: the server plays its decisions out until then
    conceding: bool = False
    shield: int = 0  # damage to the hero still to be prevented this turn
    conceded: bool = False  # out of the game by conceding, not by damage

    @property
    def out_word(self) -> str:
        """How a player out of the game is marked: by conceding or by defeat."""
        return "conceded" if self.conceded else "defeated"

    @property
    def seat_mark(self) -> str:
        """What is said of the seat's player while they are in the game: "conceding"
        (out at their next priority), "bot plays" (until they return), "away", or ""."""
        if self.conceding:  # before "away": they are out soon, whether back or not
            return "conceding"
        if self.bot_plays:
            return "bot plays"
        return "away" if self.away else ""

    #: Its hand, card by card, when a spectator's view shows every hand (a table whose
    #: spectators see all hands); None when the hand is hidden or is the viewer's own.
    open_hand: tuple[HandCard, ...] | None = None

    @property
    def hero_ref(self) -> str:
        return f"h:{self.seat}"

    @property
    def hand_total(self) -> int:
        return sum(n for _, n in self.hand_counts)

    @property
    def hand_summary(self) -> str:
        parts = [f"{n} {kind}" for kind, n in self.hand_counts if n]
        return f"hand {self.hand_total}" + (f" ({', '.join(parts)})" if parts else "")


@dataclass(frozen=True)
class HandCard:
    handle: int
    card: str
    name: str
    kind: str
    cost: int | None
    text: str
    playable: bool
    cost_label: str = ""  # "2g", or "1g/3g" for a split card

    @property
    def ref(self) -> str:
        return f"c:{self.handle}"


@dataclass(frozen=True)
class DeckLine:
    deck: str
    count: int
    discard_count: int
    discard_top: str | None

    @property
    def pile(self) -> str:
        """Its discard pile in words: "discard 2, top Grave Robber"."""
        top = f", top {self.discard_top}" if self.discard_top else ""
        return f"discard {self.discard_count}{top}"


@dataclass(frozen=True)
class ChainLine:
    id: int
    seat: int
    who: str
    label: str
    targets: str
    kind: str = ""  # "play", "enlist", "ability", "unlock", "activate", "trigger", "battle"
    source: str = ""  # the card, ability, equipment face or hero it comes from
    half: int | None = None  # a split action card: the half played
    #: ``label`` where the line has no room for it ("Tax Collector's effect"); "": the same.
    brief: str = ""

    @property
    def ref(self) -> str:
        """How the table's widgets and the details name this entry (``k:<id>``)."""
        return f"k:{self.id}"


@dataclass(frozen=True)
class BattleModel:
    attacker: str
    defender: str
    step: str
    lines: tuple[str, ...]  # one per attacker: "Infantry 3/4 ← Halberdier" or "→ hero"
    #: Said when there are no attackers: "no attackers yet" while they may still be
    #: declared, "no attackers" once that step is over.
    note: str = ""


@dataclass(frozen=True)
class TableModel:
    seat: int | None
    format: str
    turn: int
    phase: str
    status: str
    players: tuple[PlayerPanel, ...]
    hand: tuple[HandCard, ...]
    decks: tuple[DeckLine, ...]
    chain: tuple[ChainLine, ...]
    battle: BattleModel | None
    result: str | None
    version: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)
    status_parts: StatusParts | None = None  # ``status`` in parts
    #: The seats in turn order as the board shows them: see :func:`board_order`.
    seating: tuple[int, ...] = ()

    def you(self) -> PlayerPanel | None:
        for panel in self.players:
            if panel.is_you:
                return panel
        return None

    def others(self) -> tuple[PlayerPanel, ...]:
        """The players other than the viewer, in turn order from the one after the
        viewer (a spectator: every player, from the first): the board's order, top to
        bottom. ``players`` stays in seat order, which the seat numbers index."""
        rest = {p.seat: p for p in self.players if not p.is_you}
        ordered = [rest.pop(seat) for seat in self.seating if seat in rest]
        return (*ordered, *rest.values())  # a seat the order does not name: last


def _units(player: Mapping[str, Any], book: CardBook, namer: Namer) -> tuple[UnitLine, ...]:
    seat = int(player["seat"])
    return tuple(
        UnitLine(
            handle=int(u["handle"]),
            ref=f"u:{int(u['handle'])}",
            name=namer.handle(int(u["handle"])),
            attack=int(u.get("attack", 0)),
            health=int(u.get("health", 0)),
            max_health=int(u.get("max_health", u.get("health", 0))),
            damage=int(u.get("damage", 0)),
            augments=int(u.get("augments", 0)),
            exhausted=bool(u.get("exhausted")),
            entered=bool(u.get("entered")),
            attachments=tuple(book.name(str(a["card"])) for a in u.get("attachments", [])),
            counters=tuple(sorted((str(k), int(v)) for k, v in (u.get("counters") or {}).items())),
            card=str(u.get("card", "")),
            shield=int(u.get("shield", 0) or 0),
            seat=seat,
        )
        for u in player.get("units", [])
    )


def _equipment(
    item: Mapping[str, Any] | None, book: CardBook, key: str, ref: str
) -> Equipment | None:
    if not item or not item.get("card"):
        return None  # no face chosen yet (setup)
    face = str(item["card"])
    faces = [str(f) for f in item.get("faces", []) if str(f) != face]
    left = item.get("left") if key == "rating" else None
    return Equipment(
        name=book.name(face),
        value=int(item.get(key, 0)),
        left=int(left) if left is not None else None,
        exhausted=bool(item.get("exhausted")),
        other_face=book.name(faces[0]) if faces else "",
        card=face,
        ref=ref,
    )


def first_known(view: Mapping[str, Any]) -> bool:
    """Whether the first player is chosen: until then (a team game's roll winner, or a
    match game's loser, chooses) the view's ``current`` and ``first`` are mere defaults
    and mark nobody."""
    prompt = view.get("prompt")
    return not (isinstance(prompt, Mapping) and prompt.get("kind") == "first")


def board_order(view: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats in turn order (the seating order: each player's left is the next, as a
    sworn enemy game's hunts go), starting after the viewer, who comes last; a
    spectator's start with the first player (before it is chosen, with the first seat
    of the order). A view without an order: seat order."""
    seats = [int(p["seat"]) for p in view.get("players", [])]
    order = [int(s) for s in view.get("order") or [] if s in seats]
    order += [s for s in seats if s not in order]
    viewer, first = view.get("seat"), view.get("first")
    start = 0
    if viewer in order:
        start = order.index(viewer) + 1
    elif first in order and first_known(view):
        start = order.index(first)
    return tuple(order[start:] + order[:start])


def _sworn_enemy(view: Mapping[str, Any], seat: int) -> str:
    """In a sworn enemy game, the name of the player ``seat`` must defeat: the next in
    the seating order (the player to its left); otherwise ""."""
    order = view.get("order") or []
    if view.get("format") != "sworn" or seat not in order:
        return ""
    enemy = order[(order.index(seat) + 1) % len(order)]
    for p in view.get("players", []):
        if p.get("seat") == enemy:
            return str(p.get("name") or f"Seat {enemy + 1}")
    return f"Seat {enemy + 1}"


def _panel(
    view: Mapping[str, Any], player: Mapping[str, Any], book: CardBook, namer: Namer
) -> PlayerPanel:
    seat = int(player["seat"])
    hero = str(player.get("hero", ""))
    counts = player.get("hand_count") or {}
    return PlayerPanel(
        seat=seat,
        name=str(player.get("name") or f"Seat {seat + 1}"),
        hero=book.name(hero),
        team=player.get("team"),
        hunts=_sworn_enemy(view, seat),
        alive=bool(player.get("alive", True)),
        conceded=bool(player.get("conceded", False)),
        health=int(player.get("health", 0)),
        max_health=int(player.get("max_health", 0)),
        gold=int(player.get("gold", 0)),
        production=int(player.get("production", 0)),
        weapon=_equipment(player.get("weapon"), book, "attack", f"w:{seat}"),
        armor=_equipment(player.get("armor"), book, "rating", f"r:{seat}"),
        abilities=tuple(
            AbilityLine(
                id=str(a["id"]),
                name=book.ability(hero, str(a["id"])).name,
                level=int(a.get("level", 0)),
                unlocked=bool(a.get("unlocked")),
                cooldown=int(a.get("cooldown", 0)),
                ready=bool(a.get("ready")),
                seat=seat,
                reaction=book.ability(hero, str(a["id"])).reaction,
            )
            for a in player.get("abilities", [])
        ),
        hand_counts=tuple((deck, int(counts.get(deck, 0))) for deck in DECKS),
        units=_units(player, book, namer),
        reserves=tuple(
            sorted((book.name(str(k)), int(v)) for k, v in (player.get("reserves") or {}).items())
        ),
        counters=tuple(sorted((str(k), int(v)) for k, v in (player.get("counters") or {}).items())),
        is_you=view.get("seat") is not None and seat == view.get("seat"),
        is_current=seat == view.get("current") and first_known(view),
        is_to_act=seat == view.get("to_act"),
        has_priority=seat == view.get("priority"),
        hero_id=hero,
        shield=int(player.get("shield", 0) or 0),
        open_hand=(
            _cards(player, book, set())
            if view.get("seat") is None and isinstance(player.get("hand"), list)
            else None
        ),
    )


def _playable_handles(view: Mapping[str, Any]) -> set[int]:
    out: set[int] = set()
    for action in view.get("legal") or []:
        if action.get("kind") in ("play", "enlist", "discard") and "card" in action:
            out.add(int(action["card"]))
    return out


def _hand(view: Mapping[str, Any], book: CardBook) -> tuple[HandCard, ...]:
    seat = view.get("seat")
    if seat is None:
        return ()
    playable = _playable_handles(view)
    for player in view.get("players", []):
        if player.get("seat") == seat:
            return _cards(player, book, playable)
    return ()


def _cards(player: Mapping[str, Any], book: CardBook, playable: set[int]) -> tuple[HandCard, ...]:
    """The cards of ``player``'s hand, as its view lists them."""
    cards = []
    for c in player.get("hand") or []:
        info = book.info(str(c["card"]))
        cards.append(
            HandCard(
                handle=int(c["handle"]),
                card=str(c["card"]),
                name=info.name,
                kind=info.kind,
                cost=info.cost,
                text=_hand_text(info),
                playable=int(c["handle"]) in playable,
                cost_label=info.cost_label,
            )
        )
    return tuple(cards)


def _hand_text(info: CardInfo) -> str:
    """A hand card's text: a split card's two halves ("Strike: Deal 2 damage to target
    unit. / Parry: …"; their costs are in the cost label), rather than its printed "Split
    card: play one half.", so the hand says what either half does."""
    if not info.halves:
        return info.text
    return " / ".join(f"{name}: {text}" for name, _cost, text in info.halves)


def _decks(view: Mapping[str, Any], book: CardBook) -> tuple[DeckLine, ...]:
    decks = view.get("decks") or {}
    out = []
    for deck in DECKS:
        d = decks.get(deck) or {}
        discard = list(d.get("discard") or [])
        out.append(
            DeckLine(
                deck=deck,
                count=int(d.get("count", 0)),
                discard_count=len(discard),
                discard_top=book.name(str(discard[0])) if discard else None,
            )
        )
    return tuple(out)


def chain_label(item: Mapping[str, Any], namer: Namer) -> str:
    """A chain entry in words: its label, or what kind of maneuver it is; a card's
    activated ability (a unit's, a weapon's or an armor's) as "High Cleric's ability",
    "Valdruun Warhammer's ability" (a hero's own abilities go by their names)."""
    kind = item.get("kind")
    if kind == "battle":
        opponent = item.get("opponent")
        against = f" against {namer.seat(opponent)}" if isinstance(opponent, int) else ""
        return f"Initiating a battle{against}"
    if kind == "unlock":
        return f"Unlocking {item.get('label') or _source(item, namer)}"
    label = str(item.get("label") or _source(item, namer))
    # the card's name alone reads as the card itself (a unit's: as enlisting it)
    if kind == "activate":
        return f"{possessive(label)} ability"
    return label


def entry_label(item: Mapping[str, Any], namer: Namer, brief: bool = False) -> str:
    """A chain entry as the chain shows it and the response prompt names it: a unit's
    triggered effect as "Tax Collector's triggered effect", since the unit's name alone
    reads as enlisting it (often the entry just below it); ``brief``: "Tax Collector's
    effect", as the log names it, for a line with no room for more. A weapon's or
    armor's effect keeps its card's name: whose equipment it is follows it ("Gilded
    Flail (Ann's weapon)"), and equipment is never enlisted. Any other entry:
    :func:`chain_label`."""
    label = chain_label(item, namer)
    if item.get("kind") == "trigger" and namer.entry_owner(item) is None:
        return f"{possessive(label)} {'effect' if brief else 'triggered effect'}"
    return label


def _source(item: Mapping[str, Any], namer: Namer) -> str:
    """What a chain entry comes from: a hero ability by its name on the hero's board, or
    a card."""
    source = str(item.get("source", ""))
    if item.get("kind") in ("ability", "unlock") and isinstance(item.get("seat"), int):
        return namer.ability(int(item["seat"]), source)
    half = item.get("half")
    if isinstance(half, int) and not isinstance(half, bool) and namer.book.info(source).halves:
        return namer.book.half_name(source, half)  # the face played, not "Ember / Frost"
    return namer.card(source)


def _chain(view: Mapping[str, Any], namer: Namer) -> tuple[ChainLine, ...]:
    return tuple(
        ChainLine(
            id=int(item.get("id", i)),
            seat=int(item.get("seat", 0)),
            who=namer.entry_who(item),
            label=entry_label(item, namer),
            brief=entry_label(item, namer, brief=True),
            targets=namer.refs(list(item.get("targets") or [])) if item.get("targets") else "",
            kind=str(item.get("kind") or ""),
            source=str(item.get("source") or ""),
            half=item.get("half") if isinstance(item.get("half"), int) else None,
        )
        for i, item in enumerate(view.get("chain") or [])
    )


def _battle(view: Mapping[str, Any], namer: Namer) -> BattleModel | None:
    battle = view.get("battle")
    if not battle:
        return None
    defended = {str(a): str(d) for a, d in battle.get("pairs") or []}
    # attackers that were assigned a defender which then left play or changed sides: still
    # defended against, they deal no damage at all (docs/rulings.md, rulings 8 and 44)
    blocked = {str(a) for a in battle.get("blocked") or []}
    switched = {str(a): str(d) for a, d in battle.get("switched") or []}
    lines = []
    for ref in battle.get("attackers") or []:
        ref = str(ref)
        if ref in defended:
            lines.append(f"{namer.ref(ref)}  ⚔  {namer.ref(defended[ref])}")
        elif ref in blocked:
            why = _why_blocked(switched.get(ref), namer)
            lines.append(f"{namer.ref(ref)}  →  defended against ({why})")
        else:
            lines.append(f"{namer.ref(ref)}  →  {namer.hero(int(battle['defender']))}")
    step = str(battle.get("step"))
    return BattleModel(
        attacker=namer.seat(battle.get("attacker")),
        defender=namer.seat(battle.get("defender")),
        step=STEP_NAMES.get(step, step),
        lines=tuple(lines),
        note="" if lines else ("no attackers yet" if step == "declare" else "no attackers"),
    )


def _why_blocked(defender: str | None, namer: Namer) -> str:
    """Why a defended attacker has no defender fighting it: the defender changed sides
    (``defender``, still in play, is out of the battle: ruling 44), or it is no longer in
    play. Neutral words: after the damage step it may be this very attack that destroyed
    it, which "left play" would read as the defender going on its own."""
    if defender is None:
        return "its defender is no longer in play"
    return f"its defender {namer.thing(defender)} changed sides and left the battle"


@dataclass(frozen=True)
class StatusParts:
    """The status line's parts, so a narrow terminal can drop some (the table's
    :func:`~client.widgets.status.fit_status`); each is "" when it does not apply."""

    turn: str  # "Turn 4"
    whose_turn: str  # "Alice's turn"
    acting: str  # "priority: Bob" or "to act: Bob"
    phase: str  # "Maneuver"
    step: str  # the battle step: "Assign defenders"

    #: ``acting`` names the player whose turn it is (``whose_turn`` says the name already)
    acting_is_current: bool = False

    def line(
        self, *, turn: bool = True, step: bool = True, acting: bool = True, whose: bool = True
    ) -> str:
        """The parts joined; ``turn``/``step``/``acting``/``whose`` False leave those out."""
        parts = (self.turn if turn else "", self.whose_turn if whose else "",
                 self.acting if acting else "", self.phase,
                 self.step if step else "")  # fmt: skip
        return " · ".join(p for p in parts if p)


def status_parts(view: Mapping[str, Any], namer: Namer) -> StatusParts:
    """Turn, whose turn, who must act, phase and battle step."""
    phase = str(view.get("phase", ""))
    acting, actor = "", None
    if view.get("priority") is not None:
        actor = view.get("priority")
        acting = f"priority: {namer.seat(actor)}"
    elif view.get("to_act") is not None:
        actor = view.get("to_act")
        acting = f"to act: {namer.seat(actor)}"
    battle = view.get("battle")
    step = str(battle.get("step")) if battle else ""
    started = int(view.get("turn") or 0) > 0  # in the setup nobody's turn has begun
    return StatusParts(
        turn=f"Turn {view.get('turn', 0)}" if started else "",
        whose_turn=f"{namer.seat(view.get('current'))}'s turn" if started else "",
        acting=acting,
        phase=PHASE_NAMES.get(phase, phase.title()),
        step=STEP_NAMES.get(step, step),
        acting_is_current=started and actor is not None and actor == view.get("current"),
    )


def status_line(view: Mapping[str, Any], namer: Namer) -> str:
    """Turn, who must act, phase and battle step: one line. Who must act comes before
    the phase and step, which a narrow terminal cuts first (the battle panel shows the
    step too)."""
    return status_parts(view, namer).line()


def result_line(view: Mapping[str, Any], namer: Namer) -> str | None:
    result = view.get("result")
    if not result:
        return None
    winners = [namer.seat(s) for s in result.get("winners") or []]
    reason = str(result.get("reason") or "").replace("_", " ")
    conceded = [namer.seat(p.get("seat")) for p in view.get("players") or [] if p.get("conceded")]
    if reason.endswith("conceded") and len(conceded) == 1:  # whoever reads it: by name
        reason = f"{conceded[0]} conceded"
    who = " and ".join(winners) if winners else "Nobody"
    verb = "win" if len(winners) > 1 else "wins"
    return f"{who} {verb}" + (f" ({reason})" if reason else "")


def build_table(
    view: Mapping[str, Any],
    book: CardBook | None = None,
    table_info: Mapping[str, Any] | None = None,
    numbers: UnitNumbers | None = None,
) -> TableModel:
    """The whole table as the seat of ``view`` sees it; ``table_info`` (the document's
    ``table``) marks the people who are away, and the seats a bot plays meanwhile;
    ``numbers``: the game's unit numbers, shared with its log (:class:`UnitNumbers`)."""
    book = book or default_book()
    namer = Namer(view, book, numbers=numbers)
    players = _mark_absent(
        tuple(_panel(view, p, book, namer) for p in view.get("players", [])), table_info or {}
    )
    return TableModel(
        seat=view.get("seat"),
        format=FORMAT_NAMES.get(str(view.get("format")), str(view.get("format", ""))),
        turn=int(view.get("turn", 0)),
        phase=str(view.get("phase", "")),
        status=status_line(view, namer),
        status_parts=status_parts(view, namer),
        players=players,
        hand=_hand(view, book),
        decks=_decks(view, book),
        chain=_chain(view, namer),
        battle=_battle(view, namer),
        result=result_line(view, namer),
        version=int(view.get("version", 0)),
        seating=board_order(view),
    )


def _mark_absent(
    players: tuple[PlayerPanel, ...], table_info: Mapping[str, Any]
) -> tuple[PlayerPanel, ...]:
    """``players`` with the people who are away, the seats a bot took over and the
    seats that conceded but are not out yet, marked."""
    away, bots = away_seats(table_info), bot_seats(table_info)
    conceding = conceding_seats(table_info)
    marked = away | bots | conceding
    if not marked:
        return players
    return tuple(  # a player out of the game is neither away, played by a bot nor conceding
        replace(p, away=p.seat in away, bot_plays=p.seat in bots, conceding=p.seat in conceding)
        if p.alive and p.seat in marked else p
        for p in players
    )  # fmt: skip


def _people(table_info: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The claimed human seats, during a game."""
    if table_info.get("status") != "playing":
        return []
    return [
        s for s in table_info.get("seats") or ()
        if isinstance(s, Mapping) and s.get("kind") == "human" and s.get("claimed")
    ]  # fmt: skip


def away_seats(table_info: Mapping[str, Any]) -> frozenset[int]:
    """The seats of people whose connection is gone, during a game, that no bot plays
    (those are :func:`bot_seats`)."""
    return frozenset(
        int(s["seat"]) for s in _people(table_info)
        if s.get("connected") is False and not s.get("bot")
    )  # fmt: skip


def bot_seats(table_info: Mapping[str, Any]) -> frozenset[int]:
    """The seats of people a bot plays until they return (``seats[i].bot``: the table's
    reconnect policy "bot", once the seat's grace period is over). A seat that conceded
    is played out by the server too, but no bot plays it: it is not one of these."""
    return frozenset(
        int(s["seat"]) for s in _people(table_info) if s.get("bot") and not s.get("conceded")
    )


def conceding_seats(table_info: Mapping[str, Any]) -> frozenset[int]:
    """The seats of people who conceded the game being played (``seats[i].conceded``: by
    their own choice, or the table's reconnect policy "concede" once their grace is over)
    and stay in it until their next priority; :func:`_mark_absent` leaves out those already
    out, which the view marks "conceded"."""
    return frozenset(int(s["seat"]) for s in _people(table_info) if s.get("conceded"))

"""Names and text for card, hero, face and ability ids, for people.

A view carries ids only (``docs/realm-interface.md``); the client turns them into words
with the card catalog (``shared.rules.realm.catalog.load_catalog()``). The catalog is
read through a few duck-typed accessors so this module keeps working while the catalog's
shape settles; when it is missing or an id is unknown, the id itself is prettified
("skilled_strike" → "Skilled Strike"), so a screen never shows a blank.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The three shared decks, in the order they are shown.
DECKS = ("basic", "elite", "action")

#: Deck kinds for a few cards the rulebook names, used only when no catalog loads.
_STAND_IN_KINDS: Mapping[str, str] = {
    "infantry": "basic",
    "halberdier": "basic",
    "crossbowman": "basic",
    "reserve_force_captain": "basic",
    "militia_recruit": "basic",
    "skilled_strike": "action",
    "mend_wounds": "action",
    "battle_surge": "action",
}


_SMALL_WORDS = frozenset({"of", "the", "and", "to", "in", "on", "a", "an", "for", "from"})


#: The kinds of unit cards (the cards with printed attack power and health).
UNIT_KINDS = frozenset(("basic", "elite", "special_basic", "special_elite"))


@dataclass(frozen=True)
class CardInfo:
    """What the client shows about one id."""

    id: str
    name: str
    kind: str = ""  # basic / elite / action / weapon / armor / special / hero / ability
    cost: int | None = None
    attack: int | None = None
    health: int | None = None
    armor: int | None = None
    text: str = ""
    reaction: bool = False
    half_costs: tuple[int, ...] = ()  # split action cards: each half's own cost
    halves: tuple[tuple[str, int, str], ...] = ()  # split cards: (name, cost, text) per half
    level: int | None = None  # hero abilities: the level that unlocks it
    delay: int | None = None  # hero abilities: the cooldown after a use
    title: str = ""  # heroes: "Paladin Exemplar"
    rules: tuple[str, ...] = ()  # heroes: their special rules, in words
    flavor: str = ""
    activated_gold: tuple[int, ...] = ()  # gold each activated ability costs, in order
    #: Action cards (not split): what its first target must be, "an attacking unit"
    needs: str = ""
    #: The cards its effects put into play or attach, as ``(verb, card id)``:
    #: ``("attach_special", "decree_of_valor")``, ``("put_special", "militia_recruit")``
    makes: tuple[tuple[str, str], ...] = ()

    @property
    def cost_label(self) -> str:
        """``"2g"``, or ``"1g/3g"`` for a split card; empty when it has no cost."""
        if len(self.half_costs) > 1:
            return "/".join(f"{c}g" for c in self.half_costs)
        return f"{self.cost}g" if self.cost is not None else ""


def prettify(card_id: str) -> str:
    """A readable name made from an id: ``"skilled_strike"`` → ``"Skilled Strike"``."""
    base = card_id.rsplit("/", 1)[-1].rsplit(":", 1)[-1]
    words = [w for w in base.replace("-", "_").split("_") if w]
    out = [w if i and w in _SMALL_WORDS else w[:1].upper() + w[1:] for i, w in enumerate(words)]
    return " ".join(out) or card_id


def _field(entry: Any, *names: str) -> Any:
    """The first of ``names`` that ``entry`` has a value for (a field that is there but
    None, as a weapon's ``deck``, gives way to the next name)."""
    for name in names:
        value = entry.get(name) if isinstance(entry, Mapping) else getattr(entry, name, None)
        if value is not None:
            return value
    return None


def _as_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _info_from_entry(card_id: str, entry: Any) -> CardInfo:
    kind = _field(entry, "unit_class") or _field(entry, "deck", "kind", "type", "card_type")
    kind = getattr(kind, "value", kind)
    text = _field(entry, "text", "description")
    halves = tuple(
        (str(_field(h, "name") or ""), int(_field(h, "cost") or 0), str(_field(h, "text") or ""))
        for h in (_field(entry, "halves") or ())
    )
    rules = _field(entry, "rules_text")
    return CardInfo(
        id=card_id,
        name=str(_field(entry, "name", "title") or prettify(card_id)),
        kind=str(kind or ""),
        cost=_as_int(_field(entry, "cost", "gold_cost")),
        attack=_as_int(_field(entry, "attack", "attack_power")),
        armor=_as_int(_field(entry, "armor", "rating")),
        health=_as_int(_field(entry, "health", "max_health")),
        text=str(text or ""),
        reaction=bool(_field(entry, "reaction", "is_reaction")),
        half_costs=tuple(int(h.cost) for h in (_field(entry, "halves") or ())
                         if isinstance(getattr(h, "cost", None), int)),
        halves=halves if len(halves) > 1 else (),
        level=_as_int(_field(entry, "level")),
        delay=_as_int(_field(entry, "delay")),
        title=str(_field(entry, "title") or ""),
        rules=tuple(str(r) for r in rules) if isinstance(rules, list | tuple) else (),
        flavor=str(_field(entry, "flavor") or ""),
        activated_gold=tuple(
            _as_int(_field(act, "gold")) or 0 for act in (_field(entry, "activated") or ())
        ),
        needs=_needs(_field(entry, "halves") or ()),
        makes=_makes(entry),
    )


def _programs(entry: Any) -> list[Any]:
    """Every program of a card or ability: an ability's own, each half's, each trigger's
    and each activated ability's."""
    out = [_field(entry, "program")]
    for part in ("halves", "triggers", "activated"):
        out += [_field(p, "program") for p in (_field(entry, part) or ())]
    return [p for p in out if p is not None]


def _makes(entry: Any) -> tuple[tuple[str, str], ...]:
    """The cards the entry's effects name (``put_special``, ``attach_special``: the steps
    with a ``card``), each once, in the order the effects name them."""
    found: list[tuple[str, str]] = []
    for program in _programs(entry):
        for step in _field(program, "steps") or ():
            card, verb = _field(_field(step, "args") or {}, "card"), _field(step, "verb")
            if isinstance(card, str) and isinstance(verb, str) and (verb, card) not in found:
                found.append((verb, card))
    return tuple(found)


#: Target filters as the words before the kind ("an attacking unit").
_FILTER_WORDS = {"basic": "basic", "elite": "elite", "damaged": "damaged",
                 "exhausted": "exhausted", "refreshed": "refreshed", "attacking": "attacking",
                 "defending": "defending", "special": "special"}  # fmt: skip
_KIND_WORDS = {"unit": "unit", "hero": "hero", "unit_or_hero": "unit or hero",
               "weapon": "weapon"}  # fmt: skip
_SIDE_WORDS = {"enemy": ("enemy ", ""), "own": ("", " you control"),
               "other_own": ("other ", " you control")}  # fmt: skip


def _needs(halves: Any) -> str:
    """What the one half of an action card must target first, in words ("an attacking
    unit", "a unit you control"); "" for a split card or one that targets nothing."""
    if not isinstance(halves, tuple | list) or len(halves) != 1:
        return ""
    targets = getattr(getattr(halves[0], "program", None), "targets", ())
    if not targets or getattr(targets[0], "min", 0) < 1:
        return ""
    spec = targets[0]
    before, after = _SIDE_WORDS.get(str(spec.side), ("", ""))
    adjectives = [_FILTER_WORDS[f] for f in spec.filters if f in _FILTER_WORDS]
    words = " ".join([*adjectives, before + _KIND_WORDS.get(str(spec.kind), str(spec.kind))])
    if words.startswith("other "):
        return f"an{words}{after}"  # "another unit you control"
    article = "an" if words[:1] in ("a", "e", "i", "o") else "a"  # "a unit"
    return f"{article} {words}{after}"


class CardBook:
    """Looks ids up in the catalog; falls back to a prettified id."""

    def __init__(self, catalog: Any = None) -> None:
        self._catalog = catalog
        self._cache: dict[str, CardInfo] = {}
        self._abilities: dict[tuple[str, str], CardInfo] = {}
        self._names: dict[str, str] | None = None  # name → id, built on first use

    def _entry(self, card_id: str) -> Any:
        catalog = self._catalog
        if catalog is None:
            return None
        for attr in ("cards", "heroes", "faces", "abilities", "specials", "equipment"):
            table = _field(catalog, attr)
            if isinstance(table, Mapping) and card_id in table:
                return table[card_id]
        getter = getattr(catalog, "get", None)
        if callable(getter):
            try:
                return getter(card_id)
            except (KeyError, LookupError, TypeError, ValueError):
                return None
        return None

    def info(self, card_id: str) -> CardInfo:
        """Everything known about ``card_id``."""
        found = self._cache.get(card_id)
        if found is None:
            entry = self._entry(card_id)
            if entry is None:
                found = CardInfo(card_id, prettify(card_id), _STAND_IN_KINDS.get(card_id, ""))
            else:
                found = _info_from_entry(card_id, entry)
            self._cache[card_id] = found
        return found

    def heroes(self) -> list[tuple[str, str]]:
        """``(hero_id, "Name, Title")`` for every hero of the catalog, by name."""
        table = _field(self._catalog, "heroes") if self._catalog is not None else None
        if not isinstance(table, Mapping):
            return []
        out = []
        for hero_id, hero in table.items():
            name = str(_field(hero, "name") or prettify(hero_id))
            title = _field(hero, "title")
            out.append((str(hero_id), f"{name}, {title}" if title else name))
        return sorted(out, key=lambda item: item[1])

    def special_rules(self, hero_id: str) -> frozenset[str]:
        """The hero's special rules by their catalog names ("no_unit_draws", …)."""
        table = _field(self._catalog, "heroes") if self._catalog is not None else None
        hero = table.get(hero_id) if isinstance(table, Mapping) else None
        rules = _field(hero, "special_rules") if hero is not None else None
        return frozenset(str(r) for r in rules) if isinstance(rules, list | tuple) else frozenset()

    def half_name(self, card_id: str, half: int) -> str:
        """The name of one half of a split action card (the card's name otherwise)."""
        halves = _field(self._entry(card_id), "halves") if self._catalog is not None else None
        if isinstance(halves, list | tuple) and 0 <= half < len(halves):
            return str(_field(halves[half], "name") or self.name(card_id))
        return self.name(card_id) + (" (lower half)" if half else "")

    def name(self, card_id: str) -> str:
        return self.info(card_id).name

    def by_name(self, name: str) -> CardInfo | None:
        """The card called ``name`` (a table line names an attached card, not its id);
        None when the catalog has no card of that name."""
        if self._names is None:  # built once: prompts ask for every option they show
            table = _field(self._catalog, "cards") if self._catalog is not None else None
            self._names = {}
            if isinstance(table, Mapping):
                for card_id, entry in table.items():
                    self._names.setdefault(str(_field(entry, "name")), str(card_id))
        card_id = self._names.get(name)
        return self.info(card_id) if card_id is not None else None

    def kind(self, card_id: str) -> str:
        return self.info(card_id).kind

    def ability(self, hero_id: str, ability_id: str) -> CardInfo:
        """A hero ability, looked up as ``hero/ability`` first, then by its own id."""
        found = self._abilities.get((hero_id, ability_id))
        if found is None:
            found = self._abilities[hero_id, ability_id] = self._find_ability(hero_id, ability_id)
        return found

    def _find_ability(self, hero_id: str, ability_id: str) -> CardInfo:
        """The hero's own ability first: an ability may share its id with a card
        (Hakor Dajet's Wasting Disease and the special card of that name), and the card's
        cost and text are not the ability's."""
        for key in (f"{hero_id}/{ability_id}", f"{hero_id}:{ability_id}"):
            entry = self._entry(key)
            if entry is not None:
                return _info_from_entry(ability_id, entry)
        hero = self._entry(hero_id)
        abilities = _field(hero, "abilities") if hero is not None else None
        if isinstance(abilities, Mapping) and ability_id in abilities:
            return _info_from_entry(ability_id, abilities[ability_id])
        if isinstance(abilities, list | tuple):
            for entry in abilities:
                if _field(entry, "id") == ability_id:
                    return _info_from_entry(ability_id, entry)
        entry = self._entry(ability_id)
        if entry is not None:
            return _info_from_entry(ability_id, entry)
        return CardInfo(ability_id, prettify(ability_id), "ability")


def _load_catalog() -> Any:
    try:
        from shared.rules.realm.catalog import load_catalog
    except ImportError:
        return None
    try:
        return load_catalog()
    except Exception:  # a broken catalog must not stop the client from drawing
        return None


@functools.cache
def default_book() -> CardBook:
    """The process-wide card book (the catalog is loaded once, lazily)."""
    return CardBook(_load_catalog())


#: Words before a hero's own name: left out of the short name.
HERO_TITLES = frozenset({"Last", "Triarch", "Magus", "Principus"})


def short_hero(name: str) -> str:
    """A hero's short name, where full names do not fit (the replay list, a match's
    history): the first word of the name after any title ("Thedric Egen" → "Thedric",
    "Last Triarch De'Soth Pravus" → "De'Soth", "Principus Beledan Kind" → "Beledan")."""
    words = [w for w in name.split() if w not in HERO_TITLES]
    return words[0] if words else name


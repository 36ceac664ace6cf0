"""The card catalog: heroes, shared-deck cards, special cards and equipment, loaded from
``cards/realm/**/*.toml`` and validated strictly.

A card is data plus a small effect vocabulary (``effects.VERBS``); a unique effect is a
named function (verb ``call``). Every file is checked when loaded: an unknown field, verb,
selector or trigger is a :class:`CatalogError` that names the file and the field.
The format is documented in ``cards/README.md``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from shared.rules.base import RulesError

UNIT_TYPES = ("basic", "elite", "special_basic", "special_elite")
CARD_TYPES = (*UNIT_TYPES, "action", "special", "weapon", "armor")
DECKS = ("basic", "elite", "action")
TARGET_KINDS = ("unit", "hero", "unit_or_hero", "weapon", "ability")
TARGET_SIDES = ("any", "own", "enemy", "other_own")
TARGET_FILTERS = ("basic", "elite", "damaged", "exhausted", "refreshed", "attacking",
                  "defending", "not_self", "special")
TRIGGER_EVENTS = (
    "enters_play",          # this card entered play
    "destroyed",            # this unit was destroyed
    "declared_attacker",    # this unit/weapon was declared as an attacker
    "defender_assigned",    # this unit was assigned as a defender
    "attacked",             # its controller is the defending player of a battle
                            # (once the attackers are declared)
    "end_of_turn",          # end of every turn
    "end_of_your_turn",     # end of its controller's turn
    "start_of_your_turn",   # start of its controller's maneuver phase
    "unit_destroyed",       # any unit was destroyed
    "own_unit_destroyed",   # a unit its controller controls was destroyed
)
SPECIAL_RULES = (
    "starting_hand_two_actions",   # the starting hand is two action cards
    "no_unit_draws",               # a unit draw puts the deck's top card into its discard
    "units_to_deck_bottom",        # your destroyed units go to the bottom of their deck
    "starts_focused",              # the hero starts the game with two focus counters
)


class CatalogError(RulesError):
    """A card, hero or scenario file is not valid. The message names file and field."""


@dataclass(frozen=True, slots=True)
class TargetSpec:
    name: str
    kind: str
    side: str = "any"
    min: int = 1
    max: int = 1
    filters: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    verb: str
    args: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Program:
    """Targets selected on announce, then the steps run on resolve."""

    targets: tuple[TargetSpec, ...] = ()
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True, slots=True)
class Trigger:
    on: str
    program: Program
    optional: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Activated:
    program: Program
    exhaust: bool = False
    gold: int = 0
    text: str = ""


@dataclass(frozen=True, slots=True)
class Half:
    """One half of a split action card (or the only half of a plain one)."""

    name: str
    cost: int
    program: Program
    text: str = ""


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    type: str
    text: str = ""
    cost: int = 0
    attack: int = 0
    health: int = 0
    armor: int = 0
    copies: int = 1
    hero: str | None = None
    halves: tuple[Half, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    activated: tuple[Activated, ...] = ()
    statics: Mapping[str, int] = field(default_factory=dict)
    flavor: str = ""

    @property
    def deck(self) -> str | None:
        """The shared deck and discard pile this card belongs to (None: reserves)."""
        if self.type in DECKS:
            return self.type
        return None

    @property
    def is_unit(self) -> bool:
        return self.type in UNIT_TYPES

    @property
    def is_special(self) -> bool:
        return self.type.startswith("special")

    @property
    def unit_class(self) -> str | None:
        """``basic`` or ``elite`` for units (special units included)."""
        if self.type in ("basic", "special_basic"):
            return "basic"
        if self.type in ("elite", "special_elite"):
            return "elite"
        return None

    @property
    def is_split(self) -> bool:
        return len(self.halves) > 1


@dataclass(frozen=True, slots=True)
class AbilityDef:
    id: str
    name: str
    level: int
    cost: int
    delay: int
    program: Program
    reaction: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class HeroDef:
    id: str
    name: str
    title: str
    health: int
    weapons: tuple[str, str]
    armors: tuple[str, str]
    abilities: tuple[AbilityDef, ...]
    specials: Mapping[str, int] = field(default_factory=dict)
    special_rules: tuple[str, ...] = ()
    rules_text: tuple[str, ...] = ()
    reactions: tuple[AbilityDef, ...] = ()     # its reaction abilities (fast path)

    def ability(self, ability_id: str) -> AbilityDef:
        for a in self.abilities:
            if a.id == ability_id:
                return a
        raise KeyError(ability_id)


@dataclass(frozen=True)
class Catalog:
    cards: Mapping[str, CardDef]
    heroes: Mapping[str, HeroDef]
    static_ids: frozenset[str] = frozenset()    # cards with static abilities (fast path)
    activated_ids: frozenset[str] = frozenset()  # cards with activated abilities

    def card(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def hero(self, hero_id: str) -> HeroDef:
        return self.heroes[hero_id]

    def deck_list(self, deck: str) -> list[str]:
        """Card ids of one shared deck, one entry per printed copy, in a stable order."""
        out: list[str] = []
        for cid in sorted(self.cards):
            c = self.cards[cid]
            if c.type == deck:
                out.extend([cid] * c.copies)
        return out

    def find(self, name: str) -> CardDef | HeroDef | AbilityDef:
        """Look up a card, hero or ability by id or by (case-insensitive) name."""
        key = name.strip().lower()
        for c in self.cards.values():
            if key in (c.id, c.name.lower()):
                return c
        for h in self.heroes.values():
            if key in (h.id, h.name.lower()):
                return h
            for a in h.abilities:
                if key in (a.id, a.name.lower()):
                    return a
        raise KeyError(name)


# --------------------------------------------------------------------------- parsing


class _Reader:
    """Reads one TOML table, remembering which keys were used, for strict checks."""

    def __init__(self, data: Mapping[str, Any], where: str) -> None:
        self.data = data
        self.where = where
        self.used: set[str] = set()

    def fail(self, key: str, problem: str) -> CatalogError:
        return CatalogError(f"{self.where}: field {key!r}: {problem}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise self.fail(key, "is required")
            return default
        value = self.data[key]
        if kind is int and isinstance(value, bool):
            raise self.fail(key, "must be an integer")
        if not isinstance(value, kind):
            raise self.fail(key, f"must be {_kind_name(kind)}, not {type(value).__name__}")
        return value

    def choice(self, key: str, options: Iterable[str], default: Any = ...) -> Any:
        value = self.get(key, str, default)
        opts = tuple(options)
        if value is not default and value not in opts:
            raise self.fail(key, f"unknown value {value!r}; expected one of {', '.join(opts)}")
        return value

    def finish(self) -> None:
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise self.fail(extra[0], "unknown field")


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return {"str": "a string", "int": "an integer", "bool": "true or false",
            "list": "a list", "dict": "a table"}.get(kind.__name__, kind.__name__)


def _parse_target(data: Any, where: str) -> TargetSpec:
    if not isinstance(data, dict):
        raise CatalogError(f"{where}: each target must be a table")
    r = _Reader(data, where)
    count = r.get("count", int, 1)
    up_to = r.get("up_to", bool, False)
    filters = tuple(r.get("filters", list, []))
    for f in filters:
        if f not in TARGET_FILTERS:
            raise r.fail("filters", f"unknown filter {f!r}")
    spec = TargetSpec(
        name=r.get("name", str, "target"),
        kind=r.choice("kind", TARGET_KINDS),
        side=r.choice("side", TARGET_SIDES, "any"),
        min=0 if up_to else count,  # "up to two" includes none (rulings 33, 42)
        max=count,
        filters=filters,
    )
    if count < 1 or count > 4:
        raise r.fail("count", "must be 1 to 4")
    r.finish()
    return spec


def _parse_program(r: _Reader, where: str) -> Program:
    from shared.rules.realm.effects import validate_step

    targets = tuple(
        _parse_target(t, f"{where} target {i + 1}")
        for i, t in enumerate(r.get("targets", list, []))
    )
    names = {t.name for t in targets}
    if len(names) != len(targets):
        raise r.fail("targets", "two targets share a name")
    steps = []
    for i, raw in enumerate(r.get("effects", list, [])):
        if not isinstance(raw, dict):
            raise CatalogError(f"{where} effect {i + 1}: must be a table")
        steps.append(validate_step(dict(raw), names, f"{where} effect {i + 1}"))
    return Program(targets=targets, steps=tuple(steps))


def _parse_trigger(data: Any, where: str) -> Trigger:
    if not isinstance(data, dict):
        raise CatalogError(f"{where}: must be a table")
    r = _Reader(data, where)
    t = Trigger(
        on=r.choice("on", TRIGGER_EVENTS),
        optional=r.get("optional", bool, False),
        text=r.get("text", str, ""),
        program=_parse_program(r, where),
    )
    r.finish()
    return t


def _parse_activated(data: Any, where: str) -> Activated:
    if not isinstance(data, dict):
        raise CatalogError(f"{where}: must be a table")
    r = _Reader(data, where)
    a = Activated(
        exhaust=r.get("exhaust", bool, False),
        gold=r.get("gold", int, 0),
        text=r.get("text", str, ""),
        program=_parse_program(r, where),
    )
    r.finish()
    return a


def _parse_half(data: Any, where: str) -> Half:
    if not isinstance(data, dict):
        raise CatalogError(f"{where}: must be a table")
    r = _Reader(data, where)
    h = Half(
        name=r.get("name", str),
        cost=r.get("cost", int),
        text=r.get("text", str, ""),
        program=_parse_program(r, where),
    )
    r.finish()
    return h


def parse_card(data: Mapping[str, Any], where: str) -> CardDef:
    r = _Reader(data, where)
    ctype = r.choice("type", CARD_TYPES)
    card = CardDef(
        id=r.get("id", str),
        name=r.get("name", str),
        type=ctype,
        text=r.get("text", str, ""),
        flavor=r.get("flavor", str, ""),
        cost=r.get("cost", int, 0),
        attack=r.get("attack", int, 0),
        health=r.get("health", int, 0),
        armor=r.get("armor", int, 0),
        copies=r.get("copies", int, 1),
        hero=r.get("hero", str, None),
        triggers=tuple(_parse_trigger(t, f"{where} trigger {i + 1}")
                       for i, t in enumerate(r.get("triggers", list, []))),
        activated=tuple(_parse_activated(a, f"{where} activated {i + 1}")
                        for i, a in enumerate(r.get("activated", list, []))),
        statics=dict(r.get("statics", dict, {})),
        halves=_parse_halves(r, ctype, where),
    )
    r.finish()
    _check_card(card, r)
    return card


def _parse_halves(r: _Reader, ctype: str, where: str) -> tuple[Half, ...]:
    if ctype != "action":
        if "halves" in r.data or "effects" in r.data or "targets" in r.data:
            if ctype != "special":
                raise r.fail("effects", "only action and special cards have effects")
            prog = _parse_program(r, where)
            return (Half(name=str(r.data.get("name", "")), cost=0, program=prog),)
        return ()
    if "halves" in r.data:
        raw = r.get("halves", list)
        if len(raw) != 2:
            raise r.fail("halves", "a split action card has exactly two halves")
        return tuple(_parse_half(h, f"{where} half {i + 1}") for i, h in enumerate(raw))
    prog = _parse_program(r, where)
    return (Half(name=str(r.data.get("name", "")), cost=int(r.data.get("cost", 0)),
                 program=prog, text=str(r.data.get("text", ""))),)


def _check_card(card: CardDef, r: _Reader) -> None:
    from shared.rules.realm.effects import STATICS

    if card.is_unit and card.health < 1:
        raise r.fail("health", "a unit needs health of at least 1")
    if card.copies < 1:
        raise r.fail("copies", "must be at least 1")
    if (card.type in ("weapon", "armor", "special") or card.is_special) and not card.hero:
        raise r.fail("hero", f"a {card.type} card names the hero it belongs to")
    for key, value in card.statics.items():
        if key not in STATICS:
            raise r.fail("statics", f"unknown static ability {key!r}")
        if not isinstance(value, int) or isinstance(value, bool):
            raise r.fail("statics", f"{key} must be an integer")


def _parse_ability(data: Any, where: str) -> AbilityDef:
    if not isinstance(data, dict):
        raise CatalogError(f"{where}: must be a table")
    r = _Reader(data, where)
    a = AbilityDef(
        id=r.get("id", str),
        name=r.get("name", str),
        level=r.get("level", int),
        cost=r.get("cost", int, 0),
        delay=r.get("delay", int),
        reaction=r.get("reaction", bool, False),
        text=r.get("text", str, ""),
        program=_parse_program(r, where),
    )
    r.finish()
    if not 0 <= a.level <= 4:
        raise CatalogError(f"{where}: field 'level': must be 0 (initial) to 4")
    if not 1 <= a.delay <= 5:
        raise CatalogError(f"{where}: field 'delay': must be 1 to 5")
    return a


def parse_hero(data: Mapping[str, Any], where: str) -> HeroDef:
    r = _Reader(data, where)
    weapons = r.get("weapons", list)
    armors = r.get("armors", list)
    if len(weapons) != 2 or len(armors) != 2:
        raise r.fail("weapons" if len(weapons) != 2 else "armors",
                     "name the two faces of the double-sided card (the same twice if alike)")
    specials = r.get("specials", dict, {})
    rules = tuple(r.get("special_rules", list, []))
    for rule in rules:
        if rule not in SPECIAL_RULES:
            raise r.fail("special_rules", f"unknown special rule {rule!r}")
    hero = HeroDef(
        id=r.get("id", str),
        name=r.get("name", str),
        title=r.get("title", str),
        health=r.get("health", int),
        weapons=(weapons[0], weapons[1]),
        armors=(armors[0], armors[1]),
        specials=dict(specials),
        special_rules=rules,
        rules_text=tuple(r.get("rules_text", list, [])),
        abilities=tuple(_parse_ability(a, f"{where} ability {i + 1}")
                        for i, a in enumerate(r.get("abilities", list))),
    )
    hero = replace(hero, reactions=tuple(a for a in hero.abilities if a.reaction))
    r.finish()
    if len(hero.abilities) == 0 or hero.abilities[0].level != 0:
        raise r.fail("abilities", "the first ability is the initial ability (level 0)")
    return hero


# --------------------------------------------------------------------------- loading


def cards_root() -> Path:
    """The folder holding Realm Divided's card files (inside the installed package)."""
    import cards

    return Path(cards.__file__).resolve().parent / "realm"


def load_catalog_from(root: Path) -> Catalog:
    cards: dict[str, CardDef] = {}
    heroes: dict[str, HeroDef] = {}
    files = sorted(root.rglob("*.toml"))
    origin: dict[str, str] = {}
    if not files:
        raise CatalogError(f"{root}: no card files found")
    for path in files:
        where = str(path.relative_to(root.parent))
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise CatalogError(f"{where}: not valid TOML: {exc}") from None
        except RecursionError:  # tomllib reads nested arrays and tables by recursion
            raise CatalogError(f"{where}: not valid TOML: nested too deeply") from None
        if "abilities" in data:
            hero = parse_hero(data, where)
            _add_unique(heroes, hero.id, hero, where, origin)
        else:
            card = parse_card(data, where)
            _add_unique(cards, card.id, card, where, origin)
    statics = frozenset(cid for cid, c in cards.items() if c.statics)
    activated = frozenset(cid for cid, c in cards.items() if c.activated)
    catalog = Catalog(cards=cards, heroes=heroes, static_ids=statics, activated_ids=activated)
    _check_references(catalog)
    return catalog


def _add_unique(table: dict[str, Any], key: str, value: Any, where: str,
                origin: dict[str, str]) -> None:
    if key in origin:
        raise CatalogError(f"{where}: field 'id': {key!r} is also used by {origin[key]}")
    origin[key] = where
    table[key] = value


def _check_references(catalog: Catalog) -> None:
    from shared.rules.realm.effects import check_card_refs

    for hero in catalog.heroes.values():
        where = f"hero {hero.id}"
        for face in (*hero.weapons, *hero.armors, *hero.specials):
            if face not in catalog.cards:
                raise CatalogError(f"{where}: names card {face!r}, which no file defines")
        for face in hero.weapons:
            if catalog.cards[face].type != "weapon":
                raise CatalogError(f"{where}: {face!r} is not a weapon card")
        for face in hero.armors:
            if catalog.cards[face].type != "armor":
                raise CatalogError(f"{where}: {face!r} is not an armor card")
        for ab in hero.abilities:
            check_card_refs(ab.program, catalog, f"{where} ability {ab.id}")
    for card in catalog.cards.values():
        for half in card.halves:
            check_card_refs(half.program, catalog, f"card {card.id}")
        for trig in card.triggers:
            check_card_refs(trig.program, catalog, f"card {card.id}")
        for act in card.activated:
            check_card_refs(act.program, catalog, f"card {card.id}")


@cache
def load_catalog() -> Catalog:
    """The installed catalog (cached)."""
    return load_catalog_from(cards_root())

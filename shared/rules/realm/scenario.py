"""Scenario files: set up any position, play a script of commands, check expectations.

Format (TOML; see ``tests/scenarios/README.md`` for the full reference)::

    name = "Skilled Strike destroys a damaged Infantry"
    format = "duel"
    current = "B"              # whose turn it is
    phase = "maneuver"         # setup | start (turn begins) | maneuver | end
    [[seats]]
    name = "A"
    hero = "beledan_kind"
    units = [{ card = "Infantry", damage = 2 }]
    [[seats]]
    name = "B"
    hero = "thedric_egen"
    gold = 5
    hand = ["Skilled Strike"]
    script = '''
    B play "Skilled Strike" -> A:Infantry
    all pass
    check A:Infantry gone
    '''

A script line is ``SEAT VERB ARGS`` (a decision), ``all pass`` (one full round of
passes), ``refused CODE: SEAT VERB ARGS`` (the command must be refused with CODE) or
``check …`` (an expectation). The scenario is strict: a decision the script does not
make, or a check that does not hold, fails it.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shared.rules.base import Refused, RulesError
from shared.rules.realm import chain, engine, flow, ops
from shared.rules.realm.catalog import CardDef, Catalog, CatalogError, HeroDef, load_catalog
from shared.rules.realm.engine import Action
from shared.rules.realm.state import (
    GameState,
    Phase,
    Zone,
    armor_ref,
    hero_ref,
    is_armor_ref,
    is_hero_ref,
    is_unit_ref,
    is_weapon_ref,
    ref_seat,
    weapon_ref,
)
from shared.rules.realm.targets import candidates, fully_listed

_COMMENT = re.compile(r"(^|\s)#(\s.*)?$")   # "# note"; "Recruit#2" is a unit index


PHASES = ("setup", "start", "maneuver", "end")
#: The decisions that announce targets (``-> TARGETS`` in a script): the last item of
#: their action is the flat tuple of targets.
_TARGETED = ("play", "ability", "activate", "targets")
DECKS = ("basic", "elite", "action")


@dataclass(frozen=True)
class _Kind:
    """What a field must hold: the words for an error message, and the test."""

    wants: str
    ok: Callable[[object], bool]


def _is_whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_count(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _is_names(v: object) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _is_counts(v: object) -> bool:
    return isinstance(v, dict) and all(_is_count(x) for x in v.values())


def _by_deck(test: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda v: isinstance(v, dict) and all(k in DECKS and test(x) for k, x in v.items())


_TEXT = _Kind("text", lambda v: isinstance(v, str))
_WHOLE = _Kind("a whole number", _is_whole)
_COUNT = _Kind("a whole number, 0 or more", _is_count)
_FLAG = _Kind("true or false", lambda v: isinstance(v, bool))
_NAMES = _Kind("a list of card names", _is_names)
_COUNTS = _Kind("a table of whole numbers, 0 or more ({ name = N, … })", _is_counts)
_DECK_NAMES = _Kind("a table of card-name lists by deck (basic, elite, action)",
                    _by_deck(_is_names))

TOP_KINDS: dict[str, _Kind] = {
    "name": _TEXT, "description": _TEXT, "format": _TEXT, "script": _TEXT,
    "seed": _WHOLE, "current": _TEXT, "first": _TEXT, "turn": _COUNT, "deal": _FLAG,
    "phase": _Kind(f"one of {', '.join(PHASES)}", lambda v: isinstance(v, str) and v in PHASES),
    "decks": _DECK_NAMES, "discards": _DECK_NAMES,
    "deck_size": _Kind("a table of card counts by deck (basic, elite, action)",
                       _by_deck(_is_count)),
}
SEAT_KINDS: dict[str, _Kind] = {
    "name": _TEXT, "hero": _TEXT, "weapon": _TEXT, "armor": _TEXT,
    "team": _Kind("0 or 1", lambda v: _is_whole(v) and v in (0, 1)),
    "gold": _COUNT, "production": _COUNT, "health": _COUNT, "turns_taken": _COUNT,
    "armor_used": _COUNT, "weapon_exhausted": _FLAG, "armor_exhausted": _FLAG,
    "hand": _NAMES, "abilities": _COUNTS, "reserves": _COUNTS, "counters": _COUNTS,
}
UNIT_KINDS: dict[str, _Kind] = {
    "card": _TEXT, "damage": _COUNT, "augments": _COUNT, "exhausted": _FLAG,
    "entered": _FLAG, "counters": _COUNTS,
}


class ScenarioFailure(RulesError):
    """A scenario's script or check failed; the message says where and how."""


@dataclass
class Outcome:
    path: str
    name: str
    passed: bool
    message: str = ""
    steps: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)


# --------------------------------------------------------------------------- setup


def load(path: Path) -> dict[str, Any]:
    """A scenario file's table, its fields checked (CatalogError naming the file if not)."""
    data = _read(path)
    try:
        check_fields(data)
    except CatalogError as exc:
        raise CatalogError(f"{path}: {exc}") from None
    if "seats" not in data or "script" not in data:
        raise CatalogError(f"{path}: a scenario needs 'seats' and 'script'")
    return data


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise CatalogError(f"{path}: cannot read scenario: not UTF-8 text "
                           f"(byte {exc.object[exc.start]:#04x} at {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:  # tomllib's words alone do not say it is TOML
        raise CatalogError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise CatalogError(f"{path}: cannot read scenario: {exc}") from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise CatalogError(f"{path}: cannot read scenario: nested too deeply") from None


def check_fields(data: dict[str, Any]) -> None:
    """Every field is known and holds what it must; a CatalogError names the first that
    does not (``seat 1: 'gold' must be a whole number, 0 or more, not 'lots'``)."""
    _check_table(data, TOP_KINDS, {"seats"}, "")
    if "seats" not in data:
        return
    seats = data["seats"]
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise CatalogError(f"'seats' must be a list of tables ([[seats]]), not {_shown(seats)}")
    for i, seat in enumerate(seats, 1):
        _check_seat(seat, f"{seat_label(seats, i - 1)}: ")


def seat_label(seats: list[Any], i: int) -> str:
    """How a message names seat ``i`` (from 0) of the file's ``seats``: by the name the
    file gives it and the script uses (``seat A``; ``seat P1`` when it has none), or by
    its place (``seat 1``) when that name is not one the script could use: not text, or
    the name of another seat too (ignoring case)."""
    names = [s.get("name", f"P{k + 1}") if isinstance(s, dict) else None
             for k, s in enumerate(seats)]
    name = names[i]
    if not isinstance(name, str) or not name.strip():
        return f"seat {i + 1}"
    same = [n for n in names if isinstance(n, str) and n.lower() == name.lower()]
    return f"seat {name}" if len(same) == 1 else f"seat {i + 1}"


def _check_seat(seat: dict[str, Any], where: str) -> None:
    _check_table(seat, SEAT_KINDS, {"units"}, where)
    units = seat.get("units", [])
    if not isinstance(units, list):
        raise CatalogError(f"{where}'units' must be a list of card names or unit tables, "
                           f"not {_shown(units)}")
    for k, unit in enumerate(units, 1):
        _check_unit(unit, f"{where}unit {k}: ")


def _check_unit(unit: object, where: str) -> None:
    if isinstance(unit, str):
        return
    if not isinstance(unit, dict):
        raise CatalogError(f"{where}a unit is a card name or a table "
                           f"{{ card = \"…\", … }}, not {_shown(unit)}")
    _check_table(unit, UNIT_KINDS, set(), where)
    if "card" not in unit:
        raise CatalogError(f"{where}a unit table needs 'card' (the card's name)")


def _check_table(table: dict[str, Any], kinds: dict[str, _Kind], others: set[str],
                 where: str) -> None:
    unknown = set(table) - set(kinds) - others
    if unknown:
        raise CatalogError(f"{where}field {sorted(unknown, key=str)[0]!r}: unknown field")
    for name, kind in kinds.items():
        if name in table and not kind.ok(table[name]):
            raise CatalogError(f"{where}{name!r} must be {kind.wants}, "
                               f"not {_shown(table[name])}")


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --------------------------------------------------------------------------- placements

#: Why a card cannot be placed somewhere (None: it can).
_Fits = Callable[[CardDef], str | None]

_KIND_WORDS = {
    "basic": "a basic unit", "elite": "an elite unit", "action": "an action card",
    "special_basic": "a special basic unit", "special_elite": "a special elite unit",
    "special": "a special card", "weapon": "a weapon", "armor": "an armor",
}


def _is(c: CardDef) -> str:
    return f"{c.name!r} is {_KIND_WORDS.get(c.type, c.type)}"


def _unit_card(c: CardDef) -> str | None:
    """Only unit cards are units (special units too: any player may put them in play)."""
    return None if c.is_unit else f"{_is(c)}, not a unit"


def _hand_card(c: CardDef) -> str | None:
    """A hand holds cards of the shared decks; special cards never go into a hand
    (rulebook: Special Cards), and equipment is in play from the start."""
    if c.deck is not None:
        return None
    return f"{_is(c)}; a hand holds only cards of the shared decks (basic, elite, action)"


def _in_deck(deck: str) -> _Fits:
    """A shared deck's (or its discard pile's) cards are of that deck only."""
    return lambda c: None if c.deck == deck else f"{_is(c)}, not a card of the {deck} deck"


def _face_of(hero: HeroDef, slot: str, cat: Catalog) -> _Fits:
    """A hero's weapon (armor) in play is one of its own weapon (armor) faces."""
    faces = hero.weapons if slot == "weapon" else hero.armors
    names = ", ".join(dict.fromkeys(cat.cards[f].name for f in faces))

    def fits(c: CardDef) -> str | None:
        if c.id in faces:
            return None
        return f"{_is(c)}, not one of {hero.name}'s {slot} faces ({names})"

    return fits


def _reserve_of(hero: HeroDef, count: int, cat: Catalog) -> _Fits:
    """The reserves hold the hero's own special cards, at most as many as it has."""

    def fits(c: CardDef) -> str | None:
        if c.id not in hero.specials:
            owned = ", ".join(cat.cards[k].name for k in hero.specials) or "none"
            return f"{_is(c)}, not one of {hero.name}'s special cards ({owned})"
        most = hero.specials[c.id]
        if count > most:
            return f"{hero.name} has {most} {c.name!r}, so not {count}"
        return None

    return fits


def _hero_health(health: int, max_health: int, hero: HeroDef, where: str) -> int:
    """A seat's ``health``: from 1 (a hero at 0 is defeated) to the hero's max health.
    The format has no field that raises the max health, so the hero's printed one is
    the most a file may give."""
    if not 1 <= health <= max_health:
        raise ScenarioFailure(f"{where}'health' must be from 1 to {hero.name}'s max health "
                              f"{max_health}, not {health}")
    return health


def _check_hero(hero: str, cat: Catalog, where: str) -> None:
    """A seat's ``hero`` is a hero's id or ``random``; a ScenarioFailure says which id
    was meant when one is close (a typo), else lists them."""
    if hero == "random" or hero in cat.heroes:
        return
    close = difflib.get_close_matches(hero.lower(), sorted(cat.heroes), n=1)
    if close:
        raise ScenarioFailure(f"{where}unknown hero {hero!r}; did you mean {close[0]}?")
    raise ScenarioFailure(f"{where}unknown hero {hero!r} (heroes: "
                          f"{', '.join(sorted(cat.heroes))}, or random)")


def _check_names(names: list[str]) -> None:
    """Seat names differ, ignoring case: the script names seats case-insensitively."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names, 1):
        first = seen.setdefault(name.lower(), i)
        if first != i:
            raise ScenarioFailure(f"seat {i}: the name {name!r} is already seat {first}'s "
                                  f"({names[first - 1]!r}); seat names must differ, "
                                  "ignoring case")


class Scenario:
    """A game built from a scenario table, driven by script lines."""

    def __init__(self, data: dict[str, Any], catalog: Catalog | None = None) -> None:
        check_fields(data)
        if "seats" not in data:
            raise CatalogError("a scenario needs 'seats'")
        self.cat = catalog or load_catalog()
        self.data = data
        self.names = [str(s.get("name", f"P{i + 1}")) for i, s in enumerate(data["seats"])]
        _check_names(self.names)
        for i, s in enumerate(data["seats"]):
            _check_hero(s.get("hero", "random"), self.cat, f"{seat_label(data['seats'], i)}: ")
        setup = {"format": data.get("format", "duel"),
                 "seats": [{"name": n, "hero": s.get("hero", "random"), "team": s.get("team")}
                           for n, s in zip(self.names, data["seats"], strict=True)]}
        self.g = engine.new_game(setup, int(data.get("seed", 1)), self.cat)
        self.events: list[dict[str, Any]] = []
        self._arrange()

    # ----- arranging the position

    def seat(self, name: str) -> int:
        for i, n in enumerate(self.names):
            if n.lower() == name.lower():
                return i
        raise ScenarioFailure(f"no seat named {name!r} (seats: {', '.join(self.names)})")

    def card_id(self, name: str) -> str:
        try:
            found = self.cat.find(name)
        except KeyError:
            raise ScenarioFailure(f"no card named {name!r}{self._card_hint(name)}") from None
        if found.id not in self.cat.cards:
            raise ScenarioFailure(f"{name!r} is a hero or an ability, not a card")
        return found.id

    def _card_hint(self, name: str) -> str:
        """``; did you mean 'Mend Wounds'?`` for the card's name nearest ``name`` (a
        typo), or nothing when none is near."""
        names = {c.name.lower(): c.name for c in self.cat.cards.values()}
        close = difflib.get_close_matches(name.strip().lower(), sorted(names), n=1)
        return f"; did you mean {names[close[0]]!r}?" if close else ""

    def _turn_number(self) -> int:
        """The turn number the position is set in (``turn``; 3 unless given)."""
        d = self.data
        if d.get("phase", "maneuver") == "setup":
            return 0
        return int(d.get("turn", 3))

    def _arrange(self) -> None:
        g, d = self.g, self.data
        self.dealt_prompt = g.prompt          # the seeded deal's own first decision
        g.prompt = None
        g.window = None
        for p, seat in zip(g.players, d["seats"], strict=True):
            if not d.get("deal", False) or "hand" in seat:
                for uid in list(p.hand):
                    self._to_deck(uid)
        for i, s in enumerate(d["seats"]):
            self._arrange_seat(i, s)
        self._check_damage()
        for deck, names in d.get("discards", {}).items():
            for n in names:
                c = self._pull(self._placed(n, f"discards: {deck}: ", _in_deck(deck)))
                ops.detach_from_zone(g, c)
                c.zone = Zone.DISCARD
                g.discards[deck].append(c.uid)
        for deck, names in d.get("decks", {}).items():
            for n in reversed(names):
                c = self._pull(self._placed(n, f"decks: {deck}: ", _in_deck(deck)))
                ops.detach_from_zone(g, c)
                c.zone = Zone.DECK
                g.decks[deck].append(c.uid)
        for deck, size in d.get("deck_size", {}).items():
            pile = g.decks[deck]
            while len(pile) > int(size):       # the bottom cards leave the game
                c = g.cards[pile.pop(0)]
                c.zone = Zone.REMOVED
        self._arrange_turn()

    def _to_deck(self, uid: int) -> None:
        c = self.g.cards[uid]
        ops.detach_from_zone(self.g, c)
        c.zone = Zone.DECK
        self.g.decks[ops.card_def(self.g, uid).deck or "action"].insert(0, uid)

    def _pull(self, card_id: str) -> Any:
        """The card instance to use: one from a deck, or a new one for special cards."""
        g = self.g
        cdef = self.cat.cards[card_id]
        if cdef.deck is not None:
            for uid in reversed(g.decks[cdef.deck]):
                if g.cards[uid].card == card_id:
                    return g.cards[uid]
        return ops.new_card(g, card_id, -1, Zone.REMOVED)

    def _arrange_seat(self, i: int, s: dict[str, Any]) -> None:
        g = self.g
        p = g.players[i]
        hero = self.cat.heroes[p.hero]
        where = f"{seat_label(self.data['seats'], i)}: "
        p.gold = int(s.get("gold", 0))
        p.production = int(s.get("production", 5))
        p.health = _hero_health(int(s.get("health", p.max_health)), p.max_health, hero, where)
        p.turns_taken = int(s.get("turns_taken", 0))
        p.armor_used = int(s.get("armor_used", 0))
        p.weapon_exhausted = bool(s.get("weapon_exhausted", False))
        p.armor_exhausted = bool(s.get("armor_exhausted", False))
        if "counters" in s or not self.data.get("deal", False):
            p.counters = {str(k): int(v) for k, v in s.get("counters", {}).items()}
        for name, n in s.get("reserves", {}).items():
            cid = self._placed(name, f"{where}reserves: ", _reserve_of(hero, int(n), self.cat))
            p.reserves[cid] = int(n)
        p.weapon = self._face(s, "weapon", hero, where) or hero.weapons[0]
        p.armor = self._face(s, "armor", hero, where) or hero.armors[0]
        for name, cd in s.get("abilities", {}).items():
            p.abilities[self._ability_id(p.hero, name)] = int(cd)
        for name in s.get("hand", []):
            c = self._pull(self._placed(name, f"{where}hand: ", _hand_card))
            ops.detach_from_zone(g, c)
            c.zone, c.owner = Zone.HAND, i
            p.hand.append(c.uid)
            ops.rekey(g, c)
        for k, u in enumerate(s.get("units", []), 1):
            self._arrange_unit(i, u if isinstance(u, dict) else {"card": u}, f"{where}unit {k}: ")

    def _face(self, s: dict[str, Any], slot: str, hero: HeroDef, where: str) -> str | None:
        """The seat's ``weapon`` (or ``armor``) face, if the file gives one."""
        if slot not in s:
            return None
        return self._placed(s[slot], f"{where}{slot}: ", _face_of(hero, slot, self.cat))

    def _placed(self, name: str, where: str, fits: _Fits) -> str:
        """The id of the card ``name`` placed at ``where``; a ScenarioFailure naming the
        place if there is no such card or it cannot be there (``fits`` says why)."""
        try:
            cid = self.card_id(name)
        except ScenarioFailure as exc:
            raise ScenarioFailure(f"{where}{exc}") from None
        problem = fits(self.cat.cards[cid])
        if problem is not None:
            raise ScenarioFailure(f"{where}{problem}")
        return cid

    def _check_damage(self) -> None:
        """Every unit survives the damage it is given: a unit with damage equal to its
        health is destroyed (rulebook: Damage), so it could not be in play. Checked once
        every unit is placed, as augments and other units' static abilities count."""
        for i, p in enumerate(self.g.players):
            for k, uid in enumerate(p.units, 1):
                c = self.g.cards[uid]
                health = ops.unit_max_health(self.g, uid)
                if c.damage >= health:
                    raise ScenarioFailure(
                        f"{seat_label(self.data['seats'], i)}: unit {k}: "
                        f"{self.cat.cards[c.card].name} has "
                        f"{health} health, so 'damage' must be less than {health}, "
                        f"not {c.damage}")

    def _ability_id(self, hero_id: str, name: str) -> str:
        for a in self.cat.heroes[hero_id].abilities:
            if name.lower() in (a.id, a.name.lower()):
                return a.id
        raise ScenarioFailure(f"hero {hero_id} has no ability {name!r}")

    def _arrange_unit(self, seat: int, u: dict[str, Any], where: str) -> None:
        g = self.g
        cid = self._placed(u["card"], where, _unit_card)
        c = self._pull(cid) if self.cat.cards[cid].deck else ops.take_special(g, seat, cid)
        ops.detach_from_zone(g, c)
        c.zone, c.controller = Zone.PLAY, seat
        if c.owner < 0 or not self.cat.cards[cid].is_special:
            c.owner = seat
        c.damage = int(u.get("damage", 0))
        c.augments = int(u.get("augments", 0))
        c.exhausted = bool(u.get("exhausted", False))
        c.entered_turn = -5 if not u.get("entered", False) else self._turn_number()
        c.counters = {str(k): int(v) for k, v in u.get("counters", {}).items()}
        g.players[seat].units.append(c.uid)
        ops.rekey(g, c)

    def _arrange_turn(self) -> None:
        g, d = self.g, self.data
        g.pending.clear()
        g.events = []
        phase = d.get("phase", "maneuver")
        if phase == "setup" and "first" not in d and "current" not in d:
            # no first player given: keep the seeded roll (or the team's choice)
            g.turn = 0
            if self.dealt_prompt is not None and self.dealt_prompt.kind == "first":
                g.prompt = self.dealt_prompt
            else:
                engine._set_first(g, g.first_player)
            engine.advance(g)
            self.events.extend(g.events)
            return
        current = self.seat(d["current"]) if "current" in d else 0
        g.first_player = self.seat(d["first"]) if "first" in d else current
        g.turn = self._turn_number()
        g.current = current
        if phase == "setup":
            engine._set_first(g, g.first_player)
        elif phase == "start":
            g.turn -= 1
            flow.begin_turn(g, current)
        else:
            g.phase = Phase.MANEUVER if phase == "maneuver" else Phase.END
            chain.open_window(g)
        engine.advance(g)
        self.events.extend(g.events)

    # ----- running the script

    def run(self, script: str, where: str = "") -> int:
        steps = 0
        for lineno, raw in enumerate(script.splitlines(), 1):
            line = _COMMENT.sub("", raw).strip()
            if not line:
                continue
            try:
                steps += self.line(line)
            except (ScenarioFailure, Refused, RulesError) as exc:
                raise ScenarioFailure(f"{where}line {lineno}: {raw.strip()}: {exc}") from None
        return steps

    def line(self, line: str) -> int:
        if line.startswith("check "):
            from shared.rules.realm.scenario_checks import check

            check(self, line[6:].strip())
            return 0
        if line == "all pass":
            return self._all_pass()
        m = re.match(r"refused\s+(\w+)\s*:\s*(.+)$", line)
        if m:
            return self._expect_refused(m.group(1), m.group(2))
        seat, action = self.parse(line)
        self.decide(seat, action)
        return 1

    def _all_pass(self) -> int:
        g = self.g
        n = len(g.alive_seats())
        for _ in range(n):
            pr = g.prompt
            if pr is None or pr.kind != "priority":
                raise ScenarioFailure(f"expected a response window, but "
                                      f"{self._who()} must decide: {self._pending()}")
            self.decide(pr.seat, ("pass",))
        return n

    def _expect_refused(self, code: str, cmd: str) -> int:
        try:
            seat, action = self.parse(cmd)
            self.decide(seat, action)
        except Refused as exc:
            if exc.code != code:
                raise ScenarioFailure(f"refused as {exc.code!r}, expected {code!r}") from None
            return 0
        raise ScenarioFailure(f"the command was accepted, expected refusal {code!r}")

    def decide(self, seat: int, action: Action) -> None:
        g = self.g
        if g.prompt is None or g.prompt.seat != seat:
            if g.result is not None:
                raise Refused("game_over", "The game has ended.")
            raise Refused("not_your_turn", f"{self._who()} must decide now "
                                           f"({self._pending()}), not {self.names[seat]}")
        try:
            self.events.extend(engine.apply_action(g, seat, self._in_rules_order(seat, action)))
        except Refused as exc:
            why = self._why_refused(seat, action) if exc.code == "illegal" else None
            if why is None:
                raise
            # the same code and opening words (``refused illegal:``), then the reason
            raise Refused("illegal", f"{exc.message.rstrip('.')}: {why}") from None

    def _in_rules_order(self, seat: int, action: Action) -> Action:
        """``action`` with its targets in the order the rules take them. The rules list
        one set of targets once: each group (one per target of the card's text, in that
        order) holds its units seat by seat, each seat's in the order they entered play,
        then heroes. A script names them in any order within a group
        (``-> A:Infantry, A:Halberdier``), so each group is sorted into that order; a
        target the group cannot take is left where it is, for the rules to refuse."""
        g = self.g
        if action[0] not in _TARGETED or not isinstance(action[-1], tuple) or len(action[-1]) < 2:
            return action
        if engine.is_legal(g, seat, action):
            return action
        head = action[:-1]
        if not any(len(b) == len(action) and b[:-1] == head for b in engine.legal_now(g, seat)):
            return action  # refused for its source, cost or timing: not for the order
        found = engine._announced_program(g, action)
        if found is None:
            return action
        prog, who, source, _ = found
        flat, start, ordered = action[-1], 0, []
        for n, spec in enumerate(prog.targets):
            size = len(flat) - start if n == len(prog.targets) - 1 else spec.max
            group = flat[start:start + size]
            where = {ref: k for k, ref in enumerate(candidates(g, spec, who, source))}
            if any(ref not in where for ref in group):
                return action
            ordered.extend(sorted(group, key=where.__getitem__))
            start += size
        return (*head, tuple(ordered))

    # ----- saying why a decision's targets are refused

    def _why_refused(self, seat: int, action: Action) -> str | None:
        """Why the rules refuse the targets of ``action``, compared with the legal actions
        of the same kind and source (``Turncoat takes 1 target, not 2``); None when it is
        not its targets (no legal action has that source now: its cost, its timing), so
        that the rules' own words stand."""
        g = self.g
        if action[0] not in _TARGETED or not isinstance(action[-1], tuple):
            return None
        head, flat = action[:-1], action[-1]
        options = [b[-1] for b in engine.legal_now(g, seat)
                   if len(b) == len(action) and b[:-1] == head and isinstance(b[-1], tuple)]
        found = engine._announced_program(g, action) if options else None
        if found is None:
            return None
        prog, who, source, _ = found
        name = self._source_name(action)
        twice = [ref for k, ref in enumerate(flat) if ref in flat[:k]]
        if twice:
            return f"{name} cannot take the same target twice ({self._ref_name(twice[0])})"
        sizes = {len(t) for t in options}
        if not fully_listed(g, prog, who, source):  # a capped list: the specs say it all
            fixed = sum(spec.max for spec in prog.targets[:-1])
            last = prog.targets[-1]
            sizes |= set(range(fixed + last.min, fixed + last.max + 1))
        if len(flat) not in sizes:
            given = f"not {len(flat)}" if flat else "none given"
            return f"{name} takes {_how_many(sorted(sizes))}, {given}"
        return self._wrong_target(name, prog, who, source, flat) or (
            f"{name} cannot take {self._refs_named(flat)} together; its legal choices now "
            f"are {'; '.join(self._refs_named(t) or 'no target' for t in options[:5])}"
            f"{' …' if len(options) > 5 else ''}")

    def _wrong_target(self, name: str, prog: Any, who: int, source: int,
                      flat: tuple[int, ...]) -> str | None:
        """The first target that its group (one per target of the card's text) cannot
        take, with the ones it can; None when every target could be taken."""
        start = 0
        for n, spec in enumerate(prog.targets):
            size = len(flat) - start if n == len(prog.targets) - 1 else spec.max
            legal = candidates(self.g, spec, who, source)
            wrong = [ref for ref in flat[start:start + size] if ref not in legal]
            start += size
            if not wrong:
                continue
            which = f" (its target {n + 1}: {spec.name})" if len(prog.targets) > 1 else ""
            now = self._refs_named(tuple(legal)) or "none"
            return (f"{name} cannot take {self._ref_name(wrong[0])}{which}: its legal "
                    f"targets now are {now}")
        return None

    def _source_name(self, action: Action) -> str:
        """The name of what announces ``action``: a card (or the half played), a hero's
        ability, the card of an activated unit or equipment, a triggered card."""
        g, cat = self.g, self.cat
        kind = action[0]
        if kind == "play":
            cdef = cat.cards[g.cards[action[1]].card]
            return cdef.halves[action[2]].name if cdef.is_split else cdef.name
        if kind == "ability":
            pr = g.prompt
            assert pr is not None
            return cat.heroes[g.players[pr.seat].hero].ability(action[1]).name
        if kind == "activate":
            ref = action[1]
            if is_unit_ref(ref):
                return cat.cards[g.cards[ref].card].name
            p = g.players[ref_seat(ref)]
            return cat.cards[p.armor if is_armor_ref(ref) else p.weapon].name
        pr = g.prompt
        assert pr is not None
        return cat.cards[g.pending[pr.data["index"]].card_id].name

    def _refs_named(self, refs: tuple[int, ...]) -> str:
        return ", ".join(self._ref_name(ref) for ref in refs)

    def _ref_name(self, ref: int) -> str:
        """A target as people read it: ``Infantry (B)``, ``Infantry#2 (B)`` when B has
        more than one, ``B's hero``, ``B's weapon``, ``B's armor``."""
        g = self.g
        if not is_unit_ref(ref):
            part = "hero" if is_hero_ref(ref) else "weapon" if is_weapon_ref(ref) else "armor"
            return f"{self.names[ref_seat(ref)]}'s {part}"
        c = g.cards[ref]
        name = self.cat.cards[c.card].name
        same = [u for u in g.players[c.controller].units if g.cards[u].card == c.card]
        if len(same) > 1 and ref in same:
            name = f"{name}#{same.index(ref) + 1}"
        return f"{name} ({self.names[c.controller]})"

    def _who(self) -> str:
        pr = self.g.prompt
        return self.names[pr.seat] if pr is not None else "nobody"

    def _pending(self) -> str:
        pr = self.g.prompt
        return "nothing" if pr is None else pr.kind

    # ----- parsing decisions

    def parse(self, line: str) -> tuple[int, Action]:
        head, _, tail = line.partition("->")
        from shared.rules.realm.scenario_checks import parse_decision, words_of

        if "->" in tail:  # read as a seat named "-> B" before
            raise ScenarioFailure("a second '->': a decision has one '->' before its targets")
        words = words_of(head)
        if len(words) < 2:
            raise ScenarioFailure("a decision reads: SEAT VERB [ARGS] [-> TARGETS]")
        seat = self.seat(words[0])
        return seat, parse_decision(self, seat, words[1], words[2:], (), tail)

    def targets(self, seat: int, text: str) -> tuple[int, ...]:
        """The targets after ``->``, comma-separated; an empty one (``-> B:Infantry,``) is
        a ScenarioFailure, as it was dropped before and the line read as something else."""
        items = [t.strip() for t in text.split(",")]
        for k, item in enumerate(items):
            if not item:
                where = f"after ',' (after {items[k - 1]!r})" if k else "before ','"
                raise ScenarioFailure(f"empty target {where}; targets read -> A:Card, B:Card")
        return tuple(self.ref(seat, t) for t in items)

    def ref(self, seat: int, text: str) -> int:
        """``Seat:Card[#k]``, ``Seat:hero``, ``Seat:weapon``, ``Seat:armor`` or ``Card``."""
        owner, sep, what = text.partition(":")
        s = self.seat(owner.strip().strip('"')) if sep else seat
        what = (what if sep else owner).strip().strip('"')
        low = what.lower()
        if low == "hero":
            return hero_ref(s)
        if low == "weapon":
            return weapon_ref(s)
        if low == "armor":
            return armor_ref(s)
        return self.unit(s, what)

    def unit(self, seat: int, what: str) -> int:
        name, _, k = what.partition("#")
        cid = self.card_id(name.strip())
        units = [u for u in self.g.players[seat].units if self.g.cards[u].card == cid]
        from shared.rules.realm.scenario_checks import number

        idx = number(k, f"the count in {what!r}") - 1 if k else 0
        if idx >= len(units):
            raise ScenarioFailure(f"{self.names[seat]} has no {what} in play")
        return units[idx]

    def hand_card(self, seat: int, name: str) -> int:
        cid = self.card_id(name)
        for uid in self.g.players[seat].hand:
            if self.g.cards[uid].card == cid:
                return uid
        raise ScenarioFailure(f"{self.names[seat]} has no {name} in hand")


def _how_many(sizes: list[int]) -> str:
    """``1 target``, ``up to 2 targets``, ``1 to 3 targets``, ``1 or 3 targets``."""
    low, high = sizes[0], sizes[-1]
    noun = "target" if high == 1 else "targets"
    if low == high:
        return f"{low} {noun}"
    if sizes == list(range(low, high + 1)):
        return f"up to {high} {noun}" if low == 0 else f"{low} to {high} {noun}"
    return f"{', '.join(map(str, sizes[:-1]))} or {high} {noun}"


def run_file(path: Path, catalog: Catalog | None = None) -> Outcome:
    try:
        data = load(path)
        sc = _set_up(path, data, catalog)
        steps = sc.run(str(data["script"]))
    except (ScenarioFailure, CatalogError, Refused, RulesError) as exc:
        return Outcome(str(path), path.stem, False, str(exc))
    return Outcome(str(path), str(data.get("name", path.stem)), True, steps=steps,
                   events=sc.events)


def _set_up(path: Path, data: dict[str, Any], catalog: Catalog | None) -> Scenario:
    """The scenario's position; a file that cannot set it up is a CatalogError naming the
    file, like :func:`load`'s (a failing script line is the scenario failing, not the
    file being wrong)."""
    try:
        return Scenario(data, catalog)
    except (ScenarioFailure, CatalogError, RulesError) as exc:
        raise CatalogError(f"{path}: {exc}") from None


def find_files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(p.rglob("*.toml")))
        else:
            out.append(p)
    return out


def current(g: GameState) -> int:
    return g.current

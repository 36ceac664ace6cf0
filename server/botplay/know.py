"""What a bot can work out from its own view and the public card catalog.

Everything here reads only the view dict of ``docs/realm-interface.md`` and the catalog
(card text is public). Nothing takes a game state. The effect scorer gives a rough value,
in "points" (about one point per point of a unit's attack or health), to an announced
program with chosen targets; the easy bot uses its sign, the medium bot its size.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from shared.rules.realm.catalog import CardDef, Catalog, Program, load_catalog

View = Mapping[str, Any]
Action = dict[str, Any]

HERO_POINT = 0.9  # value of one damage to an enemy hero
WIN = 1000.0  # value of a win (a hero falls for good)
#: cost of a heal aimed at a target that gains nothing from it (no damage, or an enemy's):
#: enough to make a heal alone not worth playing, small beside any other real effect
WASTED_HEAL = 0.5


@cache
def catalog() -> Catalog:
    return load_catalog()


@cache
def card_by_name(name: str) -> CardDef | None:
    for c in catalog().cards.values():
        if c.name == name:
            return c
    return None


# --------------------------------------------------------------------------- the board


class Board:
    """Indexes over one view: units by handle, who is an enemy, who is me."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.me: int = int(view["seat"])
        self.players: list[Mapping[str, Any]] = list(view["players"])
        self.units: dict[int, tuple[int, Mapping[str, Any]]] = {}
        for p in self.players:
            for u in p["units"]:
                self.units[int(u["handle"])] = (int(p["seat"]), u)
        hand = self.players[self.me].get("hand") or []
        self.hand: dict[int, str] = {int(h["handle"]): str(h["card"]) for h in hand}
        self.fmt = str(view["format"])
        b = view.get("battle")
        self.battle: Mapping[str, Any] | None = b
        self.pairs: dict[str, str] = {a: d for a, d in (b["pairs"] if b else [])}
        self.defending: dict[str, str] = {d: a for a, d in self.pairs.items()}
        self.scores: dict[int, tuple[float | None, int]] = {}  # id(action) -> (value, cost)

    @property
    def mine(self) -> Mapping[str, Any]:
        return self.players[self.me]

    def enemy(self, seat: int) -> bool:
        if seat == self.me:
            return False
        if self.fmt == "team":
            return bool(self.players[seat]["team"] != self.mine["team"])
        return True

    def enemies(self) -> list[int]:
        return [int(p["seat"]) for p in self.players if p["alive"] and self.enemy(int(p["seat"]))]

    def unit(self, ref: str) -> tuple[int, Mapping[str, Any]] | None:
        if not ref.startswith("u:"):
            return None
        return self.units.get(int(ref[2:]))

    def ref_owner(self, ref: str) -> int | None:
        if ref.startswith("u:"):
            u = self.unit(ref)
            return u[0] if u else None
        try:
            return int(ref.split(":")[1])
        except (IndexError, ValueError):
            return None

    def _enemy_gap(self, measure: Callable[[Mapping[str, Any]], int]) -> int:
        """How far the opponent highest in ``measure`` is above me (0 if none is)."""
        own = measure(self.mine)
        return max([measure(self.players[s]) - own for s in self.enemies()] + [0])

    def production_gap(self) -> int:
        """How far the highest opponent's production rating is above mine."""
        return self._enemy_gap(lambda p: int(p["production"]))

    def unit_gap(self) -> int:
        """How many more units the opponent with the most units controls than I do."""
        return self._enemy_gap(lambda p: len(p["units"]))

    def hero_hp(self, seat: int) -> int:
        p = self.players[seat]
        return int(p["health"]) + int(p.get("shield", 0))

    def attack_of(self, ref: str) -> int:
        u = self.unit(ref)
        if u is not None:
            return int(u[1]["attack"])
        if ref.startswith("w:"):
            return int(self.players[int(ref[2:])]["weapon"]["attack"])
        return 0

    def my_turn_free(self) -> bool:
        """Whether full maneuvers (enlist, unlock, battle) are open to me now."""
        v = self.view
        return (
            v["current"] == self.me
            and v["phase"] == "maneuver"
            and not v["chain"]
            and v["battle"] is None
        )


def unit_value(u: Mapping[str, Any]) -> float:
    """A unit in play: its fighting stats (damage counts against health)."""
    cdef = catalog().cards.get(str(u["card"]))
    extra = 1.0 if cdef is not None and (cdef.triggers or cdef.activated or cdef.statics) else 0.0
    return 1.0 * int(u["attack"]) + 0.7 * max(0, int(u["health"])) + extra


def card_unit_value(cdef: CardDef) -> float:
    extra = 1.0 if (cdef.triggers or cdef.activated or cdef.statics) else 0.0
    return 1.0 * cdef.attack + 0.7 * cdef.health + extra


# --------------------------------------------------------------------------- programs


def program_of(board: Board, action: Action) -> tuple[Program | None, int]:
    """The program an action announces and its gold cost (None for non-effects)."""
    cat = catalog()
    k = action["kind"]
    me = board.mine
    if k == "play":
        cid = board.hand.get(int(action["card"]))
        if cid is None:
            return None, 0
        half = cat.cards[cid].halves[int(action.get("half", 0))]
        return half.program, half.cost
    if k == "ability":
        hero = cat.heroes[str(me["hero"])]
        try:
            return hero.ability(str(action["ability"])).program, 0
        except KeyError:
            return None, 0
    if k == "activate":
        ref = action["card"]
        if isinstance(ref, int):
            u = board.units.get(ref)
            cid = str(u[1]["card"]) if u else ""
        elif isinstance(ref, str) and ref.startswith("w:"):
            cid = str(me["weapon"]["card"])
        else:
            cid = str(me["armor"]["card"])
        cdef = cat.cards.get(cid)
        if cdef is None or int(action["index"]) >= len(cdef.activated):
            return None, 0
        act = cdef.activated[int(action["index"])]
        return act.program, act.gold
    return None, 0


def split_targets(prog: Program, flat: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    i = 0
    for spec in prog.targets:
        n = spec.max if spec is not prog.targets[-1] else len(flat) - i
        out[spec.name] = list(flat[i : i + n])
        i += n
    return out


def _expand(board: Board, name: str, named: dict[str, list[str]], source: str | None) -> list[str]:
    if name in named:
        return [r for r in named[name] if r != "gone"]
    me = board.me
    if name == "my_hero":
        return [f"h:{me}"]
    if name == "self" and source:
        return [source]
    if name == "each_enemy_hero":
        return [f"h:{s}" for s in board.enemies()]
    if name == "each_hero":
        return [f"h:{p['seat']}" for p in board.players if p["alive"]]
    units = [(s, f"u:{h}") for h, (s, _) in board.units.items()]
    if name == "each_unit":
        return [r for _, r in units]
    if name == "each_enemy_unit":
        return [r for s, r in units if board.enemy(s)]
    if name == "each_own_unit":
        return [r for s, r in units if s == me]
    if name == "each_other_unit":
        return [r for _, r in units if r != source]
    return []


def _incoming(board: Board, ref: str) -> int:
    """Battle damage a unit in the current battle is about to take."""
    if board.battle is None or board.battle["step"] not in ("after_assign", "assign", "damage"):
        return 0
    if ref in board.pairs:  # an attacker, blocked
        return board.attack_of(board.pairs[ref])
    if ref in board.defending:  # a defender
        return board.attack_of(board.defending[ref])
    return 0


def _friendly(board: Board, seat: int | None) -> float:
    """+1 for my side, -1 for an enemy, 0 for unknown."""
    if seat is None:
        return 0.0
    return -1.0 if board.enemy(seat) else 1.0


#: verbs that only remember a number the board already shows ("if an opponent …")
_GAPS: dict[str, Callable[[Board], int]] = {
    "production_gap": Board.production_gap,
    "unit_gap": Board.unit_gap,
}


def score_program(
    board: Board, prog: Program, targets: list[str], source: str | None = None
) -> float:
    """Rough value to me of running ``prog`` with ``targets`` now."""
    named = split_targets(prog, targets)
    total = 0.0
    dealt: dict[str, int] = {}
    known: dict[str, int] = {}  # remembered numbers the board already tells
    for step in prog.steps:
        verb = step.verb
        args = step.args
        cond = args.get("if")
        if cond is not None and known.get(cond) == 0:
            continue  # "if …" that the board already says will not happen
        if verb in _GAPS:
            known[str(args["remember"])] = _GAPS[verb](board)
            continue
        refs = (
            _expand(board, str(args.get("target", "")), named, source) if "target" in args else []
        )
        amount = int(args.get("amount", 1))
        for ref in refs:
            side = _friendly(board, board.ref_owner(ref))
            u = board.unit(ref)
            if verb in ("damage", "destroy") or (verb == "call" and "syphon" in str(args["fn"])):
                if u is not None:
                    hp = int(u[1]["health"]) + int(u[1].get("shield", 0))
                    hp -= dealt.get(ref, 0)
                    if verb == "damage":
                        dealt[ref] = dealt.get(ref, 0) + amount
                    kills = verb != "damage" or amount + _incoming(board, ref) >= hp > 0
                    val = unit_value(u[1]) if kills else 0.25 * min(amount, max(hp, 0))
                    total -= side * val
                    if verb == "call":
                        total += 0.5 * int(u[1]["max_health"])
                elif ref.startswith("h:"):
                    seat = int(ref[2:])
                    hp = board.hero_hp(seat) - dealt.get(ref, 0)
                    dealt[ref] = dealt.get(ref, 0) + amount
                    if side < 0 and amount >= hp:
                        total += WIN
                    elif side > 0 and amount >= hp:
                        total -= WIN
                    else:
                        total -= side * HERO_POINT * amount
            elif verb == "heal":
                gain = _heal_gain(board, ref, amount)
                total += side * 0.6 * gain
                if str(args["target"]) in named and (gain == 0 or side < 0):
                    total -= WASTED_HEAL  # a chosen target it does my side no good to heal
            elif verb == "prevent":
                total += side * 0.4 * min(amount, max(_incoming(board, ref), 1))
            elif verb == "augment":
                total += side * 1.5 * amount
            elif verb == "modify_attack":
                in_battle = board.battle is not None
                total += side * (0.8 if in_battle else 0.2) * amount
            elif verb == "exhaust":
                if u is not None and not u[1]["exhausted"]:
                    total -= side * 0.5 * int(u[1]["attack"])
            elif verb == "refresh":
                if u is not None and u[1]["exhausted"]:
                    total += side * 0.5 * int(u[1]["attack"])
            elif verb == "take_control":
                if u is not None:
                    total -= side * 2 * unit_value(u[1])
            elif verb == "remove_until_end_of_turn":
                if u is not None:
                    total -= side * 0.6 * unit_value(u[1])
            elif verb == "attach_special":
                total -= side * 3.0
            elif verb == "counter":
                total -= side * 0.8 * amount
            elif verb == "call":
                total -= side * 1.5
        if verb == "draw":
            total += 2.0 * int(args.get("count", 1))
        elif verb == "gain_gold":
            total += 0.8 * amount
        elif verb == "discard":
            n = int(args.get("count", 1))
            total += (-1.5 if args.get("who") == "self" else 1.5 * len(board.enemies())) * n
        elif verb == "put_special":
            cdef = catalog().cards.get(str(args["card"]))
            n = int(args.get("count", 1)) if "per" not in args else 1
            if cdef is not None and cdef.is_unit:
                total += n * card_unit_value(cdef)
        elif verb == "recruit_from_discard":
            total += _best_discard_unit(board, list(args.get("decks", []))) * int(
                args.get("count", 1)
            )
        elif verb == "mill":
            total += 0.3
        elif verb in ("move_cooldown", "ready_ability"):
            total += 2.0
        elif verb == "equip":
            total += equip_gain(board)
        elif verb == "destroy_own_unit":
            total -= 0.5 if args.get("up_to", True) else 4.0
    return total


def _heal_gain(board: Board, ref: str, amount: int) -> int:
    """How much damage a heal of ``amount`` on ``ref`` removes (0 on an undamaged one)."""
    u = board.unit(ref)
    if u is not None:
        return min(amount, int(u[1]["damage"]))
    owner = board.ref_owner(ref)
    if owner is None or not ref.startswith("h:"):
        return 0
    p = board.players[owner]
    return max(0, min(amount, int(p["max_health"]) - int(p["health"])))


def equip_score(weapon: str, armor: str) -> float:
    """How good a weapon and armor face are together (attack, and armor a little more)."""
    cards = catalog().cards
    w, r = cards.get(weapon), cards.get(armor)
    s = 0.0
    if w is not None:
        s += w.attack + (0.5 if w.activated or w.triggers else 0)
    if r is not None:
        s += 1.2 * r.armor + (0.5 if r.activated or r.triggers else 0)
    return s


def equip_options(board: Board) -> list[tuple[str, str]]:
    """Every (weapon, armor) pair of faces my hero may equip."""
    hero = catalog().heroes[str(board.mine["hero"])]
    weapons = list(dict.fromkeys(hero.weapons))
    armors = list(dict.fromkeys(hero.armors))
    return [(w, a) for w in weapons for a in armors]


def worn(board: Board) -> tuple[str, str]:
    """The weapon and armor faces my hero has on now."""
    me = board.mine
    return str(me["weapon"]["card"] or ""), str(me["armor"]["card"] or "")


def equip_gain(board: Board) -> float:
    """What Equip can add: the best other pair of faces over the worn one.

    Putting the same faces back on does nothing, so only a change counts; when every other
    pair is worse the value is negative."""
    now = worn(board)
    others = [equip_score(w, a) for w, a in equip_options(board) if (w, a) != now]
    if not others:
        return -1.0
    return max(others) - equip_score(*now)


def _best_discard_unit(board: Board, decks: list[str]) -> float:
    best = 0.0
    for d in decks:
        for cid in board.view["decks"][d]["discard"]:
            cdef = catalog().cards.get(cid)
            if cdef is not None and cdef.is_unit:
                best = max(best, card_unit_value(cdef))
    return best


def effect_score(board: Board, action: Action) -> float | None:
    """The scorer's value of an announced effect action, or None if it has no program."""
    return scored(board, action)[0]


def scored(board: Board, action: Action) -> tuple[float | None, int]:
    """(effect value or None, gold cost) of an action, remembered for this decision."""
    key = id(action)
    hit = board.scores.get(key)
    if hit is not None:
        return hit
    prog, cost = program_of(board, action)
    if prog is None:
        out: tuple[float | None, int] = (None, cost)
    else:
        source = None
        if action["kind"] == "activate" and isinstance(action["card"], int):
            source = f"u:{action['card']}"
        out = (score_program(board, prog, list(action.get("targets", [])), source), cost)
    board.scores[key] = out
    return out


def is_self_harm(board: Board, action: Action) -> bool:
    s = effect_score(board, action)
    return s is not None and s < 0

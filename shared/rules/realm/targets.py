"""Selecting targets: the legal target combinations of a program, chosen on announce.

A program's targets are a list of specs; the announced targets are the concatenation of
one group per spec. Only the last spec may be "up to N", so the flat list is unambiguous.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, islice
from math import comb, prod

from shared.rules.realm.catalog import Program, TargetSpec
from shared.rules.realm.ops import fights
from shared.rules.realm.state import (
    GameState,
    Zone,
    hero_ref,
    is_unit_ref,
    ref_seat,
    weapon_ref,
)

#: A safety net, not a limit of the game: a program that picks more than two targets in
#: all could have a number of target tuples that grows as a power of the units in play,
#: so at most this many of them are listed (an announced tuple left out is still checked
#: by ``announced_ok``). A program with at most two targets is always listed in full:
#: that is at most 1 + n + n² tuples, and n, the units in play, stays well under 100
#: even in a 4-player game — cutting it short made the last pairs impossible to choose.
MAX_COMBOS = 400


def are_enemies(g: GameState, a: int, b: int) -> bool:
    if a == b:
        return False
    if g.format == "team":
        return g.players[a].team != g.players[b].team
    return True


def _side_ok(g: GameState, side: str, seat: int, owner: int) -> bool:
    if side == "any":
        return True
    if side in ("own", "other_own"):
        return owner == seat
    return are_enemies(g, seat, owner)


def _unit_ok(g: GameState, spec: TargetSpec, seat: int, uid: int, source: int) -> bool:
    c = g.cards[uid]
    if not _side_ok(g, spec.side, seat, c.controller):
        return False
    if (spec.side == "other_own" or "not_self" in spec.filters) and uid == source:
        return False
    cdef = g.ctx.catalog.cards[c.card]
    for f in spec.filters:
        if f in ("basic", "elite") and cdef.unit_class != f:
            return False
        if f == "special" and not cdef.is_special:
            return False
        if f in STATE_FILTERS and not _in_state(g, uid, f):
            return False
    return True


#: The filters that name a state a unit can leave before the effect resolves (its damage
#: healed, refreshed or exhausted, out of the battle): checked again on resolution, where
#: a target no longer in that state counts as gone (ruling 6). A unit's class never
#: changes, and a change of control does not make a target illegal.
STATE_FILTERS = frozenset({"damaged", "exhausted", "refreshed", "attacking", "defending"})


def _in_state(g: GameState, uid: int, f: str) -> bool:
    c = g.cards[uid]
    if f == "damaged":
        return c.damage > 0
    if f == "exhausted":
        return c.exhausted
    if f == "refreshed":
        return not c.exhausted
    return _in_battle(g, uid, f)


def _in_battle(g: GameState, uid: int, role: str) -> bool:
    b = g.battle
    if b is None:
        return False
    if role == "attacking":
        return uid in b.attackers and fights(g, uid, b.attacker)
    return uid in b.pairs.values() and fights(g, uid, b.defender)


def candidates(g: GameState, spec: TargetSpec, seat: int, source: int) -> list[int]:
    out: list[int] = []
    if spec.kind in ("unit", "unit_or_hero"):
        for p in g.players:
            if p.alive:
                out.extend(u for u in p.units if _unit_ok(g, spec, seat, u, source))
    if spec.kind in ("hero", "unit_or_hero"):
        out.extend(hero_ref(p.seat) for p in g.players
                   if p.alive and _side_ok(g, spec.side, seat, p.seat))
    if spec.kind == "weapon":
        out.extend(weapon_ref(p.seat) for p in g.players
                   if p.alive and _side_ok(g, spec.side, seat, p.seat))
    return out


def target_options(g: GameState, prog: Program, seat: int,
                   source: int = -1) -> list[tuple[int, ...]]:
    """Every legal flat target tuple for ``prog`` (``[()]`` when it has no targets), each
    group in the order of ``candidates``; only the first ``MAX_COMBOS`` when the program
    could pick more than two targets and has more tuples than that (``fully_listed``)."""
    if not prog.targets:
        return [()]
    specs = [(spec, candidates(g, spec, seat, source)) for spec in prog.targets]
    if any(len(cands) < spec.min for spec, cands in specs):
        return []
    if not _at_most_two(prog):
        return list(islice(_flat(specs), MAX_COMBOS))
    if len(specs) == 1:              # every program of the catalog: the hot path
        return list(_groups(*specs[0]))
    return list(_flat(specs))


def _groups(spec: TargetSpec, cands: list[int]) -> Iterator[tuple[int, ...]]:
    for k in range(spec.min, spec.max + 1):
        yield from combinations(cands, k)


def _flat(specs: list[tuple[TargetSpec, list[int]]]) -> Iterator[tuple[int, ...]]:
    """The flat tuples, one group per spec, the first spec varying slowest; built one by
    one, so that taking the first few costs no more than those few."""
    if not specs:
        yield ()
        return
    for group in _groups(*specs[0]):
        for rest in _flat(specs[1:]):
            yield group + rest


def _at_most_two(prog: Program) -> bool:
    return sum(spec.max for spec in prog.targets) <= 2


def fully_listed(g: GameState, prog: Program, seat: int, source: int = -1) -> bool:
    """Whether ``target_options`` lists every legal target tuple of ``prog`` (counted,
    not built: the point is not to build them)."""
    if _at_most_two(prog):
        return True
    counts = [len(candidates(g, spec, seat, source)) for spec in prog.targets]
    total = prod(sum(comb(n, k) for k in range(spec.min, spec.max + 1))
                 for n, spec in zip(counts, prog.targets, strict=True))
    return total <= MAX_COMBOS


def announced_ok(g: GameState, prog: Program, seat: int, source: int,
                 flat: object, trigger: bool = False) -> bool:
    """Whether ``flat`` is one of the target tuples ``target_options`` (or, for a
    trigger, ``trigger_target_options``) would give if it listed them all: checked by the
    rules, for the tuples a capped list leaves out. Each group has the size its spec
    allows (only the last spec may be "up to N") and holds distinct candidates in the
    order of ``candidates``, so one set of targets has one tuple."""
    if not isinstance(flat, tuple):
        return False
    if trigger and prog.targets and not flat:
        return _something_to_target(g, prog, seat, source)
    i = 0
    for n, spec in enumerate(prog.targets):
        size = len(flat) - i if n == len(prog.targets) - 1 else spec.max
        group = flat[i:i + size]
        if len(group) != size or not spec.min <= size <= spec.max:
            return False
        if not _in_order(group, candidates(g, spec, seat, source)):
            return False
        i += size
    return i == len(flat)


def _in_order(group: tuple[object, ...], cands: list[int]) -> bool:
    """Every ref of ``group`` is a candidate, each after the one before it."""
    where = {ref: k for k, ref in enumerate(cands)}
    last = -1
    for ref in group:
        k = where.get(ref) if type(ref) is int else None
        if k is None or k <= last:
            return False
        last = k
    return True


def trigger_target_options(g: GameState, prog: Program, seat: int,
                           source: int = -1) -> list[tuple[int, ...]]:
    """The target tuples of a triggered effect as it is added to the chain: those of
    :func:`target_options` ("up to N" includes none, as for a maneuver: ruling 33), but
    none at all when nothing can be targeted (the trigger is skipped)."""
    options = target_options(g, prog, seat, source)
    if prog.targets and not any(options):
        return []
    return options


def _something_to_target(g: GameState, prog: Program, seat: int, source: int) -> bool:
    """Whether a trigger of ``prog`` may be added with no target: every group is "up to
    N" (the empty tuple is one of its options) and some group has a candidate (it is
    not skipped)."""
    return (all(spec.min == 0 for spec in prog.targets)
            and any(candidates(g, spec, seat, source) for spec in prog.targets))


def split_groups(prog: Program, flat: tuple[int, ...]) -> dict[str, list[int]]:
    """The flat announced targets, per spec name."""
    out: dict[str, list[int]] = {}
    i = 0
    for spec in prog.targets:
        n = spec.max if spec is not prog.targets[-1] else len(flat) - i
        out[spec.name] = list(flat[i:i + n])
        i += n
    return out


def still_there(g: GameState, ref: int, announced_handle: int) -> bool:
    """A target is still the same object if it is the same card, still in play."""
    if is_unit_ref(ref):
        c = g.cards[ref]
        return c.zone == Zone.PLAY and c.handle == announced_handle
    return g.players[ref_seat(ref)].alive


def live_targets(g: GameState, prog: Program, flat: tuple[int, ...],
                 handles: list[int]) -> dict[str, list[int]]:
    """The announced targets still legal as the effect resolves, per spec name: the same
    object still in play (:func:`still_there`) and, for a unit, still in the state its
    spec asked for ("target damaged unit" healed in response is gone; ruling 6)."""
    handle_of = dict(zip(flat, handles, strict=True))
    live: dict[str, list[int]] = {}
    for spec in prog.targets:
        refs = split_groups(prog, flat).get(spec.name, [])
        states = [f for f in spec.filters if f in STATE_FILTERS]
        live[spec.name] = [
            r for r in refs
            if still_there(g, r, handle_of[r])
            and (not is_unit_ref(r) or all(_in_state(g, r, f) for f in states))
        ]
    return live

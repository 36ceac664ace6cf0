"""Selecting targets: the legal target combinations of a program, chosen on announce.

A program's targets are a list of specs; the announced targets are the concatenation of
one group per spec. Only the last spec may be "up to N", so the flat list is unambiguous.
"""

from __future__ import annotations

from itertools import combinations, product

from shared.rules.realm.catalog import Program, TargetSpec
from shared.rules.realm.state import (
    GameState,
    Zone,
    hero_ref,
    is_unit_ref,
    ref_seat,
    weapon_ref,
)

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
        if (f == "damaged" and c.damage == 0) or (f == "exhausted" and not c.exhausted):
            return False
        if (f == "refreshed" and c.exhausted) or (f == "special" and not cdef.is_special):
            return False
        if f in ("attacking", "defending") and not _in_battle(g, uid, f):
            return False
    return True


def _in_battle(g: GameState, uid: int, role: str) -> bool:
    b = g.battle
    if b is None:
        return False
    if role == "attacking":
        return uid in b.attackers
    return uid in b.pairs.values()


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
    """Every legal flat target tuple for ``prog`` (``[()]`` when it has no targets)."""
    if not prog.targets:
        return [()]
    per_spec: list[list[tuple[int, ...]]] = []
    for spec in prog.targets:
        cands = candidates(g, spec, seat, source)
        groups = [tuple(c) for k in range(spec.min, spec.max + 1)
                  for c in combinations(cands, k)]
        if not groups:
            return []
        per_spec.append(groups)
    out: list[tuple[int, ...]] = []
    for combo in product(*per_spec):
        out.append(tuple(r for group in combo for r in group))
        if len(out) >= MAX_COMBOS:
            break
    return out


def trigger_target_options(g: GameState, prog: Program, seat: int,
                           source: int = -1) -> list[tuple[int, ...]]:
    """The target tuples of a triggered effect as it is added to the chain: "up to N"
    needs at least one target when any exists (ruling 33), so no empty tuple for a
    program with targets; none at all when nothing can be targeted."""
    options = target_options(g, prog, seat, source)
    return [t for t in options if t] if prog.targets else options


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
    """A target is still a legal object if it is the same card, still in play."""
    if is_unit_ref(ref):
        c = g.cards[ref]
        return c.zone == Zone.PLAY and c.handle == announced_handle
    return g.players[ref_seat(ref)].alive

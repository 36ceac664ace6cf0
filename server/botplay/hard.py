"""The hard bot: determinized flat Monte Carlo over the medium bot's best candidates.

For a decision worth thinking about (a priority window, declaring attackers, assigning
defenders) the medium bot's scorer proposes a few candidate actions. Then, repeatedly:
sample a full game state consistent with the view (``determinize``: own hand exact,
opponents' hands drawn from the unseen cards, decks shuffled, with this bot's RNG), and
for every candidate play it on that sample (rebuilt from the same seed), continue the
game with the medium policy (every seat, a little noise from the easy policy) through
the other seats' next turns, and score the outcome (a win 1, a loss 0, otherwise a
squashed board evaluation). The same sample serves every candidate (common random
numbers), so the comparison is fair. The candidate with the best mean wins; ties go to
the medium bot's own choice.

Inside the search the bot works on its own sampled states with the engine's in-place
tuple API; its input is still only the view.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from server.botplay.api import Budget
from server.botplay.know import Action, Board, View
from server.botplay.policies import easy, medium, pointless, rank_priority

MAX_CANDIDATES = 5
NOISE = 0.1


def candidates(view: View, base: Action) -> list[Action]:
    """The actions worth searching (the medium bot's choice first)."""
    legal: list[Action] = list(view["legal"])
    kind = (view.get("prompt") or {}).get("kind")
    board = Board(view)
    out: list[Action] = [base]

    def add(a: Action) -> None:
        if len(out) < MAX_CANDIDATES and all(a is not b and a != b for b in out):
            out.append(a)

    if kind == "priority":
        ranked = rank_priority(board, legal)
        free = board.my_turn_free()
        for a, s in ranked:
            if s > (-3.0 if free else 0.0) and a["kind"] != "pass" and not pointless(board, a):
                add(a)
        if len(out) > 1 or base["kind"] != "pass":
            for a in legal:
                if a["kind"] == "pass":
                    add(a)
    elif kind in ("attack", "defend"):
        # "done" first, then the choices against the strongest attackers first; but a
        # battle the medium plan sends attackers into is not left empty (it was started
        # for them)
        empty = kind == "attack" and board.battle is not None and not board.battle["attackers"]
        for a in legal:
            if a["kind"] == "done" and not (empty and base["kind"] == "attack"):
                add(a)
        for a in sorted(
            (a for a in legal if a["kind"] == kind),
            key=lambda a: -board.attack_of(a["attacker"]),
        ):
            add(a)
    return out


def hard(view: View, rng: random.Random, budget: Any = None) -> Action:
    """Search, or the medium bot's choice where searching cannot help."""
    legal: list[Action] = list(view["legal"])
    if len(legal) == 1:
        return legal[0]
    base = medium(view, rng)
    kind = (view.get("prompt") or {}).get("kind")
    if kind not in ("priority", "attack", "defend"):
        return base
    cands = candidates(view, base)
    if len(cands) <= 1:
        return base
    b = budget if isinstance(budget, Budget) else Budget()
    return search(view, cands, rng, b)


def search(view: View, cands: list[Action], rng: random.Random, budget: Budget) -> Action:
    from shared.rules.realm import engine, wire
    from shared.rules.realm.determinize import Unsupported, determinize

    seat = int(view["seat"])
    deadline = time.perf_counter() + budget.seconds if budget.seconds else math.inf
    totals = [0.0] * len(cands)
    counts = [0] * len(cands)
    rounds = max(1, budget.iterations // len(cands))
    for _ in range(rounds):
        # one sample per round, rebuilt for each candidate from the same seed (as fast as
        # cloning it, and the same sample for every candidate)
        sample_seed = rng.getrandbits(64)
        roll_seed = rng.getrandbits(64)
        for i, a in enumerate(cands):
            try:
                g = determinize(view, random.Random(sample_seed))
            except Unsupported:
                return cands[0]
            try:
                t = wire.from_wire(g, a)
            except Exception:
                continue
            if t not in engine.legal_actions(g, seat):
                continue
            engine.apply_action(g, seat, t, check=False)
            rollout(g, random.Random(roll_seed), horizon=_horizon(g))
            totals[i] += evaluate(g, seat)
            counts[i] += 1
        if time.perf_counter() > deadline:
            break
    best, best_v = 0, -1.0
    for i in range(len(cands)):
        if counts[i] == 0:
            continue
        v = totals[i] / counts[i] + (1e-3 if i == 0 else 0.0)
        if v > best_v:
            best, best_v = i, v
    return cands[best]


def _horizon(g: Any) -> int:
    """Play on through the other seats' next turns, to the start of mine."""
    return int(g.turn) + len(g.alive_seats()) - 1


def rollout(g: Any, rnd: random.Random, horizon: int, max_decisions: int = 3000) -> None:
    from shared.rules.realm import chain, engine, wire
    from shared.rules.realm.engine import PASS
    from shared.rules.realm.view import view_for

    n = 0
    while g.result is None and g.prompt is not None and g.turn <= horizon and n < max_decisions:
        seat = g.prompt.seat
        legal = engine.legal_actions(g, seat)
        n += 1
        if len(legal) == 1:
            engine.apply_action(g, seat, legal[0], check=False)
            continue
        if g.prompt.kind == "priority" and not chain.can_full_maneuver(g, seat):
            engine.apply_action(g, seat, PASS, check=False)  # rollouts skip reactions
            continue
        v = view_for(g, seat)
        a = easy(v, rnd) if rnd.random() < NOISE else medium(v, rnd)
        engine.apply_action(g, seat, wire.from_wire(g, a), check=False)


def evaluate(g: Any, seat: int) -> float:
    """1 for a win, 0 for a loss, else a board evaluation squashed into (0, 1)."""
    from shared.rules.realm.targets import are_enemies

    if g.result is not None:
        winners = g.result.get("winners", [])
        if seat in winners:
            return 1.0
        return 0.0
    if not g.players[seat].alive:
        return 0.0
    mine = _strength(g, seat)
    foes = [
        _strength(g, p.seat)
        for p in g.players
        if p.alive and p.seat != seat and are_enemies(g, seat, p.seat)
    ]
    friends = [
        _strength(g, p.seat)
        for p in g.players
        if p.alive and p.seat != seat and not are_enemies(g, seat, p.seat)
    ]
    if not foes:
        return 1.0
    score = mine + sum(friends) - (max(foes) + 0.5 * (sum(foes) - max(foes)))
    return 1.0 / (1.0 + math.exp(-score / 12.0))


def _strength(g: Any, seat: int) -> float:
    from shared.rules.realm import ops

    p = g.players[seat]
    cat = g.ctx.catalog
    units = 0.0
    for uid in p.units:
        c = g.cards[uid]
        units += ops.unit_attack(g, uid) + 0.7 * (ops.unit_max_health(g, uid) - c.damage)
    hero = cat.heroes[p.hero]
    unlocked = sum(a.level for a in hero.abilities if a.id in p.abilities)
    health = p.health + 8.0 * math.log1p(max(p.health, 0)) - 8.0 * math.log1p(p.max_health)
    return float(
        health
        + 0.9 * units
        + 0.15 * p.gold
        + 0.6 * p.production
        + 1.5 * unlocked
        + 1.2 * len(p.hand)
    )

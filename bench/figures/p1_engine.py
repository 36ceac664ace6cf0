"""P1: rules-core decisions per second in random full 2-player games, on one core,
beside python-chess random play (legal move generation + push) in the same process.

A "decision" is one ``legal_actions`` + uniform choice + in-place ``apply_action``,
forced passes included, exactly as a bot or a random-playout test drives the core.
"""

from __future__ import annotations

import random
import time

from bench.harness import Figure


def _realm(seconds: float) -> float:
    from shared.rules.realm.engine import apply_action, legal_actions, new_game

    setup = {"format": "duel", "seats": [{"hero": "random"}, {"hero": "random"}]}
    decisions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rnd = random.Random(seed)
        g = new_game(setup, seed)
        while g.result is not None or g.prompt is not None:
            if g.result is not None:
                break
            seat = g.prompt.seat  # type: ignore[union-attr]
            apply_action(g, seat, rnd.choice(legal_actions(g, seat)), check=False)
            decisions += 1
        seed += 1
    return decisions / (time.perf_counter() - start)


def _chess(seconds: float) -> float:
    import chess

    moves = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rnd = random.Random(seed)
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.fullmove_number < 200:
            board.push(rnd.choice(list(board.legal_moves)))
            moves += 1
        seed += 1
    return moves / (time.perf_counter() - start)


def measure(quick: bool) -> list[Figure]:
    seconds = 2.0 if quick else 8.0
    ours = _realm(seconds)
    peer = _chess(seconds)
    return [Figure(
        id="P1", name="rules core: decisions/s, random 2-player games, one core",
        value=round(ours), unit="decisions/s", peer="python-chess random play (moves/s)",
        peer_value=round(peer), aim="at least 3x the peer",
        notes="forced passes count as decisions",
    )]

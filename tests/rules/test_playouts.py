"""Random playouts: 1,000 seeded games across all formats, invariants after every command.

``make soak`` runs the same check over 100,000 games (``-m soak``).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from shared.rules.realm import invariants
from shared.rules.realm.engine import apply_action, new_game
from shared.rules.realm.state import GameState
from shared.rules.realm.view import state_hash
from tests.rules.conftest import FORMATS, random_game, setup_for

GAMES = 1000
SHARDS = 10


def _play_checked(fmt: str, n: int, seed: int) -> tuple[GameState, list[tuple[int, Any]]]:
    def each(g: GameState, events: list[dict[str, Any]]) -> None:
        moved = any(e["t"] != "passed" for e in events)
        invariants.check(g, legal_known=True, zones=moved)
        invariants.turn_ended_with_empty_chain(events, g)

    g, log = random_game(fmt, n, seed, each=each)
    assert g.result is not None, f"game {seed} ({fmt}) did not end in {len(log)} decisions"
    return g, log


@pytest.mark.parametrize("shard", range(SHARDS))
def test_random_games_keep_invariants(shard: int) -> None:
    for seed in range(shard, GAMES, SHARDS):
        fmt, n = FORMATS[seed % len(FORMATS)]
        g, _ = _play_checked(fmt, n, seed)
        assert g.result is not None and g.result["winners"] is not None


@pytest.mark.parametrize("seed", [0, 3])
def test_same_seed_and_commands_same_hash_at_every_step(seed: int) -> None:
    fmt, n = FORMATS[seed % len(FORMATS)]
    hashes: list[str] = []
    _g, log = random_game(fmt, n, seed, each=lambda g, e: hashes.append(state_hash(g)))
    replay = new_game(setup_for(fmt, n), seed)
    for i, (seat, action) in enumerate(log):
        apply_action(replay, seat, action)
        assert state_hash(replay) == hashes[i], f"diverged at step {i}"


@pytest.mark.parametrize("seed", range(100, 120))
def test_same_seed_and_commands_same_final_hash_and_events(seed: int) -> None:
    fmt, n = FORMATS[seed % len(FORMATS)]
    seen: list[dict[str, Any]] = []
    g, log = random_game(fmt, n, seed, each=lambda g, e: seen.extend(e))
    replay = new_game(setup_for(fmt, n), seed)
    again: list[dict[str, Any]] = []
    for seat, action in log:
        again.extend(apply_action(replay, seat, action))
    assert again == seen
    assert state_hash(replay) == state_hash(g)


def test_different_seeds_deal_differently() -> None:
    a = new_game(setup_for("duel", 2, ["hakor_dajet", "thedric_egen"]), 1)
    b = new_game(setup_for("duel", 2, ["hakor_dajet", "thedric_egen"]), 2)
    assert state_hash(a) != state_hash(b)


@pytest.mark.soak
def test_soak() -> None:
    games = int(os.environ.get("SOAK_GAMES", "100000"))
    for seed in range(games):
        fmt, n = FORMATS[seed % len(FORMATS)]
        _play_checked(fmt, n, 10_000_000 + seed)


def test_state_hash_is_the_same_in_another_process() -> None:
    import subprocess
    import sys

    code = ("from tests.rules.conftest import random_game\n"
            "from shared.rules.realm.view import state_hash\n"
            "g, log = random_game('ffa', 3, 77)\n"
            "print(state_hash(g), len(log))\n")
    outs = set()
    for hashseed in ("1", "12345"):
        env = {"PYTHONHASHSEED": hashseed, "PYTHONPATH": "."}
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, check=True, timeout=120)
        outs.add(run.stdout.strip())
    g, log = random_game("ffa", 3, 77)
    outs.add(f"{state_hash(g)} {len(log)}")
    assert len(outs) == 1, outs

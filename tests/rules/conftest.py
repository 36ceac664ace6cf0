"""Helpers shared by the rules-core tests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from shared.rules.realm.catalog import Catalog, load_catalog
from shared.rules.realm.engine import apply_action, legal_actions, new_game
from shared.rules.realm.state import GameState

FORMATS: list[tuple[str, int]] = [("duel", 2), ("ffa", 3), ("ffa", 4), ("sworn", 3),
                                  ("sworn", 4), ("team", 4)]


def setup_for(fmt: str, n: int, heroes: list[str] | None = None) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"name": f"P{i + 1}", "hero": "random"} for i in range(n)]
    for i, s in enumerate(seats):
        if heroes:
            s["hero"] = heroes[i]
        if fmt == "team":
            s["team"] = i // 2
    return {"format": fmt, "seats": seats}


def random_game(fmt: str, n: int, seed: int, limit: int = 50_000,
                each: Any = None) -> tuple[GameState, list[tuple[int, Any]]]:
    """Play a game with uniformly random legal choices; returns it and its commands."""
    rnd = random.Random(seed)
    g = new_game(setup_for(fmt, n), seed)
    log: list[tuple[int, Any]] = []
    while g.result is None and len(log) < limit:
        assert g.prompt is not None
        seat = g.prompt.seat
        action = rnd.choice(legal_actions(g, seat))
        events = apply_action(g, seat, action, check=False)
        log.append((seat, action))
        if each is not None:
            each(g, events)
    return g, log


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()

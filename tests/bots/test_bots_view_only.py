"""A bot's input is only its seat's view (plus its seed and budget).

By construction: a policy is ``fn(view, rng, budget)``; ``choose`` hands it a private deep
copy of the view. These tests check that the choice is a function of the view alone: a
JSON round trip of the view changes nothing, and a different game state with the same
view (other hidden cards) gets the same choice.
"""

from __future__ import annotations

import inspect
import json
import random

import pytest

from server.botplay import Budget, choose, policy
from server.simulate import ALL_FORMATS, make_setup
from shared.rules.realm import engine
from shared.rules.realm.determinize import Unsupported, determinize
from shared.rules.realm.ruleset import RULESET
from shared.rules.realm.view import view_for

LEVELS = ("random", "easy", "medium", "hard")
BUDGET = Budget(iterations=4, seconds=None)


def _views(n_games: int = 6, stop_turn: int = 6):
    """(state, seat, view) at bot decisions of a few seeded games."""
    for i in range(n_games):
        g = engine.new_game(make_setup(ALL_FORMATS[i % len(ALL_FORMATS)], None), 300 + i)
        while g.result is None and g.turn <= stop_turn:
            seat = g.prompt.seat
            v = view_for(g, seat)
            if len(v["legal"]) > 1:
                yield g, seat, v
            a = choose("medium", v, i)
            RULESET.apply(g, seat, a, version=v["version"], in_place=True)


@pytest.mark.parametrize("level", LEVELS)
def test_policy_takes_only_view_rng_budget(level: str) -> None:
    params = list(inspect.signature(policy(level)).parameters)
    assert params == ["view", "rng", "budget"]


def test_same_view_same_choice_whatever_is_hidden() -> None:
    checked = 0
    for k, (_g, seat, v) in enumerate(_views()):
        if k % 10:
            continue
        try:
            other = determinize(v, random.Random(k))  # other hidden cards, same view
        except Unsupported:
            continue
        v2 = view_for(other, seat)
        assert v2 == v
        plain = json.loads(json.dumps(v))
        for level in ("easy", "medium", "hard"):
            a = choose(level, v, 11, BUDGET)
            assert choose(level, v2, 11, BUDGET) == a
            assert choose(level, plain, 11, BUDGET) == a
        checked += 1
    assert checked >= 15


def test_bot_cannot_change_the_callers_view() -> None:
    for k, (_, _, v) in enumerate(_views(2, 3)):
        before = json.dumps(v, sort_keys=True)
        a = choose("medium", v, 1)
        assert json.dumps(v, sort_keys=True) == before
        assert any(a is x for x in v["legal"])
        if k > 30:
            break


def test_no_decision_no_action() -> None:
    g = engine.new_game(make_setup("duel", None), 1)
    idle = 1 - g.prompt.seat
    v = view_for(g, idle)
    assert v["legal"] == []
    for level in LEVELS:
        assert choose(level, v, 1) is None

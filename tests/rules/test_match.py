"""Competitive match: random heroes never repeat, the loser chooses who goes first."""

from __future__ import annotations

import random

import pytest

from shared.rules.base import SetupError
from shared.rules.realm.catalog import Catalog, load_catalog
from shared.rules.realm.engine import apply_action, legal_actions, new_game
from shared.rules.realm.match import new_match, next_game, record


def _play(setup: dict, seed: int) -> tuple[dict, list[str]]:  # type: ignore[type-arg]
    g = new_game(setup, seed)
    prompts = [g.prompt.kind] if g.prompt else []
    rnd = random.Random(seed)
    while g.result is None:
        seat = g.prompt.seat if g.prompt else 0
        apply_action(g, seat, rnd.choice(legal_actions(g, seat)), check=False)
    return g.result, prompts


def test_best_of_one_plays_to_a_winner() -> None:
    m = new_match(("Ann", "Bo"), 1, seed=3)
    while m.winner is None:
        setup, seed = next_game(m)
        result, _ = _play(setup, seed)
        record(m, result)
    assert m.wins[m.winner] == 1
    with pytest.raises(SetupError):
        next_game(m)


def test_heroes_never_repeat_and_loser_chooses_first() -> None:
    cat = load_catalog()
    m = new_match(("Ann", "Bo"), 1, seed=8)
    setup, seed = next_game(m)
    _result, prompts = _play(setup, seed)
    assert prompts[0] == "equip"            # game one: the first player is rolled
    m.wins = [0, 0]
    record(m, {"winners": [0], "reason": "x"})
    loser = 1
    big = Catalog(cards=cat.cards, heroes={**cat.heroes, **{
        f"{h}_copy": cat.heroes[h] for h in cat.heroes}})
    m.best_of = 3
    setup2, _ = next_game(m, big)
    heroes2 = [s["hero"] for s in setup2["seats"]]
    assert not set(heroes2) & set(m.used[:2])
    assert setup2["options"]["first_chooser"] == loser


def test_even_or_oversized_series_is_refused() -> None:
    with pytest.raises(SetupError, match="odd"):
        new_match(("a", "b"), 2, seed=1)
    with pytest.raises(SetupError, match="heroes"):
        new_match(("a", "b"), 99, seed=1)


def test_loser_choice_prompt_sets_first_player() -> None:
    setup = {"format": "duel", "options": {"first_chooser": 1},
             "seats": [{"hero": "beledan_kind"}, {"hero": "thedric_egen"}]}
    g = new_game(setup, 5)
    assert g.prompt is not None and g.prompt.kind == "first" and g.prompt.seat == 1
    apply_action(g, 1, ("first", 0))
    assert g.first_player == 0 and g.prompt is not None and g.prompt.kind == "equip"

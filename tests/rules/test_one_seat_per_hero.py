"""A hero is played by one seat at most (docs/rulings.md, 46): a setup naming a hero for
two seats is refused, and random heroes never repeat one a seat chose."""

from __future__ import annotations

import pytest

from shared.rules.base import SetupError
from shared.rules.realm.engine import new_game
from shared.rules.realm.scenario import Scenario
from tests.rules.conftest import setup_for


def test_a_hero_chosen_by_three_seats_is_refused_naming_it_and_them() -> None:
    heroes = ["random", "thedric_egen", "thedric_egen", "thedric_egen"]
    with pytest.raises(SetupError, match=r"Thedric Egen is chosen by seats 2, 3 and 4"):
        new_game(setup_for("ffa", 4, heroes), 1)


@pytest.mark.parametrize(("fmt", "n"), [("duel", 2), ("sworn", 3), ("team", 4)])
def test_two_seats_with_one_hero_are_refused_in_every_format(fmt: str, n: int) -> None:
    heroes = ["hakor_dajet", *(["random"] * (n - 2)), "hakor_dajet"]
    with pytest.raises(SetupError, match=rf"Hakor Dajet is chosen by seats 1 and {n}"):
        new_game(setup_for(fmt, n, heroes), 7)


def test_random_heroes_never_repeat_a_chosen_one_or_each_other() -> None:
    for seed in range(150):
        g = new_game(setup_for("ffa", 4, ["random", "thedric_egen", "random", "random"]), seed)
        heroes = [p.hero for p in g.players]
        assert heroes[1] == "thedric_egen" and len(set(heroes)) == 4, (seed, heroes)


def test_a_scenario_that_seats_one_hero_twice_cannot_be_set_up() -> None:
    seats = [{"name": "A", "hero": "nyx_valendra"}, {"name": "B", "hero": "nyx_valendra"}]
    with pytest.raises(SetupError, match="Nyx Valendra is chosen by seats 1 and 2"):
        Scenario({"format": "duel", "seats": seats})

"""The game-over screen says what happened to each of the winners' opponents when a
concession ended the game ("Bob conceded; Carol was defeated"), and the match history
says in a sentence that a chooser ran out of time."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from client.screens.gameover import match_markup, over_markup
from client.viewmodel.table import build_table
from tests.client.fixtures import views as v


def ffa(players: int) -> dict[str, Any]:
    """:func:`v.over` in a free-for-all of ``players``: Alice, Bob, Carol, Dan; everyone
    but Alice is out (at 0 health), Alice wins."""
    view = v.over()
    view["format"] = "ffa"
    bob = view["players"][1]
    for seat, name in ((2, "Carol"), (3, "Dan"))[: players - 2]:
        view["players"].append({**copy.deepcopy(bob), "seat": seat, "name": name})
    return view


def conceded(view: dict[str, Any], *seats: int) -> dict[str, Any]:
    """``view`` with ``seats`` marked as conceded, and the game ended by a concession."""
    for seat in seats:
        view["players"][seat]["conceded"] = True
    winners = [p["seat"] for p in view["players"] if p.get("team") == 0 or p["seat"] == 0]
    view["result"] = {"winners": winners, "reason": "opponent_conceded"}
    return view


def result(view: dict[str, Any]) -> str:
    return over_markup(build_table(view)).splitlines()[0]


@pytest.mark.parametrize(
    ("players", "seats", "said"),
    [
        (3, (2,), "(Carol conceded; Bob was defeated)"),
        (3, (1,), "(Bob conceded; Carol was defeated)"),
        (4, (2, 3), "(Carol and Dan conceded; Bob was defeated)"),
        (4, (3,), "(Dan conceded; Bob and Carol were defeated)"),
        (4, (1, 2, 3), "(opponents conceded)"),
        (3, (1, 2), "(opponents conceded)"),
    ],
)
def test_each_opponent_is_said_conceded_or_defeated(
    players: int, seats: tuple[int, ...], said: str
) -> None:
    assert result(conceded(ffa(players), *seats)).startswith(f"[b]Alice wins {said}[/b]")


def test_a_duel_names_the_one_who_conceded() -> None:
    assert "Alice wins (Bob conceded)" in result(conceded(v.over(), 1))


def test_a_game_won_by_defeat_keeps_its_reason() -> None:
    view = conceded(ffa(3), 1)  # Bob conceded earlier; Carol was defeated last
    view["result"] = {"winners": [0], "reason": "last_hero_standing"}
    assert "Alice wins (last hero standing)" in result(view)


def test_a_team_game_speaks_of_the_other_team_only() -> None:
    """Carol, of the winning team, conceded earlier: she is no opponent."""
    view = ffa(4)
    view["format"] = "team"
    for p in view["players"]:
        p["team"] = p["seat"] % 2
    view["players"][2].update(health=0, alive=False)
    assert "Alice and Carol win (Bob conceded; Dan was defeated)" in result(conceded(view, 1, 2))
    assert "Alice and Carol win (opponents conceded)" in result(conceded(view, 3))


def test_the_history_says_in_words_that_the_chooser_ran_out_of_time() -> None:
    game = {"game": 1, "heroes": [], "chooser": 1, "first": 1, "chosen_by": "timeout",
            "winners": [0]}  # fmt: skip
    match = {"best_of": 3, "game": 2, "played": 2, "wins": [1, 0], "games": [game],
             "winners": None, "next": "game", "ready": []}  # fmt: skip
    text = match_markup(match, ["Ann", "Bob"], [0, 1])
    assert "Ann won [$text-muted](Bob ran out of time to choose and played first)[/]" in text
    game["first"] = 0
    text = match_markup(match, ["Ann", "Bob"], [0, 1])
    assert "(Bob ran out of time to choose and played second)" in text

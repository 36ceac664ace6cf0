"""The game-over screen's words: one word for a hero at 0 health in every format
("defeated", as the result line says it),
"opponents" when more than one conceded, names listed as "A, B and C", and a team
game's score by team."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from client.screens.gameover import GameOverScreen, match_label, match_markup, over_markup
from client.viewmodel.table import build_table
from tests.client.fixtures import views as v
from tests.client.helpers import make_app, screen_text


def four(fmt: str) -> dict[str, Any]:
    """:func:`v.over` with four players: Alice, Bob, Carol, Dan (teams 1, 2, 1, 2 in a
    team game); Bob and Dan are at 0 health."""
    view = v.over()
    view["format"] = fmt
    alice, bob = view["players"]
    carol = {**copy.deepcopy(alice), "seat": 2, "name": "Carol"}
    dan = {**copy.deepcopy(bob), "seat": 3, "name": "Dan"}
    view["players"] = [alice, bob, carol, dan]
    if fmt == "team":
        for p in view["players"]:
            p["team"] = p["seat"] % 2
    return view


def rows(view: dict[str, Any]) -> list[str]:
    return over_markup(build_table(view)).splitlines()[2:]


@pytest.mark.parametrize("fmt", ["duel", "ffa", "sworn", "team"])
def test_a_hero_at_0_health_is_defeated_in_every_format(fmt: str) -> None:
    # "defeated", not "out": the result line above says "Bob was defeated"
    view = v.over() if fmt == "duel" else four(fmt)
    view["format"] = fmt
    fallen = [row for row in rows(view) if "♥ 0/" in row]
    assert fallen and all(row.endswith("[$error]defeated[/]") for row in fallen)


def test_a_player_who_conceded_is_still_marked_so() -> None:
    view = four("ffa")
    view["players"][1]["conceded"] = True
    assert rows(view)[1].endswith("[$error]conceded[/]")


def test_two_opponents_who_conceded_are_opponents() -> None:
    view = four("team")
    for p in view["players"][1::2]:
        p["conceded"] = True
    view["result"] = {"winners": [0, 2], "reason": "opponent_conceded"}
    assert over_markup(build_table(view)).startswith(
        "[b]Alice and Carol win (opponents conceded)[/b]"
    )


def test_one_opponent_who_conceded_is_still_named() -> None:
    view = four("team")
    view["players"][1]["conceded"] = True
    view["players"][2]["conceded"] = True  # Carol, of the winning team, conceded earlier
    view["result"] = {"winners": [0, 2], "reason": "opponent_conceded"}
    assert "(Bob conceded; Dan was defeated)" in over_markup(build_table(view)).splitlines()[0]


def rematch(**kw: Any) -> dict[str, Any]:
    info = {"best_of": 1, "number": 1, "game": 2, "played": 2, "wins": [0, 0, 0, 0],
            "heroes": [], "games": [], "winners": None, "next": "rematch",
            "ready": [], "tally": [1, 0, 1, 0]}  # fmt: skip
    info.update(kw)
    return info


NAMES = ["Player", "Bob", "Carol", "Dan"]


def test_names_are_listed_with_commas_and_a_last_and() -> None:
    text = match_markup(rematch(ready=[0, 1, 2]), NAMES, [0, 1, 2, 3], mine=[0])
    assert "You, Bob and Carol asked for a rematch; waiting for Dan." in text
    hotseat = match_markup(rematch(ready=[0, 1, 2]), NAMES, [0, 1, 2, 3])
    assert "Player, Bob and Carol asked for a rematch; waiting for Dan." in hotseat
    two = match_markup(rematch(ready=[1, 2]), NAMES, [0, 1, 2], mine=[0])
    assert "Bob and Carol asked for a rematch; waiting for you." in two


def test_a_team_rematch_counts_the_teams_games() -> None:
    teams = [0, 1, 0, 1]
    assert match_label(rematch(), teams=teams) == "Game 2 · Team 1: 1 – Team 2: 0"
    assert match_label(rematch(), short=True, teams=teams) == "Game 2 · teams 1–0"
    assert match_label(rematch()) == "Game 2 · 1–0–1–0"  # no teams known: per seat
    text = match_markup(rematch(), NAMES, [0], teams=teams)
    assert "Games at this table[/b] · Team 1: 1 · Team 2: 0" in text
    assert "Player: 1" not in text


@pytest.mark.asyncio
async def test_the_screen_of_a_team_rematch_shows_the_teams_score() -> None:
    view = four("team")
    view["result"] = {"winners": [0, 2], "reason": "opposing_team_defeated"}
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = GameOverScreen(build_table(view), match=rematch(ready=[1, 2, 3]),
                                names=NAMES, humans=[0, 1, 2, 3], mine=[0])  # fmt: skip
        await app.push_screen(screen)
        await pilot.pause()
        text = screen_text(app)
        assert "Games at this table · Team 1: 1 · Team 2: 0" in text
        assert "Bob, Carol and Dan asked for a rematch; waiting for you." in text
        fallen = [line for line in text.splitlines() if "♥ 0/" in line]
        assert len(fallen) == 2 and all("defeated" in line for line in fallen)


def test_a_score_of_more_than_two_seats_names_who_has_won() -> None:
    names = ["Player", "Bot 2", "Bot 3", "Bot 4"]
    assert match_label(rematch(), names=names) == "Game 2 · won: Player (1), Bot 3 (1)"
    more = {**rematch(), "tally": [0, 0, 2, 1], "played": 4}
    assert match_label(more, True, names=names) == "Game 4 · won: Bot 3 (2), Bot 4 (1)"
    none = {**rematch(), "tally": [0, 0, 0, 0]}
    assert match_label(none, names=names) == "Game 2 · no wins yet"
    teams = [0, 1, 0, 1]  # a team game keeps the teams' score
    assert match_label(rematch(), teams=teams, names=names) == "Game 2 · Team 1: 1 – Team 2: 0"
    duel = {**rematch(), "tally": [1, 0]}
    assert match_label(duel, names=names[:2]) == "Game 2 · Player 1–0 Bot 2"  # whose is whose
    assert match_label(duel, True, names=names[:2]) == "Game 2 · 1–0"  # short: the numbers

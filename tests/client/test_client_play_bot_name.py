"""``allegiance play --vs bot`` names its seats as the New local game form does: the
duel's bot is "Bot" both ways."""

from __future__ import annotations

from client.commands import play
from client.screens.setup import first_plan


def test_the_vs_bot_duel_names_its_bot_as_the_forms_first_plan() -> None:
    form = [s.name for s in first_plan("Ann").seats]
    assert [s.name for s in play._seats("duel", "Ann", False)] == form == ["Ann", "Bot"]


def test_more_bots_and_hotseat_people_take_the_forms_default_names() -> None:
    assert [s.name for s in play._seats("team", "Ann", False)] == ["Ann", "Bot", "Bot 3",
                                                                   "Bot 4"]
    assert [s.name for s in play._seats("ffa", "Ann", True)] == ["Ann", "Player 2",
                                                                 "Player 3"]

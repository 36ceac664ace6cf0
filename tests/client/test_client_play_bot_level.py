"""``allegiance play --vs bot`` seats bots of ``--bot-level`` (medium unless told, as a
hosted table's bots), and the new-game screen's first plan a medium bot."""

from __future__ import annotations

import argparse

import pytest

from client.commands import play
from client.screens.setup import first_plan


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_the_bots_of_vs_bot_are_medium_unless_told() -> None:
    args = _parse("--vs", "bot", "--format", "ffa")
    assert args.bot_level is None  # not given: medium
    seats = play._seats(args.format, "Ann", False)
    assert [(s.kind, s.level) for s in seats[1:]] == [("bot", 2), ("bot", 2)]


@pytest.mark.parametrize(("name", "level"), [("random", 0), ("easy", 1), ("hard", 3)])
def test_bot_level_picks_the_bots_strength(name: str, level: int) -> None:
    args = _parse("--vs", "bot", "--bot-level", name)
    seats = play._seats("duel", "Ann", False, play.LEVELS[args.bot_level])
    assert seats[1].level == level


def test_an_unknown_bot_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _parse("--bot-level", "brutal")
    assert "invalid choice: 'brutal'" in capsys.readouterr().err


@pytest.mark.parametrize("vs", [[], ["--vs", "hotseat"]])
def test_bot_level_without_vs_bot_is_refused(vs: list[str]) -> None:
    with pytest.raises(SystemExit, match="--bot-level goes with --vs bot"):
        play.run(_parse(*vs, "--bot-level", "hard"))


def test_the_first_new_game_plan_has_a_medium_bot() -> None:
    assert [(s.kind, s.level) for s in first_plan("Ann").seats] == [("human", 1), ("bot", 2)]

"""``allegiance play`` flags: --vs starts a game at once; without it, --format and
--best-of open the new-game screen on what they say (not silently ignored)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from client.app import AllegianceApp
from client.commands import play as play_command


@pytest.fixture
def opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[AllegianceApp]:
    """No screen starts: the app that would have run is kept instead."""
    apps: list[AllegianceApp] = []
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(AllegianceApp, "run", lambda self: apps.append(self))
    return apps


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    play_command.add_arguments(parser)
    play_command.run(parser.parse_args(argv))


@pytest.mark.parametrize(("fmt", "seats"), [("ffa", 3), ("team", 4), ("sworn", 3)])
def test_a_format_without_vs_opens_the_new_game_screen_on_it(
    opened: list[Any], fmt: str, seats: int
) -> None:
    run(["--format", fmt])
    app = opened[0]
    assert app.start is None and app.last_plan is not None
    assert app.last_plan.format == fmt and len(app.last_plan.seats) == seats
    assert [s.kind for s in app.last_plan.seats] == ["human"] + ["bot"] * (seats - 1)


def test_vs_starts_at_once_and_no_flag_keeps_the_default_screen(opened: list[Any]) -> None:
    run(["--vs", "hotseat", "--format", "team"])
    run([])
    started, plain = opened
    assert started.start.format == "team" and len(started.start.seats) == 4
    assert [s.kind for s in started.start.seats] == ["human"] * 4
    assert plain.start is None and plain.last_plan is None

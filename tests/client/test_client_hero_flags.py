"""``allegiance join --hero random`` is taken (the help offers it), and ``allegiance
host --hero`` gives the host's own seat a hero, taken as join's flag takes it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from client.app import AllegianceApp
from client.commands import host as host_command
from client.commands import join as join_command


def parse(module: Any, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    return parser.parse_args(argv)


@pytest.fixture
def started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[AllegianceApp]:
    """The apps the commands would have run (none is run)."""
    apps: list[AllegianceApp] = []
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr("client.app.run_app", lambda app: apps.append(app) or 0)
    return apps


@pytest.mark.parametrize("given", ["random", "RANDOM", " Random "])
def test_join_takes_random_for_no_hero(given: str, started: list[AllegianceApp]) -> None:
    args = parse(join_command, ["127.0.0.1:8765", "ABCDEF", "--hero", given])
    assert join_command.run(args) == 0
    plan = started[0].start
    assert plan is not None and getattr(plan, "hero", "?") is None


def test_join_still_refuses_a_hero_that_is_not_one(
    started: list[AllegianceApp], capsys: pytest.CaptureFixture[str]
) -> None:
    assert join_command.run(parse(join_command, ["h:1", "ABCDEF", "--hero", "nobody"])) == 2
    assert capsys.readouterr() == ("", "allegiance join: error: no hero is called 'nobody'; "
                                       "'allegiance cards --heroes' lists them\n")  # fmt: skip
    assert not started
    args = parse(join_command, ["h:1", "ABCDEF", "--hero", "thedric"])
    assert join_command.run(args) == 0
    assert getattr(started[0].start, "hero", None) == "thedric_egen"


def host_seats(started: list[AllegianceApp]) -> list[Any]:
    app = started[0]
    plan = (app.host_start or app.remote_host_start or (None,))[0]
    assert plan is not None
    return list(plan.seats)


@pytest.mark.parametrize(
    ("given", "hero"), [("thedric", "thedric_egen"), ("Gonde", "gonde_kyal"), ("random", None)]
)
def test_host_gives_its_own_seat_the_hero(
    given: str, hero: str | None, started: list[AllegianceApp]
) -> None:
    host_command.run(parse(host_command, ["--hero", given, "--format", "ffa"]))
    seats = host_seats(started)
    assert [s.hero for s in seats] == [hero, None, None]
    assert seats[0].to_wire()["hero"] == hero  # what the server is asked for


def test_host_on_a_server_gives_its_seat_the_hero(started: list[AllegianceApp]) -> None:
    host_command.run(parse(host_command, ["--on", "127.0.0.1:9", "--hero", "thedric"]))
    assert [s.hero for s in host_seats(started)] == ["thedric_egen", None]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--hero", "nobody"], "no hero is called 'nobody'"),
        (["--hero", "th"], "th"),  # more than one hero: named
        (["--hero", "thedric", "--best-of", "3"], "--hero is for one game"),
        (["--no-play", "--hero", "thedric"], "--hero is an option of the hosted table"),
    ],
)
def test_host_refuses_a_hero_it_cannot_give(
    argv: list[str], said: str, started: list[AllegianceApp], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        host_command.run(parse(host_command, argv))
    assert info.value.code == 2
    assert said in capsys.readouterr().err and not started


def test_host_random_in_a_match_is_no_hero(started: list[AllegianceApp]) -> None:
    host_command.run(parse(host_command, ["--hero", "random", "--best-of", "3"]))
    assert [s.hero for s in host_seats(started)] == [None, None]

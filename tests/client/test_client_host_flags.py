"""``allegiance host`` and ``serve`` flags refused before anything starts: one line each."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from client.app import AllegianceApp
from client.commands import host as host_command
from client.commands import serve as serve_command


@pytest.fixture(autouse=True)
def nothing_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Neither a screen nor a server starts here, whatever a flag lets through: what
    would have started is recorded instead."""
    started: list[Any] = []
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(AllegianceApp, "run", lambda self: started.append(self.host_start))
    monkeypatch.setattr("server.cli.run_serve", lambda *args: started.append(args) or 0)
    return started


def parse(module: Any, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    return parser.parse_args(argv)


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--format", "ffa", "--bots", "2", "--best-of", "3", "--players", "4"],
         "--format, --players, --bots and --best-of are options"),
        (["--format", "duel"], "--format is an option"),  # the default, given: refused too
        (["--bot-level", "hard"], "--bot-level is an option"),
        (["--spectators", "none"], "--spectators is an option"),
    ],
)  # fmt: skip
def test_no_play_refuses_every_table_flag(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        host_command.run(parse(host_command, ["--no-play", *argv]))
    assert info.value.code == 2  # as argparse's own errors
    err = capsys.readouterr().err
    assert err == (f"allegiance host: error: {named} of the hosted table; with --no-play "
                   "no table is made\n")  # fmt: skip


def test_hosting_without_table_flags_still_takes_their_defaults(
    nothing_starts: list[Any],
) -> None:
    started = nothing_starts
    host_command.run(parse(host_command, []))
    plan = started[0][0]
    assert plan.format == "duel" and plan.options == {"spectators": "public"}
    assert [seat.kind for seat in plan.seats] == ["human", "human"]  # no bots
    assert started[0][2] == 8765  # the port, as before
    host_command.run(parse(host_command, ["--bots", "1"]))
    assert started[1][0].seats[1].level == 2  # medium


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--players", "3"], "a duel has 2 seats, not 3"),
        (["--players", "9"], "a duel has 2 seats, not 9"),
        (["--format", "ffa", "--players", "2"], "a free-for-all has 3 or 4 seats, not 2"),
        (["--format", "sworn", "--players", "5"], "a sworn enemy game has 3 or 4 seats, not 5"),
        (["--format", "team", "--players", "3"], "a team game has 4 seats, not 3"),
        (["--bots", "-1"], "--bots must be 0 or more, not -1"),
        (["--bots", "2"], "--bots must leave at least one seat for you"),
        (["--port", "70000"], "--port must be 0–65535, not 70000"),
        (["--port", "-1"], "--port must be 0–65535, not -1"),
        (["--no-play", "--port", "70000"], "--port must be 0–65535, not 70000"),
    ],
)
def test_a_bad_count_or_port_is_a_usage_error_before_the_game_opens(
    argv: list[str], said: str, nothing_starts: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        host_command.run(parse(host_command, argv))
    assert info.value.code == 2
    assert capsys.readouterr().err == f"allegiance host: error: {said}\n"
    assert nothing_starts == []


def test_the_lan_name_is_cleaned_as_players_names_are(nothing_starts: list[Any]) -> None:
    host_command.run(parse(host_command, ["--name", "Den\n\tof\x1b Thieves"]))
    assert nothing_starts[0][4] == "Den of Thieves"


@pytest.mark.parametrize(("module", "extra"), [(serve_command, []), (host_command, ["--no-play"]),
                                               (host_command, [])])  # fmt: skip
def test_a_database_under_a_file_is_said_plainly(tmp_path: Path, module: Any,
                                                 extra: list[str]) -> None:  # fmt: skip
    afile = tmp_path / "afile"
    afile.write_text("")
    db = afile / "x.db"
    with pytest.raises(SystemExit) as info:
        module.run(parse(module, ["--db", str(db), *extra]))
    assert info.value.code == 2  # a --db that cannot be used: a mistake in the command line
    assert str(info.value) == (f"allegiance {module.NAME}: error: cannot create the folder of "
                               f"--db {db}: {afile} is not a folder")  # fmt: skip


def test_no_play_without_table_flags_serves(nothing_starts: list[Any]) -> None:
    assert host_command.run(parse(host_command, ["--no-play", "--name", "Den"])) == 0
    assert len(nothing_starts) == 1  # run_serve, with the advertisement


def test_the_timer_grace_and_reconnect_policy_reach_the_table(nothing_starts: list[Any]) -> None:
    argv = ["--timer", "45", "--grace", "20", "--if-away", "bot"]
    host_command.run(parse(host_command, argv))
    plan = nothing_starts[0][0]
    assert plan.options == {"spectators": "public", "timer": 45.0, "grace": 20.0, "policy": "bot"}


@pytest.mark.parametrize("argv", [["--timer", "soon"], ["--grace", "-1"], ["--if-away", "sulk"]])
def test_bad_timer_grace_or_policy_are_refused_by_the_parser(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        parse(host_command, argv)
    assert info.value.code == 2
    assert "argument --" in capsys.readouterr().err


def test_no_play_refuses_the_timer_too(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        host_command.run(parse(host_command, ["--no-play", "--if-away", "bot"]))
    assert "--if-away is an option of the hosted table" in capsys.readouterr().err


def test_on_makes_the_table_on_that_server_and_serves_nothing_here(
    nothing_starts: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[Any] = []
    monkeypatch.setattr(AllegianceApp, "run", lambda self: made.append(self.remote_host_start))
    host_command.run(parse(host_command, ["--on", "example.org:9000", "--format", "ffa"]))
    plan, address = made[0]
    assert address == "example.org:9000" and plan.format == "ffa" and len(plan.seats) == 3


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--on", "example.org:99999"], "is not a server address"),
        (["--on", "example.org", "--port", "9000"], "--port is an option of a server here"),
        (["--on", "example.org", "--no-play"], "--no-play would make none"),
    ],
)
def test_on_refuses_what_cannot_go_with_it(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        host_command.run(parse(host_command, argv))
    assert info.value.code == 2 and said in capsys.readouterr().err


def test_the_table_flags_given_are_kept_to_say_when_a_game_is_resumed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The app learns which table flags were typed (a resumed game says they are not
    used), not the defaults filled in for the others."""
    kept: list[list[str]] = []
    monkeypatch.setattr(AllegianceApp, "run", lambda self: kept.append(self.host_flags))
    host_command.run(parse(host_command, ["--best-of", "3", "--timer", "30"]))
    host_command.run(parse(host_command, []))
    assert kept == [["--best-of", "--timer"], []]


def test_player_names_the_host_at_the_table_with_or_without_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--player is the host's own name at the table (--name is the LAN's name for the
    game, a flag of a server here); --no-play refuses it, as it makes no table."""
    names: list[str] = []
    monkeypatch.setattr(AllegianceApp, "run", lambda self: names.append(self.settings.name))
    host_command.run(parse(host_command, ["--player", "Al\tice"]))  # cleaned as names are
    host_command.run(parse(host_command, ["--on", "example.org:9000", "--player", "Bo"]))
    assert names == ["Al ice", "Bo"]
    with pytest.raises(SystemExit):
        host_command.run(parse(host_command, ["--no-play", "--player", "Cy"]))
    assert "--player is an option" in capsys.readouterr().err

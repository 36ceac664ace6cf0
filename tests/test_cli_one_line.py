"""Every error of the command is one line (docs/development.md, "Command-line errors"),
argparse's own too: it printed its usage block above its line. Every line reads as a
clause (lower case first, no full stop) whatever wrote the message, and a server's
answer to ``replay --connect`` is a failure while running (exit status 1)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from client import cli
from server.local import start_local_server
from tests.test_cli_errors import folder, run_main

__all__ = ["folder"]  # the fixture, used by name

#: (argv, the command its line names, exit status): argparse's own mistakes.
ARGPARSES: list[tuple[list[str], str, int]] = [
    (["play", "--foo"], "play", 2),
    (["play", "--vs", "robot"], "play", 2),
    (["join", "--foo"], "join", 2),
    (["join", "a", "b", "c"], "join", 2),
    (["watch", "--foo"], "watch", 2),
    (["replay", "--foo"], "replay", 2),
    (["replay", "--game", "x"], "replay", 2),
    (["serve", "--port", "x"], "serve", 2),
    (["host", "--on", "127.0.0.1:1", "--foo"], "host", 2),
    (["host", "--on", "127.0.0.1:1", "--timer", "-5"], "host", 2),
    (["host", "--on", "127.0.0.1:1", "--grace", "-1"], "host", 2),
    (["sim", "--seats", "5"], "sim", 2),
    (["sim", "--foo"], "sim", 2),
    (["cards", "--deck", "foo"], "cards", 2),
    (["cards", "--cost", "x"], "cards", 2),
    (["scenario"], "scenario", 2),
    (["scenario", "foo"], "scenario", 2),
    (["scenario", "run"], "scenario run", 2),
    (["scenario", "run", "x.toml", "--foo"], "scenario run", 2),
    (["--foo"], "", 2),
    (["nosuchcmd"], "", 2),
]


def one_line(err: str, command: str) -> str:
    """The one line of ``err``, checked to be an error line of ``command``."""
    program = f"allegiance {command}".strip()
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith(f"{program}: error: "), err
    assert "usage:" not in err and "Traceback" not in err, err
    return err.removesuffix("\n")


@pytest.mark.parametrize(("argv", "command", "status"), ARGPARSES,
                         ids=[" ".join(row[0]) for row in ARGPARSES])  # fmt: skip
def test_argparses_own_errors_are_one_line_with_the_help_to_read(
    argv: list[str], command: str, status: int, folder: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    got, out, err = run_main(argv, capsys)
    assert (got, out) == (status, "")
    program = f"allegiance {command}".strip()
    assert one_line(err, command).endswith(f"; see '{program} --help'")


def test_python_m_server_says_its_mistakes_in_one_line_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from server.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["--port", "x"])
    assert exc.value.code == 2
    assert capsys.readouterr().err == ("python -m server: error: argument --port: invalid int "
                                       "value: 'x'; see 'python -m server --help'\n")  # fmt: skip


def test_python_m_server_simulate_is_allegiance_sim_in_its_words_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from server.simulate import main

    with pytest.raises(SystemExit) as exc:
        main(["--bogus"])
    assert exc.value.code == 2
    line = one_line(capsys.readouterr().err, "sim")
    assert line.endswith("unrecognized arguments: --bogus; see 'allegiance sim --help'")


@pytest.mark.parametrize("command", ["serve", "host"])
def test_a_db_that_is_a_folder_is_said_in_words_and_refused(
    command: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It exited 1 with SQLite's "cannot use the database …: unable to open database
    file"; a --db in a folder that does not exist exits 2, and so does this one."""
    folder = folder / "games"
    folder.mkdir()
    extra = ["--no-play"] if command == "host" else []
    got, out, err = run_main([command, *extra, "--port", "0", "--db", str(folder)], capsys)
    assert (got, out) == (2, "")
    assert one_line(err, command) == (
        f"allegiance {command}: error: --db {folder} is a folder, not a database file (a "
        "server keeps its games in one file, e.g. allegiance.db)")  # fmt: skip


def test_the_default_database_as_a_folder_is_a_failure_said_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No flag to correct: the machine's data folder holds a folder of that name."""
    from server.cli import ServerParser, add_serve_arguments, config_from_args

    folder = tmp_path / "allegiance.db"
    folder.mkdir()
    monkeypatch.setattr("server.cli.default_db_path", lambda: folder)
    parser = ServerParser(prog="python -m server")
    add_serve_arguments(parser)
    with pytest.raises(SystemExit) as exc:
        config_from_args(parser.parse_args([]))
    assert exc.value.code == 1
    assert capsys.readouterr().err.startswith(
        f"python -m server: error: {folder} is a folder, not a database file"
    )


def test_replay_says_a_server_not_reached_as_a_clause(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said "error: Could not reach the server … on that port?)." (a sentence), while
    ``sim`` said "error: could not reach the server …" (a clause)."""
    got, out, err = run_main(["replay", "--connect", "127.0.0.1:1", "ABC123"], capsys)
    assert (got, out) == (1, "")
    assert one_line(err, "replay") == (
        "allegiance replay: error: could not reach the server at 127.0.0.1:1: nothing "
        "answers there (is the game still hosted, on that port?)")  # fmt: skip


def test_replay_refuses_an_address_that_is_not_one_before_connecting(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A port out of range is a mistake in the command line (it was tried, and failed
    as a server not reached)."""
    got, out, err = run_main(["replay", "--connect", "127.0.0.1:99999", "ABC123"], capsys)
    assert (got, out) == (2, "")
    assert one_line(err, "replay").startswith(
        "allegiance replay: error: --connect 127.0.0.1:99999 is not a server address"
    )


@pytest.mark.parametrize("extra", [[], ["--game", "2"], ["--token", "abc"]])
async def test_a_servers_answer_to_replay_is_a_failure_while_running(
    extra: list[str], folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay --connect ADDR NOSUCH`` exited 2 with the server's sentence ("error:
    There is no table with that code."): the server's tables come and go, so it is a
    failure while running (exit 1), said as a clause. A code that is not one is still
    the command line's mistake (exit 2)."""
    async with await start_local_server() as server:
        address = server.url.removeprefix("ws://")
        answered = await asyncio.to_thread(
            run_main, ["replay", "--connect", address, "NOSUCH", *extra], capsys
        )
        refused = await asyncio.to_thread(
            run_main, ["replay", "--connect", address, "bad code!"], capsys
        )
    assert answered == (1, "", "allegiance replay: error: there is no table with that code\n")
    assert refused[:2] == (2, "")
    assert one_line(refused[2], "replay").startswith(
        "allegiance replay: error: 'bad code!' is not a join code"
    )


@pytest.mark.parametrize(
    ("message", "said"),
    [("Could not reach the server at x:1: no answer.", "could not reach the server at x:1: "
                                                      "no answer"),
     ("There is no table with that code.", "there is no table with that code"),
     ("The server's replay arrived incomplete.", "the server's replay arrived incomplete"),
     ("Bob is already seated.", "Bob is already seated"),
     ("SQLite says no", "SQLite says no"),
     ("Gwendolyn is kept for seat 2; choose another hero.",
      "Gwendolyn is kept for seat 2; choose another hero"),
     ("--port must be 0–65535, not 99999", "--port must be 0–65535, not 99999"),
     ("it waits…", "it waits…"),
     ("it waits...", "it waits...")],
)  # fmt: skip
def test_every_line_is_a_clause_without_lower_casing_a_name(message: str, said: str) -> None:
    from server.cli import error_line

    assert error_line("replay", message) == f"allegiance replay: error: {said}"


def test_a_command_not_built_yet_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "SUBCOMMANDS", [m for m in cli.SUBCOMMANDS if "replay" not in m])
    assert cli.main(["replay"]) == 2
    assert capsys.readouterr().err == (
        "allegiance: error: 'replay' is not built yet; see 'allegiance --help'\n"
    )

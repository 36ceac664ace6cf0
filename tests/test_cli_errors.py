"""Every subcommand's errors follow one rule (docs/development.md, "Command-line
errors"): one line on stderr, ``allegiance <subcommand>: error: <what and why>``; exit
status 2 for a mistake in the command line (as argparse's own errors), 1 for a failure
while running. Most rows run ``client.cli.main`` in this process; a few run the real
command in a subprocess, where the line and the exit status are what a shell sees."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from client import cli

ROOT = Path(__file__).resolve().parents[1]

#: (argv, exit status, start of the one line on stderr). ``{tmp}`` is the test's folder.
MISTAKES: list[tuple[list[str], int, str]] = [
    (["play", "--bot-level", "hard"], 2, "allegiance play: error: --bot-level goes with --vs"),
    (["play", "--vs", "bot", "--format", "ffa", "--best-of", "3"], 2,
     "allegiance play: error: --best-of is for duels"),
    (["join", "127.0.0.1:99999", "ABCDEF"], 2,
     "allegiance join: error: 127.0.0.1:99999 is not a server address"),
    (["join", "127.0.0.1:8765", "bad code!"], 2,
     "allegiance join: error: 'bad code!' is not a join code"),
    (["join", "127.0.0.1:8765", "ABCDEF", "--hero", "nobody"], 2,
     "allegiance join: error: no hero is called 'nobody'"),
    (["watch", "127.0.0.1:abc", "ABCDEF"], 2,
     "allegiance watch: error: 127.0.0.1:abc is not a server address"),
    (["watch", "127.0.0.1:8765", "bad code!"], 2,
     "allegiance watch: error: 'bad code!' is not a join code"),
    (["replay", "--token", "abc"], 2, "allegiance replay: error: --token needs --connect"),
    (["replay", "{tmp}/nowhere.jsonl"], 2, "allegiance replay: error: no such file or folder"),
    (["serve", "--port", "99999"], 2, "allegiance serve: error: --port must be 0–65535"),
    (["serve", "--ruleset", "toy"], 2, "allegiance serve: error: --ruleset wants NAME="),
    (["serve", "--db", "{tmp}/typo/x.db"], 2, "allegiance serve: error: --db {tmp}/typo/x.db: "
                                              "the folder {tmp}/typo does not exist"),
    (["serve", "--db", "{tmp}/afile/x.db"], 2,
     "allegiance serve: error: cannot create the folder of --db {tmp}/afile/x.db"),
    (["host", "--port", "99999"], 2, "allegiance host: error: --port must be 0–65535"),
    (["host", "--players", "5"], 2, "allegiance host: error: a duel has 2 seats, not 5"),
    (["host", "--no-play", "--bots", "1"], 2,
     "allegiance host: error: --bots is an option of the hosted table"),
    (["host", "--db", "{tmp}/typo/x.db"], 2, "allegiance host: error: --db {tmp}/typo/x.db: "),
    (["sim", "--seats", "3", "--games", "1"], 2,
     "allegiance sim: error: --seats goes with --connect"),
    (["sim", "--games", "0"], 2, "allegiance sim: error: --games must be at least 1"),
    (["sim", "--connect", "127.0.0.1:99999", "--games", "1"], 2,
     "allegiance sim: error: --connect 127.0.0.1:99999 is not a server address"),
    (["scenario", "run", "{tmp}/nowhere.toml"], 2,
     "allegiance scenario run: error: no such file or folder"),
    (["cards", "--hero", "nobody"], 2, "allegiance cards: error: --hero: no hero matches"),
    (["cards", "--summary", "--deck", "basic"], 2,
     "allegiance cards: error: --summary counts every card"),
    # failures while running: nothing on the command line to correct
    (["replay", "--connect", "127.0.0.1:1", "ABC123"], 1,
     "allegiance replay: error: could not reach the server at 127.0.0.1:1: nothing answers"),
    (["replay", "{tmp}/broken.jsonl"], 1, "allegiance replay: error: {tmp}/broken.jsonl line 1"),
    (["replay", "--db", "{tmp}/notes.txt"], 1,
     "allegiance replay: error: {tmp}/notes.txt is not an Allegiance game database"),
    (["sim", "--connect", "127.0.0.1:1", "--games", "1"], 1,
     "allegiance sim: error: could not reach the server at 127.0.0.1:1: nothing answers"),
]  # fmt: skip


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with the files the rows name; no screen and no server may start."""
    import client.app
    import server.loop

    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("")
    (tmp_path / "broken.jsonl").write_text("{nope\n")
    (tmp_path / "notes.txt").write_text("shopping: bread\n")

    def started(*args: Any) -> Any:
        raise AssertionError("it started instead of refusing")

    monkeypatch.setattr(client.app.AllegianceApp, "run", started)
    monkeypatch.setattr(server.loop, "run", started)
    return tmp_path


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``allegiance argv`` in this process: its exit status, stdout and stderr."""
    try:
        status = cli.main(argv)
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("argv", "status", "start"), MISTAKES,
                         ids=[" ".join(row[0]) for row in MISTAKES])  # fmt: skip
def test_every_subcommand_says_an_error_in_one_line_with_its_status(
    argv: list[str], status: int, start: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    got, out, err = run_main([a.format(tmp=folder) for a in argv], capsys)
    assert (got, out) == (status, ""), err
    assert err.startswith(start.format(tmp=folder)), err
    assert err.count("\n") == 1 and "Traceback" not in err, err


@pytest.mark.parametrize(
    ("ours", "argparses"),
    [(["serve", "--port", "99999"], ["serve", "--port", "x"]),
     (["host", "--bots", "-1"], ["host", "--bots", "x"]),
     (["play", "--bot-level", "easy"], ["play", "--bot-level", "expert"]),
     (["sim", "--seats", "2"], ["sim", "--seats", "5"])],
)  # fmt: skip
def test_a_refused_value_reads_and_exits_as_argparses_own_errors(
    ours: list[str], argparses: list[str], folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``serve --port 99999`` said ``allegiance: error: …`` and exited 1, while ``serve
    --port x`` says ``allegiance serve: error: …`` and exits 2."""
    status, _, err = run_main(ours, capsys)
    theirs, _, their_err = run_main(argparses, capsys)
    prefix = f"allegiance {ours[0]}: error: "
    assert (status, theirs) == (2, 2)
    assert err.startswith(prefix) and their_err.splitlines()[-1].startswith(prefix), err


def test_sim_names_a_host_that_does_not_exist_in_words(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said ``[Errno -2] Name or service not known``: now what failed, as ``join``
    says it (no name lookup here: the lookup's error is raised as the resolver would)."""

    async def no_such_host(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(-2, "Name or service not known")

    monkeypatch.setattr("server.sim.run_sim", no_such_host)
    status, out, err = run_main(["sim", "--connect", "foo", "--games", "1"], capsys)
    assert (status, out) == (1, "")
    assert err == ("allegiance sim: error: could not reach the server at foo:8765: no "
                   "machine by that name is known here (check the address)\n")  # fmt: skip


def test_the_helper_prints_one_line_and_leaves_with_its_status(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from server.cli import FAILED, USAGE, error, fail, refuse

    with pytest.raises(SystemExit) as refused:
        refuse("scenario run", "no such file or folder: x")
    with pytest.raises(SystemExit) as failed:
        fail("python -m server", "the database is in use")
    assert (refused.value.code, failed.value.code) == (USAGE, FAILED) == (2, 1)
    assert str(refused.value) == "allegiance scenario run: error: no such file or folder: x"
    assert str(failed.value) == "python -m server: error: the database is in use"
    assert error("cards", "bad card data", FAILED) == 1
    assert capsys.readouterr().err.splitlines() == [
        str(refused.value), str(failed.value), "allegiance cards: error: bad card data"]


# --------------------------------------------------------------------------- a real shell


def shell(*argv: str, module: str = "client.cli") -> subprocess.CompletedProcess[str]:
    """The command run as a shell runs it, on this checkout's code."""
    return subprocess.run([sys.executable, "-m", module, *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)  # fmt: skip


def test_the_real_command_exits_2_on_a_mistake_in_the_command_line(tmp_path: Path) -> None:
    done = shell("serve", "--port", "99999")
    assert (done.returncode, done.stderr) == (
        2, "allegiance serve: error: --port must be 0–65535, not 99999\n")
    done = shell("play", "--best-of", "3", "--format", "team")
    assert (done.returncode, done.stderr) == (
        2, "allegiance play: error: --best-of is for duels (--format duel) only\n")
    done = shell("--port", "99999", module="server")  # python -m server: its own name
    assert (done.returncode, done.stderr) == (
        2, "python -m server: error: --port must be 0–65535, not 99999\n")
    done = shell("--port", "x", module="server")
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].startswith("python -m server: error: argument --port")


def test_the_real_server_exits_1_on_a_database_in_use_or_not_ours(tmp_path: Path) -> None:
    from server.store import DatabaseLock

    db = tmp_path / "games.db"
    held = DatabaseLock(db)
    held.acquire()
    try:
        done = shell("serve", "--port", "0", "--db", str(db))
    finally:
        held.release()
    assert (done.returncode, done.stderr) == (1, f"allegiance serve: error: the database {db} "
                                                 f"is in use by another server (pid "
                                                 f"{os.getpid()})\n")  # fmt: skip
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    done = shell("serve", "--port", "0", "--db", str(other))
    assert done.returncode == 1
    assert done.stderr == (f"allegiance serve: error: {other} is not an Allegiance game "
                           "database (it holds other tables: games); it was left untouched\n")

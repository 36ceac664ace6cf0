"""``allegiance replay FILE`` given a database says so and names the flag that opens it,
and one game opened from the command line is left, like every game the command line
starts, to the main menu."""

from __future__ import annotations

import argparse
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from client.commands import replay as command
from client.screens.menu import MenuScreen
from client.screens.replay import ReplayScreen
from server.store import Store
from tests.server.test_srv_replays import store_realm_game


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    return parser.parse_args(list(argv))


def _no_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    import client.app

    def no_app(self: Any) -> int:
        raise AssertionError("the screen opened")

    monkeypatch.setattr(client.app.AllegianceApp, "run", no_app)


def _error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("allegiance replay: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.removeprefix("allegiance replay: error: ").rstrip("\n")


@pytest.mark.parametrize("name", ["local-games.db", "games", "saved.sqlite"])
def test_a_database_given_as_the_replay_file_names_the_db_flag(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """An SQLite file is known by its first bytes, whatever its name: a mistake in the
    command line (exit status 2), not a file that "is not a text file"."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    db = sqlite3.connect(tmp_path / "data" / name)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    _no_screen(monkeypatch)
    assert command.run(_args(f"data/{name}")) == 2
    assert _error(capsys) == (f"data/{name} is a database, not a replay file: use --db "
                              f"data/{name} to list its games")  # fmt: skip


@pytest.mark.parametrize("name", ["garbage.db", "old.sqlite", "x.SQLITE3"])
def test_a_file_named_as_a_database_that_is_none_says_both(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text("garbage\n")
    _no_screen(monkeypatch)
    assert command.run(_args(name)) == 1  # a file that is not ours: a failure, as before
    assert _error(capsys) == (f"{name} is neither a replay file nor an SQLite database "
                              "(--db PATH lists a database's games)")  # fmt: skip


def test_a_damaged_replay_file_still_says_what_is_wrong_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.jsonl").write_text("{nope\n")
    _no_screen(monkeypatch)
    assert command.run(_args("broken.jsonl")) == 1
    assert _error(capsys) == "broken.jsonl line 1: not valid JSON"


def test_a_sim_record_named_db_still_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The name alone refuses nothing: a replay file is opened whatever it is called."""
    import client.app
    from server.simulate import Budget, Job, run_job
    from tests.server.test_srv_replays import HEROES

    run_job(Job(0, "duel", HEROES, ("random",), 7, Budget(iterations=5), True, str(tmp_path)))
    record = next(tmp_path.glob("*.jsonl"))
    renamed = record.rename(tmp_path / "record.db")
    opened: list[object] = []
    monkeypatch.setattr(client.app.AllegianceApp, "run",
                        lambda self: opened.append(self.replay_start) or 0)  # fmt: skip
    assert command.run(_args(str(renamed))) == 0
    assert isinstance(opened[0], ReplayScreen)


async def test_leaving_a_replay_opened_by_the_command_goes_to_the_menu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The decision written in ``replay.run``: `q` on a game the command line opened
    leaves to the main menu (as the game-over screen of ``play --vs bot`` does with
    `m`); the program goes on until Ctrl+Q."""
    import client.app

    path = tmp_path / "games.db"
    store = Store(path)
    store_realm_game(store, code="FIRST2")
    store.close()
    apps: list[Any] = []
    monkeypatch.setattr(client.app, "run_app", lambda app: apps.append(app) or 0)
    assert command.run(_args("--db", str(path), "FIRST2")) == 0
    app = apps[0]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.is_running


def test_a_folder_with_a_database_and_no_replays_names_the_db_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The data folder given as a folder of replay files: "No recorded games yet" was
    untrue, its games are in its database."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    sqlite3.connect(tmp_path / "data" / "local-games.db").close()
    _no_screen(monkeypatch)
    assert command.run(_args("data")) == 2
    assert _error(capsys) == ("data holds no replay files but a database: use --db "
                              "data/local-games.db to list its games")  # fmt: skip


def test_a_replay_file_given_to_db_says_it_opens_without_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.jsonl").write_text('{"t": "header"}\n')
    _no_screen(monkeypatch)
    assert command.run(_args("--db", "r.jsonl")) != 0
    assert _error(capsys).endswith(
        "a replay file opens without --db (allegiance replay r.jsonl)"
    )


def test_db_given_a_folder_with_a_database_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    sqlite3.connect(tmp_path / "data" / "local-games.db").close()
    _no_screen(monkeypatch)
    assert command.run(_args("--db", "data")) == 2
    assert _error(capsys) == ("--db data is a folder, not a database file (its database "
                              "is data/local-games.db: use --db data/local-games.db)")  # fmt: skip

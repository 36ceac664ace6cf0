"""A ``--db`` whose folder does not exist is refused in one line (exit status 2), not
made: a typo in the path must not make folders. The default data folder is made as
before."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from client.commands import host as host_command
from client.commands import serve as serve_command
from server.cli import add_serve_arguments, config_from_args


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_serve_arguments(parser)
    return parser.parse_args(list(argv))


def refused(run: Any, db: Path, capsys: pytest.CaptureFixture[str],
            prog: str = "allegiance serve") -> str:  # fmt: skip
    """What refusing ``--db db`` said, checked: one line naming ``prog``, exit status 2,
    no folder."""
    with pytest.raises(SystemExit) as info:
        run()
    assert info.value.code == 2
    line = str(info.value)
    assert line == (f"{prog}: error: --db {db}: the folder {db.parent} does not exist "
                    "(make it first, or correct the path)")  # fmt: skip
    assert capsys.readouterr().err == line + "\n"
    assert not db.parent.exists()
    return line


def test_serve_refuses_a_db_in_a_folder_that_does_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("server.cli.run_serve", lambda *args: 0)  # nothing starts
    db = tmp_path / "typo" / "dir" / "x.db"
    args = parse("--db", str(db))
    refused(lambda: serve_command.run(args), db, capsys)
    refused(lambda: config_from_args(args), db, capsys, "python -m server")


def test_host_refuses_it_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("server.cli.run_serve", lambda *args: 0)
    db = tmp_path / "typo" / "x.db"
    parser = argparse.ArgumentParser()
    host_command.add_arguments(parser)
    args = parser.parse_args(["--no-play", "--db", str(db)])
    refused(lambda: host_command.run(args), db, capsys, "allegiance host")


def test_a_relative_db_in_a_folder_that_does_not_exist_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    refused(lambda: config_from_args(parse("--db", "gmaes/x.db")), Path("gmaes/x.db"), capsys,
            "python -m server")  # fmt: skip


def test_a_db_in_a_folder_that_exists_is_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert config_from_args(parse("--db", str(tmp_path / "x.db"))).db_path == str(tmp_path / "x.db")
    assert config_from_args(parse("--db", "x.db")).db_path == "x.db"


def test_the_default_data_folder_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data" / "allegiance"
    monkeypatch.setattr("server.cli.default_db_path", lambda: data / "allegiance.db")
    config = config_from_args(parse("--db", str(data / "games.db")))  # that folder, by hand
    assert config.db_path == str(data / "games.db") and data.is_dir()
    local = tmp_path / "local-data"  # $ALLEGIANCE_DATA_DIR: where this user's games are kept
    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(local))
    assert config_from_args(parse("--db", str(local / "games.db"))).db_path.startswith(str(local))
    assert local.is_dir()

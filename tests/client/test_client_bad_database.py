"""A local games database that is not one (random bytes, or another program's SQLite
file): the game says which file and what to do, instead of "file is not a database"."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from client.game import start_failure
from server.local import local_games_path
from tests.client.helpers import hosting_fails, make_app


@pytest.mark.asyncio
async def test_hosting_on_a_local_games_file_that_is_not_a_database_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(tmp_path))
    local = local_games_path()
    local.write_bytes(b"\xff" + random.Random(1).randbytes(4000))
    app = make_app()
    app.record_local = True  # as the real command: games are recorded in the local file
    said = await hosting_fails(app, None)  # no --db: the local games' file
    assert len(said) == 1 and said[0].startswith("Could not start the local server: ")
    assert str(local) in said[0]
    assert said[0].endswith("Move that file away (a new one is made in its place) and try again.")


def test_another_file_given_with_db_is_named_with_what_to_do(tmp_path: Path) -> None:
    db = str(tmp_path / "x.db")
    said = start_failure(sqlite3.DatabaseError("file is not a database"), {"db_path": db})
    assert said == (f"Could not start the local server: {db}: file is not a database. "
                    "Choose another file with --db.")  # fmt: skip


def test_other_failures_are_said_as_they_are(tmp_path: Path) -> None:
    assert start_failure(OSError("bind(): no"), {"db_path": "x.db"}) == (
        "Could not start the local server: bind(): no"
    )
    locked = sqlite3.OperationalError("database is locked")
    assert start_failure(locked, {"db_path": "x.db"}) == (
        "Could not start the local server: x.db: database is locked"
    )

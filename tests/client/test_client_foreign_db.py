"""Hosting on someone else's database: the client says why in one line, and the file
is left as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.client.helpers import hosting_fails, make_app

pytestmark = pytest.mark.asyncio


async def test_hosting_on_a_database_that_is_not_ours_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    db = tmp_path / "other.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    before = db.read_bytes()
    said = await hosting_fails(make_app(), str(db))
    assert len(said) == 1  # what to do about it may follow (client/game.py)
    assert said[0].startswith(
        f"Could not start the local server: {db} is not an Allegiance game database"
        " (it holds other tables: games); it was left untouched"
    )
    assert db.read_bytes() == before

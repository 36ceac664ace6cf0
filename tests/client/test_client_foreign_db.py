"""Hosting on someone else's database: the client says why in one line, and the file
is left as it was."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from tests.client.helpers import make_app

pytestmark = pytest.mark.asyncio


async def test_hosting_on_a_database_that_is_not_ours_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from client.screens.setup import LocalPlan, SeatPlan

    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    db = tmp_path / "other.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    before = db.read_bytes()
    app = make_app()
    plan = LocalPlan("duel", (SeatPlan("human", "Ann", None), SeatPlan("human", "Bo", None)))
    app.host_start = (plan, "127.0.0.1", 0, str(db), None)
    said: list[str] = []
    failed = asyncio.Event()
    game_failed = app.game_failed

    def failing(controller, text: str) -> None:  # type: ignore[no-untyped-def]
        said.append(text)
        game_failed(controller, text)
        failed.set()

    app.game_failed = failing  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(failed.wait(), 20)
        await pilot.pause()
        assert app.game is None
    assert len(said) == 1  # what to do about it may follow (client/game.py)
    assert said[0].startswith(
        f"Could not start the local server: {db} is not an Allegiance game database"
        " (it holds other tables: games); it was left untouched"
    )
    assert db.read_bytes() == before

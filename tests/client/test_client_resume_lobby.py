"""A hosted table left in its lobby (no game began) is offered again as a table still
open, not as a game that "stopped before its end"."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from client.app import _hosted_seat, _hosted_status
from client.screens.resume import ResumeHostScreen
from client.settings import remember_hosted
from tests.client.helpers import make_app, screen_text


def _games_db(path: Path, code: str, status: str) -> str:
    db = str(path / "games.db")
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE tables (code TEXT PRIMARY KEY, status TEXT)")
        conn.execute("INSERT INTO tables VALUES (?, ?)", (code, status))
    return db


def test_the_status_of_the_hosted_table_is_read(tmp_path: Path) -> None:
    db = _games_db(tmp_path, "PVNXGZ", "waiting")
    remember_hosted(db, "PVNXGZ", 0, "tok")
    assert _hosted_status(db) == "waiting"
    assert _hosted_seat(db) == ("PVNXGZ", 0, "tok")  # still offered: it can be opened


@pytest.mark.asyncio
@pytest.mark.parametrize("waiting", [True, False])
async def test_the_offer_says_what_was_left(waiting: bool) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ResumeHostScreen("PVNXGZ", waiting))
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert ("no game began there" in text) is waiting
        assert ("stopped before its end" in text) is not waiting
        assert ("Open PVNXGZ again" in text) is waiting
        assert ("Resume PVNXGZ" in text) is not waiting

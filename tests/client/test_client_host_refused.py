"""``allegiance host`` on a database another server holds: refused, said in one line."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from server.store import DatabaseLock
from tests.client.helpers import make_app

pytestmark = pytest.mark.asyncio


async def test_hosting_on_a_database_in_use_says_whose(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from client.screens.setup import LocalPlan, SeatPlan

    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    db = tmp_path / "held.db"
    held = DatabaseLock(db)  # another server's (here: this process's) hold on it
    held.acquire()
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
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(failed.wait(), 20)
            await pilot.pause()
            assert app.game is None
    finally:
        held.release()
    assert said == [
        "Could not start the local server: the database "
        f"{db} is in use by another server (pid {os.getpid()})"
    ]

"""A local games database whose first pages are whole and the rest damaged: the game
says which file and what to do as it starts, as it does for a file cut short or of
random bytes, not "The server could not handle that message." at the first game."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from client.screens.setup import LocalPlan, SeatPlan
from server.local import check_intact, local_games_path, recording_settings, start_local_server
from tests.client.helpers import make_app, run_until_failed

pytestmark = pytest.mark.asyncio


async def damaged_local_games() -> Path:
    """The local games' file, made by the server, then random bytes after byte 8192 (the
    SQLite header and the first pages whole)."""
    server = await start_local_server(**recording_settings())
    await server.stop()
    path = local_games_path()
    data = path.read_bytes()
    assert len(data) > 8192 and data.startswith(b"SQLite format 3\0")
    path.write_bytes(data[:8192] + random.Random(3).randbytes(len(data) - 8192))
    return path


async def test_a_damaged_database_is_refused_as_the_server_starts() -> None:
    path = await damaged_local_games()
    with pytest.raises(sqlite3.DatabaseError, match=r"^database disk image is malformed$"):
        await start_local_server(**recording_settings())
    assert len(path.read_bytes()) > 8192  # left as it was, for the player to move away


async def test_a_local_game_on_a_damaged_database_names_the_file() -> None:
    path = await damaged_local_games()
    app = make_app()
    app.record_local = True  # as 'allegiance play --vs bot': recorded in the local file
    app.start = LocalPlan("duel", (SeatPlan("human", "Alice", None), SeatPlan("bot", "Bot", None)))
    said = await run_until_failed(app)
    assert said == [
        f"Could not start the local server: {path}: database disk image is malformed. "
        "Move that file away (a new one is made in its place) and try again."
    ]


async def test_a_whole_database_and_none_at_all_pass(tmp_path: Path) -> None:
    check_intact(tmp_path / "not-there.db")
    server = await start_local_server(**recording_settings())
    await server.stop()
    check_intact(local_games_path())
    server = await start_local_server(**recording_settings())  # opens it again as before
    await server.stop()

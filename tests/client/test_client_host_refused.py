"""``allegiance host`` on a database another server holds: refused, said in one line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from server.store import DatabaseLock
from tests.client.helpers import hosting_fails, make_app

pytestmark = pytest.mark.asyncio


async def test_hosting_on_a_database_in_use_says_whose(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    db = tmp_path / "held.db"
    held = DatabaseLock(db)  # another server's (here: this process's) hold on it
    held.acquire()
    try:
        said = await hosting_fails(make_app(), str(db))
    finally:
        held.release()
    assert said == [
        "Could not start the local server: the database "
        f"{db} is in use by another server (pid {os.getpid()})"
    ]

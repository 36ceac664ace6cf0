"""The Replays list calls a table this player made on another server (``allegiance host
--on``) hosted, not joined; it still opens from that server. Needs the change to
``client/replay.py`` in /tmp/s22/fixS/replay_py.patch."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from client.replay import LocalCatalog
from client.screens.replay import ReplayListScreen
from client.settings import remember_seat
from tests.client.helpers import make_app, screen_text


@pytest.mark.asyncio
async def test_a_table_made_on_another_server_is_listed_as_hosted(tmp_path: Path) -> None:
    remember_seat("ws://127.0.0.1:1", "MADE22", 0, "tok-0", hosted=True)
    remember_seat("ws://127.0.0.1:2", "JOIN22", 1, "tok-1")
    listed = await LocalCatalog(tmp_path / "local-games.db").entries()
    assert [(g.key, g.source, g.format_name) for g in listed] == [
        ("JOIN22", "joined", "joined"),
        ("MADE22", "joined", "hosted"),  # opened from its server, as a joined one is
    ]
    app = make_app()
    screen = ReplayListScreen(LocalCatalog(tmp_path / "local-games.db"))
    app.replay_start = screen
    async with app.run_test(size=(100, 30)) as pilot:
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query_one(DataTable).row_count == 2
        made = next(line for line in screen_text(app).splitlines() if "MADE22" in line)
        assert "on 127.0.0.1:1" in made
        assert "hosted" in screen_text(app)

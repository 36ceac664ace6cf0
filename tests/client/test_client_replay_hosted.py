"""The Replays list calls a table this player made on another server (``allegiance host
--on``) hosted, not joined; it still opens from that server. Making another table there
says which of those tables are still open (their seats are taken back with ``join``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from client.replay import LocalCatalog
from client.settings import remember_seat
from tests.client.helpers import close_connection, make_app, screen_text
from tests.client.test_client_replay_unfinished import replays_list


@pytest.mark.asyncio
async def test_a_table_made_on_another_server_is_listed_as_hosted(tmp_path: Path) -> None:
    remember_seat("ws://127.0.0.1:1", "MADE22", 0, "tok-0", hosted=True)
    remember_seat("ws://127.0.0.1:2", "JOIN22", 1, "tok-1")
    listed = await LocalCatalog(tmp_path / "local-games.db").entries()
    assert [(g.key, g.source, g.format_name) for g in listed] == [
        ("JOIN22", "joined", "joined"),
        ("MADE22", "joined", "hosted"),  # opened from its server, as a joined one is
    ]
    async with replays_list(tmp_path) as (app, screen, _):
        assert screen.query_one(DataTable).row_count == 2
        made = next(line for line in screen_text(app).splitlines() if "MADE22" in line)
        assert "on 127.0.0.1:1" in made
        assert "hosted" in screen_text(app)


@pytest.mark.asyncio
async def test_making_a_table_on_a_server_tells_of_the_open_ones_made_there_before() -> None:
    """A table made before on the same server and still open is named, with the join
    command; one on another server, one no longer there and the new one are not."""
    from client.app import held_tables_words
    from server.local import start_local_server
    from tests.client.test_client_join import host_table

    server = await start_local_server()
    _host, conn, task, code = await host_table(server.url)
    try:
        remember_seat(server.url, code, 0, "tok-0", hosted=True)
        remember_seat(server.url, "GONE22", 0, "tok-1", hosted=True)  # not on the server
        remember_seat("ws://127.0.0.1:1", "ELSE22", 0, "tok-2", hosted=True)
        remember_seat(server.url, "MADE22", 0, "tok-3", hosted=True)  # the new table
        address = server.url.removeprefix("ws://")
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await app._tell_tables_held(server.url, address, "MADE22")
            await pilot.pause()
            notes = [n.message for n in app._notifications]
        assert notes == [held_tables_words(address, [code])]
        assert f"'allegiance join {address} {code}'" in notes[0]
    finally:
        await close_connection(conn, task, server)


@pytest.mark.asyncio
async def test_a_table_whose_game_this_player_is_out_of_is_not_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game still played at a table made before, where this player's seat is out
    (eliminated, or conceded): nothing there waits for them, so it is not "a game not
    finished" of theirs; one where they still play is."""
    from typing import Any

    from client.app import held_tables_words
    from client.net import ask

    url = "ws://127.0.0.1:9"
    remember_seat(url, "OUTS22", 1, "tok-0", hosted=True)
    remember_seat(url, "PLAY22", 0, "tok-1", hosted=True)
    seats = [{"seat": 0, "out": False}, {"seat": 1, "out": True}]

    async def peek(at: str, code: str, timeout: float = 5.0) -> dict[str, Any]:
        return {"table": code, "status": "playing", "seats": seats}

    monkeypatch.setattr(ask, "peek_table", peek)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app._tell_tables_held(url, "127.0.0.1:9", "MADE22")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
    assert notes == [held_tables_words("127.0.0.1:9", ["PLAY22"])]

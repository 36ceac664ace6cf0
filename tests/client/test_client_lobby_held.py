"""Making a table on a server where this player made tables before that are not finished
says so in the new table's lobby, under the table's own text, not in a toast: a toast
stayed up over the menu after the lobby closed and, at 80×24, covered the lobby's
"Others join with:" command."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from client.app import held_tables_words
from client.screens.lobby import LobbyScreen
from client.screens.setup import LocalPlan, SeatPlan
from client.settings import remember_seat
from tests.client.helpers import close_connection, make_app, screen_text
from tests.client.test_client_join import host_table
from tests.client.test_client_lobby_reach import until_lobby

pytestmark = pytest.mark.asyncio


def on_told(monkeypatch: pytest.MonkeyPatch) -> asyncio.Event:
    """An event set once a lobby is told of the tables made before."""
    told = asyncio.Event()
    tell = LobbyScreen.tell_held

    def telling(lobby: LobbyScreen, words: str) -> None:
        tell(lobby, words)
        told.set()

    monkeypatch.setattr(LobbyScreen, "tell_held", telling)
    return told


async def test_the_lobby_says_the_open_tables_made_there_before_and_they_go_with_it(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_server()
    _host, conn, task, code = await host_table(server.url)
    try:
        remember_seat(server.url, code, 0, "tok-0", hosted=True)  # made here before, open
        address = f"127.0.0.1:{server.server.port}"
        seats = (SeatPlan("human", "Hana", None), SeatPlan("human", "Gus", None))
        app = make_app()
        app.remote_host_start = (LocalPlan("duel", seats, {}), address)
        words = held_tables_words(address, [code])
        told = on_told(monkeypatch)
        async with app.run_test(size=(80, 24)) as pilot:
            await until_lobby(app, pilot)
            await asyncio.wait_for(told.wait(), 20)  # the server was asked of the tables
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            text = screen_text(app)
            assert not app._notifications  # no toast over the lobby
            assert "Others join with:" in text  # nothing covers the command
            flat = " ".join(text.replace("│", " ").split())  # the panel's lines joined
            assert " ".join(words.split()) in flat  # said in the lobby itself
            assert flat.index("The game starts when") < flat.index("You made this new table")
            await pilot.press("ctrl+l")  # the lobby closes: its words go with it
            await pilot.pause()
            assert not isinstance(app.screen, LobbyScreen)
            assert "You made this new table" not in screen_text(app)
            assert not app._notifications
    finally:
        await close_connection(conn, task, server)


async def test_the_lobby_keeps_the_words_when_the_table_changes() -> None:
    """Every change at the table redraws the lobby's text: the words stay under it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        lobby = LobbyScreen()
        await app.push_screen(lobby)
        seats = [{"seat": 0, "kind": "human", "name": "Ann", "claimed": True, "connected": True}]
        lobby.show("K7QF3M", {"seats": seats})
        lobby.tell_held("You made this new table; you also have [b]a game[/b] not finished.")
        seats.append({"seat": 1, "kind": "human", "name": "Bob", "claimed": True})
        lobby.show("K7QF3M", {"seats": seats})
        await pilot.pause()
        text = screen_text(app)
        assert "Seat 2: Bob" in text
        assert "you also have [b]a game[/b] not finished." in text  # as said, not markup


async def start_server() -> Any:
    from server.local import start_local_server

    return await start_local_server()

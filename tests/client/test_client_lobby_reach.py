"""What the lobby tells each person there on a real (in-process) server: the maker,
a player who joined and a watcher all see the address and code to join with (and to
watch with, where the table allows watchers); a watcher is told they watch; the
players see who watches."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from client.app import AllegianceApp
from client.net.connection import Connection
from client.net.session import ClientSession
from client.screens.join import JoinPlan
from client.screens.lobby import LobbyScreen
from client.screens.setup import LocalPlan, SeatPlan
from server.local import LocalServer, start_local_server
from tests.client.driver import Waiter
from tests.client.helpers import close_connection, make_app, screen_text

pytestmark = pytest.mark.asyncio

SIZE = (110, 30)  # the commands fit on one line each


async def until_lobby(app: AllegianceApp, pilot: Any, shows: str = "Seat 1") -> str:
    """Wait until the lobby shows ``shows``; the screen's text."""
    waiter = Waiter()
    while not (isinstance(app.screen, LobbyScreen) and shows in screen_text(app)):
        if app.game is not None:
            waiter.hook(app.game)
        await waiter.wait(pilot)
    await pilot.pause()
    return screen_text(app)


async def ffa_table(
    server: LocalServer, names: tuple[str, ...] = ("Maker", "Second", "Third")
) -> tuple[Connection, asyncio.Task[None], str]:
    """Another person makes a three-seat table and holds seat 0; the join code."""
    maker = ClientSession(lambda m: None, names[0])
    seats = [{"kind": "human", "name": n} for n in names]
    maker.start_create({"format": "ffa"}, seats, {}, [0])
    seated = asyncio.Event()
    conn = Connection(server.url, maker, lambda ups: seated.set() if maker.table else None)
    task = asyncio.create_task(conn.run())
    await asyncio.wait_for(seated.wait(), 10)
    assert maker.table is not None
    return conn, task, maker.table


@pytest.mark.parametrize("watch", [False, True])
async def test_a_guest_s_lobby_shows_the_address_and_code(tmp_path, monkeypatch, watch) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    address = f"127.0.0.1:{server.server.port}"
    conn, task, code = await ffa_table(server)
    try:
        app = make_app(start=JoinPlan(f"ws://{address}", code, watch=watch))
        async with app.run_test(size=SIZE) as pilot:
            text = await until_lobby(app, pilot)
            assert f"Others join with: allegiance join {address} {code}" in text
            assert f"Others watch with: allegiance watch {address} {code}" in text
            assert ("You are watching this table" in text) is watch
            assert ("(you)" in text) is not watch
    finally:
        await close_connection(conn, task, server)


async def test_the_makers_lobby_shows_the_watch_command_and_the_watchers(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    address = f"127.0.0.1:{server.server.port}"
    plan = LocalPlan("duel", (SeatPlan("human", "Hana", None), SeatPlan("human", "Gus", None)), {})
    app = make_app()
    app.remote_host_start = (plan, address)
    watcher: tuple[Connection, asyncio.Task[None]] | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            text = await until_lobby(app, pilot)
            assert app.game is not None and app.game.session.table is not None
            code = app.game.session.table
            assert f"Others join with: allegiance join {address} {code}" in text
            assert f"Others watch with: allegiance watch {address} {code}" in text
            assert "Watching now" not in text and "You are watching" not in text
            session = ClientSession(lambda m: None, "Wanda")
            session.start_watch(code)
            conn = Connection(server.url, session, lambda ups: None)
            watcher = (conn, asyncio.create_task(conn.run()))
            text = await until_lobby(app, pilot, "Watching now")
            assert "Watching now: 1 person." in text
    finally:
        if watcher is not None:
            await close_connection(watcher[0], watcher[1], server)
        else:
            await server.stop()


async def test_a_table_without_watchers_shows_no_watch_command(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    address = f"127.0.0.1:{server.server.port}"
    seats = (SeatPlan("human", "Hana", None), SeatPlan("human", "Gus", None))
    app = make_app()
    app.remote_host_start = (LocalPlan("duel", seats, {"spectators": "none"}), address)
    try:
        async with app.run_test(size=SIZE) as pilot:
            text = await until_lobby(app, pilot, "nobody may watch")
            assert "Others join with: allegiance join" in text
            assert "allegiance watch" not in text
    finally:
        await server.stop()


async def test_a_bot_seat_says_its_level() -> None:
    """The lobby names each bot's strength, as the host chose it (the server sends it)."""
    from client.screens.lobby import lobby_markup

    seats = [{"seat": 0, "kind": "human", "name": "Ann", "claimed": True, "connected": True},
             {"seat": 1, "kind": "bot", "name": "Bot 2", "level": 3},
             {"seat": 2, "kind": "bot", "name": "Bot 3"}]  # fmt: skip
    text = lobby_markup("K7QF3M", {"seats": seats})
    assert "Seat 2: Bot 2  bot (hard)" in text
    assert "Seat 3: Bot 3  bot  " in text  # an older server: no level sent


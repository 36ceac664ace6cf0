"""A join (or watch) that never reached its table comes back to the Join screen with the
address and the code as typed, the reason said, as a table that could not be made on a
server comes back to the host set-up."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest
from textual.widgets import Input

from client.app import AllegianceApp
from client.screens.join import JoinScreen
from server.local import start_local_server
from tests.client.helpers import make_app, on_failure

pytestmark = pytest.mark.asyncio


async def join_from_the_screen(app: AllegianceApp, pilot: Any, address: str, code: str,
                               watch: bool = False) -> JoinScreen:  # fmt: skip
    """Open the Join (or Watch) screen, type ``address`` and ``code``, Ctrl+S, and wait
    for the failure; the screen shown then."""
    failed = on_failure(app)
    await app.run_action("watch_game" if watch else "join_game")
    await pilot.pause()
    first = app.screen
    assert isinstance(first, JoinScreen)
    first.query_one("#address", Input).value = address
    first.query_one("#code", Input).value = code
    await pilot.press("ctrl+s")
    await asyncio.wait_for(failed.wait(), 30)
    for _ in range(3):
        await pilot.pause()
    again = app.screen
    assert app.game is None
    assert isinstance(again, JoinScreen) and again is not first
    return again


@pytest.mark.parametrize("watch", [False, True])
async def test_a_code_with_no_table_comes_back_to_the_join_screen_as_typed(watch: bool) -> None:
    server = await start_local_server()
    address = server.url.removeprefix("ws://")
    try:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            again = await join_from_the_screen(app, pilot, address, "zzzzzz", watch)
            assert again.spectate == watch
            assert again.query_one("#address", Input).value == address
            assert again.query_one("#code", Input).value == "ZZZZZZ"
            assert again.focused is again.query_one("#code", Input)
            said = [n.message for n in app._notifications if n.title == "Could not continue"]
            assert said == ["There is no table with that code."]
    finally:
        await server.stop()


async def test_a_server_not_there_comes_back_to_the_join_screen_as_typed() -> None:
    with socket.socket() as probe:  # a loopback port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        again = await join_from_the_screen(app, pilot, f"127.0.0.1:{port}", "K7QF3M")
        assert again.query_one("#address", Input).value == f"127.0.0.1:{port}"
        assert again.query_one("#code", Input).value == "K7QF3M"
        said = [n.message for n in app._notifications if n.title == "Could not continue"]
        assert len(said) == 1
        assert said[0].startswith(f"Could not reach the server at 127.0.0.1:{port}")


async def test_a_join_from_the_command_line_keeps_its_address_for_the_join_screen() -> None:
    """`allegiance join ADDR CODE` (here: no server there): the Join screen it comes
    back to has ADDR, and ADDR is kept as the address the Join screen offers next."""
    from client.screens.join import JoinPlan, server_url

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = make_app(start=JoinPlan(server_url(f"127.0.0.1:{port}"), "K7QF3M"))
    failed = on_failure(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(failed.wait(), 30)
        for _ in range(3):
            await pilot.pause()
        assert app.settings.last_address == f"127.0.0.1:{port}"
        assert isinstance(app.screen, JoinScreen)
        assert app.screen.query_one("#address", Input).value == f"127.0.0.1:{port}"

"""The Host form (menu → Host a game) opens on the last table made from it, after a
restart too (``host-game.json`` in the config folder, beside ``new-game.json``): the
format, the seats, who may watch, the away choice, where the table was made and the
server address. A file that cannot be used is passed over, and the player is told."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Input, Select

from client.screens.lobby import LobbyScreen
from client.screens.setup import (
    SetupScreen,
    default_host_plan,
    first_host_plan,
    host_path,
    load_host_memory,
    plan_path,
)
from server.local import start_local_server
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio

#: The fields the first test sets on the form, widget id → value, in order.
CHOICES: dict[str, object] = {
    "format": "ffa", "count": 4, "kind-1": "bot3", "kind-2": "human", "kind-3": "bot0",
    "hero-0": "oswin_the_third", "spectators": "none", "if-away": "bot", "where": "there",
}  # fmt: skip


async def _open_form(app: Any, pilot: Any) -> SetupScreen:
    """Menu → Host a game; the form once it shows."""
    app.action_host_game()
    for _ in range(3):
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SetupScreen) and screen.hosting
    return screen


def _shown(screen: SetupScreen) -> dict[str, object]:
    """What the form shows in the fields :data:`CHOICES` names."""
    return {key: screen.query_one(f"#{key}", Select).value for key in CHOICES}


async def test_a_table_made_from_the_form_is_set_up_again_after_a_restart() -> None:
    server = await start_local_server()
    address = f"127.0.0.1:{server.server.port}"
    try:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _open_form(app, pilot)
            assert screen.query_one("#where", Select).value == "here"  # nothing kept yet
            assert not app._notifications  # and no file to say anything about
            for widget, value in CHOICES.items():
                screen.query_one(f"#{widget}", Select).value = value
                await pilot.pause()
            screen.query_one("#server", Input).value = address
            await pilot.press("ctrl+s")
            for _ in range(400):  # the table made on the server, then its lobby
                if app.game is not None and isinstance(app.screen, LobbyScreen):
                    break
                await asyncio.sleep(0.02)  # the loopback server answers meanwhile
                await pilot.pause()
            assert app.game is not None and isinstance(app.screen, LobbyScreen)
            code = app.game.session.table
            table = server.server.lobby.get(code) if code else None
            assert table is not None and len(table.seats) == 4
        assert not plan_path().exists()  # the New local game screen keeps its own
        again = make_app()  # the program started again
        async with again.run_test(size=(80, 24)) as pilot:
            screen = await _open_form(again, pilot)
            assert _shown(screen) == CHOICES
            assert screen.query_one("#server", Input).value == address
            assert screen.query_one("#server", Input).display
            plan = screen.current_plan()
            assert [(s.kind, s.level, s.name) for s in plan.seats] == [
                ("human", 1, "Alice"), ("bot", 3, "Bot 2"), ("human", 1, "Player 3"),
                ("bot", 0, "Bot 4"),
            ]  # fmt: skip
            assert [s.hero for s in plan.seats] == ["oswin_the_third", None, None, None]
            assert plan.options == {"spectators": "none", "policy": "bot"}
            assert not again._notifications  # nothing to say about the file
    finally:
        await server.stop()


async def test_served_here_keeps_the_address_typed_for_next_time() -> None:
    """Served from this machine after a table on a server: the form opens on "here" next
    time, with the address still in its (hidden) field for "On a server" again; a match's
    length comes back too."""
    app = make_app()
    app.start_remote_host = lambda plan, address: None  # type: ignore[method-assign]
    app.start_host = lambda plan, *rest: None  # type: ignore[method-assign,assignment]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_form(app, pilot)
        screen.query_one("#where", Select).value = "there"
        await pilot.pause()
        screen.query_one("#server", Input).value = " example.org:9050 "
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = await _open_form(app, pilot)
        screen.query_one("#where", Select).value = "here"
        screen.query_one("#best-of", Select).value = 3
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await _open_form(again, pilot)
        address = screen.query_one("#server", Input)
        assert screen.query_one("#where", Select).value == "here" and not address.display
        assert address.value == "example.org:9050"
        assert screen.current_plan().best_of == 3
        screen.query_one("#where", Select).value = "there"
        await pilot.pause()
        assert address.display and "example.org:9050" in screen_text(again)


@pytest.mark.parametrize(
    "text",
    [
        b"\xff\xfe not text",
        b'{"format": "duel", "seats": [',
        b"[" * 2000,
        b"null",
        b'{"format": "chess", "seats": []}',
        b'{"format": "duel", "seats": [{"kind": "human"}, {"kind": "robot"}]}',
    ],
)
async def test_a_file_that_cannot_be_used_is_passed_over_and_said(text: bytes) -> None:
    host_path().parent.mkdir(parents=True, exist_ok=True)
    host_path().write_bytes(text)
    assert default_host_plan("Alice") == first_host_plan("Alice")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_form(app, pilot)
        assert screen.current_plan().seats == first_host_plan("Alice").seats
        assert screen.query_one("#where", Select).value == "here"
        said = [n for n in app._notifications if n.title == "Host a game"]
        assert len(said) == 1 and said[0].severity == "warning"
        assert "host-game.json" in said[0].message
        assert "opens on a new set-up" in said[0].message


async def test_odd_host_choices_fall_back_one_by_one() -> None:
    """Who may watch, the away choice or the address that are not the form's own fall
    back to its first choices; the seats are kept."""
    host_path().parent.mkdir(parents=True, exist_ok=True)
    host_path().write_text('{"format": "duel", "seats": [{"kind": "human"}, {"kind": "bot", '
                           '"level": 2}], "spectators": ["all"], "if_away": "sleep", '
                           '"where": "there", "server": 8765}')  # fmt: skip
    kept, problem = load_host_memory("Alice")
    assert problem is None and kept is not None
    assert kept.plan.options == {"spectators": "public", "policy": "wait"}
    assert [(s.kind, s.name) for s in kept.plan.seats] == [("human", "Alice"), ("bot", "Bot 2")]
    assert not kept.there and kept.server == ""

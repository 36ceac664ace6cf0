"""Quitting: Ctrl+Q during a game being played is asked first (as leaving is); Ctrl+C says
which key quits, in plain words; a host that leaves, quits or is stopped by a signal
stops its server first, so the players who joined hear that the host stopped hosting
(not that their host lost the connection); SIGTERM and SIGHUP end the app cleanly."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from typing import Any

import pytest

from client.app import AllegianceApp
from client.game import HOST_LEFT
from client.net.connection import Connection
from client.net.session import ClientSession, Notice
from client.screens.leave import LeaveScreen, QuitScreen, leave_warning
from client.screens.menu import MenuScreen
from client.screens.setup import LocalPlan, SeatPlan
from client.screens.table import TableScreen
from shared.protocol.messages import STOP_HOST_LEFT
from tests.client.driver import press
from tests.client.helpers import make_app
from tests.client.test_client_leave import in_a_game, versus_bot


async def test_ctrl_c_says_in_plain_words_which_key_quits() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, MenuScreen):
            await pilot.pause()
        await press(pilot, "ctrl+c")
        notes = [(n.title, n.message) for n in app._notifications]
        assert notes == [("Do you want to quit?", "Press Ctrl+Q to quit.")]
        assert app.is_running


async def test_ctrl_q_in_the_menu_quits_at_once() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, MenuScreen):
            await pilot.pause()
        await press(pilot, "ctrl+q")
        assert app._exit


async def test_ctrl_q_during_a_game_asks_and_no_stays() -> None:
    app = versus_bot(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_a_game(pilot)
        game = app.game
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, QuitScreen) and not app._exit
        assert app.screen.QUESTION == "Quit Allegiance?"
        assert "cannot be resumed" in app.screen.warning
        await press(pilot, "n")
        assert isinstance(app.screen, TableScreen) and app.game is game and not app._exit
        await press(pilot, "ctrl+q")
        await press(pilot, "y")
        await app.workers.wait_for_complete()
        assert app._exit and game is not None and game.closed


async def test_ctrl_q_twice_quits_and_ctrl_q_on_the_leave_question_asks_to_quit() -> None:
    app = versus_bot(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_a_game(pilot)
        await press(pilot, "ctrl+l")
        assert isinstance(app.screen, LeaveScreen) and not isinstance(app.screen, QuitScreen)
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        assert len([s for s in app.screen_stack if isinstance(s, LeaveScreen)]) == 1
        await press(pilot, "ctrl+q")
        await app.workers.wait_for_complete()
        assert app._exit


def test_the_hosts_quit_warning_says_quitting() -> None:
    playing: dict[str, Any] = {"status": "playing", "table": "ABC123"}
    assert "quitting stops the server" in (leave_warning("hosting", playing, True) or "")
    assert "leaving stops the server" in (leave_warning("hosting", playing) or "")


# hosting ---------------------------------------------------------------------------------
async def hosted_with_a_guest(pilot: Any) -> tuple[list[Any], Connection, asyncio.Task[None]]:
    """The app hosts a duel; a guest joins the other seat. Returns what the guest's
    client was told, its connection and the task running it, once the game is on."""
    app: AllegianceApp = pilot.app
    for _ in range(400):
        if app.game is not None and app.game.session.table is not None:
            break
        await pilot.pause(0.05)
    game = app.game
    assert game is not None and game.server is not None, "not hosted"
    seen: list[Any] = []
    guest = ClientSession(lambda m: None, "Bo")
    guest.start_join(game.session.table)
    conn = Connection(game.server.url, guest, seen.extend)
    task = asyncio.create_task(conn.run())
    for _ in range(400):
        if isinstance(app.screen, TableScreen) and guest.view(1) is not None:
            break
        await pilot.pause(0.05)
    assert isinstance(app.screen, TableScreen) and guest.view(1) is not None
    return seen, conn, task


def host_app() -> AllegianceApp:
    plan = LocalPlan("duel", (SeatPlan("human", "Ann", None), SeatPlan("human", "Bo", None)))
    app = make_app()
    app.host_start = (plan, "127.0.0.1", 0, None, None)
    return app


async def guest_hears(seen: list[Any], conn: Connection, task: asyncio.Task[None]) -> list[str]:
    """What the guest was told once the host's server went; the guest's client closed."""
    for _ in range(100):
        if any(isinstance(u, Notice) and u.stopping for u in seen):
            break
        await asyncio.sleep(0.05)
    await conn.close()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    return [f"{u.stopping}: {u.text}" for u in seen if isinstance(u, Notice)]


@pytest.mark.parametrize("how", ["leave", "quit", "sigterm"])
async def test_a_host_that_goes_stops_its_server_and_the_guest_is_told(how: str) -> None:
    app = host_app()
    async with app.run_test(size=(80, 24)) as pilot:
        seen, conn, task = await hosted_with_a_guest(pilot)
        server = app.game.server if app.game is not None else None
        if how == "sigterm":
            app.signalled()  # as the handler installed for a real terminal does
        else:
            await press(pilot, "ctrl+l" if how == "leave" else "ctrl+q")
            assert isinstance(app.screen, LeaveScreen)
            assert "stops the server" in app.screen.warning
            await press(pilot, "y")
        await app.workers.wait_for_complete()
        notes = await guest_hears(seen, conn, task)
        assert f"{STOP_HOST_LEFT}: {HOST_LEFT}" in notes, notes
        assert not any("lost the connection" in n for n in notes), notes
        assert server is not None and server.server.stopping
        assert (how == "leave") != bool(app._exit)


async def test_a_second_signal_does_not_quit_twice() -> None:
    app = versus_bot(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_a_game(pilot)
        game = app.game
        assert game is not None
        stops = 0
        stop = game.stop

        async def counted() -> None:
            nonlocal stops
            stops += 1
            await stop()

        game.stop = counted  # type: ignore[method-assign]
        app.signalled()
        app.signalled()
        await app.workers.wait_for_complete()
        app.signalled()
        await app.workers.wait_for_complete()
        assert stops == 1 and app._exit


# the real program --------------------------------------------------------------------
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_the_program_ends_cleanly_on_sigterm_and_sighup(sig: signal.Signals, tmp_path) -> None:
    """In a terminal: the app's screen is left (the terminal restored), no "Terminated",
    exit status 0."""
    import pty

    home = tmp_path / "home"
    home.mkdir()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app in a terminal of its own
        env = {**os.environ, "HOME": str(home), "TERM": "xterm-256color"}
        script = os.path.join(os.path.dirname(sys.executable), "allegiance")
        os.execve(script, [script, "play"], env)
    out = bytearray()
    try:
        out += _read_until(fd, b"A L L E G", 30)
        os.kill(pid, sig)
        out += _read_until(fd, None, 15)
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    tail = bytes(out).split(b"A L L E G")[-1]
    assert b"\x1b[?1049l" in tail  # the alternate screen left: the terminal restored


def _read_until(fd: int, marker: bytes | None, timeout: float) -> bytes:
    """Read the terminal until ``marker`` shows (None: until it closes)."""
    import select

    got = bytearray()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the terminal closed: the child is gone
            return bytes(got)
        if not chunk:
            return bytes(got)
        got += chunk
        if marker is not None and marker in got:
            return bytes(got)
    if marker is not None:
        raise AssertionError(f"{marker!r} never showed: {bytes(got)[-400:]!r}")
    return bytes(got)


async def test_the_hosts_server_stops_before_its_own_connection_closes() -> None:
    """Else the server may see the host's connection go first, and tell the others the
    host "lost the connection" (marked away) before it stops."""
    app = host_app()
    async with app.run_test(size=(80, 24)) as pilot:
        seen, conn, task = await hosted_with_a_guest(pilot)
        game = app.game
        assert game is not None and game.server is not None and game.connection is not None
        order: list[str] = []
        server, connection = game.server, game.connection
        stop, close = server.stop, connection.close

        async def stopping(message: str | None = None, reason: str | None = None) -> None:
            order.append("server stops")
            assert connection._ws is not None  # the host is still connected
            await stop(message, reason)

        async def closing(farewell: Any = None) -> None:
            order.append("connection closes")
            await close(farewell)

        server.stop = stopping
        connection.close = closing  # type: ignore[method-assign]
        await press(pilot, "ctrl+l")
        await press(pilot, "y")
        await app.workers.wait_for_complete()
        assert order == ["server stops", "connection closes"]
        await guest_hears(seen, conn, task)

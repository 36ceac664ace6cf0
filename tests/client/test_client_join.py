"""Joining and watching a table on a real (in-process) server, and readable failures."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from client.net.connection import Connection
from client.net.session import ClientSession
from client.screens.join import JoinPlan
from client.screens.table import TableScreen
from server.local import start_local_server
from tests.client.driver import Waiter
from tests.client.helpers import close_connection, make_app, screen_text

pytestmark = pytest.mark.asyncio


async def host_table(
    url: str, seats: list[dict[str, Any]] | None = None
) -> tuple[ClientSession, Connection, asyncio.Task[None], str]:
    """Another person creates a duel (Host and Guest, or ``seats``) and holds seat 0;
    returns the join code."""
    host = ClientSession(lambda m: None, "Host")
    seats = seats or [{"kind": "human", "name": "Host"}, {"kind": "human", "name": "Guest"}]
    host.start_create({"format": "duel"}, seats, {}, [0])
    created = asyncio.Event()
    conn = Connection(url, host, lambda ups: created.set() if host.table else None)
    task = asyncio.create_task(conn.run())
    await asyncio.wait_for(created.wait(), 10)
    assert host.table is not None
    return host, conn, task, host.table


async def test_join_by_code_takes_the_free_seat_and_shows_the_table(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    _host, conn, task, code = await host_table(server.url)
    try:
        app = make_app(start=JoinPlan(server.url, code))
        async with app.run_test(size=(80, 24)) as pilot:
            waiter = Waiter()
            while not isinstance(app.screen, TableScreen):
                if app.game is not None:
                    waiter.hook(app.game)
                await waiter.wait(pilot)
            game = app.game
            assert game is not None and game.session.seats == [1]
            while game.session.view(1) is None:
                await waiter.wait(pilot)
            await pilot.pause()
            text = screen_text(app)
            assert "Guest" in text or "Alice" in text
            assert (tmp_path / "seats.json").exists()  # the token, to resume after a restart
    finally:
        await close_connection(conn, task, server)


async def test_a_wrong_join_code_is_a_readable_notice_and_the_join_screen_again(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    try:
        app = make_app(start=JoinPlan(server.url, "NOPE42"))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await pilot.pause()
                if app.game is None:
                    break
            assert app.game is None
            assert app.screen.__class__.__name__ == "JoinScreen"  # the code, to correct it
            notes = [n.message for n in app._notifications]
            assert notes and all("Traceback" not in n for n in notes)
    finally:
        await server.stop()


async def test_watch_shows_the_public_table_without_any_hand(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    host = ClientSession(lambda m: None, "Host")
    host.start_create(
        {"format": "duel"},
        [{"kind": "human", "name": "Host"}, {"kind": "bot", "name": "Bot", "level": 0}],
        {"spectators": True},
        [0],
    )
    ready = asyncio.Event()
    conn = Connection(server.url, host, lambda ups: ready.set() if host.view(0) else None)
    task = asyncio.create_task(conn.run())
    try:
        await asyncio.wait_for(ready.wait(), 10)
        assert host.table is not None
        app = make_app(start=JoinPlan(server.url, host.table, watch=True))
        async with app.run_test(size=(80, 24)) as pilot:
            waiter = Waiter()
            while app.game is None or app.game.session.view(None) is None:
                if app.game is not None:
                    waiter.hook(app.game)
                await waiter.wait(pilot)
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            text = screen_text(app)
            assert "Host" in text and "Hand " not in text
            hand = (host.view(0) or {})["players"][0]["hand"]
            assert hand and app.game.session.view(None)["players"][0]["hand"] is None
    finally:
        await close_connection(conn, task, server)


async def test_host_a_game_from_the_menu(tmp_path, monkeypatch) -> None:
    """Menu → "Host a game" → the set-up screen in its hosting form → Host: the table
    is hosted with the host's seat first, a free human seat for the player who joins,
    and the chosen spectators and policy for a player who is away."""
    from client.screens.menu import MenuScreen
    from client.screens.setup import SetupScreen

    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    app = make_app()
    hosted: list[tuple] = []
    app.start_host = lambda *args: hosted.append(args)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, MenuScreen):
            await pilot.pause()
        assert "Host a game" in screen_text(app)
        await pilot.press("down", "enter")  # the second entry
        while not isinstance(app.screen, SetupScreen):
            await pilot.pause()
        text = screen_text(app)
        assert "Host a game" in text and "join with the code" in text
        assert "Served from this machine (LAN)" in text
        assert "If a player is away: the table waits for them" in text
        app.screen.query_one("#spectators").value = "none"
        app.screen.query_one("#if-away").value = "bot"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert len(hosted) == 1
    plan, bind, port, db, _name = hosted[0]
    assert bind == "0.0.0.0" and db is None and 0 < port < 65536
    assert plan.humans == [0, 1] and plan.seats[0].name == "Alice"
    assert plan.options["spectators"] == "none" and plan.options["policy"] == "bot"


async def test_a_host_with_a_database_takes_its_seat_again_after_a_stop(
    tmp_path, monkeypatch
) -> None:
    """``allegiance host --db`` twice on one database: the second run resumes the table
    the first one left (the server restores it) instead of making a new one."""
    from client.screens.setup import LocalPlan, SeatPlan

    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    db = tmp_path / "host.db"
    plan = LocalPlan("duel", (SeatPlan("human", "Ann", None), SeatPlan("human", "Bo", None)))
    first, seats, _ = await _host_once(make_app(), plan, str(db))
    again, seats_again, _ = await _host_once(make_app(), plan, str(db))
    assert first is not None and again == first and seats == seats_again == [0]


async def test_a_host_resuming_its_game_says_the_new_flags_are_not_used(
    tmp_path, monkeypatch
) -> None:
    """``allegiance host --best-of 3`` while a game is left unfinished: that game is
    resumed, and the player is told the flags given for a new one are not used."""
    from client.screens.setup import LocalPlan, SeatPlan

    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    db = str(tmp_path / "host.db")
    plan = LocalPlan("duel", (SeatPlan("human", "Ann", None), SeatPlan("human", "Bo", None)))
    first, _, _ = await _host_once(make_app(), plan, db)
    fresh = make_app()
    fresh.host_flags = ["--best-of"]
    said: list[str] = []
    notify = fresh.notify
    fresh.notify = lambda text, **kw: said.append(text) or notify(text, **kw)  # type: ignore[method-assign,func-returns-value]
    again, _, _ = await _host_once(fresh, plan, db)
    assert again == first
    assert any(f"table {first}" in text and "--best-of is not used" in text for text in said)
    plain = make_app()  # no flags given: nothing to say
    plain_said: list[str] = []
    plain.notify = lambda text, **kw: plain_said.append(text)  # type: ignore[method-assign,assignment]
    await _host_once(plain, plan, db)
    assert not any("not used" in text for text in plain_said)


async def _host_once(app, plan, db: str | None) -> tuple[str | None, list[int], set[str]]:
    """Run ``allegiance host`` in ``app`` until its seat has a view, then stop the game
    as a hosting process that went away would (the table stays unfinished); the table,
    the seats held and the join codes of the tables its server had."""
    app.host_start = (plan, "127.0.0.1", 0, db, None)
    async with app.run_test(size=(80, 24)) as pilot:
        waiter = Waiter()
        for _ in range(200):
            game = app.game
            if game is not None:
                waiter.hook(game)
                stream = game.session.stream(0)
                if stream is not None and stream.doc is not None:
                    break
            await waiter.wait(pilot)
        assert app.game is not None
        tables = set(app.game.server.server.lobby.tables)
        held = (app.game.session.table, list(app.game.session.seats), tables)
        await app.game.stop()
    return held


async def test_a_host_without_a_database_takes_its_seat_again_after_a_stop() -> None:
    """``allegiance host`` (the games recorded in the local games' database, which
    restores nothing else) twice: the second run restores only the table the first one
    left unfinished, and takes the host's seat there again."""
    from client.screens.setup import LocalPlan, SeatPlan
    from server.local import local_games_path

    plan = LocalPlan("duel", (SeatPlan("human", "Ann", None), SeatPlan("human", "Bo", None)))
    apps = [make_app(), make_app()]
    for app in apps:
        app.record_local = True
    first = await _host_once(apps[0], plan, None)
    _copy_table(local_games_path(), first[0], "OTHER1")  # another game left unfinished
    again = await _host_once(apps[1], plan, None)
    assert first[0] is not None and again[:2] == first[:2] and first[1] == [0]
    assert apps[1].server_settings["restore_tables"] == (first[0],)
    assert again[2] == {first[0]}  # OTHER1 stays in the file as it was left


async def test_a_hosted_game_that_cannot_come_back_is_not_offered_again() -> None:
    """The kept seat's table cannot be restored (here: a game this server has no rules
    for): hosting says so and goes back to the menu, and the next run hosts a new game."""
    from client.screens.setup import LocalPlan, SeatPlan
    from client.settings import recall_hosted
    from server.local import local_games_path

    plan = LocalPlan("duel", (SeatPlan("human", "Ann", None), SeatPlan("human", "Bo", None)))
    app = make_app()
    app.record_local = True
    first = await _host_once(app, plan, None)
    with contextlib.closing(sqlite3.connect(local_games_path())) as conn, conn:
        conn.execute("UPDATE tables SET game = 'gone' WHERE code = ?", (first[0],))
    app = make_app()
    app.record_local = True
    app.host_start = (plan, "127.0.0.1", 0, None, None)
    failed = asyncio.Event()
    game_failed = app.game_failed

    def failing(controller, text: str) -> None:
        game_failed(controller, text)
        failed.set()

    app.game_failed = failing  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(failed.wait(), 20)
        await pilot.pause()
        assert recall_hosted(str(local_games_path())) is None and app.game is None
    again = await _host_once(make_app(), plan, None)
    assert again[0] not in (None, first[0])


def _copy_table(db: Path, code: str | None, new_code: str) -> None:
    """A second unfinished table in ``db``: a copy of ``code``'s, under another code."""
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        old = conn.execute("SELECT id FROM tables WHERE code = ?", (code,)).fetchone()[0]
        cols = "game, setup, options, seed, bot_seed, status, result, created, finished"
        new = conn.execute(
            f"INSERT INTO tables (code, {cols}) SELECT ?, {cols} FROM tables WHERE id = ?",
            (new_code, old),
        ).lastrowid
        conn.execute(
            "INSERT INTO seats SELECT ?, seat, kind, level, name, hero, token_hash"
            " FROM seats WHERE table_id = ?",
            (new, old),
        )


async def test_a_hosted_seat_is_not_taken_while_its_host_still_runs(tmp_path) -> None:
    """The seat kept for a database is resumed only once the process that hosted it has
    stopped: while it runs (another terminal hosting that game), hosting again starts a
    new game instead of playing the same table from two servers."""
    import json
    import os
    import subprocess
    import sys

    from client.settings import forget_hosted, recall_hosted, remember_hosted, seats_path

    db = str(tmp_path / "games.db")
    remember_hosted(db, "ABC123", 0, "tok")
    assert recall_hosted(db) == ("ABC123", 0, "tok")  # this process: it is the one asking

    def kept_pid(pid: int) -> None:
        data = json.loads(seats_path().read_text())
        data[f"host:{os.path.abspath(db)}"]["pid"] = pid
        seats_path().write_text(json.dumps(data))

    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        kept_pid(running.pid)
        assert recall_hosted(db) is None
    finally:
        running.kill()
        running.wait()
    assert recall_hosted(db) == ("ABC123", 0, "tok")  # it has stopped now
    forget_hosted(db)
    assert recall_hosted(db) is None


async def test_host_from_the_menu_offers_the_unfinished_hosted_game() -> None:
    """Menu → "Host a game" while a hosted game was left unfinished: resume it, or host
    a new one (then the old one is no longer offered)."""
    from client.screens.menu import MenuScreen
    from client.screens.resume import ResumeHostScreen
    from client.screens.setup import LocalPlan, SeatPlan, SetupScreen
    from client.settings import hosted_port, recall_hosted
    from server.local import local_games_path

    plan = LocalPlan("duel", (SeatPlan("human", "Ann", None), SeatPlan("human", "Bo", None)))
    app = make_app()
    app.record_local = True
    code, _seats, _tables = await _host_once(app, plan, None)
    for choice in ("r", "n"):
        app = make_app()
        app.record_local = True
        hosted: list[tuple] = []
        app.start_host = lambda *args, into=hosted: into.append(args)  # type: ignore[method-assign]
        async with app.run_test(size=(80, 24)) as pilot:
            while not isinstance(app.screen, MenuScreen):
                await pilot.pause()
            app.action_host_game()
            await pilot.pause()
            assert isinstance(app.screen, ResumeHostScreen)
            assert f"Open {code} again" in screen_text(app)  # its lobby: Bo never came
            await pilot.press(choice)
            await pilot.pause()
            if choice == "r":  # resumed by start_host, on the port the others know
                assert len(hosted) == 1 and hosted[0][3] is None
                assert hosted[0][2] == hosted_port(str(local_games_path())) > 0
            else:
                assert isinstance(app.screen, SetupScreen) and not hosted
                assert recall_hosted(str(local_games_path())) is None


async def test_join_with_a_hero_plays_that_hero(tmp_path, monkeypatch) -> None:
    from client.commands.join import hero_id

    assert hero_id("Thedric Egen") == hero_id("THEDRIC_EGEN") == "thedric_egen"
    assert hero_id("nobody at all") is None
    assert hero_id("thedric") == "thedric_egen" and hero_id("Gonde") == "gonde_kyal"
    assert hero_id("th") is None  # Thedric, Thrainor, …: more than one
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    _host, conn, task, code = await host_table(server.url)
    try:
        app = make_app(start=JoinPlan(server.url, code, hero="thedric_egen"))
        async with app.run_test(size=(80, 24)) as pilot:
            waiter = Waiter()
            while app.game is None or app.game.session.view(1) is None:
                if app.game is not None:
                    waiter.hook(app.game)
                await waiter.wait(pilot)
            view = app.game.session.view(1)
            assert view is not None and view["players"][1]["hero"] == "thedric_egen"
    finally:
        await close_connection(conn, task, server)


async def test_the_game_quits_when_its_terminal_hangs_up(monkeypatch) -> None:
    """A terminal that went away (window closed, ssh or tmux ended) answers every
    terminal call with an I/O error; the app then quits by itself instead of running on
    alone (Textual's input thread would read end-of-file forever)."""
    import os
    import pty
    import termios

    master, slave = pty.openpty()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app._terminal_fd = slave  # headless runs watch nothing: give it a terminal
        await app._watch_terminal()
        assert app.is_running and app._terminal_fd == slave  # still there: nothing happens
        os.close(master)  # the terminal hangs up
        with pytest.raises(termios.error):
            termios.tcgetattr(slave)
        await app._watch_terminal()
        await pilot.pause()
        assert app._exit
    os.close(slave)


async def test_a_server_never_reached_is_a_sentence_not_a_lobby() -> None:
    """A wrong address (nothing listens there): a few attempts, saying "connecting…",
    then a sentence why — never a lobby waiting for players that will not come."""
    import socket

    from client.net.connection import LinkState
    from client.net.session import Failed

    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    session = ClientSession(lambda m: None, "Alice")
    session.start_join("ABCDEF")
    seen: list = []
    conn = Connection(f"ws://127.0.0.1:{port}", session, seen.extend)
    await asyncio.wait_for(conn.run(), 60)
    states = [u.state for u in seen if isinstance(u, LinkState)]
    assert states and set(states) == {"connecting"}
    failed = [u for u in seen if isinstance(u, Failed)]
    assert len(failed) == 1
    assert failed[0].text.startswith(f"Could not reach the server at 127.0.0.1:{port}")


async def test_host_on_a_server_makes_the_table_there_and_a_guest_joins(
    tmp_path, monkeypatch
) -> None:
    """``allegiance host --on ADDRESS``: the table is made on that server; the lobby
    gives the others the command to join; the game starts when the guest sits down."""
    from client.screens.lobby import LobbyScreen
    from client.screens.setup import LocalPlan, SeatPlan

    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    address = f"127.0.0.1:{server.server.port}"
    plan = LocalPlan("duel", (SeatPlan("human", "Hana", None), SeatPlan("human", "Gus", None)), {})
    app = make_app()
    app.remote_host_start = (plan, address)
    guest: tuple[ClientSession, Connection, asyncio.Task[None]] | None = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(400):  # created, seated, then the lobby
                if app.game is not None and isinstance(app.screen, LobbyScreen):
                    break
                await asyncio.sleep(0.02)
                await pilot.pause()
            assert app.game is not None and isinstance(app.screen, LobbyScreen)
            code = app.game.session.table
            assert code is not None
            table = server.server.lobby.get(code)
            assert table is not None and table.seats[0].claimed and not table.seats[1].claimed
            assert f"allegiance join {address} {code}" in screen_text(app)
            session = ClientSession(lambda m: None, "Gus")
            session.start_join(code)
            conn = Connection(server.url, session, lambda ups: None)
            guest = (session, conn, asyncio.create_task(conn.run()))
            for _ in range(400):  # the guest's join, then the game's first patch
                if isinstance(app.screen, TableScreen):
                    break
                await asyncio.sleep(0.02)
                await pilot.pause()
            assert isinstance(app.screen, TableScreen) and table.status == "playing"
            assert session.seats == [1] and table.seats[1].claimed
            said = app._leave_warning() or ""  # no server here: leaving keeps the seat
            assert "Your seat stays yours" in said and "server" not in said
            where = server.url.removeprefix("ws://")  # the join command's address
            assert f"join {where} {table.code} again" in said, said
    finally:
        if guest is not None:
            await close_connection(guest[1], guest[2], server)
        else:
            await server.stop()


async def test_a_closed_hosted_table_is_not_resumed(tmp_path) -> None:
    """A lobby given up (closed by the server) is never restored: hosting on its database
    again starts a new game rather than resuming it."""
    from client.app import _hosted_seat
    from client.settings import remember_hosted

    db = str(tmp_path / "games.db")
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("CREATE TABLE tables (code TEXT, status TEXT)")
        conn.execute("INSERT INTO tables VALUES ('ABC123', 'waiting')")
    remember_hosted(db, "ABC123", 0, "tok")
    assert _hosted_seat(db) == ("ABC123", 0, "tok")
    for status in ("closed", "over"):
        with contextlib.closing(sqlite3.connect(db)) as conn, conn:
            conn.execute("UPDATE tables SET status = ?", (status,))
        assert _hosted_seat(db) is None, status

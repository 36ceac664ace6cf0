"""The game log of a client that comes to a game under way (a join, a late watch, a new
client after a server restart) starts with the game so far, which the sync carries: the
lines show dimmed under a rule, once — a reconnect of a client that shows them already
adds none."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from client.app import AllegianceApp
from client.net.connection import Connection
from client.net.session import ClientSession, SeatChanged
from client.screens.join import JoinPlan
from client.screens.table import TableScreen
from client.viewmodel.log import sentences
from client.widgets.log import EARLIER_LOG_RULE, EarlierLine, GameLog, earlier_lines
from server.client import ProtocolClient
from server.local import start_local_server
from tests.client.driver import Waiter
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, close_connection, make_app, patch, screen_text, sync

SIZE = (150, 90)
EARLIER: list[dict[str, Any]] = [{"t": "game_started"}, {"t": "first_player", "seat": 0}]


def sync_with(seat: int | None, view: dict[str, Any], events: list[dict[str, Any]],
              seq: int = 0) -> dict[str, Any]:  # fmt: skip
    return {**sync(seat, view, seq), "events": events}


def test_the_session_hands_a_sync_s_events_on_as_earlier_ones() -> None:
    s = ClientSession(lambda m: None, "Alice")
    updates = s.on_message(sync_with(0, v.maneuver(), [*EARLIER, "junk"]))  # type: ignore[list-item]
    changed = [u for u in updates if isinstance(u, SeatChanged)]
    assert changed[0].earlier == tuple(EARLIER) and changed[0].events == ()
    plain = s.on_message(sync(0, v.maneuver()))  # an older server: no events
    assert next(u for u in plain if isinstance(u, SeatChanged)).earlier == ()


def test_a_sync_after_a_gap_hands_on_only_the_events_not_seen() -> None:
    """The sync's ``events_at`` and the events counted from each patch tell which of a
    sync's events a client that was away (or fell behind) has not seen."""
    e = [{"t": "passed", "seat": i % 2, "n": i} for i in range(12)]
    s = ClientSession(lambda m: None, "Alice")

    def synced(events: list[dict[str, Any]], at: int, seq: int) -> SeatChanged:
        msg = {**sync_with(0, v.maneuver(), events, seq), "events_at": at}
        return next(u for u in s.on_message(msg) if isinstance(u, SeatChanged))

    first = synced(e[:2], 0, 0)
    assert first.earlier == tuple(e[:2]) and first.missed == () and not first.gap
    doc = s.streams[0].doc
    assert doc is not None
    s.on_message(patch(doc, doc, 0, 1, e[2:3]))  # seen: 3
    back = synced(e[:5], 0, 1)
    assert back.missed == tuple(e[3:5]) and not back.gap  # a reconnect: the 2 not seen
    far = synced(e[8:12], 8, 2)  # more missed than the server kept
    assert far.missed == tuple(e[8:12]) and far.gap
    assert synced(e[8:12], 8, 2).missed == ()  # nothing new: nothing twice


def test_earlier_lines_are_marked_under_a_rule() -> None:
    lines = earlier_lines(["The game began.", "Alice plays first."])
    assert lines == [EARLIER_LOG_RULE, "The game began.", "Alice plays first."]
    assert all(isinstance(line, EarlierLine) for line in lines)
    assert earlier_lines([]) == []


@pytest.mark.asyncio
async def test_a_sync_fills_an_empty_log_once_dimmed_then_live_lines_follow() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        fake = Fake(app, [0])
        fake.feed(sync_with(0, v.maneuver(), EARLIER))
        fake.docs[0], fake.seq[0] = sync(0, v.maneuver())["doc"], 0
        stream = fake.session.streams[0]
        expected = earlier_lines(sentences(list(EARLIER), v.maneuver()))
        assert stream.log == expected and len(expected) == 3
        fake.feed(sync_with(0, v.maneuver(), EARLIER, seq=0))  # a reconnect: none twice
        assert stream.log == expected
        later = v.maneuver_one_unit_damaged()
        fake.feed(patch(fake.docs[0], {**fake.docs[0], "view": later}, 0, 1,
                        [{"t": "passed", "seat": 1}]))  # fmt: skip
        assert len(stream.log) == 4 and not isinstance(stream.log[-1], EarlierLine)
        await pilot.pause()
        assert EARLIER_LOG_RULE in screen_text(app)
        log = app.screen.query_one("#log", GameLog)
        dim = [any(seg.style and seg.style.dim for seg in strip) for strip in log.lines]
        assert dim[:3] == [True, True, True] and dim[-1] is False


@pytest.mark.asyncio
async def test_a_client_back_after_a_gap_logs_what_happened_meanwhile() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        fake = Fake(app, [0])
        fake.feed({**sync_with(0, v.maneuver(), EARLIER), "events_at": 0})
        stream = fake.session.streams[0]
        shown = list(stream.log)
        meanwhile = [{"t": "passed", "seat": 1}]
        fake.feed({**sync_with(0, v.maneuver(), [*EARLIER, *meanwhile]), "events_at": 0})
        assert stream.log == [*shown, *sentences(meanwhile, v.maneuver())]
        assert not isinstance(stream.log[-1], EarlierLine)  # news, not history
        fake.feed({**sync_with(0, v.maneuver(), meanwhile), "events_at": 9})
        assert stream.log[-2] == "(Some of what happened meanwhile is not shown.)"
        await pilot.pause()


@pytest.mark.asyncio
async def test_an_entry_that_resolved_while_away_is_named_by_the_view_before() -> None:
    """A chain entry announced before a gap (a lost connection, a server restart) and
    resolved during it: the view from before the gap names it, not "A maneuver"."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        fake = Fake(app, [0])
        before = v.response()
        del before["chain"][0]["label"]  # as a server sends it: the client names it
        fake.feed({**sync_with(0, before, EARLIER), "events_at": 0})
        resolved = [{"t": "resolved", "id": 9}]
        back = {**sync_with(0, v.maneuver(), [*EARLIER, *resolved]), "events_at": 0}
        # the sync and a patch after it in one batch, as a reconnect brings them: the
        # patch's views must not stand in for the sync's
        updates = fake.session.on_message(back)
        doc = fake.session.streams[0].doc
        assert doc is not None
        later = {**doc, "view": v.maneuver_one_unit_damaged()}
        updates += fake.session.on_message(patch(doc, later, 0, 1, [{"t": "passed", "seat": 1}]))
        fake.controller.apply(updates)
        assert fake.session.streams[0].log[-2:] == ["Skilled Strike resolved.", "Bob passed."]
        await pilot.pause()


# a real server ---------------------------------------------------------------------------
async def until(changed: asyncio.Event, ready: Callable[[], bool]) -> None:
    while not ready():
        changed.clear()
        await asyncio.wait_for(changed.wait(), 20)


def shows_a_log(app: AllegianceApp) -> bool:
    """The watcher's table is up and its log has lines."""
    stream = app.game.session.streams.get(None) if app.game is not None else None
    return isinstance(app.screen, TableScreen) and stream is not None and bool(stream.log)


def moved_on(host: ClientSession, version: int) -> Callable[[], bool]:
    return lambda: int((host.view(0) or {}).get("version", -1)) > version


def waits_for_host(host: ClientSession) -> bool:
    """The host's turn to decide, nothing of its own on its way (the bot is done)."""
    stream = host.stream(0)
    view = host.view(0)
    return bool(view and view.get("legal") and stream and stream.in_flight is None)


@pytest.mark.asyncio
async def test_a_late_watcher_sees_the_game_so_far_and_a_reconnect_adds_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server(allow_fixed_seeds=True)
    host = ClientSession(lambda m: None, "Host")
    host.start_create(
        {"format": "duel"},
        [{"kind": "human", "name": "Host"}, {"kind": "bot", "name": "Bot", "level": 0}],
        {"spectators": "public", "seed": 7, "bot_seed": 1},
        [0],
    )
    changed = asyncio.Event()
    seen: list[Mapping[str, Any]] = []  # the events of the host's seat, as they came

    def host_got(updates: list[Any]) -> None:
        for u in updates:  # a sync's earlier events (the opening, say), then a patch's
            if isinstance(u, SeatChanged):
                seen.extend([*u.earlier, *u.events])
        changed.set()

    conn = Connection(server.url, host, host_got)
    task = asyncio.create_task(conn.run())
    early_got: list[dict[str, Any]] = []  # its sync brings the opening, patches the rest
    early = ProtocolClient(server.url, "early", record=early_got.append)  # the reference
    try:
        await until(changed, lambda: host.table is not None and host.view(0) is not None)
        await early.connect()
        await early.request({"t": "watch", "table": host.table})
        for _ in range(3):  # the game moves on: turns, draws, the bot's answers
            await until(changed, lambda: waits_for_host(host))
            view = host.view(0)
            assert view is not None
            assert host.submit(0, view["legal"][0]) is None
            await until(changed, moved_on(host, view["version"]))
        await until(changed, lambda: waits_for_host(host))
        assert host.table is not None and any(e["t"] == "drew" for e in seen)

        def early_events() -> list[Mapping[str, Any]]:
            return [e for m in early_got if m["t"] in ("sync", "patch") and m["seat"] is None
                    for e in m.get("events") or []]  # fmt: skip

        await early.wait_for(lambda: len(early_events()) == len(seen))

        app = make_app(start=JoinPlan(server.url, host.table, watch=True))
        async with app.run_test(size=SIZE) as pilot:
            waiter = Waiter()
            while not shows_a_log(app):
                if app.game is not None:
                    waiter.hook(app.game)
                await waiter.wait(pilot)
            game = app.game
            assert game is not None
            waiter.hook(game)
            stream = game.session.streams[None]
            watched = game.session.view(None)
            assert watched is not None
            public: list[Mapping[str, Any]] = early_events()
            expected = earlier_lines(sentences(public, watched))
            assert stream.log == expected  # the game so far, as a spectator may see it
            assert expected != earlier_lines(sentences(seen, watched))  # the host's draws
            assert len(expected) > 10 and all(isinstance(x, EarlierLine) for x in stream.log)
            await pilot.pause()
            assert EARLIER_LOG_RULE in screen_text(app)

            syncs = 0
            original = game.session.on_message

            def counting(msg: Any) -> Any:
                nonlocal syncs
                syncs += msg.get("t") == "sync"
                return original(msg)

            game.session.on_message = counting  # type: ignore[method-assign]
            assert game.connection is not None
            before = list(stream.log)
            game.connection.drop()  # the network fails; the watcher comes back by itself
            while syncs == 0 or stream.doc is None:
                await waiter.wait(pilot)
            assert stream.log == before  # the sync's events again, but nothing twice

            view = host.view(0)
            assert view is not None and host.submit(0, view["legal"][0]) is None
            while len(stream.log) == len(before):
                await waiter.wait(pilot)
            new = stream.log[len(before) :]
            assert not any(isinstance(line, EarlierLine) for line in new)
    finally:
        await early.close()
        await close_connection(conn, task, server)


@pytest.mark.asyncio
async def test_a_game_joined_as_it_begins_logs_its_opening_as_it_happens() -> None:
    """A sync before any command (the game starting) carries the opening ("Alice plays
    first."): plain lines, not marked as earlier; later, the same events are earlier."""
    opening = [{"t": "first_player", "seat": 0}, {"t": "game_started"}]
    for version, marked in ((0, False), (5, True)):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            fake = Fake(app, [0])
            view = {**v.maneuver(), "version": version}
            fake.feed({**sync(0, view), "events": opening, "events_at": 0})
            await pilot.pause()
            log = fake.session.streams[0].log
            assert "Alice plays first." in [str(line) for line in log]
            assert (EARLIER_LOG_RULE in [str(line) for line in log]) is marked

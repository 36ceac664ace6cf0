"""A sync carries the recipient's events of the game so far: a late spectator, a player
who rejoins, and everyone after a restart get the game's log, filtered as patches are
(never another seat's drawn card), and a new game starts it empty."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from server import streams
from server.client import ProtocolClient
from server.local import LocalServer
from shared.protocol import codec
from tests.server.kit import open_table, play_game, toy_server, view
from tests.server.toygame import hidden_from


async def recording(url: str, name: str) -> tuple[ProtocolClient, list[dict[str, Any]]]:
    """A connected client that keeps every message it receives."""
    got: list[dict[str, Any]] = []
    client = ProtocolClient(url, name, record=got.append)
    await client.connect()
    return client, got


def last_sync(got: list[dict[str, Any]], code: str, seat: int | None) -> dict[str, Any]:
    syncs = [m for m in got if m["t"] == "sync" and m["table"] == code and m["seat"] == seat]
    assert syncs, "no sync received"
    return syncs[-1]


async def play(holder: ProtocolClient, code: str, steps: int) -> None:
    """``steps`` moves of the toy game, drawing whenever a seat may (drawn cards are
    the hidden information the events carry)."""
    for _ in range(steps):
        seat = view(holder, code, 0)["to_act"]
        if seat is None:
            return
        seen = view(holder, code, seat)
        draw = [a for a in seen["legal"] if a["kind"] == "draw"]
        action = draw[0] if draw else seen["legal"][-1]
        answer = await holder.submit(code, seat, seen["version"], action)
        assert answer["t"] == "accepted", answer


def seen_by(holder: ProtocolClient, code: str, seat: int | None) -> list[dict[str, Any]]:
    """The events a subscriber of ``seat``'s stream got in patches since the start."""
    return holder.streams[(code, seat)].events


async def test_a_late_spectator_gets_the_game_so_far_without_hidden_cards(
    server: LocalServer,
) -> None:
    holder, code = await open_table(server.url, 2, seed=3)
    early = ProtocolClient(server.url, "early")  # watches from the start: the reference
    await early.connect()
    await early.request({"t": "watch", "table": code})
    await play(holder, code, 10)
    version = view(holder, code, 0)["version"]
    await early.wait_for(lambda: view(early, code, None)["version"] == version)
    late, got = await recording(server.url, "late")
    await late.request({"t": "watch", "table": code})
    sync = last_sync(got, code, None)
    assert any(e["t"] == "drew" for e in sync["events"])
    assert sync["events"] == seen_by(early, code, None)
    assert not any("card" in e for e in sync["events"] if e["t"] == "drew")
    table = server.server.lobby.get(code)
    assert table is not None
    raw = codec.encode(sync)
    leaked = [card for card in hidden_from(table.state, None) if card.encode() in raw]
    assert not leaked
    for client in (holder, early, late):
        await client.close()


async def test_a_seat_that_resumes_gets_its_own_draws_and_not_the_others(
    server: LocalServer,
) -> None:
    holder, code = await open_table(server.url, 2, seed=5)
    await play(holder, code, 12)
    again, got = await recording(server.url, "again")
    again.tokens.update(holder.tokens)
    await again.join(code, 1)
    events = last_sync(got, code, 1)["events"]
    assert events == seen_by(holder, code, 1)
    drew = [e for e in events if e["t"] == "drew"]
    assert any(e["seat"] == 1 and "card" in e for e in drew)  # its own cards: shown
    assert drew and all("card" not in e for e in drew if e["seat"] != 1)
    for client in (holder, again):
        await client.close()


async def test_spectators_of_an_open_table_get_every_seat_s_draws(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2, seed=5, options={"spectators": "all"})
    await play(holder, code, 12)
    late, got = await recording(server.url, "late")
    await late.request({"t": "watch", "table": code})
    drew = [e for e in last_sync(got, code, None)["events"] if e["t"] == "drew"]
    assert {e["seat"] for e in drew} == {0, 1} and all("card" in e for e in drew)
    for client in (holder, late):
        await client.close()


async def test_the_table_keeps_only_the_last_events(
    server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(streams, "EVENTS_KEEP", 4)
    holder, code = await open_table(server.url, 2, seed=5)
    await play(holder, code, 12)
    again, got = await recording(server.url, "again")
    again.tokens.update(holder.tokens)
    await again.join(code, 0)
    assert len(seen_by(holder, code, 0)) > 4
    assert last_sync(got, code, 0)["events"] == seen_by(holder, code, 0)[-4:]
    assert last_sync(got, code, 0)["events_at"] == len(seen_by(holder, code, 0)) - 4
    for client in (holder, again):
        await client.close()


async def test_a_restart_keeps_the_game_s_events(tmp_path: Path) -> None:
    db = str(tmp_path / "events.db")
    srv = await toy_server(db_path=db)
    holder, code = await open_table(srv.url, 2, seed=9)
    await play(holder, code, 10)
    before = list(seen_by(holder, code, 0))
    assert any(e["t"] == "drew" for e in before)
    tokens = dict(holder.tokens)
    await srv.stop()
    await holder.closed.wait()
    srv = await toy_server(db_path=db)
    try:
        back, got = await recording(srv.url, "back")
        back.tokens.update(tokens)
        await back.join(code, 0)
        assert last_sync(got, code, 0)["events"] == before
        await back.close()
    finally:
        await srv.stop()


async def test_a_rematch_starts_with_no_earlier_events(tmp_path: Path) -> None:
    db = str(tmp_path / "rematch.db")
    srv = await toy_server(db_path=db)
    code, _, clients = await play_game(srv.url, 2, seed=21)
    p0, p1 = clients
    watcher, got = await recording(srv.url, "watcher")
    await watcher.request({"t": "watch", "table": code})
    assert any(e["t"] == "game_over" for e in last_sync(got, code, None)["events"])
    for seat, client in ((0, p0), (1, p1)):
        token = client.tokens[(code, seat)]
        await client.request({"t": "next_game", "table": code, "seat": seat, "token": token})
    for seat, client in ((0, p0), (1, p1)):
        await client.wait_for(playing(client, code, seat))
    await watcher.request({"t": "sync", "table": code, "seat": None})
    assert not any(e["t"] == "game_over" for e in last_sync(got, code, None)["events"])
    tokens = {**p0.tokens, **p1.tokens}
    seat = view(p0, code, 0)["to_act"]
    client = p0 if seat == 0 else p1
    seen = view(client, code, seat)
    answer = await client.submit(code, seat, seen["version"], seen["legal"][-1])
    assert answer["t"] == "accepted", answer
    await p0.wait_for(lambda: view(p0, code, 0)["version"] == answer["version"])
    second_game = since_the_rematch(seen_by(p0, code, 0))
    for c in (p0, p1, watcher):
        await c.close()
    await srv.stop()
    srv = await toy_server(db_path=db)  # replayed across the rematch's boundary row
    try:
        back, got = await recording(srv.url, "back")
        back.tokens.update(tokens)
        await back.join(code, 0)
        events = last_sync(got, code, 0)["events"]
        assert events and events == second_game
        assert not any(e["t"] == "game_over" for e in events)
        await back.close()
    finally:
        await srv.stop()


def playing(client: ProtocolClient, code: str, seat: int) -> Callable[[], bool]:
    return lambda: bool((client.doc(code, seat) or {})["table"]["status"] == "playing")


def since_the_rematch(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events after the first game's ``game_over``."""
    ends = [i for i, e in enumerate(events) if e["t"] == "game_over"]
    return events[ends[0] + 1 :]

"""The lobby's words and rules over the network: a full table that allows no watchers
does not offer watching, and a lobby nobody came to for a day is not restored."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from server.client import ProtocolClient
from server.lobby import LOBBY_KEPT_FOR
from server.local import LocalServer
from tests.server.kit import open_table, toy_server


async def join_full(server: LocalServer, spectators: str) -> dict[str, object]:
    holder, code = await open_table(server.url, 2, options={"spectators": spectators})
    late = ProtocolClient(server.url, "late")
    await late.connect()
    reply = await late.request({"t": "join", "table": code})
    await late.close()
    await holder.close()
    return reply


async def test_a_full_table_without_watchers_says_only_that_it_is_full(
    server: LocalServer,
) -> None:
    reply = await join_full(server, "none")
    assert reply["t"] == "error" and reply["code"] == "table_full"
    assert reply["message"] == "Every seat at that table is taken."
    reply = await join_full(server, "public")
    assert reply["message"] == "Every seat at that table is taken; you may watch it instead."


async def make_lobby(url: str) -> str:
    """A two-seat table whose maker holds seat 0 and then goes (killed: no ``leave``)."""
    maker = ProtocolClient(url, "maker")
    await maker.connect()
    specs = [{"kind": "human", "name": "P0"}, {"kind": "human", "name": "P1"}]
    created = await maker.create("toy", {}, specs, {"pass_delay": 0, "listed": True}, claim=[0])
    code = str(created["table"])
    await maker.join(code, 0)
    await maker.close()
    return code


async def test_a_lobby_left_waiting_a_day_is_not_restored(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "lobbies.db"
    srv = await toy_server(db_path=str(db))
    old, fresh = await make_lobby(srv.url), await make_lobby(srv.url)
    await srv.stop()
    with sqlite3.connect(db) as raw:  # made a day and an hour ago
        raw.execute(
            "UPDATE tables SET created = created - ? WHERE code = ?", (LOBBY_KEPT_FOR + 3600, old)
        )
    raw.close()
    caplog.set_level(logging.INFO, logger="allegiance")
    for start in range(2):  # not restored at any start-up; said at the first only
        caplog.clear()
        srv = await toy_server(db_path=str(db))
        try:
            assert set(srv.server.lobby.tables) == {fresh}
            said = [r.getMessage() for r in caplog.records]
            told = [m for m in said if m.startswith(f"table {old} not restored")]
            assert told == ([] if start else [
                f"table {old} not restored: it waited for players for 25 hours (over 24); "
                "its lobby is closed"]), said  # fmt: skip
            assert "restored 1 unfinished table(s)" in said
            late = ProtocolClient(srv.url, "late")
            await late.connect()
            reply = await late.request({"t": "join", "table": old})
            assert reply["code"] == "not_found", reply
            listed = await late.request({"t": "list"})
            assert [t["table"] for t in listed["tables"]] == [fresh]
            replay = await late.request({"t": "replay", "table": old})  # no game to replay
            assert replay["code"] == "not_finished", replay
            await late.close()
        finally:
            await srv.stop()


async def test_a_player_who_sits_down_after_a_watcher_came_is_told(server: LocalServer) -> None:
    """In the lobby: the maker hears of the watcher when they come; the player who
    sits down later hears of them on arrival (nobody else hears it twice)."""
    holder = ProtocolClient(server.url, "holder")
    await holder.connect()
    specs = [{"kind": "human", "name": "P0"}, {"kind": "human", "name": "P1"}]
    created = await holder.create("toy", {}, specs, {"pass_delay": 0}, claim=[0])
    code = str(created["table"])
    await holder.join(code, 0)
    watcher = ProtocolClient(server.url, "w")
    await watcher.connect()
    await watcher.request({"t": "watch", "table": code})
    await holder.wait_for(lambda: any(n["code"] == "spectator_joined" for n in holder.notices))
    guest = ProtocolClient(server.url, "guest")
    await guest.connect()
    reply = await guest.request({"t": "join", "table": code})
    assert reply["t"] == "seated", reply
    await guest.wait_for(lambda: any(n["code"] == "spectator_joined" for n in guest.notices))
    (told,) = [n for n in guest.notices if n["code"] == "spectator_joined"]
    assert told["message"] == "Someone is watching (1 watching)."
    assert len([n for n in holder.notices if n["code"] == "spectator_joined"]) == 1
    assert not any(n["code"] == "spectator_joined" for n in watcher.notices)
    for client in (guest, watcher, holder):
        await client.close()


async def test_a_hotseat_client_watching_its_own_table_is_nobody_watching(
    server: LocalServer,
) -> None:
    """A hot-seat client watches the public view beside its seats: the table does not
    say someone watches, and counts no watcher, until someone else comes."""
    holder, code = await open_table(server.url, 2)  # holds both seats
    await holder.request({"t": "watch", "table": code})
    table = server.server.lobby.get(code)
    assert table is not None and table.meta_base()["spectators"] == 0
    other = ProtocolClient(server.url, "w")
    await other.connect()
    await other.request({"t": "watch", "table": code})
    await holder.wait_for(lambda: any(n["code"] == "spectator_joined" for n in holder.notices))
    (told,) = [n for n in holder.notices if n["code"] == "spectator_joined"]
    assert told["message"] == "Someone is watching (1 watching)."
    assert table.meta_base()["spectators"] == 1
    for client in (other, holder):
        await client.close()


async def test_the_server_sends_a_bot_seats_level(server: LocalServer) -> None:
    """Every seat says its kind; a bot's says its level too (the lobby shows it)."""
    client = ProtocolClient(server.url, "maker")
    await client.connect()
    specs = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": 2}]
    created = await client.create("toy", {}, specs, {"pass_delay": 0}, claim=[0])
    code = str(created["table"])
    await client.request({"t": "watch", "table": code})
    await client.wait_for(lambda: client.doc(code, None) is not None)
    seats = client.doc(code, None)["table"]["seats"]
    assert [s["level"] for s in seats] == [None, 2]
    await client.close()



async def test_a_player_who_left_after_the_game_is_marked_left_until_back(
    server: LocalServer,
) -> None:
    """After a game, a player who says ``leave`` is "left" in every seat's table info
    (the others' screens say so, not "away"); joining again clears it."""
    from tests.server.kit import play_game

    code, _, (ann, bo) = await play_game(server.url, 2, seed=4)
    token = bo.tokens[(code, 1)]
    await bo.request({"t": "leave", "table": code, "seat": 1, "token": token})

    def bo_seat() -> dict[str, Any]:
        return dict(ann.doc(code, 0)["table"]["seats"][1])

    await ann.wait_for(lambda: bo_seat()["connected"] is False)
    assert bo_seat()["left"] is True
    back = ProtocolClient(server.url, "bo again")
    await back.connect()
    await back.join(code, 1, token)
    await ann.wait_for(lambda: bo_seat()["connected"] is True)
    assert bo_seat()["left"] is False
    for client in (ann, bo, back):
        await client.close()

"""Commands: duplicates, stale versions, turn order, auto-pass, stops, timers, timing-safe delay."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
from typing import Any

import pytest

from server.client import ProtocolClient, play_seat
from server.local import LocalServer
from tests.server.kit import open_table, view


async def first_play(holder: ProtocolClient, code: str) -> tuple[int, int, dict]:
    v = view(holder, code, 0)
    seat = v["to_act"]
    seat_view = view(holder, code, seat)
    play = next(a for a in seat_view["legal"] if a["kind"] == "play")
    return seat, seat_view["version"], play


async def test_duplicate_id_is_answered_once(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2)
    seat, version, action = await first_play(holder, code)
    first = await holder.submit(code, seat, version, action, cmd_id="cmd-1")
    again = await holder.submit(code, seat, version, action, cmd_id="cmd-1")
    assert first["t"] == "accepted" and first["version"] == version + 1
    assert again["t"] == "accepted" and again.get("dup") is True and again["version"] == version + 1
    table = server.server.lobby.get(code)
    assert table is not None
    rows = server.server.store.commands(table.id)  # type: ignore[union-attr]
    assert [r.cmd_id for r in rows if r.source == "human"] == ["cmd-1"]
    await holder.close()


class _FailingCommits:
    """A database connection whose batched command inserts fail (a full disk, say)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)

    def __enter__(self) -> Any:
        return self._db.__enter__()

    def __exit__(self, *exc: Any) -> Any:
        return self._db.__exit__(*exc)

    def executemany(self, *args: Any) -> Any:
        raise sqlite3.OperationalError("disk I/O error")


async def test_a_command_that_cannot_be_stored_is_refused_and_not_applied(
    server: LocalServer,
) -> None:
    """A command and its automatic passes are one transaction: if it cannot be committed,
    the command is refused, nothing is logged, the state is as before, and its id is not
    taken (the same command, sent again once the store works, is applied)."""
    holder, code = await open_table(server.url, 2)
    seat, version, action = await first_play(holder, code)
    table = server.server.lobby.get(code)
    store = server.server.store
    assert table is not None and store is not None
    store.db = _FailingCommits(store.db)  # type: ignore[assignment]
    try:
        failed = await holder.submit(code, seat, version, action, cmd_id="c1")
    finally:
        store.db = store.db._db  # type: ignore[attr-defined]
    assert failed["t"] == "refused" and failed["code"] == "internal"
    assert table.log_len == 0 and table.rules.version(table.state) == version
    again = await holder.submit(code, seat, version, action, cmd_id="c1")
    assert again["t"] == "accepted" and not again.get("dup") and again["version"] == version + 1
    assert [r.cmd_id for r in store.commands(table.id) if r.source == "human"] == ["c1"]
    await holder.close()


async def test_stale_version_is_refused_with_a_resync(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2)
    seat, version, action = await first_play(holder, code)
    syncs: list[dict] = []
    holder.record = lambda msg: syncs.append(msg) if msg["t"] == "sync" else None
    reply = await holder.submit(code, seat, version + 5, action)
    assert reply["t"] == "refused" and reply["code"] == "stale"
    await holder.wait_for(lambda: bool(syncs))
    assert syncs[0]["seat"] == seat and syncs[0]["doc"]["view"]["version"] == version
    table = server.server.lobby.get(code)
    assert table is not None and table.log_len == 0
    await holder.close()


async def test_other_seat_and_illegal_actions_are_refused(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2)
    seat, version, _action = await first_play(holder, code)
    other = 1 - seat
    reply = await holder.submit(code, other, version, {"kind": "pass"})
    assert reply["code"] == "not_your_turn"
    reply = await holder.submit(code, seat, version, {"kind": "play", "card": 999})
    assert reply["code"] == "illegal"
    reply = await holder.submit(code, seat, version, {"kind": 3})
    assert reply["code"] == "malformed"
    table = server.server.lobby.get(code)
    assert table is not None and table.log_len == 0
    await holder.close()


async def test_not_started_until_every_human_seat_is_claimed(server: LocalServer) -> None:
    creator = ProtocolClient(server.url, "c")
    await creator.connect()
    created = await creator.create(
        "toy", {}, [{"kind": "human"}, {"kind": "human"}], {"seed": 3}, claim=[0]
    )
    code = created["table"]
    await creator.join(code, 0)
    assert creator.doc(code, 0)["table"]["status"] == "waiting"
    reply = await creator.submit(code, 0, 0, {"kind": "pass"})
    assert reply["code"] == "not_started"
    other = ProtocolClient(server.url, "o")
    await other.connect()
    seated = await other.request({"t": "join", "table": code, "name": "Other"})
    assert seated["t"] == "seated" and seated["seat"] == 1 and seated["token"]
    await creator.wait_for(lambda: creator.doc(code, 0)["table"]["status"] == "playing")
    assert (await other.request({"t": "join", "table": code}))["code"] == "table_full"
    await other.close()
    await creator.close()


def greedy(view: dict, seat: int) -> dict:
    """Play a card whenever possible (so response windows open often)."""
    return next((a for a in view["legal"] if a["kind"] in ("play", "counter")), view["legal"][0])


async def play_out(holder: ProtocolClient, code: str, seats: int) -> None:
    await asyncio.gather(*(play_seat(holder, code, seat, greedy) for seat in range(seats)))


async def test_auto_pass_when_only_a_pass_is_legal(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2, seed=11)
    await play_out(holder, code, 2)
    table = server.server.lobby.get(code)
    rows = server.server.store.commands(table.id)  # type: ignore[union-attr]
    autos = [r for r in rows if r.source == "auto"]
    assert autos and all(r.action == {"kind": "pass"} for r in autos)
    await holder.close()


async def test_auto_pass_off_and_stops_wait_for_the_person(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2, seed=11)
    for seat in (0, 1):
        for settings in ({"auto_pass": False}, {"auto_pass": True, "stops": ["chain"]}):
            reply = await holder.request(
                {
                    "t": "settings",
                    "table": code,
                    "seat": seat,
                    "token": holder.tokens[(code, seat)],
                    **settings,
                }
            )
            assert reply["t"] == "settings"
    table = server.server.lobby.get(code)
    assert table is not None
    seat, version, play = await first_play(holder, code)
    await holder.submit(code, seat, version, play)
    other = 1 - seat
    await holder.wait_for(lambda: view(holder, code, other)["to_act"] == other)
    # the responder has a chain to look at: even with only a pass legal it is asked
    assert table._planned is None
    assert holder.doc(code, other)["table"]["settings"]["stops"] == ["chain"]
    await holder.close()


async def test_timer_passes_for_a_seat_that_runs_out_of_time(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2, options={"timer": 0.05})
    start = view(holder, code, 0)["version"]
    assert holder.doc(code, 0)["table"]["clock"]["ms"] == 50
    await holder.wait_for(lambda: view(holder, code, 0)["version"] > start, timeout=5)
    table = server.server.lobby.get(code)
    assert table is not None
    rows = server.server.store.commands(table.id)  # type: ignore[union-attr]
    assert rows[0].source == "timeout" and rows[0].action == {"kind": "pass"}
    told = [m for m in holder.notices if m["code"] == "timed_out"]
    assert told and told[0]["data"] == {"seat": 0} and "P0 ran out of time" in told[0]["message"]
    # the log has it too: a player who catches up (a sync) reads it before the pass
    received: list[dict[str, Any]] = []
    late = ProtocolClient(server.url, "late", record=received.append)
    await late.connect()
    assert (await late.request({"t": "watch", "table": code}))["t"] == "watching"
    await late.wait_for(lambda: late.streams.get((code, None)) is not None)
    (sync,) = [m for m in received if m.get("t") == "sync"]
    assert sync["events"][0] == {"t": "timed_out", "seat": 0}
    await late.close()
    await holder.close()


async def test_planning_again_keeps_the_decisions_countdown(server: LocalServer) -> None:
    """A seat's settings (sent on every join and reconnect) plan the table again: the
    pending decision keeps its countdown, and a sync says how much of it is left."""
    holder, code = await open_table(server.url, 2, options={"timer": 600})
    table = server.server.lobby.get(code)
    assert table is not None and table.clock is not None
    clock, planned = table.clock, table._planned
    assert isinstance(planned, asyncio.TimerHandle)
    due = planned.when()
    for seat in (0, 1):
        reply = await holder.request(
            {
                "t": "settings",
                "table": code,
                "seat": seat,
                "token": holder.tokens[(code, seat)],
                "auto_pass": False,
            }
        )
        assert reply["t"] == "settings"
    again = table._planned
    assert isinstance(again, asyncio.TimerHandle) and again is not planned
    assert again.when() == due and table.clock is clock  # the same countdown, not a new one
    sync = await holder.request(
        {"t": "sync", "table": code, "seat": 0, "token": holder.tokens[(code, 0)]}
    )
    assert sync["doc"]["table"]["clock"] == clock
    assert 0 < sync["clock_left"] <= 600_000
    assert sync["clock_left"] == pytest.approx((due - table.loop.time()) * 1000, abs=1000)
    await holder.close()


async def test_timing_safe_delay_on_tables_with_two_people(server: LocalServer) -> None:
    for hotseat, delay in ((False, 0.2), (True, 0.0)):
        holder, code = await open_table(
            server.url, 2, seed=11, options={"pass_delay": 0.2, "hotseat": hotseat}
        )
        assert server.server.lobby.get(code).delay == delay
        await holder.close()
    holder, code = await open_table(server.url, 2, seed=11, bots=(1,), options={"pass_delay": 0.2})
    assert server.server.lobby.get(code).delay == 0.0  # one person: no one to hide timing from
    await holder.close()
    # on a two-person table every automatic pass is released no sooner than the delay
    holder, code = await open_table(server.url, 2, seed=11, options={"pass_delay": 0.2})
    table = server.server.lobby.get(code)
    await play_out(holder, code, 2)
    rows = server.server.store.commands(table.id)  # type: ignore[union-attr]
    gaps = [b.ts - a.ts for a, b in itertools.pairwise(rows) if b.source == "auto"]
    assert gaps and min(gaps) >= 0.19
    await holder.close()


async def test_chat_reaches_the_table(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2)
    watcher = ProtocolClient(server.url, "w")
    await watcher.connect()
    await watcher.request({"t": "watch", "table": code})
    reply = await holder.request(
        {
            "t": "chat",
            "table": code,
            "seat": 1,
            "token": holder.tokens[(code, 1)],
            "text": "gl\x07 hf",
        }
    )
    assert reply["text"] == "gl hf" and reply["name"] == "P1"
    await watcher.wait_for(lambda: any(m["t"] == "chat" for m in watcher.inbox))
    await watcher.close()
    await holder.close()


async def test_list_shows_open_tables(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2, options={"listed": True})
    reply = await holder.request({"t": "list"})
    assert [t["table"] for t in reply["tables"]] == [code]
    assert reply["tables"][0]["seats"][0]["connected"] is True
    await holder.close()


async def test_list_by_join_code_shows_that_table_listed_or_not(server: LocalServer) -> None:
    """``list`` with a join code: that one table (not listed: the code is what lets
    anyone join), its seats as the table's document has them; an unknown code gets the
    error ``join`` gives; a table of another game is not found."""
    holder, code = await open_table(server.url, 2)
    other = ProtocolClient(server.url, "Someone")
    await other.connect()
    assert (await other.request({"t": "list"}))["tables"] == []
    reply = await other.request({"t": "list", "table": code.lower()})
    assert [t["table"] for t in reply["tables"]] == [code]
    seats = reply["tables"][0]["seats"]
    assert [(s["seat"], s["claimed"]) for s in seats] == [(0, True), (1, True)]
    assert "token" not in repr(reply)
    for ask in ({"table": "ZZZZZZ"}, {"table": code, "game": "realm"}):
        refused = await other.request({"t": "list", **ask})
        assert refused["t"] == "error" and refused["code"] == "not_found"
    await other.close()
    await holder.close()


async def test_a_second_player_of_the_same_name_is_told_apart(server: LocalServer) -> None:
    holder = ProtocolClient(server.url, "Player")
    await holder.connect()
    specs = [{"kind": "human", "name": "Player"}, {"kind": "human", "name": "Player 2"}]
    created = await holder.create("toy", {}, specs, {"pass_delay": 0}, claim=[0])
    code = created["table"]
    joiner = ProtocolClient(server.url, "player")  # the same default name, another case
    await joiner.connect()
    reply = await joiner.request({"t": "join", "table": code, "seat": 1})
    assert reply["t"] == "seated"
    await joiner.wait_for(lambda: joiner.doc(code, 1) is not None)
    names = [s["name"] for s in joiner.doc(code, 1)["table"]["seats"]]
    assert names == ["Player", "player (2)"]
    await joiner.close()
    await holder.close()


async def test_the_players_are_told_when_someone_watches(server: LocalServer) -> None:
    for shown, every_hand in (("public", False), ("all", True)):
        holder, code = await open_table(server.url, 2, options={"spectators": shown})
        watcher = ProtocolClient(server.url, "w")
        await watcher.connect()
        await watcher.request({"t": "watch", "table": code})
        notices = holder.notices
        await holder.wait_for(lambda n=notices: any(x["code"] == "spectator_joined" for x in n))
        (told,) = [n for n in holder.notices if n["code"] == "spectator_joined"]
        assert told["data"] == {"spectators": 1} and "1 watching" in told["message"]
        assert ("see every hand" in told["message"]) is every_hand
        assert not any(n["code"] == "spectator_joined" for n in watcher.notices)
        await watcher.close()
        await holder.close()


async def test_a_full_table_says_it_may_be_watched(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2)
    late = ProtocolClient(server.url, "late")
    await late.connect()
    reply = await late.request({"t": "join", "table": code})
    assert reply["t"] == "error" and reply["code"] == "table_full"
    assert "watch it instead" in reply["message"]
    await late.close()
    await holder.close()

"""Who plays for an away player (``policy: bot``), who may list a table's join code, and
a lobby its last player left."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from server import bots
from server.bots import random_choice, stand_in_level
from server.client import ProtocolClient
from server.local import LocalServer, start_local_server
from server.seating import Host
from tests.server.kit import toy_server

# --- the bot that plays for an away player --------------------------------------------


@pytest.fixture
async def realm_server() -> AsyncIterator[LocalServer]:
    srv = await start_local_server(allow_fixed_seeds=True)
    try:
        yield srv
    finally:
        await srv.stop()


def test_the_stand_in_is_never_the_random_bot_where_the_stronger_bots_play() -> None:
    assert stand_in_level("realm", []) == 2  # no bots: medium
    assert stand_in_level("realm", [0, 0]) == 2  # random bots only: medium all the same
    assert stand_in_level("realm", [1, 1]) == 1  # the table's bot level
    assert stand_in_level("realm", [1, 3, 0]) == 3  # its strongest
    assert stand_in_level("toy", [2]) == 0  # a rule set only the random bot plays


TEAM = {"format": "team", "seats": [{"team": 0}, {"team": 1}, {"team": 0}, {"team": 1}]}
DUEL_OF_PEOPLE = ({"format": "duel"}, [{"kind": "human"}, {"kind": "human"}], 2)
EASY_BOT = {"kind": "bot", "level": 1}
TEAM_WITH_EASY_BOTS = (TEAM, [{"kind": "human"}, EASY_BOT, {"kind": "human"}, EASY_BOT], 1)


@pytest.mark.parametrize(("setup", "specs", "level"), [DUEL_OF_PEOPLE, TEAM_WITH_EASY_BOTS])
async def test_a_bot_that_plays_for_an_away_player_plays_at_the_table_s_level(
    realm_server: LocalServer,
    monkeypatch: pytest.MonkeyPatch,
    setup: dict[str, Any],
    specs: list[dict[str, Any]],
    level: int,
) -> None:
    """The players go; past the grace a bot plays each of their seats: the table's bot
    level, or medium without bots (it was the random bot, which attacks team-mates)."""
    chosen: list[tuple[int, int]] = []

    def choose(view: dict[str, Any], bot_seed: int, seat: int, lvl: int) -> Any:
        chosen.append((seat, lvl))  # the table's call, with the level it asks for
        return random_choice(view, bot_seed, seat)

    monkeypatch.setattr(bots, "choose", choose)
    monkeypatch.setattr(Host, "heavy_pool", lambda self: self.executor)  # this test's choose
    humans = [i for i, s in enumerate(specs) if s["kind"] == "human"]
    holder = ProtocolClient(realm_server.url, "holder")
    await holder.connect()
    options = {"seed": 4, "bot_seed": 4, "pass_delay": 0, "grace": 0.01, "policy": "bot"}
    created = await holder.create("realm", setup, specs, options, claim=humans)
    assert created["t"] == "created", created
    code = created["table"]
    for seat in humans:
        await holder.join(code, seat)
    await holder.close()  # every person away: bots play on for them
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 30
    while not any(seat in humans for seat, _ in chosen):
        assert loop.time() < deadline, "no bot played for an away player"
        await asyncio.sleep(0.005)
    stand_ins = {lvl for seat, lvl in list(chosen) if seat in humans}
    assert stand_ins == {level}
    table = realm_server.server.lobby.get(code)
    assert table is not None and all(table.seats[s].takeover for s in humans)


# --- listing tables ---------------------------------------------------------------------


async def _table(client: ProtocolClient, options: dict[str, Any], seats: int = 2) -> str:
    specs = [{"kind": "human", "name": "Ann"}] + [{"kind": "human"}] * (seats - 1)
    created = await client.create("toy", {}, specs, {"pass_delay": 0, **options}, claim=[0])
    assert created["t"] == "created", created
    return str(created["table"])


async def test_list_shows_only_the_tables_made_to_be_listed(server: LocalServer) -> None:
    maker = ProtocolClient(server.url, "maker")
    await maker.connect()
    private = await _table(maker, {"spectators": "none"})
    waiting = await _table(maker, {})  # a free seat: its code would seat a stranger
    listed = await _table(maker, {"listed": True})
    assert await _table(maker, {"listed": False}) not in (private, waiting, listed)
    stranger = ProtocolClient(server.url, "stranger")  # no token, no code
    await stranger.connect()
    for ask in ({"t": "list"}, {"t": "list", "game": "toy"}):
        reply = await stranger.request(ask)
        assert reply["t"] == "tables"
        assert [t["table"] for t in reply["tables"]] == [listed]
        assert private not in repr(reply) and waiting not in repr(reply)
    await stranger.close()
    await maker.close()


@pytest.mark.parametrize("value", ["yes", 1, "true", [True]])
async def test_the_listed_option_must_be_a_bool(server: LocalServer, value: Any) -> None:
    maker = ProtocolClient(server.url, "maker")
    await maker.connect()
    specs = [{"kind": "human"}, {"kind": "human"}]
    reply = await maker.create("toy", {}, specs, {"listed": value})
    assert reply["t"] == "error" and reply["code"] == "bad_setup", reply
    assert reply["message"] == "option 'listed' must be true or false"
    await maker.close()


# --- a lobby its last player left ---------------------------------------------------------


async def _leave(client: ProtocolClient, code: str, seat: int) -> None:
    token = client.tokens[(code, seat)]
    reply = await client.request({"t": "leave", "table": code, "seat": seat, "token": token})
    assert reply["t"] == "left", reply


async def _join_answer(url: str, code: str, kind: str = "join") -> dict[str, Any]:
    stranger = ProtocolClient(url, "stranger")
    await stranger.connect()
    try:
        return await stranger.request({"t": kind, "table": code})
    finally:
        await stranger.close()


def _closed(reply: dict[str, Any]) -> bool:
    return (
        reply["t"] == "error"
        and reply["code"] == "not_found"
        and reply["message"].startswith("That table is closed")
    )


async def test_a_lobby_its_last_player_leaves_is_closed(tmp_path: Path) -> None:
    db = str(tmp_path / "lobby.db")
    srv = await toy_server(db_path=db)
    try:
        host = ProtocolClient(srv.url, "host")
        await host.connect()
        code = await _table(host, {"listed": True})
        await host.join(code, 0)
        watcher = ProtocolClient(srv.url, "watcher")
        await watcher.connect()
        assert (await watcher.request({"t": "watch", "table": code}))["t"] == "watching"
        await _leave(host, code, 0)  # Ctrl+L in the lobby, nobody else seated
        lobby = srv.server.lobby
        assert code not in lobby.tables
        table_id = lobby.store.table_id_for(code)
        assert table_id is not None and lobby.store.load_table(table_id).status == "closed"
        await watcher.wait_for(lambda: any(n["code"] == "table_closed" for n in watcher.notices))
        assert code not in repr(await host.request({"t": "list"}))
        assert _closed(await _join_answer(srv.url, code))  # no stranger takes seat 1
        assert _closed(await _join_answer(srv.url, code, "watch"))
        await watcher.close()
        await host.close()
    finally:
        await srv.stop()
    srv = await toy_server(db_path=db)  # a restart does not bring it back
    try:
        assert code not in srv.server.lobby.tables
        assert _closed(await _join_answer(srv.url, code))
    finally:
        await srv.stop()


async def test_a_lobby_stays_open_while_a_player_holds_a_seat(server: LocalServer) -> None:
    """A dropped connection may come back: the seat and the table are kept. A lobby
    closes only when the last claimed seat is left."""
    dropper = ProtocolClient(server.url, "dropper")
    await dropper.connect()
    dropped = await _table(dropper, {})
    await dropper.join(dropped, 0)
    await dropper.close()  # a lost connection, not a leave
    table = server.server.lobby.get(dropped)
    assert table is not None and table.status == "waiting" and table.seats[0].claimed
    host = ProtocolClient(server.url, "host")
    await host.connect()
    code = await _table(host, {}, seats=3)  # one seat stays free: the game waits
    await host.join(code, 0)
    guest = ProtocolClient(server.url, "guest")
    await guest.connect()
    seated = await guest.request({"t": "join", "table": code, "seat": 1})
    assert seated["t"] == "seated", seated
    guest.tokens[(code, 1)] = seated["token"]
    await _leave(guest, code, 1)  # the host still holds seat 0: the table stays
    table = server.server.lobby.get(code)
    assert table is not None and table.status == "waiting" and not table.seats[1].claimed
    await _leave(host, code, 0)  # and now the last one goes
    assert server.server.lobby.get(code) is None
    await guest.close()
    await host.close()

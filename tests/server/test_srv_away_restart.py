"""After a server restart every seat has time to come back before the away policy acts;
what the server did for an absent player is in the game's log and told to them on their
return; the words of a seat kept for a player who left, and of a match's hero refusal."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from server.client import ProtocolClient
from server.local import LocalServer, start_local_server
from server.matchplay import AWAY
from server.table import RESTART_GRACE, Table
from tests.server.kit import open_table, toy_server, view


async def until(predicate: Any, timeout: float = 10.0) -> None:
    """Poll server-side state that sends no message when it changes."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, "condition not met in time"
        await asyncio.sleep(0.005)


def keep_syncs(syncs: list[dict[str, Any]], msg: dict[str, Any]) -> None:
    if msg.get("t") == "sync":
        syncs.append(msg)


def live(srv: LocalServer, code: str) -> Table:
    table = srv.server.lobby.get(code)
    assert table is not None
    return table


def away_rows(srv: LocalServer, table: Table, seat: int) -> list[Any]:
    store = srv.server.store
    assert store is not None
    return [r for r in store.commands(table.id) if r.seat == seat and r.source == AWAY]


async def two_players(
    url: str, options: dict[str, Any]
) -> tuple[ProtocolClient, ProtocolClient, str]:
    """Seat 0 held by ``holder``, seat 1 by ``other`` (who holds the token too)."""
    holder, code = await open_table(url, 2, options=options, join=False)
    other = ProtocolClient(url, "other")
    await other.connect()
    await other.join(code, 1, holder.tokens[(code, 1)])
    await holder.join(code, 0)
    return holder, other, code


async def play_until_the_bot_moved(srv: LocalServer, holder: ProtocolClient, code: str) -> None:
    """Seat 0 plays its turns until a bot has made a move for the absent seat 1."""
    table = live(srv, code)
    deadline = table.loop.time() + 10
    while not away_rows(srv, table, 1):
        assert table.loop.time() < deadline, "no move was made for the absent seat"
        v = view(holder, code, 0)
        if v["to_act"] == 0 and v["legal"]:
            await holder.submit(code, 0, v["version"], v["legal"][0])
        else:
            await asyncio.sleep(0.005)


async def test_a_restored_table_gives_every_seat_at_least_the_restart_grace(
    tmp_path: Path,
) -> None:
    """A table with a 3 s grace and the policy "bot", restored from its database: each
    absent seat's grace runs for the restart floor, not the table's 3 s, so no bot plays
    for someone whose client is still retrying (it waits up to 8 s between tries)."""
    db = tmp_path / "g.db"
    srv = await toy_server(db_path=str(db))
    holder, code = await open_table(srv.url, 2, options={"grace": 3, "policy": "bot"})
    await srv.stop()
    await holder.closed.wait()
    srv2 = await toy_server(db_path=str(db))
    try:
        table = live(srv2, code)
        now = table.loop.time()
        for s in table.seats:
            assert s.grace is not None and not s.takeover
            assert s.grace.when() - now > RESTART_GRACE - 1 > 8 + 3  # longest retry, margin
    finally:
        await srv2.stop()


async def test_the_table_grace_applies_again_once_the_restart_is_behind(
    tmp_path: Path,
) -> None:
    """The floor belongs to the restart: a seat that drops later gets the table's grace."""
    db = tmp_path / "h.db"
    srv = await toy_server(db_path=str(db))
    holder, code = await open_table(srv.url, 2, options={"grace": 3, "policy": "bot"})
    tokens = dict(holder.tokens)
    await srv.stop()
    await holder.closed.wait()
    srv2 = await toy_server(db_path=str(db))
    try:
        table = live(srv2, code)
        table._back_until = table.loop.time()  # the restart long past
        back = ProtocolClient(srv2.url, "back")
        await back.connect()
        back.tokens.update(tokens)
        await back.join(code, 0)
        assert table.seats[0].grace is None
        await back.close()
        await until(lambda: table.seats[0].grace is not None)
        grace = table.seats[0].grace
        assert grace is not None and grace.when() - table.loop.time() <= 3
    finally:
        await srv2.stop()


async def test_a_bot_playing_for_an_absent_player_is_in_the_log_and_told_on_return(
    tmp_path: Path,
) -> None:
    db = tmp_path / "b.db"
    srv = await toy_server(db_path=str(db))
    holder, other, code = await two_players(srv.url, {"grace": 0.01, "policy": "bot"})
    token = holder.tokens[(code, 1)]
    await other.close()
    await holder.wait_for(lambda: any(n["code"] == "bot_took_over" for n in holder.notices))
    await play_until_the_bot_moved(srv, holder, code)
    table = live(srv, code)
    back = ProtocolClient(srv.url, "back")
    await back.connect()
    await back.join(code, 1, token)
    moves = len(away_rows(srv, table, 1))  # the bot stopped when the seat was reclaimed
    kept = list(table._kept_events())
    assert kept.count({"t": "bot_took_over", "seat": 1}) == 1  # once, when the bot began
    told = [n for n in back.notices if n["code"] == "played_for_you"]
    assert [n["data"] for n in told] == [{"seat": 1, "moves": moves, "policy": "bot"}]
    word = "move" if moves == 1 else "moves"
    assert told[0]["message"] == f"A bot played for you while you were away ({moves} {word})."
    assert not [n for n in holder.notices if n["code"] == "played_for_you"]  # theirs only
    await back.close()
    await holder.close()
    # a restart makes the same log again from the commands: the same events, counted alike
    total = table._events_total
    await srv.stop()
    srv2 = await toy_server(db_path=str(db))
    try:
        again = live(srv2, code)
        assert list(again._kept_events()) == list(table._kept_events())
        assert again._events_total == total
        syncs: list[dict[str, Any]] = []
        late = ProtocolClient(srv2.url, "late", record=lambda m: keep_syncs(syncs, m))
        await late.connect()
        await late.join(code, 1, token)
        assert {"t": "bot_took_over", "seat": 1} in syncs[-1]["events"]  # the log kept it
        await late.close()
    finally:
        await srv2.stop()


async def test_a_returning_player_catches_up_on_the_takeover_in_the_sync(
    server: LocalServer,
) -> None:
    holder, other, code = await two_players(server.url, {"grace": 0.01, "policy": "bot"})
    token = holder.tokens[(code, 1)]
    await other.close()
    await holder.wait_for(lambda: any(n["code"] == "bot_took_over" for n in holder.notices))
    await play_until_the_bot_moved(server, holder, code)
    syncs: list[dict[str, Any]] = []
    back = ProtocolClient(server.url, "back", record=lambda m: keep_syncs(syncs, m))
    await back.connect()
    await back.join(code, 1, token)
    assert syncs and {"t": "bot_took_over", "seat": 1} in syncs[-1]["events"]
    await back.close()
    await holder.close()


async def test_a_concession_by_the_away_policy_is_in_the_log(server: LocalServer) -> None:
    holder, other, code = await two_players(server.url, {"grace": 0.01, "policy": "concede"})
    token = holder.tokens[(code, 1)]
    await other.close()
    await holder.wait_for(lambda: any(n["code"] == "seat_conceded" for n in holder.notices))
    await play_until_the_bot_moved(server, holder, code)
    table = live(server, code)
    assert table.seats[1].conceded_away
    assert list(table._kept_events()).count({"t": "away_conceded", "seat": 1}) == 1
    back = ProtocolClient(server.url, "back")
    await back.connect()
    await back.join(code, 1, token)
    (told,) = [n for n in back.notices if n["code"] == "played_for_you"]
    assert told["message"].startswith("You were away too long: your seat conceded this game")
    moves = told["data"]["moves"]  # the concession counts as one, not as one made first
    assert (f"({moves - 1} move" in told["message"]) is (moves > 1)
    await back.close()
    await holder.close()


async def test_a_player_who_concedes_is_not_said_to_be_away(server: LocalServer) -> None:
    """A concession of the player's own choice is played by the server as before (source
    "bot"): no away event, nothing to tell them."""
    holder, other, code = await two_players(server.url, {"grace": 30, "policy": "concede"})
    table = live(server, code)
    await other.request({"t": "concede", "table": code, "seat": 1,
                         "token": holder.tokens[(code, 1)]})  # fmt: skip
    await play_until_bot_source(server, holder, code)
    assert not away_rows(server, table, 1) and table.seats[1].away_moves == 0
    assert all(e.get("t") != "away_conceded" for e in table._kept_events())
    await other.close()
    await holder.close()


async def play_until_bot_source(srv: LocalServer, holder: ProtocolClient, code: str) -> None:
    table = live(srv, code)
    store = srv.server.store
    assert store is not None
    deadline = table.loop.time() + 10
    while not [r for r in store.commands(table.id) if r.seat == 1 and r.source == "bot"]:
        assert table.loop.time() < deadline, "the server made no move for the seat"
        v = view(holder, code, 0)
        if v["to_act"] == 0 and v["legal"]:
            await holder.submit(code, 0, v["version"], v["legal"][0])
        else:
            await asyncio.sleep(0.005)


async def test_a_player_who_leaves_is_said_to_be_away_with_the_seat_kept(
    server: LocalServer,
) -> None:
    holder, other, code = await two_players(server.url, {"grace": 30, "policy": "wait"})
    await other.request({"t": "leave", "table": code, "seat": 1, "token": holder.tokens[(code, 1)]})
    await holder.wait_for(lambda: any(n["code"] == "seat_disconnected" for n in holder.notices))
    (said,) = [n for n in holder.notices if n["code"] == "seat_disconnected"]
    assert said["message"] == "P1 left the table; their seat is kept for them (away)."
    await other.close()
    await holder.close()


async def test_a_player_out_of_the_game_who_leaves_is_said_to_be_out_and_not_awaited(
    server: LocalServer,
) -> None:
    """A player who conceded and then leaves is not "kept … (away)": nothing of this game
    waits for them, so no grace runs and no bot or concession follows it."""
    holder, other, code = await two_players(server.url, {"grace": 30, "policy": "bot"})
    table = live(server, code)
    token = holder.tokens[(code, 1)]
    await other.request({"t": "concede", "table": code, "seat": 1, "token": token})
    await other.request({"t": "leave", "table": code, "seat": 1, "token": token})
    await holder.wait_for(lambda: any(n["code"] == "seat_disconnected" for n in holder.notices))
    (said,) = [n for n in holder.notices if n["code"] == "seat_disconnected"]
    assert said["message"] == "P1 left the table (out of this game)."
    assert table.seats[1].grace is None
    seats = holder.doc(code, 0)["table"]["seats"]  # type: ignore[index]
    assert [s["out"] for s in seats] == [False, True]  # a note elsewhere leaves it out
    await other.close()
    await holder.close()


async def test_a_match_refuses_a_chosen_hero_in_a_sentence() -> None:
    async with await start_local_server(allow_fixed_seeds=True) as srv:
        client = ProtocolClient(srv.url, "c")
        await client.connect()
        duel = {"format": "duel"}
        created = await client.create("realm", duel, [{"kind": "human"}, {"kind": "bot"}],
                                      {"best_of": 3})  # fmt: skip
        answer = await client.request(
            {"t": "join", "table": created["table"], "seat": 0, "hero": "thedric_egen"}
        )
        assert answer["code"] == "bad_setup"
        assert answer["message"] == (
            "A match deals random heroes before each game; none can be chosen."
        )
        chosen = [{"kind": "human", "hero": "thedric_egen"}, {"kind": "bot"}]
        refused = await client.create("realm", duel, chosen, {"best_of": 3})
        assert refused["message"][0].isupper() and refused["message"].endswith(".")
        await client.close()

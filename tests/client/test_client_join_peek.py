"""The Join screen looks the table up before joining: who sits there, the heroes other
seats have (marked in the hero list, and not sent), and the server's words for a code
it does not know. The words themselves are pure functions of the server's summary."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Input, Select, Static

from client.net.ask import ServerSaid, peek_table
from client.net.connection import Connection
from client.screens.join import JoinPlan, JoinScreen
from client.viewmodel.peek import hero_options, table_words, taken_heroes
from server.local import start_local_server
from tests.client.helpers import close_connection, make_app
from tests.client.test_client_join import host_table

pytestmark = pytest.mark.asyncio

HEROES = [("nyx_valendra", "Nyx Valendra, Shadow of the Guild"), ("thedric_egen", "Thedric Egen")]
NAMES = dict(HEROES)


def seat(n: int, kind: str = "human", claimed: bool = True, **more: Any) -> dict[str, Any]:
    return {"seat": n, "kind": kind, "claimed": claimed, "name": f"P{n + 1}", **more}


def summary(*seats: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"table": "ABC234", "status": "waiting", "seats": list(seats), "spectators": True,
            "spectator_view": "public", "best_of": 1, **more}  # fmt: skip


async def test_the_heroes_of_other_seats_are_taken_and_the_joiners_own_is_not() -> None:
    table = summary(
        seat(0, name="Ann", hero="nyx_valendra"),
        seat(1, claimed=False, hero="thedric_egen"),  # the joiner's seat: its hero is theirs
        seat(2, claimed=False, hero="hakor_dajet"),  # the next free seat: kept for it
        seat(3, kind="bot", name="Bot 4", hero="gonde_kyal"),
    )
    assert taken_heroes(table) == {
        "nyx_valendra": "taken by Ann",
        "hakor_dajet": "kept for seat 3",
        "gonde_kyal": "taken by Bot 4",
    }
    assert taken_heroes({**table, "best_of": 3}) == {}  # a match deals every game's heroes
    labels = dict((value, label) for label, value in hero_options(table, HEROES))
    assert labels["nyx_valendra"] == "Nyx Valendra, Shadow of the Guild — taken by Ann"
    assert labels["thedric_egen"] == "Thedric Egen" and labels[""].startswith("The hero")


async def test_the_note_says_who_sits_there_and_what_joining_or_watching_gives() -> None:
    waiting = summary(seat(0, name="Ann", hero="nyx_valendra"), seat(1, claimed=False),
                      seat(2, kind="bot", name="Bot 3"))  # fmt: skip
    assert table_words(waiting, NAMES, watching=False) == (
        "Table ABC234, waiting for players: Ann (Nyx Valendra), a free seat, Bot 3 (a bot). "
        "Your seat: 2, with a random hero unless you choose one."
    )
    full = summary(seat(0), seat(1), status="playing")
    assert table_words(full, NAMES, watching=False).endswith(
        "Every seat is taken; you may watch it instead."
    )
    assert table_words({**full, "spectators": False}, NAMES, watching=False).endswith(
        "Every seat is taken."
    )
    assert table_words({**full, "spectators": False}, NAMES, watching=True).endswith(
        "It does not allow watchers."
    )
    assert table_words({**full, "spectator_view": "all"}, NAMES, watching=True).endswith(
        "Watchers see every hand."
    )
    match = summary(seat(0), seat(1, claimed=False), best_of=3)
    assert "best-of-3 match: each game deals random heroes" in table_words(match, NAMES, False)
    assert "is over" in table_words({**full, "status": "over"}, NAMES, watching=False)
    between = {**full, "status": "over", "best_of": 3, "match": {"winners": None}}
    assert table_words(between, NAMES, watching=False) == (
        "Table ABC234, between the games of a match: P1, P2. "
        "Every seat is taken; you may watch it instead."
    )
    decided = {**between, "match": {"winners": [0]}}
    assert "is over" in table_words(decided, NAMES, watching=False)


async def test_a_player_whose_seat_is_kept_is_told_so_not_that_every_seat_is_taken() -> None:
    full = summary(seat(0, name="Ann"), seat(1, name="Bob"), status="playing")
    assert table_words(full, NAMES, watching=False, own=1).endswith(
        "Your seat (Bob) is kept for you: join to take it back."
    )
    assert "kept" not in table_words(full, NAMES, watching=True, own=1)  # the watch words
    assert table_words(full, NAMES, watching=False, own=5).endswith(
        "Every seat is taken; you may watch it instead."  # a seat of another table
    )


async def _hosted(url: str) -> tuple[Connection, asyncio.Task[None], str]:
    """Ann holds seat 1 of a duel with Nyx Valendra; seat 2 is free."""
    ann = {"kind": "human", "name": "Ann", "hero": "nyx_valendra"}
    _host, conn, task, code = await host_table(url, [ann, {"kind": "human"}])
    return conn, task, code


async def test_peek_table_gets_the_servers_summary_or_its_words() -> None:
    server = await start_local_server()
    conn, task, code = await _hosted(server.url)
    try:
        table = await peek_table(server.url, code.lower())
        assert table["table"] == code and table["seats"][0]["hero"] == "nyx_valendra"
        with pytest.raises(ServerSaid) as said:
            await peek_table(server.url, "ZZZZZZ")
        assert said.value.code == "not_found" and "no table" in said.value.message.lower()
    finally:
        await close_connection(conn, task, server)


async def _note(screen: JoinScreen, pilot: Any, part: str) -> str:
    """The table note once it says ``part`` (the look-up runs in a worker)."""
    note = screen.query_one("#table-note", Static)
    for _ in range(400):
        await pilot.pause()
        text = str(note.render())
        if part in text:
            return text
    raise AssertionError(f"the note never said {part!r}: {note.render()!r}")


async def test_the_join_screen_marks_a_taken_hero_and_does_not_send_it() -> None:
    server = await start_local_server()
    conn, task, code = await _hosted(server.url)
    address = server.url.removeprefix("ws://")
    try:
        app = make_app()
        results: list[JoinPlan | None] = []
        async with app.run_test(size=(80, 24)) as pilot:
            screen = JoinScreen(address)
            screen.peek_after = 0
            await app.push_screen(screen, results.append)
            await pilot.pause()
            screen.query_one("#code", Input).value = "nope42"
            said = await _note(screen, pilot, "no table")
            assert "There is no table with that code." in said
            screen.query_one("#code", Input).value = code.lower()
            said = await _note(screen, pilot, "Ann (Nyx Valendra)")
            assert "a free seat" in said and "Your seat: 2" in said
            hero = screen.query_one("#join-hero", Select)
            labels = {value: str(label) for label, value in hero._options}
            assert labels["nyx_valendra"].endswith("— taken by Ann")
            hero.value = "nyx_valendra"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert results == [] and app.screen is screen
            notes = [n.message for n in app._notifications]
            assert "Nyx Valendra is taken by Ann; choose another hero." in notes
            hero.value = "thedric_egen"
            await pilot.press("ctrl+s")
            await pilot.pause()
        assert results == [JoinPlan(server.url, code, hero="thedric_egen")]
    finally:
        await close_connection(conn, task, server)


async def test_an_unreachable_server_is_said_in_the_note() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = JoinScreen("127.0.0.1:9", code="ABC234")  # the discard port: nobody there
        screen.peek_after = 0
        await app.push_screen(screen)
        said = await _note(screen, pilot, "Could not reach")
        assert "127.0.0.1:9" in said

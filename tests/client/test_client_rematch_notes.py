"""A table whose game is over, where someone asked for a rematch, is said as such: the
Join screen's note names who asked (join to answer), and making a new table on that
server names it among this player's other tables ("a rematch waiting at table …")."""

from __future__ import annotations

from typing import Any

import pytest

from client.app import held_tables_words
from client.net.ask import peek_table
from client.settings import remember_seat
from client.viewmodel.peek import rematch_waits_for, table_words
from server.client import ProtocolClient
from tests.client.helpers import make_app
from tests.server.kit import play_game, toy_server
from tests.server.test_srv_match import next_game

pytestmark = pytest.mark.asyncio

OVER = "Table ABC234: its game is over (Replays in the menu show finished games)."


def finished(ready: list[int], next_: str | None = "rematch") -> dict[str, Any]:
    """A three-seat table whose game is over; ``ready``: the seats that asked again."""
    seats = [
        {"seat": 0, "kind": "human", "claimed": True, "name": "Ann"},
        {"seat": 1, "kind": "bot", "claimed": True, "name": "Bot 2"},
        {"seat": 2, "kind": "human", "claimed": True, "name": "Cid"},
    ]
    match = {"best_of": 1, "winners": [1], "next": next_, "ready": ready}
    return {"table": "ABC234", "status": "over", "seats": seats, "spectators": True,
            "spectator_view": "public", "best_of": 1, "match": match}  # fmt: skip


async def test_the_join_note_names_who_asked_for_a_rematch() -> None:
    asked = finished([2])
    assert table_words(asked, {}, watching=False) == (
        "Table ABC234: its game is over; Cid asked for a rematch: join to answer."
    )
    assert table_words(asked, {}, watching=False, own=0) == (
        "Table ABC234: its game is over; Cid asked for a rematch: join to answer."
    )
    # the one who asked, their seat known: what joining gives them is the others' answer
    assert table_words(asked, {}, watching=False, own=2) == (
        "Table ABC234: its game is over; you asked for a rematch: join to wait for Ann "
        "to answer."
    )
    assert table_words(asked, {}, watching=True) == (
        "Table ABC234: its game is over; Cid asked for a rematch (waiting for Ann)."
    )
    # nobody asked, or nothing of a rematch: today's sentence
    assert table_words(finished([]), {}, watching=False) == OVER
    assert table_words(finished([2], next_=None), {}, watching=False) == OVER
    assert rematch_waits_for(asked, 0) and rematch_waits_for(asked, None)
    assert not rematch_waits_for(asked, 2) and not rematch_waits_for(finished([]), 0)


async def test_the_servers_summary_tells_who_asked_for_a_rematch() -> None:
    server = await toy_server()
    clients: list[ProtocolClient] = []
    try:
        code, _, clients = await play_game(server.url, 2, seed=12)
        assert table_words(await peek_table(server.url, code), {}, watching=False) == (
            f"Table {code}: its game is over (Replays in the menu show finished games)."
        )
        await next_game(clients[1], code, 1)
        summary = await peek_table(server.url, code)
        assert "token" not in repr(summary)  # nothing hidden in it
        assert table_words(summary, {}, watching=False) == (
            f"Table {code}: its game is over; P1 asked for a rematch: join to answer."
        )
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def test_the_held_tables_words_name_a_waiting_rematch() -> None:
    assert held_tables_words("h:1", ["AAAA22"], ["BBBB22"]) == (
        "You made this new table; you also have a game not finished at table AAAA22 and "
        "a rematch waiting at table BBBB22 on this server. 'allegiance join h:1 AAAA22' "
        "(or Join a game) takes your seat back."
    )
    assert held_tables_words("h:1", [], ["BBBB22", "CCCC22"]) == (
        "You made this new table; you also have rematches waiting at tables BBBB22, "
        "CCCC22 on this server. 'allegiance join h:1 BBBB22' (or Join a game) takes your "
        "seat back."
    )


async def test_making_a_table_names_one_where_a_rematch_waits_for_this_player() -> None:
    """Seat 0 of each finished table is this player's: named where the other seat asked
    for a rematch; not where nobody asked, nor where they asked themselves (it waits for
    the other player then, not for them)."""
    server = await toy_server()
    clients: list[ProtocolClient] = []
    try:
        codes = []
        for seed in (12, 13, 14):
            code, _, played = await play_game(server.url, 2, seed=seed)
            clients += played
            codes.append(code)
            remember_seat(server.url, code, 0, f"tok-{seed}", hosted=True)
        waiting, unasked, mine = codes
        await next_game(clients[1], waiting, 1)  # the other player asks
        await next_game(clients[4], mine, 0)  # this player asked, then went away
        address = server.url.removeprefix("ws://")
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await app._tell_tables_held(server.url, address, "MADE22")
            await pilot.pause()
            notes = [n.message for n in app._notifications]
        assert notes == [held_tables_words(address, [], [waiting])]
        assert f"a rematch waiting at table {waiting} on this server" in notes[0]
        assert unasked not in notes[0] and mine not in notes[0]
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def test_the_join_screen_says_you_asked_when_the_kept_seat_asked(monkeypatch) -> None:
    """The Join screen passes the seat this player keeps at the table: the one who asked
    and comes back reads "you asked", the others read who asked."""
    from textual.widgets import Input, Static

    from client.screens.join import JoinScreen

    async def peek(url: str, code: str) -> dict[str, Any]:
        return finished([2])

    monkeypatch.setattr("client.screens.join.default_peek", peek)
    remember_seat("ws://127.0.0.1:8765", "ABC234", 2, "tok-cid")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = JoinScreen("127.0.0.1:8765")
        screen.peek_after = 0
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#code", Input).value = "ABC234"
        note = screen.query_one("#table-note", Static)
        for _ in range(400):
            await pilot.pause()
            if "rematch" in str(note.render()):
                break
        assert "you asked for a rematch: join to wait for Ann" in str(note.render())

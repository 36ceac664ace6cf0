"""The Join and Host screens say what they mean: the hero list of a match says each game
deals a random hero, the note about a table in play names every seat's hero (a random
one too, once the game has dealt it), and the Host form's "where" choice is whole at
every size."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Select, Static

from client.cards import default_book
from client.net.ask import peek_table
from client.screens.join import JoinScreen
from client.screens.setup import SetupScreen
from client.viewmodel.peek import hero_options, table_words
from server.client import ProtocolClient
from server.local import start_local_server
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio

NAMES = {
    "kael_morvane": "Kael Morvane, the Iron Warden",
    "hakor_dajet": "Hakor Dajet",
    "nyx_valendra": "Nyx Valendra, Shadow of the Guild",
}


def _seat(n: int, name: str, hero: str | None = None) -> dict[str, Any]:
    return {"seat": n, "kind": "human", "claimed": True, "name": name, "hero": hero}


def _playing(status: str = "playing", **more: Any) -> dict[str, Any]:
    """Ann's hero random, Bob's and Cid's chosen; the game has dealt Ann Nyx Valendra."""
    seats = [_seat(0, "Ann"), _seat(1, "Bob", "kael_morvane"), _seat(2, "Cid", "hakor_dajet")]
    match = {"winners": None, "heroes": ["nyx_valendra", "kael_morvane", "hakor_dajet"]}
    return {"table": "PAAHQ4", "status": status, "seats": seats, "spectators": True,
            "spectator_view": "public", "best_of": 1, "match": match, **more}  # fmt: skip


async def _note(screen: JoinScreen, pilot: Any, part: str) -> str:
    """The table note once it says ``part`` (the look-up runs in a worker)."""
    note = screen.query_one("#table-note", Static)
    for _ in range(400):
        await pilot.pause()
        text = str(note.render())
        if part in text:
            return text
    raise AssertionError(f"the note never said {part!r}: {note.render()!r}")


# --- a match: the hero list says what the seat gets ------------------------------------


async def test_a_matchs_hero_list_says_each_game_deals_a_random_hero() -> None:
    heroes = list(NAMES.items())
    free = {"seat": 1, "kind": "human", "claimed": False}
    match = {"table": "ABC234", "status": "waiting", "best_of": 3, "seats": [_seat(0, "Ann"), free]}
    assert hero_options(match, heroes)[0] == ("Random each game (a match)", "")
    one_game = {**match, "best_of": 1}
    assert hero_options(one_game, heroes)[0] == ("The hero the host set for the seat", "")
    assert hero_options(None, heroes)[0] == ("The hero the host set for the seat", "")


async def test_the_join_screen_on_a_match_shows_random_each_game(monkeypatch) -> None:
    """The select is off on a best-of-3 table, and its shown value says why; a table of
    one game after it gives the host's hero back."""
    tables = {
        "MATCH3": {"table": "MATCH3", "status": "waiting", "best_of": 3, "spectators": True,
                   "seats": [_seat(0, "Ann"), {"seat": 1, "kind": "human", "claimed": False}]},
        "ONEGAM": {"table": "ONEGAM", "status": "waiting", "best_of": 1, "spectators": True,
                   "seats": [_seat(0, "Ann"), {"seat": 1, "kind": "human", "claimed": False}]},
    }  # fmt: skip

    async def peek(url: str, code: str) -> dict[str, Any]:
        return tables[code]

    monkeypatch.setattr("client.screens.join.default_peek", peek)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = JoinScreen("127.0.0.1:8765")
        screen.peek_after = 0
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#code", Input).value = "MATCH3"
        await _note(screen, pilot, "best-of-3 match")
        select = screen.query_one("#join-hero", Select)
        await pilot.pause()
        assert select.disabled and select.value == ""
        text = screen_text(app)
        assert "Random each game (a match)" in text, text
        assert "The hero the host set" not in text
        screen.query_one("#code", Input).value = "ONEGAM"
        await _note(screen, pilot, "Your seat: 2")
        await pilot.pause()
        assert not select.disabled
        text = screen_text(app)
        assert "The hero the host set for the seat" in text and "Random each game" not in text


# --- a table in play: every seat's hero ------------------------------------------------


async def test_the_note_names_a_random_hero_once_the_game_has_dealt_it() -> None:
    said = table_words(_playing(), NAMES, watching=True)
    assert said.startswith(
        "Table PAAHQ4, playing: Ann (Nyx Valendra), Bob (Kael Morvane), Cid (Hakor Dajet)."
    ), said


async def test_the_note_keeps_a_random_hero_hidden_before_the_game_deals_it() -> None:
    waiting = _playing("waiting")
    waiting["match"] = {"winners": None, "heroes": []}
    assert table_words(waiting, NAMES, watching=True).startswith(
        "Table PAAHQ4, waiting for players: Ann, Bob (Kael Morvane), Cid (Hakor Dajet)."
    )
    # between the games of a match the next game's heroes are not dealt: the last
    # game's are not named as if they were the seats'
    between = {**_playing("over", best_of=3)}
    between["seats"] = between["seats"][:2]
    assert table_words(between, NAMES, watching=True).startswith(
        "Table PAAHQ4, between the games of a match: Ann, Bob (Kael Morvane)."
    )


async def test_watching_a_table_in_play_names_the_random_hero_the_server_dealt() -> None:
    """End to end: Ann's hero is random, Bob joins with Kael Morvane and the game
    begins; the Watch screen's note names Ann's hero, as the board shows it."""
    server = await start_local_server()
    ann = ProtocolClient(server.url, "Ann")
    bob = ProtocolClient(server.url, "Bob")
    try:
        await ann.connect()
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
        created = await ann.create("realm", {"format": "duel"}, seats, {}, claim=[0])
        assert created["t"] == "created", created
        code = created["table"]
        before = await peek_table(server.url, code)
        assert before["seats"][0]["hero"] is None
        assert "Ann," in table_words(before, NAMES, watching=True)  # not dealt yet
        await bob.connect()
        reply = await bob.request({"t": "join", "table": code, "hero": "kael_morvane",
                                   "name": "Bob"})  # fmt: skip
        assert reply["t"] == "seated", reply
        playing = await peek_table(server.url, code)
        assert playing["status"] == "playing"
        dealt = playing["match"]["heroes"][0]
        assert isinstance(dealt, str) and dealt != "kael_morvane"
        name = dict(default_book().heroes())[dealt].split(",")[0]
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = JoinScreen(server.url.removeprefix("ws://"), watch=True, code=code)
            screen.peek_after = 0
            await app.push_screen(screen)
            said = await _note(screen, pilot, "playing")
            assert f"Ann ({name}), Bob (Kael Morvane)." in said, said
    finally:
        await bob.close()
        await ann.close()
        await server.stop()


# --- the Host form: where the table is made, whole ---------------------------------------


@pytest.mark.parametrize("size", [(120, 40), (80, 24), (78, 40)])
async def test_the_host_forms_where_choice_is_whole(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.action_host_game()
        for _ in range(3):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen) and screen.hosting
        assert "Served from this machine (LAN)" in screen_text(app)
        screen.query_one("#where", Select).value = "there"
        for _ in range(3):
            await pilot.pause()
        line = next(x for x in screen_text(app).splitlines() if "On a server" in x)
        assert "On a server at an address…" in line and "server:8765" in line, line

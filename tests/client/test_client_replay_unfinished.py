"""Replays of games not finished yet (no hand but this machine's player's own), the games
this client joined on other machines in the Replays list, and the replay's board kept at
its end (the perspective's own seat and hand)."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from client.app import AllegianceApp
from client.replay import LocalCatalog, Replay, ReplayError, StoreCatalog
from client.screens.replay import WITHHELD, ReplayListScreen, ReplayScreen
from client.screens.table import Board
from client.settings import remember_hosted, remember_seat, seats_path
from client.viewmodel.table import build_table
from server.store import Store
from tests.client.helpers import make_app, screen_text
from tests.server.test_srv_replays import store_realm_game


def local_db(tmp_path: Path, *, over: bool, hotseat: bool = False,
             humans: tuple[int, ...] = (0, 1), code: str = "LIVE22") -> Path:  # fmt: skip
    """The local games' database holding one game of two seats (``humans``: people;
    the others bots), a hosted one unless ``hotseat``."""
    path = tmp_path / "local-games.db"
    store = Store(path)
    store_realm_game(store, 2**90 + 5, code=code, humans=humans, over=over)
    if hotseat:
        options = {"spectators": True, "hotseat": True, "timer": 0}
        store.db.execute("UPDATE tables SET options = ? WHERE code = ?",
                         (json.dumps(options), code))  # fmt: skip
        store.db.commit()
    store.close()
    return path


def hands_shown(replay: Replay) -> set[int]:
    """The seats whose hand any frame the replay can show holds (every perspective it
    offers, every step)."""
    seen: set[int] = set()
    before = replay.perspective
    for perspective in replay.perspectives:
        replay.perspective = perspective
        for step in range(replay.total + 1):
            replay.go(step)
            for player in replay.frame().view["players"]:
                if player.get("hand") is not None:
                    seen.add(int(player["seat"]))
    replay.perspective = before
    return seen


async def press_v_at_the_end(
    replay: Replay, presses: int, size: tuple[int, int]
) -> list[tuple[str, str, list[str]]]:
    """The replay screen of ``replay`` gone to its last step (End), then ``v`` pressed
    ``presses`` times: after each press, the status line, the screen's text and the
    notes showing."""
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    seen: list[tuple[str, str, list[str]]] = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("end")
        for _ in range(presses):
            await pilot.press("v")
            await pilot.pause()
            status = str(app.screen.query_one("#rp-status").render())
            seen.append((status, screen_text(app), [n.message for n in app._notifications]))
    return seen


@contextlib.asynccontextmanager
async def replays_list(
    tmp_path: Path,
) -> AsyncIterator[tuple[AllegianceApp, ReplayListScreen, Pilot[Any]]]:
    """The Replays list of this machine (its local games' database under ``tmp_path``, and
    the games it joined elsewhere) at 100×30, once it is listed."""
    app = make_app()
    screen = ReplayListScreen(LocalCatalog(tmp_path / "local-games.db"))
    app.replay_start = screen
    async with app.run_test(size=(100, 30)) as pilot:
        await screen.workers.wait_for_complete()
        await pilot.pause()
        yield app, screen, pilot


# --------------------------------------------------------------------------- hidden hands


def test_an_unfinished_hosted_game_never_shows_another_players_hand(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=False)  # the host at seat 0, a player who joined at 1
    replay = StoreCatalog(path, "local").open_now("LIVE22")
    assert replay.info.status == "unfinished"
    assert replay.perspectives == (None, 0)
    assert replay.perspective == 0  # opens from the host's seat
    assert hands_shown(replay) == {0}
    replay.go(replay.total)  # End, then `v` round and round
    for _ in range(5):
        assert replay.cycle_perspective() != 1
        assert build_table(replay.frame().view).seat != 1


def test_the_seat_kept_for_the_hosted_table_is_the_hosts(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=False)
    remember_hosted(str(path), "LIVE22", 1, "token")  # this host sat at seat 2
    replay = StoreCatalog(path, "local").open_now("LIVE22")
    assert replay.perspectives == (None, 1) and hands_shown(replay) == {1}
    remember_hosted(str(path), "OTHER9", 0, "token")  # kept for another table: not this one
    assert StoreCatalog(path, "local").open_now("LIVE22").perspectives == (None, 0)


def test_an_unfinished_game_of_a_servers_database_shows_only_the_hosts_seat(
    tmp_path: Path,
) -> None:
    path = local_db(tmp_path, over=False)
    assert StoreCatalog(path, "db").open_now("LIVE22").perspectives == (None,)
    remember_hosted(str(path), "LIVE22", 1, "token")  # 'allegiance host --db PATH'
    assert StoreCatalog(path, "db").open_now("LIVE22").perspectives == (None, 1)


def test_an_unfinished_hot_seat_game_shows_its_person_not_its_bots(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=False, hotseat=True, humans=(1,))
    replay = StoreCatalog(path, "local").open_now("LIVE22")
    assert replay.perspectives == (None, 1) and replay.perspective == 1
    # two people at one keyboard: no seat (test_client_replay_fixR.py)
    path = local_db(tmp_path / "two", over=False, hotseat=True, humans=(0, 1))
    assert StoreCatalog(path, "local").open_now("LIVE22").perspectives == (None,)


def test_a_finished_game_shows_every_hand(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=True)
    replay = StoreCatalog(path, "local").open_now("LIVE22")
    assert replay.perspectives == (None, 0, 1)
    replay.go(10)
    replay.perspective = 1
    assert build_table(replay.frame().view).hand


async def test_the_replay_screen_of_an_unfinished_game_says_why_v_stops(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=False)
    replay = StoreCatalog(path, "local").open_now("LIVE22")
    said: list[str] = []
    for status, _, notes in await press_v_at_the_end(replay, 4, size=(100, 30)):
        assert "(seat 2)" not in status
        assert len(notes) == 1  # a new note replaces the last: they never pile up
        said += notes
    assert WITHHELD in said


# --------------------------------------------------------------------------- games joined


async def test_the_empty_list_says_how_a_joined_game_replays(tmp_path: Path) -> None:
    async with replays_list(tmp_path) as (app, _, _):
        text = " ".join(screen_text(app).split())
        assert "No recorded games yet" in text and "--connect HOST:PORT CODE" in text


async def test_a_joined_game_is_listed_and_says_plainly_its_server_is_gone(
    tmp_path: Path,
) -> None:
    remember_seat("ws://127.0.0.1:1", "GONE42", 1, "token")
    async with replays_list(tmp_path) as (app, screen, pilot):
        assert screen.query_one(DataTable).row_count == 1
        text = screen_text(app)
        assert "GONE42" in text and "joined" in text and "127.0.0.1:1" in text
        await pilot.press("enter")
        for _ in range(100):
            await screen.workers.wait_for_complete()
            await pilot.pause()
            if "cannot be reached" in screen_text(app):
                break
        text = " ".join(screen_text(app).split())
        assert "The server 127.0.0.1:1 cannot be reached" in text
        assert isinstance(app.screen, ReplayListScreen)


async def test_a_joined_game_opens_from_its_server_at_the_seat_held_there(
    tmp_path: Path,
) -> None:
    from server.local import start_local_server
    from server.tokens import hash_token

    served = tmp_path / "served.db"
    store = Store(served)
    store_realm_game(store, code="JOIN22", humans=(0, 1), spectators=False)
    store.db.execute("UPDATE seats SET token_hash = ? WHERE seat = 1", (hash_token("tk"),))
    store.db.commit()
    store.close()
    local = local_db(tmp_path, over=True, code="MINE22")
    server = await start_local_server(served)
    try:
        remember_seat(server.url, "JOIN22", 1, "tk")
        catalog = LocalCatalog(local)
        listed = await catalog.entries()
        assert [(g.key, g.source) for g in listed] == [("MINE22", "local"), ("JOIN22", "joined")]
        opened = await catalog.open(listed[1])
        assert isinstance(opened, Replay)
        assert opened.perspectives == (1,) and opened.info.key == "JOIN22"
    finally:
        await server.stop()
    with pytest.raises(ReplayError, match="cannot be reached"):
        await catalog.open(listed[1])


def test_the_hosts_own_seat_is_not_listed_as_joined(tmp_path: Path) -> None:
    from client.replay import joined_games

    remember_hosted(str(tmp_path / "x.db"), "HOST22", 0, "t")
    remember_seat("ws://10.0.0.2:8765", "JOIN22", 1, "t")
    remember_seat("ws://10.0.0.3:8765", "LATE22", 0, "t")
    assert joined_games() == [("ws://10.0.0.3:8765", "LATE22"), ("ws://10.0.0.2:8765", "JOIN22")]
    seats_path().write_text("[1, 2]")
    assert joined_games() == []
    os.remove(seats_path())
    assert joined_games() == []


# --------------------------------------------------------------------------- the board


async def test_the_board_starts_at_the_perspectives_own_hand(tmp_path: Path) -> None:
    """Four players at 100×30: the board is longer than its room; the replay keeps it at
    its end, where the perspective's hero and hand are, as the table does."""
    replay = four_player_replay(tmp_path)
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for _ in range(8):
            await pilot.press("right")
            await pilot.pause()
        board = app.screen.query_one(Board)
        for _ in range(40):  # a step with no chain (the board keeps a chain in view)
            if not board.holding:
                break
            await pilot.press("right")
            await pilot.pause()
        assert not board.holding
        assert board.max_scroll_y > 0  # it does not fit
        assert board.scroll_y == board.max_scroll_y
        assert "Hand " in screen_text(app)
        board.scroll_home(animate=False)  # the player scrolls up (the wheel): it stays up
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        assert board.scroll_y == 0 and not board.following
        await pilot.press("v")  # another seat's board starts at its end again
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert replay.perspective is not None
        assert board.scroll_y == board.max_scroll_y and "Hand " in screen_text(app)


def four_player_replay(tmp_path: Path) -> Replay:
    """A finished four-player free-for-all of random bots, from seat 1."""
    from client.replay import local_replay
    from server.replays import GameRecord, SeatInfo
    from server.simulate import make_setup, play_game

    setup = make_setup("ffa", None)  # heroes drawn from the seed
    log: list[dict[str, Any]] = []
    result = play_game(setup, 7, ("random",), record=log, max_turns=6)
    seats = tuple(SeatInfo(i, f"P{i}", "human", None) for i in range(4))
    record = GameRecord(
        key="FOUR44", game="realm", setup=setup, seed=7,
        commands=tuple((line["seat"], line["action"]) for line in log), seats=seats,
        status="over", result={"winners": result.winners, "reason": result.reason},
    )  # fmt: skip
    replay = local_replay(record, "local").prepare()
    replay.perspective = 0
    return replay

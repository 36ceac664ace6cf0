"""Replays: an unfinished hot-seat game of two people shows no hand (the curtain's
promise), the note of an unfinished game says what is true of it, the log under the
board keeps its last lines on short screens, and the list fits 80 columns after a
resize, with Home and End going to the first and last game (``docs/replays.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from client.replay import (
    WITHHELD,
    WITHHELD_HOTSEAT,
    WITHHELD_LOCAL,
    WITHHELD_PUBLIC,
    PlayerInfo,
    ReplayInfo,
    StoreCatalog,
)
from client.screens.replay import ReplayListScreen, ReplayScreen
from client.settings import remember_hosted
from client.widgets.log import GameLog
from tests.client.helpers import make_app, screen_text
from tests.client.test_client_replay_list_games import Listed, settle
from tests.client.test_client_replay_unfinished import (
    hands_shown,
    local_db,
    press_v_at_the_end,
)
from tests.server.test_srv_replays import realm_game_db

# --------------------------------------------------------------------------- hidden hands


def test_an_unfinished_hot_seat_game_of_two_people_shows_no_hand(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=False, hotseat=True, humans=(0, 1))
    replay = StoreCatalog(path, "local").open_now("LIVE22")
    assert replay.perspectives == (None,) and replay.perspective is None
    assert hands_shown(replay) == set()
    assert replay.note == WITHHELD_HOTSEAT and "your seat" not in replay.note


def test_a_finished_hot_seat_game_of_two_people_shows_every_hand(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=True, hotseat=True, humans=(0, 1))
    replay = StoreCatalog(path, "local").open_now("LIVE22")
    assert replay.perspectives == (None, 0, 1) and replay.note == ""


def test_an_unfinished_game_of_one_person_against_a_bot_shows_that_persons_seat(
    tmp_path: Path,
) -> None:
    path = local_db(tmp_path, over=False, hotseat=True, humans=(1,))
    replay = StoreCatalog(path, "local").open_now("LIVE22")
    assert replay.perspectives == (None, 1) and hands_shown(replay) == {1}
    assert replay.note == WITHHELD_LOCAL


async def test_v_in_an_unfinished_hot_seat_game_never_shows_a_seat(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=False, hotseat=True, humans=(0, 1))
    replay = StoreCatalog(path, "local").open_now("LIVE22")
    said: list[str] = []
    for status, text, notes in await press_v_at_the_end(replay, 3, size=(80, 24)):
        assert "as spectator" in status and "(seat" not in status
        assert "Hand " not in text
        said += notes
    assert said and set(said) == {WITHHELD_HOTSEAT}


# --------------------------------------------------------------------------- the note


def test_the_note_says_a_seat_only_when_one_is_offered(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=False)  # hosted: the host's seat, and it can go on
    assert StoreCatalog(path, "local").open_now("LIVE22").note == WITHHELD
    # a server's database: no seat kept for that table, so only the public view
    db = StoreCatalog(path, "db").open_now("LIVE22")
    assert db.perspectives == (None,)
    assert db.note == WITHHELD_PUBLIC and "your seat" not in db.note
    remember_hosted(str(path), "LIVE22", 1, "token")  # 'allegiance host --db PATH'
    assert StoreCatalog(path, "db").open_now("LIVE22").note == WITHHELD


def test_a_local_game_left_unfinished_is_not_promised_an_end(tmp_path: Path) -> None:
    """A local game cannot be resumed: its note says nothing of "once it is over"."""
    for note in (WITHHELD_LOCAL, WITHHELD_HOTSEAT):
        assert "once it is over" not in note and len(note) < 90
    for note in (WITHHELD, WITHHELD_PUBLIC):
        assert "once it is over" in note and len(note) < 90


async def test_the_screen_says_the_replays_own_note(tmp_path: Path) -> None:
    path = local_db(tmp_path, over=False)
    app = make_app()
    app.replay_start = ReplayScreen(StoreCatalog(path, "db").open_now("LIVE22"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert [n.message for n in app._notifications] == [WITHHELD_PUBLIC]
        await pilot.press("v")
        await pilot.pause()
        assert [n.message for n in app._notifications] == [WITHHELD_PUBLIC]


# --------------------------------------------------------------------------- the log


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return realm_game_db(tmp_path_factory.mktemp("fixR"), "LOGEND")


@pytest.mark.parametrize("size", [(60, 20), (70, 22), (80, 24), (100, 29)])
async def test_the_log_under_the_board_shows_its_last_lines(
    db: Path, size: tuple[int, int]
) -> None:
    replay = StoreCatalog(db, "db").open_now("LOGEND")
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(3):
            await pilot.press("right_square_bracket")
        for _ in range(2):
            await pilot.press("right")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.frame is not None
        log = screen.query_one(GameLog)
        main = screen.query_one("#rp-main").region
        assert log.region.height >= 4 and log.region.bottom <= main.bottom, (log.region, main)
        last = screen.frame.log[-1]
        text = screen_text(app)
        assert last.split(" ")[0] in text and last[:20] in " ".join(text.split()), last


# --------------------------------------------------------------------------- the list


def duel(code: str, names: tuple[str, str] = ("Player", "Player 2")) -> ReplayInfo:
    players = tuple(PlayerInfo(i, n, "human", "thedric_egen") for i, n in enumerate(names))
    return ReplayInfo(key=code, source="local", format="duel", when=1.7e9, players=players,
                      winners=(), reason=None, turns=2, steps=8,
                      status="unfinished")  # fmt: skip


def joined(code: str) -> ReplayInfo:
    return ReplayInfo(key=code, source="joined", format="", when=None, players=(), winners=(),
                      reason=None, turns=None, steps=0, status="joined",
                      server="ws://127.0.0.1:22120")  # fmt: skip


GAMES = [duel(f"GAME{i:02d}") for i in range(12)] + [joined("JOIN42")]


def cursor(app: Any) -> int:
    row: int = app.screen.query_one(DataTable).cursor_row
    return row


async def test_the_list_fits_80_columns_after_a_resize_and_end_goes_to_the_last_game() -> None:
    app = make_app()
    app.replay_start = ReplayListScreen(Listed(GAMES))
    async with app.run_test(size=(130, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("down", "down")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.max_scroll_x == 0 and table.virtual_size.width <= 80
        assert cursor(app) == 2  # the rows made again keep the cursor on its game
        text = screen_text(app)
        assert GAMES[0].date in text  # the date whole (not scrolled sideways)
        assert "Player 2 · Thedric" in text  # room at 80 columns: the name is not cut
        await pilot.press("end")
        await pilot.pause()
        assert cursor(app) == len(GAMES) - 1 and table.scroll_x == 0
        await pilot.press("home")
        await pilot.pause()
        assert cursor(app) == 0 and table.scroll_x == 0

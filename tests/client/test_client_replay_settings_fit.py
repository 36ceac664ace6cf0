"""The replay list, a replay and the Settings' Keys screen at 80 and 120 columns; notes
said once; an unknown theme; unreadable sim files named in the list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Select

from client.app import AllegianceApp
from client.replay import FolderCatalog, StoreCatalog
from client.screens.leave import LeaveScreen
from client.screens.replay import WITHHELD, ReplayListScreen, ReplayScreen
from client.screens.settings import KeysScreen, SettingsScreen
from client.settings import Settings, load_settings
from tests.client.helpers import make_app, screen_text
from tests.client.test_client_replay_unfinished import local_db
from tests.server.test_srv_replays import HEROES, realm_game_db

pytestmark = pytest.mark.asyncio


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return realm_game_db(tmp_path_factory.mktemp("fit"), "FIRST2")


async def list_screen(app: Any, pilot: Any) -> ReplayListScreen:
    screen = app.screen
    assert isinstance(screen, ReplayListScreen)
    await screen.workers.wait_for_complete()
    await pilot.pause()
    return screen


@pytest.mark.parametrize("width", [80, 120])
async def test_the_list_shows_every_column_without_scrolling_sideways(db: Path, width: int) -> None:
    app = make_app()
    app.replay_start = ReplayListScreen(StoreCatalog(db, "db"))
    async with app.run_test(size=(width, 24)) as pilot:
        screen = await list_screen(app, pilot)
        table = screen.query_one(DataTable)
        await pilot.pause()
        assert table.max_scroll_x == 0
        text = screen_text(app)
        for word in ("FIRST2", "Duel", "Players", "Thedric", "Beledan"):
            assert word in text, word


async def test_v_says_the_unfinished_note_once_and_the_footer_keeps_help(tmp_path: Path) -> None:
    replay = StoreCatalog(local_db(tmp_path, over=False), "local").open_now("LIVE22")
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(6):
            await pilot.press("v")
            await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert len(notes) == 1 and len(WITHHELD) < 90
        text = screen_text(app)
        assert "f1 Help" in text and "v View as" in text and "q Back" in text
        assert "Step " in text and "LIVE22" in text


async def open_keys(app: AllegianceApp, pilot: Any) -> KeysScreen:
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()
    await pilot.press("ctrl+k")
    await pilot.pause()
    assert isinstance(app.screen, KeysScreen)
    return app.screen


@pytest.mark.parametrize(("answer", "kept"), [("y", {}), ("n", {"table.pass": "x"})])
async def test_esc_after_changing_keys_asks_once_in_settings(
    answer: str, kept: dict[str, str]
) -> None:
    app = AllegianceApp(settings=Settings(name="Ann", keys={"table.pass": "x"}), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_keys(app, pilot)
        await pilot.press("ctrl+r", "escape")  # back to Settings with the changes
        await pilot.pause()
        settings = app.screen
        assert isinstance(settings, SettingsScreen) and settings.current().keys == {}
        await pilot.press("escape")  # leaving Settings asks, once
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        assert "Save the changes?" in screen_text(app)
        await pilot.press(answer)
        await pilot.pause()
        assert app.settings.keys == kept


async def test_esc_without_changes_goes_straight_back() -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_keys(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)


async def test_the_keys_table_fits_80_columns() -> None:
    keys = {"replay.this_turn": "ctrl+shift+x", "table.pass": "x"}
    app = AllegianceApp(settings=Settings(name="Ann", keys=keys), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_keys(app, pilot)
        await pilot.press("right")  # → scrolls sideways, if anything can
        await pilot.pause()
        assert screen.query_one(DataTable).max_scroll_x == 0
        text = screen_text(app)
        assert "Where" in text and "Everywhere" in text and "x (default p)" in text


async def test_an_unknown_theme_is_told_and_the_default_is_used(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"name": "Ann", "theme": "no-such-theme"}', encoding="utf-8")
    settings, notice = load_settings(path)
    assert settings == Settings(name="Ann")
    assert notice == (f'Some settings in {path} were ignored: theme: "no-such-theme" is '
                      "not a theme; using textual-dark.")  # fmt: skip
    app = AllegianceApp(settings_path=path, save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [n.message for n in app._notifications] == [notice]
        await pilot.press("s")
        await pilot.pause()
        assert app.screen.query_one("#theme", Select).value == "textual-dark"


async def test_unreadable_sim_files_are_named_in_the_list(tmp_path: Path) -> None:
    from server.simulate import Budget, Job, run_job

    run_job(Job(0, "duel", HEROES, ("random",), 7, Budget(iterations=5), True, str(tmp_path)))
    good = next(tmp_path.glob("*.jsonl"))
    text = good.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    middle = len(lines) // 2
    (tmp_path / "broken.jsonl").write_text(  # a line spoilt in the middle of the file
        "".join([*lines[:middle], lines[middle][:-5] + "\n", *lines[middle + 1:]]),
        encoding="utf-8",
    )
    (tmp_path / "cut.jsonl").write_text(text[: len(text) // 2], encoding="utf-8")
    (tmp_path / "empty.jsonl").write_bytes(b"")
    (tmp_path / "junk.jsonl").write_bytes(b"\x00\xffjunk")
    app = make_app()
    app.replay_start = ReplayListScreen(FolderCatalog(tmp_path))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await list_screen(app, pilot)
        assert screen.query_one(DataTable).row_count == 2  # cut short: up to the cut
        note = str(screen.query_one("#rl-note").render())
        assert "3 files left out, unreadable" in note
        assert "broken.jsonl line" in note and "not valid JSON" in note
        assert "cut.jsonl" not in note
        assert "empty.jsonl: the file is empty" in note and "junk.jsonl: not a text file" in note

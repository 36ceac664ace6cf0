"""A settings file that cannot be read is moved aside, never written over; the palette's
Screenshot says where it went (or why not) in plain words; a table made on another
server (``host --on``) is kept as this player's own; the Keys screen's Key column is
read whole at 80 and 120 columns."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey

from client.app import AllegianceApp
from client.net.session import Seated
from client.screens.join import JoinPlan
from client.screens.settings import KeysScreen, KeysTable, key_cell
from client.settings import (
    KEY_ACTIONS,
    Settings,
    load_settings,
    recall_seat,
    remember_seat,
    seats_path,
    settings_path,
    write_settings,
)
from tests.client.helpers import screen_text

#: What the tester wrote: a key added, the closing braces left out.
BROKEN = '{"name": "Zed", "theme": "nord", "keys": {"table.pass": "f5"'


def warnings(app: AllegianceApp) -> list[str]:
    return [n.message for n in app._notifications if n.severity == "warning"]


def refuse_rename(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Path, target: Any) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "rename", refuse)


# ------------------------------------------------------------------ 1. settings file
@pytest.mark.asyncio
async def test_a_broken_settings_file_is_moved_aside_as_the_game_starts() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(BROKEN, encoding="utf-8")
    app = AllegianceApp()  # the player's own folder, saving as `allegiance play` does
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.settings == Settings()
        assert warnings(app) == [
            f"{path} line 1: not valid JSON; using defaults. It is now settings.json.bad, "
            "as it was; a new settings.json keeps the settings from now on."
        ]
        app.theme = "gruvbox"  # the palette's theme: saved at once
        await pilot.pause()
    assert (path.parent / "settings.json.bad").read_text(encoding="utf-8") == BROKEN
    assert json.loads(path.read_text(encoding="utf-8"))["theme"] == "gruvbox"


@pytest.mark.asyncio
@pytest.mark.parametrize("how", ["theme", "join"])
async def test_a_file_broken_while_the_game_runs_is_moved_aside_before_a_save(how: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"name": "Zed"}', encoding="utf-8")
    app = AllegianceApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.settings.name == "Zed"
        path.write_text(BROKEN, encoding="utf-8")  # edited by hand meanwhile
        if how == "theme":
            app.theme = "gruvbox"
        else:  # a new server address is kept for the Join screen
            app.start_join(JoinPlan("ws://127.0.0.1:1", "ABC123"))
        await pilot.pause()
        assert (
            f"{path} line 1: not valid JSON: it is now settings.json.bad, as it was; "
            "the settings are saved in a new file."
        ) in warnings(app)
    assert (path.parent / "settings.json.bad").read_text(encoding="utf-8") == BROKEN
    assert json.loads(path.read_text(encoding="utf-8"))["name"] == "Zed"


def test_a_second_broken_file_goes_beside_the_first(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    (tmp_path / "settings.json.bad").write_text("first", encoding="utf-8")
    path.write_text("[1, 2]", encoding="utf-8")
    saved, told = write_settings(Settings(name="Ann"), path)
    assert saved and told is not None and "it is now settings.json.bad2" in told
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == "first"
    assert (tmp_path / "settings.json.bad2").read_text(encoding="utf-8") == "[1, 2]"
    assert load_settings(path) == (Settings(name="Ann"), None)


@pytest.mark.asyncio
async def test_a_broken_file_that_cannot_be_moved_is_never_written_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(BROKEN, encoding="utf-8")
    refuse_rename(monkeypatch)
    app = AllegianceApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert warnings(app) == [
            f"{path} line 1: not valid JSON; using defaults. It could not be moved aside "
            "(Permission denied): no setting is saved over it until it is fixed or moved away."
        ]
        app.theme = "gruvbox"
        await pilot.pause()
        assert warnings(app)[-1] == (
            f"Settings not saved: {path} line 1: not valid JSON, and it is not written over "
            "(could not move it aside: Permission denied); fix it or move it away."
        )
    assert path.read_text(encoding="utf-8") == BROKEN
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]


def test_a_readable_file_is_saved_over_as_before(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"name": "Zed", "timer": "x"}', encoding="utf-8")
    assert write_settings(Settings(name="Ann"), path) == (True, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


# ------------------------------------------------------------------ 2. screenshots
async def screenshot_notes(app: AllegianceApp, pilot: Any, **kw: Any) -> list[tuple[str, str]]:
    """Take a screenshot; the notes said about it once it is written (or not)."""
    app.deliver_screenshot(**kw)
    for _ in range(200):  # the file is written in a thread: its end comes as a message
        notes = [(n.message, n.severity) for n in app._notifications if n.title == "Screenshot"]
        if notes:
            return notes
        await pilot.pause()
    return []


@pytest.mark.asyncio
@pytest.mark.parametrize("downloads", [False, True])
async def test_a_screenshot_says_where_it_is_in_plain_words(
    downloads: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "Downloads"
    if downloads:
        folder.mkdir()
    monkeypatch.setattr("platformdirs.user_downloads_path", lambda: folder)
    expected = folder if downloads else Path(os.environ["ALLEGIANCE_DATA_DIR"]) / "screenshots"
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        notes = await screenshot_notes(app, pilot)
    [svg] = expected.iterdir()
    assert svg.name.startswith("Allegiance_") and svg.suffix == ".svg"
    assert "<svg" in svg.read_text(encoding="utf-8")
    assert notes == [(f"Screenshot saved to {svg}", "information")]
    assert not folder.exists() or downloads  # no Downloads folder made for the player


@pytest.mark.asyncio
async def test_a_screenshot_that_cannot_be_written_says_where_and_why(tmp_path: Path) -> None:
    (tmp_path / "shot.svg").mkdir()  # a folder where the file would go
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        notes = await screenshot_notes(app, pilot, filename="shot.svg", path=str(tmp_path))
    assert notes == [(
        f"Could not save the screenshot in {tmp_path}: shot.svg there is a folder, not a file.",
        "error",
    )]  # fmt: skip


@pytest.mark.asyncio
async def test_a_screenshot_folder_that_cannot_be_made_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder would be", encoding="utf-8")
    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(blocker))
    monkeypatch.setattr("platformdirs.user_downloads_path", lambda: tmp_path / "Downloads")
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        notes = await screenshot_notes(app, pilot)
    assert notes == [
        (f"Could not save the screenshot in {blocker / 'screenshots'}: "
         f"{blocker} is a file, not a folder.", "error")
    ]


# ------------------------------------------------------------------ 3. host --on
@pytest.mark.asyncio
async def test_a_table_made_on_another_server_is_kept_as_hosted_by_this_player() -> None:
    from client.screens.setup import default_host_plan

    for start, seated in (
        (lambda app: app.start_remote_host(default_host_plan("Ann"), "127.0.0.1:1"),
         Seated("MADE22", 0, "tok-0")),
        (lambda app: app.start_join(JoinPlan("ws://127.0.0.1:2", "JOIN22")),
         Seated("JOIN22", 1, "tok-1")),
    ):  # fmt: skip
        app = AllegianceApp(settings=Settings(name="Ann"), save=False)
        async with app.run_test(size=(80, 24)) as pilot:
            start(app)
            assert app.game is not None and app.game.on_seated is not None
            app.game.on_seated(seated)
            await pilot.pause()
    kept = json.loads(seats_path().read_text(encoding="utf-8"))
    assert kept == {
        "ws://127.0.0.1:1/MADE22": {"seat": 0, "token": "tok-0", "hosted": True},
        "ws://127.0.0.1:2/JOIN22": {"seat": 1, "token": "tok-1"},
    }
    assert recall_seat("ws://127.0.0.1:1", "MADE22") == (0, "tok-0")  # still joined again


def test_joining_the_table_made_there_again_keeps_it_hosted() -> None:
    remember_seat("ws://127.0.0.1:1", "MADE22", 0, "tok-0", hosted=True)
    remember_seat("ws://127.0.0.1:1", "MADE22", 0, "tok-0")  # `join … MADE22` again
    remember_seat("ws://127.0.0.1:1", "OTHER2", 0, "tok-0", hosted=True)
    remember_seat("ws://127.0.0.1:1", "OTHER2", 1, "tok-9")  # another seat there: joined
    kept = json.loads(seats_path().read_text(encoding="utf-8"))
    assert kept["ws://127.0.0.1:1/MADE22"].get("hosted") is True
    assert "hosted" not in kept["ws://127.0.0.1:1/OTHER2"]


# ------------------------------------------------------------------ 4. the Keys screen
CHANGED = {"table.pass": "space", "table.leave": "ctrl+x", "menu.cards": "f5"}


def key_lines(table: DataTable[Any], action_id: str) -> list[str]:
    return str(table.get_cell(action_id, "key")).split("\n")


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("size", "pass_lines", "leave_lines"),
    [
        ((80, 24), ["space", "default p"], ["ctrl+x", "default ctrl+l"]),
        ((120, 40), ["space (default p)"], ["ctrl+x", "default ctrl+l"]),
    ],
)
async def test_the_key_column_is_read_whole(
    size: tuple[int, int], pass_lines: list[str], leave_lines: list[str]
) -> None:
    app = AllegianceApp(settings=Settings(name="Ann", keys=CHANGED), save=False)
    async with app.run_test(size=size) as pilot:
        app.action_keys()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        table = app.screen.query_one(KeysTable)
        assert key_lines(table, "table.pass") == pass_lines
        assert key_lines(table, "table.leave") == leave_lines
        assert key_lines(table, "menu.cards") == ["f5 (default c)"]
        assert table.rows[RowKey("table.leave")].height == len(leave_lines)
        for action_id in ("table.pass", "table.leave"):  # in sight, and never cut
            table.move_cursor(row=table.get_row_index(action_id))
            await pilot.pause()
            text = screen_text(app)
            assert "…" not in text
            assert all(line in text for line in key_lines(table, action_id))


@pytest.mark.asyncio
async def test_the_rows_are_made_again_for_a_new_width_keeping_the_cursor() -> None:
    app = AllegianceApp(settings=Settings(name="Ann", keys=CHANGED), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_keys()
        await pilot.pause()
        table = app.screen.query_one(KeysTable)
        table.move_cursor(row=table.get_row_index("table.pass"))
        await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert key_lines(table, "table.pass") == ["space (default p)"]
        assert table.cursor_row == table.get_row_index("table.pass")
        await pilot.press("backspace")  # its default again, on the row the cursor kept
        await pilot.pause()
        assert key_lines(table, "table.pass") == ["p"]
        assert table.cursor_row == table.get_row_index("table.pass")


def test_a_key_cell_fits_its_width() -> None:
    assert [str(t) for t in key_cell("x", "p", 15)] == ["x (default p)"]
    assert [str(t) for t in key_cell("p", "p", 15)] == ["p"]
    assert [str(t) for t in key_cell("ctrl+x", "ctrl+l", 15)] == ["ctrl+x", "default ctrl+l"]
    assert [str(t) for t in key_cell("ctrl+x", "ctrl+l", 23)] == ["ctrl+x (default ctrl+l)"]
    assert [str(t) for t in key_cell("ctrl+x", "ctrl+l", 8)] == ["ctrl+x", "default…"]
    for action in KEY_ACTIONS:  # any key of two modifiers and its default fit 80 columns
        for line in key_cell("ctrl+shift+f12", action.default, 15):
            assert "…" not in str(line) and len(str(line)) <= 15

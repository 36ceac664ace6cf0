"""The Keys screen at 60×20: the places are headings over their actions, so the Key
column is in sight beside the actions and more rows show; a changed key and its default
fit the Key column on one line, so no row reads blank after a key is set (the second
line of a two-line Key cell, out of sight, did). And the file's ignored key bindings are
listed as the file holds them now, after any save."""

from __future__ import annotations

import json

import pytest

from client.app import AllegianceApp
from client.screens.settings import KeyCapture, KeysScreen, KeysTable, SettingsScreen
from client.settings import KEY_ACTIONS, SCOPES, Settings, settings_path
from tests.client.helpers import screen_text

pytestmark = pytest.mark.asyncio


def table_lines(text: str, status: str) -> list[str]:
    """The table's lines as read on the screen, inside the panel's border: from under its
    heading to the status line."""
    lines = [line.split("│")[1] for line in text.splitlines() if line.count("│") == 2]
    first = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Action"))
    last = next(i for i, line in enumerate(lines) if line.strip() == status)
    return lines[first + 1 : last]


async def open_keys(app: AllegianceApp, pilot) -> KeysScreen:  # type: ignore[no-untyped-def]
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(app.screen, SettingsScreen)
    await pilot.press("ctrl+k")
    await pilot.pause()
    assert isinstance(app.screen, KeysScreen)
    return app.screen


async def test_at_60_columns_the_key_column_is_in_sight_and_no_row_reads_blank() -> None:
    app = AllegianceApp(settings=Settings(name="Alice"), save=False)
    async with app.run_test(size=(60, 20)) as pilot:
        keys = await open_keys(app, pilot)
        table = keys.query_one(KeysTable)
        assert table.max_scroll_x == 0  # nothing to scroll sideways to
        heading = next(line for line in screen_text(app).splitlines() if "Action" in line)
        assert "Key" in heading and "Where" not in heading
        confirm = [a.id for a in KEY_ACTIONS].index("table.confirm")
        await pilot.press(*["down"] * confirm)  # the table scrolls on the way
        await pilot.pause()
        assert keys._current() == "table.confirm" and table.scroll_y > 0
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, KeyCapture)
        await pilot.press("f7")
        await pilot.pause()
        assert app.screen is keys and keys.keys == {"table.confirm": "f7"}
        status = "Confirm marked choices: f7"
        for key in ("down", "down", "up", "up", "up"):
            await pilot.press(key)
            await pilot.pause()
            lines = table_lines(screen_text(app), status)
            assert len(lines) >= 10, lines  # 6 rows showed, and 2 of them the Where column
            assert all(line.strip() for line in lines), lines
        text = screen_text(app)
        assert any("Confirm marked choices" in line and "f7 (default d)" in line
                   for line in text.splitlines())  # fmt: skip
        assert any(line.strip() == SCOPES["table"] for line in table_lines(text, status))


async def test_the_cursor_passes_over_the_places_headings() -> None:
    app = AllegianceApp(settings=Settings(name="Alice"), save=False)
    async with app.run_test(size=(60, 20)) as pilot:
        keys = await open_keys(app, pilot)
        table = keys.query_one(KeysTable)
        assert table.grouped
        assert table.action_at(table.cursor_row) == "app.help"  # under "Everywhere"
        await pilot.press("up")
        assert table.action_at(table.cursor_row) == "app.help"
        await pilot.press("down")  # over "Main menu"
        assert table.action_at(table.cursor_row) == "menu.new_game"
        settings = [a.id for a in KEY_ACTIONS].index("menu.settings")
        await pilot.press(*["down"] * (settings - 1), "down")  # over "At the table"
        assert table.action_at(table.cursor_row) == "table.pass"
        await pilot.press("up")  # and back over it
        assert table.action_at(table.cursor_row) == "menu.settings"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f8")
        await pilot.pause()
        assert keys.keys == {"menu.settings": "f8"}
        await pilot.press("backspace")  # its default again, on the row the cursor is on
        await pilot.pause()
        assert keys.keys == {}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_from_80_columns_the_where_column_stays(size: tuple[int, int]) -> None:
    app = AllegianceApp(settings=Settings(name="Alice"), save=False)
    async with app.run_test(size=size) as pilot:
        keys = await open_keys(app, pilot)
        table = keys.query_one(KeysTable)
        assert not table.grouped and table.row_count == len(KEY_ACTIONS)
        assert [str(c.label) for c in table.ordered_columns] == ["Where", "Action", "Key"]
        assert not keys.has_class("-low")


async def test_the_ignored_bindings_are_those_the_file_still_holds() -> None:
    """A theme chosen in the palette saves the file without the binding that was
    ignored (a known action's key kept for quitting): the Keys screen lists it no more.
    An unknown action's binding stays in the file, as every unknown key does, and
    stays listed."""
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"name": "Ann", "keys": {"table.pass": "ctrl+q", "no.such": "x"}}))
    app = AllegianceApp()  # the player's own folder, saving as `allegiance play` does
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.run_action("keys")
        await pilot.pause()
        listed = str(app.screen.query_one("#keys-ignored").query_one("Static").render())
        assert "table.pass: ctrl+q is kept for quitting" in listed and "no.such" in listed
        await pilot.press("escape")
        await pilot.pause()
        app.theme = "nord"  # the palette's theme: saved at once
        await pilot.pause()
        assert json.loads(path.read_text())["keys"] == {"no.such": "x"}
        await app.run_action("keys")
        await pilot.pause()
        listed = str(app.screen.query_one("#keys-ignored").query_one("Static").render())
        assert "table.pass" not in listed and "'no.such': no such action" in listed

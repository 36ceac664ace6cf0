"""Press the new key: several keys at once (a fast double tap, a paste, keys sent in one
go) give the action the first of them and close nothing but the capture. And one key
change is asked about once: by the Keys screen when "Change keys" opened it alone, by
Settings when its Keys… did."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.screen import Screen
from textual.widgets import DataTable, Static

from client.app import AllegianceApp
from client.screens.menu import MenuScreen
from client.screens.settings import KeyCapture, KeysScreen, SaveSettingsScreen, SettingsScreen
from client.screens.table import TableScreen
from client.settings import KEY_ACTIONS, Settings
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, screen_text

pytestmark = pytest.mark.asyncio


def app_with(keys: dict[str, str]) -> AllegianceApp:
    return AllegianceApp(settings=Settings(name="Alice", keys=keys), save=False)


async def capture_pass(app: AllegianceApp, pilot) -> KeysScreen:  # type: ignore[no-untyped-def]
    """Change keys (the palette's), enter on Pass: the capture waits for the new key."""
    await app.run_action("keys")
    await pilot.pause()
    keys = app.screen
    assert isinstance(keys, KeysScreen)
    keys.query_one(DataTable).move_cursor(row=[a.id for a in KEY_ACTIONS].index("table.pass"))
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, KeyCapture)
    return keys


def burst(app: AllegianceApp, keys: str) -> None:
    """Keys that arrive together, as a terminal sends a paste without bracketed paste or
    keys sent in one go: all are queued before the first is handled (``pilot.press``
    waits for each key to be handled before it sends the next)."""
    for key in keys:
        app.post_message(events.Key(key, key))


@pytest.mark.parametrize("count", [2, 3, 8])
async def test_keys_pressed_in_one_go_give_the_first_and_close_only_the_capture(
    count: int,
) -> None:
    app = app_with({})
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await capture_pass(app, pilot)
        depth = len(app.screen_stack)
        burst(app, "z" * count)
        await pilot.pause()
        assert app.screen is keys and len(app.screen_stack) == depth - 1
        assert keys.keys == {"table.pass": "z"}


async def test_a_burst_at_the_table_keeps_the_game_and_the_remap() -> None:
    app = app_with({})
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.response())
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        keys = await capture_pass(app, pilot)
        burst(app, "z" * 8)
        await pilot.pause()
        assert app.screen is keys and app.game is fake.controller
        await pilot.press("escape", "y")  # the one question: save
        await pilot.pause()
        assert app.screen is table and app.settings.keys == {"table.pass": "z"}
        await pilot.press("z")
        await pilot.pause()
        assert fake.submits() == [{"kind": "pass"}]


async def test_a_paste_is_not_taken_for_the_key() -> None:
    app = app_with({})
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await capture_pass(app, pilot)
        capture = app.screen
        capture.post_message(events.Paste("zzzz"))
        await pilot.pause()
        assert app.screen is capture  # still waiting for a key
        await pilot.press("x")
        await pilot.pause()
        assert app.screen is keys and keys.keys == {"table.pass": "x"}


# one question for one change ------------------------------------------------------------
def help_line(keys: KeysScreen) -> str:
    return str(keys.query_one("#keys-help", Static).render())


def shown(app: AllegianceApp) -> Screen[Any]:
    """The screen on top now (not narrowed by an earlier check of ``app.screen``)."""
    return app.screen


async def pass_changed_alone(app: AllegianceApp, pilot) -> KeysScreen:  # type: ignore[no-untyped-def]
    """Change keys, Pass given z, esc: the Keys screen asks, once."""
    keys = await capture_pass(app, pilot)
    await pilot.press("z", "escape")
    await pilot.pause()
    assert isinstance(app.screen, SaveSettingsScreen)
    text = screen_text(app)
    assert "Save the changes?" in text and "1 changed: Pass z" in text
    return keys


@pytest.mark.parametrize(("answer", "saved"), [("y", {"table.pass": "z"}), ("n", {})])
async def test_change_keys_asks_once_and_goes_back(answer: str, saved: dict[str, str]) -> None:
    app = app_with({})
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_changed_alone(app, pilot)
        await pilot.press(answer)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)  # no Settings, no second question
        assert app.settings.keys == saved


async def test_esc_on_the_question_goes_back_to_the_keys() -> None:
    app = app_with({})
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await pass_changed_alone(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert shown(app) is keys and keys.keys == {"table.pass": "z"}
        assert app.settings.keys == {}


async def test_change_keys_done_saves_without_a_question() -> None:
    app = app_with({})
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await capture_pass(app, pilot)
        assert "Done saves the changes" in help_line(keys)
        await pilot.press("z")
        await pilot.pause()
        await pilot.click("#keys-done")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.settings.keys == {"table.pass": "z"}
        assert keys.keys == {"table.pass": "z"}


async def test_change_keys_esc_without_changes_goes_straight_back() -> None:
    app = app_with({"table.pass": "x"})
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_action("keys")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.settings.keys == {"table.pass": "x"}


async def test_done_on_change_keys_keeps_an_unknown_actions_binding(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keys": {"no.such": "x"}}))  # a newer version's action
    app = AllegianceApp(settings_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_action("keys")
        await pilot.pause()
        assert "Done keeps them as they are" in screen_text(app)
        await pilot.click("#keys-done")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert json.loads(path.read_text())["keys"] == {"no.such": "x"}


@pytest.mark.parametrize(("answer", "saved"), [("y", {"table.pass": "z"}), ("n", {})])
async def test_keys_from_settings_are_asked_about_once_by_settings(
    answer: str, saved: dict[str, str]
) -> None:
    app = app_with({})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        await pilot.press("ctrl+k")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        assert "Save in Settings keeps the changes" in help_line(keys)
        keys.query_one(DataTable).move_cursor(row=[a.id for a in KEY_ACTIONS].index("table.pass"))
        await pilot.press("enter", "z", "escape")  # esc: back to Settings with them
        await pilot.pause()
        assert shown(app) is settings and settings.current().keys == {"table.pass": "z"}
        summary = settings.query_one("#keys-summary", Static).render()
        assert "1 changed: Pass z (not saved yet)" in str(summary)
        assert app.settings.keys == {}
        await pilot.press("escape")  # the one question
        await pilot.pause()
        assert isinstance(app.screen, SaveSettingsScreen)
        await pilot.press(answer)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.settings.keys == saved

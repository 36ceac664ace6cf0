"""Esc on "Save the changes?" (Settings, or Keys opened by Change keys) goes back to the
changes, as Esc stays in a game when leaving it is asked: only n drops them."""

from __future__ import annotations

from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Checkbox, Input, OptionList

from client.app import AllegianceApp
from client.screens.menu import MenuScreen
from client.screens.settings import KeysScreen, SaveSettingsScreen, SettingsScreen
from client.settings import Settings
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio


def shown(app: AllegianceApp) -> Screen[Any]:
    """The screen on top now (not narrowed by an earlier check of ``app.screen``)."""
    return app.screen


async def name_changed_then_back(app: AllegianceApp, pilot: Any) -> SettingsScreen:
    """Settings, the name typed over, Esc: the question "Save the changes?" is asked;
    the settings screen under it."""
    await app.run_action("settings")
    await pilot.pause()
    settings = app.screen
    assert isinstance(settings, SettingsScreen)
    settings.query_one("#name", Input).value = "Bea"
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, SaveSettingsScreen)
    return settings


async def test_esc_on_save_the_changes_goes_back_to_them() -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        settings = await name_changed_then_back(app, pilot)
        text = screen_text(app)
        assert "Back to the changes (esc)" in text and "esc Back" in text
        await pilot.press("escape")
        await pilot.pause()
        assert shown(app) is settings  # still editing, the name as typed
        assert settings.query_one("#name", Input).value == "Bea"
        assert app.settings.name == "Ann"
        await pilot.press("escape", "y")  # asked again: saved this time
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.settings.name == "Bea"


async def test_esc_on_save_the_keys_goes_back_to_the_keys() -> None:
    app = AllegianceApp(settings=Settings(name="Ann", keys={"table.pass": "x"}), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_action("keys")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        await pilot.press("ctrl+r", "escape")
        await pilot.pause()
        assert isinstance(app.screen, SaveSettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert keys.keys == {}  # the reset is still there
        assert shown(app) is keys
        await pilot.press("escape", "n")  # only n drops them: back where Change keys was
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.settings.keys == {"table.pass": "x"}


async def test_picking_back_in_the_list_goes_back_too() -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        settings = await name_changed_then_back(app, pilot)
        question = app.screen
        assert isinstance(question, SaveSettingsScreen)
        question.query_one(OptionList).highlighted = 2  # the third line: back to the changes
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is settings and app.settings.name == "Ann"


async def test_a_box_shows_on_or_off_without_colour() -> None:
    # as text (no colours) a ticked box and an empty one differ: ✓ or blank
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_action("settings")
        await pilot.pause()
        text = screen_text(app)
        assert "▐✓▌ Auto-pass when passing is all I can do" in text
        assert "▐ ▌ Let me respond to my own maneuvers (hold)" in text
        app.screen.query_one("#hold", Checkbox).value = True
        await pilot.pause()
        assert "▐✓▌ Let me respond to my own maneuvers (hold)" in screen_text(app)

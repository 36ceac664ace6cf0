"""The Settings screen on small terminals: every field can be reached, in order from top
to bottom, and is in sight when focused; Save/Back stay on screen."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Label

from client.app import AllegianceApp
from client.screens.menu import MenuScreen
from client.screens.settings import KeysScreen, SettingsScreen
from client.settings import Settings
from tests.client.helpers import screen_text

pytestmark = pytest.mark.asyncio

SIZES = [(60, 20), (80, 24), (100, 30), (120, 40)]
FIELDS = ["name", "theme", "auto_pass", "stop_chain", "stop_battle", "hold", "timer", "keys",
          "save", "back"]  # fmt: skip
LABELLED = ["name", "theme", "auto_pass", "timer", "keys"]


def in_sight(app: AllegianceApp, widget: Widget) -> bool:
    """Whether the middle of ``widget`` is on screen, not hidden by scrolling or clipping."""
    region = widget.region
    if not region:
        return False
    x, y = region.x + region.width // 2, region.y + region.height // 2
    try:
        at, _ = app.screen.get_widget_at(x, y)
    except Exception:  # nothing there: off screen
        return False
    return at is widget or widget in at.ancestors


async def open_settings(app: AllegianceApp, pilot: Pilot[int]) -> SettingsScreen:
    await pilot.pause()
    assert isinstance(app.screen, MenuScreen)
    await pilot.press("s")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


@pytest.mark.parametrize("size", SIZES)
async def test_tab_and_shift_tab_bring_every_field_into_sight(size: tuple[int, int]) -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=size) as pilot:
        screen = await open_settings(app, pilot)
        for key in ("tab", "shift+tab"):
            seen: list[str] = []
            for _ in range(2 * len(FIELDS) + 2):
                await pilot.press(key)
                await pilot.pause()
                focused = app.focused
                assert focused is not None
                if focused.id in FIELDS:
                    assert in_sight(app, focused), (size, key, focused.id)
                    seen.append(focused.id)
                if focused.id in LABELLED:  # the label above it too
                    fields = screen.query_one("#settings-fields")
                    row = focused if focused.parent is fields else focused.parent
                    assert row is not None
                    label = fields.children[fields.children.index(row) - 1]
                    assert isinstance(label, Label) and in_sight(app, label), (size, key, row)
                for button in ("save", "back"):  # always in sight
                    assert in_sight(app, screen.query_one(f"#{button}", Button)), (size, button)
            order = list(dict.fromkeys(seen))  # the first visit of each, in tab order
            if key == "shift+tab":
                order.reverse()
            start = order.index("name")
            assert order[start:] + order[:start] == FIELDS, (size, key)  # top to bottom


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_page_down_and_end_scroll_to_the_last_fields(size: tuple[int, int]) -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=size) as pilot:
        screen = await open_settings(app, pilot)
        keys, hold = screen.query_one("#keys", Button), screen.query_one("#hold", Checkbox)
        assert not in_sight(app, keys)  # too small for all of it: a test that can fail
        assert app.focused is screen.query_one("#name")  # typing goes to the first field
        screen.query_one("#settings-panel").focus()  # End, Home: the name field's own keys
        await pilot.press("end")
        await pilot.pause()
        assert in_sight(app, keys)
        await pilot.press("home")
        await pilot.pause()
        assert not in_sight(app, keys)
        screen.query_one("#name").focus()  # from the field, PageDown still scrolls
        for _ in range(4):
            await pilot.press("pagedown")
        await pilot.pause()
        assert in_sight(app, keys) and "Decision timer" in screen_text(app)
        assert not in_sight(app, screen.query_one("#name"))
        hold.focus()
        await pilot.pause()
        assert in_sight(app, hold)


async def test_a_checkbox_far_down_is_toggled_and_saved_at_80x24() -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(app, pilot)
        while app.focused is None or app.focused.id != "hold":
            await pilot.press("tab")
        await pilot.press("space")
        await pilot.pause()
        assert "Let me respond to my own maneuvers" in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.settings.hold is True and app.settings.name == "Ann"


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_the_keys_screen_fits(size: tuple[int, int]) -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=size) as pilot:
        await open_settings(app, pilot)
        await pilot.press("ctrl+k")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        for widget in ("#keys-table", "#keys-done", "#keys-reset"):
            assert in_sight(app, keys.query_one(widget)), widget


@pytest.mark.parametrize("answer", ["y", "n"])
async def test_back_with_changes_asks_to_save_them(answer: str) -> None:
    """A name typed (or a key kept from Keys…) is not lost by Back without a word."""
    from textual.widgets import Input

    from client.screens.settings import SaveSettingsScreen

    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(app, pilot)
        await pilot.press("escape")  # nothing changed: straight back
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        screen = await open_settings(app, pilot)
        screen.query_one("#name", Input).value = "Bea"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SaveSettingsScreen)
        await pilot.press(answer)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.settings.name == ("Bea" if answer == "y" else "Ann")

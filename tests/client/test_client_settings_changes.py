"""Settings as a player tester found it at 80×24: the name field does not select its
text on focus (the first key typed replaced the name) and a blank name is refused, not
saved as "Player"; Ctrl+Q with changes asks as Back does, and "Save them" comes first in
that question; the stops are greyed while auto-pass is off; the timer's label says what
it applies to; Home and End move the Keys table's cursor; the settings file's ignored
bindings can all be read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, OptionList

from client.app import AllegianceApp
from client.screens.leave import QuitScreen
from client.screens.menu import MenuScreen
from client.screens.settings import (
    BLANK_NAME,
    KeyCapture,
    KeysScreen,
    KeysTable,
    QuitSettingsScreen,
    SaveSettingsScreen,
    SettingsScreen,
)
from client.screens.table import TableScreen
from client.settings import KEY_ACTIONS, Settings
from tests.client.driver import press
from tests.client.helpers import screen_text
from tests.client.test_client_leave import in_a_game, versus_bot

pytestmark = pytest.mark.asyncio


async def open_settings(app: AllegianceApp, pilot: Pilot[Any]) -> SettingsScreen:
    await app.run_action("settings")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


def name_of(screen: SettingsScreen) -> str:
    return screen.query_one("#name", Input).value


def notices(app: AllegianceApp) -> list[str]:
    return [n.message for n in app._notifications]


# 1. the name field ---------------------------------------------------------------------


async def test_a_key_typed_in_the_name_field_adds_to_the_name() -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        assert app.focused is screen.query_one("#name", Input)
        await pilot.press("space", "x")  # as the screen opens: a fast burst
        assert name_of(screen) == "Ann x"
        await pilot.press("tab", "shift+tab", "Z")  # back to the field, then a letter
        assert name_of(screen) == "Ann xZ"
        field = screen.query_one("#name", Input)
        assert field.selection.is_empty and field.cursor_position == len("Ann xZ")


@pytest.mark.parametrize("how", ["ctrl+s", "save", "back_then_y"])
async def test_a_blank_name_is_refused_and_the_name_field_takes_the_focus(how: str) -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        screen.query_one("#name", Input).value = "   "
        screen.query_one("#hold", Checkbox).value = True
        if how == "ctrl+s":
            await pilot.press("ctrl+s")
        elif how == "save":
            await pilot.click("#save")
        else:
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, SaveSettingsScreen)
            await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen  # nothing saved, nothing lost
        assert app.settings == Settings(name="Ann")
        assert name_of(screen) == "   " and screen.query_one("#hold", Checkbox).value
        assert BLANK_NAME in notices(app)
        assert app.focused is screen.query_one("#name", Input)
        await pilot.press("B", "e", "a", "ctrl+s")  # a name typed: saved
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.settings == Settings(name="Bea", hold=True)


# 2. Ctrl+Q with changes, and "Save them" first ------------------------------------------


async def test_save_them_is_the_first_answer_so_enter_loses_nothing() -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        screen.query_one("#name", Input).value = "Bea"
        await pilot.press("escape")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, SaveSettingsScreen)
        answers = question.query_one(OptionList)
        assert answers.highlighted == 0
        assert str(answers.get_option_at_index(0).prompt) == "Save them (y)"
        assert str(answers.get_option_at_index(1).prompt) == "Drop them (n)"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.settings.name == "Bea"


async def test_ctrl_q_without_changes_in_settings_quits_at_once() -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(app, pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app._exit


async def test_ctrl_q_with_changes_asks_and_enter_saves_them_then_quits(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = AllegianceApp(settings_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        await pilot.press("end", "backspace", "backspace")  # "Player" → "Play"
        await pilot.press("Z", "o", "e")
        assert name_of(screen) == "PlayZoe"
        await pilot.press("ctrl+q")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, QuitSettingsScreen) and not app._exit
        text = screen_text(app)
        assert "Save the changes?" in text
        assert "Save them and quit (y)" in text and "Drop them and quit (n)" in text
        assert question.query_one(OptionList).highlighted == 0  # the first: saves
        await pilot.press("enter")
        await pilot.pause()
        assert app._exit
    assert json.loads(path.read_text())["name"] == "PlayZoe"


async def test_ctrl_q_with_changes_n_drops_them_and_esc_stays_with_them(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = AllegianceApp(settings=Settings(name="Ann"), settings_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        screen.query_one("#name", Input).value = "Bea"
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitSettingsScreen)
        await pilot.press("escape")  # back to the changes: no quitting
        await pilot.pause()
        assert app.screen is screen and name_of(screen) == "Bea" and not app._exit
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app._exit
    assert not path.exists()  # nothing saved


async def test_ctrl_q_on_the_back_question_asks_to_quit_without_dropping() -> None:
    """Ctrl+Q while "Save the changes?" of Back is asked answered it "Drop them"."""
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        screen.query_one("#name", Input).value = "Bea"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SaveSettingsScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitSettingsScreen) and not app._exit
        assert [type(s) for s in app.screen_stack].count(SaveSettingsScreen) == 0
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and name_of(screen) == "Bea"
        await pilot.press("ctrl+q", "ctrl+q")  # a second Ctrl+Q: the first answer, saved
        await pilot.pause()
        assert app._exit and app.settings.name == "Bea"


async def test_ctrl_q_on_the_keys_screen_asks_about_its_keys() -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(app, pilot)
        await pilot.press("ctrl+k")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        assert keys.assign("table.pass", "x")  # not taken back to Settings yet
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitSettingsScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app._exit and app.settings.keys == {"table.pass": "x"}


async def test_ctrl_q_saving_a_blank_name_is_refused_and_keeps_the_keys_changed() -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        screen.query_one("#name", Input).value = ""
        await pilot.press("ctrl+k")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen) and keys.assign("table.pass", "x")
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert not app._exit and app.screen is screen
        assert BLANK_NAME in notices(app)
        assert app.focused is screen.query_one("#name", Input)
        assert screen.keys == {"table.pass": "x"} and app.settings.keys == {}
        assert "(not saved yet)" in str(screen.query_one("#keys-summary").render())


async def test_ctrl_q_in_settings_during_a_game_asks_both_questions() -> None:
    """Settings saved, then the game's own question: staying leaves Settings with
    nothing more to ask about."""
    app = versus_bot(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_a_game(pilot)
        await app.run_action("settings")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#hold", Checkbox).value = True
        await press(pilot, "ctrl+q")
        assert isinstance(app.screen, QuitSettingsScreen)
        await press(pilot, "y")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen) and app.settings.hold
        await press(pilot, "n")
        await pilot.pause()
        assert app.screen is screen and screen.unsaved() is None and not app._exit
        await press(pilot, "escape")  # nothing left to ask: back to the table
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


# 3. the stops follow auto-pass ----------------------------------------------------------


async def test_the_stops_are_greyed_while_auto_pass_is_off_and_keep_their_values() -> None:
    app = AllegianceApp(settings=Settings(name="Ann", auto_pass=False, stops=["chain"]), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(app, pilot)
        chain, battle = (screen.query_one(f"#stop_{k}", Checkbox) for k in ("chain", "battle"))
        assert chain.disabled and battle.disabled and chain.value and not battle.value
        await pilot.press("tab", "tab")  # from the name: the theme, auto-pass
        assert app.focused is screen.query_one("#auto_pass", Checkbox)
        await pilot.press("tab")  # past the stops
        assert app.focused is screen.query_one("#hold", Checkbox)
        await pilot.press("shift+tab", "space")  # auto-pass on: the stops with it
        await pilot.pause()
        assert not chain.disabled and not battle.disabled and chain.value
        await pilot.press("space")  # off again: greyed, kept
        await pilot.pause()
        assert chain.disabled and battle.disabled and chain.value and not battle.value
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.settings.stops == ["chain"] and not app.settings.auto_pass


# 4. the timer's label -------------------------------------------------------------------


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_the_timer_label_says_what_it_applies_to(size: tuple[int, int]) -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=size) as pilot:
        screen = await open_settings(app, pilot)
        screen.query_one("#timer").focus()
        await pilot.pause()
        text = screen_text(app)
        assert "Decision timer on games I start (local or hosted)" in text
        assert "tables I create" not in text


# 5. Home and End in the Keys table -------------------------------------------------------


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_home_and_end_go_to_the_first_and_the_last_action(size: tuple[int, int]) -> None:
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=size) as pilot:
        await open_settings(app, pilot)
        await pilot.press("ctrl+k")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        table = keys.query_one(KeysTable)
        await pilot.press("down", "down", "end")
        await pilot.pause()
        assert keys._current() == KEY_ACTIONS[-1].id
        await pilot.press("home")
        await pilot.pause()
        assert keys._current() == KEY_ACTIONS[0].id and table.scroll_y == 0
        await pilot.press("enter")  # the first action's key is the one changed
        await pilot.pause()
        capture = app.screen
        assert isinstance(capture, KeyCapture) and capture.label == KEY_ACTIONS[0].label


# 6. the ignored bindings ----------------------------------------------------------------

FOUR = {"table.pass": "ctrl+q", "no.such": "x", "table.chat": 5, "menu.join": "banana"}
LINES = [
    "· table.pass: ctrl+q is kept for quitting",
    "· 'no.such': no such action in this version (kept in the file)",
    "· table.chat: wants a key's name in quotes, not 5",
    "· menu.join: 'banana' is not a key",
]


async def open_keys_alone(app: AllegianceApp, pilot: Pilot[Any]) -> KeysScreen:
    await pilot.pause()
    await app.run_action("keys")
    await pilot.pause()
    await pilot.pause()
    keys = app.screen
    assert isinstance(keys, KeysScreen)
    return keys


async def test_at_80x24_every_ignored_binding_is_in_sight(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"name": "Ann", "keys": FOUR}))
    app = AllegianceApp(settings_path=path, save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await open_keys_alone(app, pilot)
        text = screen_text(app)
        for line in LINES:
            assert line in text
        assert "more line" not in text
        box = keys.query_one("#keys-ignored")
        assert box.max_scroll_y == 0 and not box.can_focus  # no Tab stop: nothing to scroll
        assert keys.query_one(KeysTable).size.height >= 6


async def test_at_60x20_the_lines_out_of_sight_are_said_and_reached(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"name": "Ann", "keys": FOUR}))
    app = AllegianceApp(settings_path=path, save=False)
    async with app.run_test(size=(60, 20)) as pilot:
        keys = await open_keys_alone(app, pilot)
        box = keys.query_one("#keys-ignored")
        below = box.max_scroll_y
        assert below > 0
        text = screen_text(app)
        assert f"↓ {below} more line" in text and "(scroll: shift+tab, then ↓)" in text
        assert keys.query_one(KeysTable).size.height >= 5
        for widget in ("#keys-table", "#keys-done", "#keys-reset"):
            assert keys.query_one(widget).region.bottom <= 19, widget  # above the footer
        await pilot.press("shift+tab")
        assert app.focused is box
        await pilot.press(*["down"] * below)
        await pilot.pause()
        text = screen_text(app)
        assert "menu.join: 'banana' is not a key" in text and "more line" not in text
        assert "↑ the first lines are above" in text

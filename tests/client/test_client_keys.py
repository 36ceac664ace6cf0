"""Remappable keys: the action list, reading keys from the settings file, the Keys screen,
and remapped keys working in the menu and at the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import DataTable

from client.app import AllegianceApp
from client.screens.cardbrowser import CardBrowserScreen
from client.screens.gameover import GameOverScreen
from client.screens.help import HelpScreen, help_text
from client.screens.lobby import LobbyScreen
from client.screens.logview import LogScreen
from client.screens.menu import MenuScreen
from client.screens.replay import ReplayListScreen, ReplayScreen
from client.screens.settings import KeyCapture, KeysScreen, SettingsScreen
from client.screens.table import TableScreen
from client.settings import (
    ACTIONS_BY_ID,
    KEY_ACTIONS,
    Settings,
    effective_keys,
    key_label,
    key_problem,
    load_settings,
    normalize_key,
    parse_keys,
)
from client.widgets.details import DetailsPopup
from client.widgets.prompt import PromptBar
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, screen_text

pytestmark = pytest.mark.asyncio

DECLARING = (AllegianceApp, MenuScreen, TableScreen, LogScreen, LobbyScreen, GameOverScreen,
             PromptBar, ReplayScreen, ReplayListScreen, DetailsPopup)  # fmt: skip


def app_with(keys: dict[str, str]) -> AllegianceApp:
    return AllegianceApp(settings=Settings(name="Alice", keys=keys), save=False)


# the list of actions ----------------------------------------------------------------
async def test_every_binding_id_is_a_listed_action_with_the_same_default() -> None:
    declared: dict[str, set[str]] = {}
    for cls in DECLARING:
        for binding in cls.BINDINGS:
            if isinstance(binding, Binding) and binding.id is not None:
                declared.setdefault(binding.id, set()).add(binding.key)
    assert len(ACTIONS_BY_ID) == len(KEY_ACTIONS)  # each action once
    assert set(declared) == set(ACTIONS_BY_ID)
    for action in KEY_ACTIONS:
        assert declared[action.id] == {action.default}, action.id


async def test_the_defaults_do_not_collide() -> None:
    keys = effective_keys({})
    assert all(key_problem(a.id, a.default, keys) is None for a in KEY_ACTIONS)


async def test_keys_are_named_as_textual_names_them() -> None:
    assert normalize_key("x") == "x"
    assert normalize_key("?") == "question_mark"
    assert normalize_key(" Ctrl+L ") == "ctrl+l"
    assert normalize_key("F5") == "f5"
    assert normalize_key("ctrl++") == "ctrl+plus"
    assert normalize_key("shift+ctrl+x") == "ctrl+shift+x"
    assert normalize_key("ctrl+question_mark") == "ctrl+question_mark"
    for bad in ("", "  ", "nope", "ctrl+nope", "hyper+hyper+x", "x y", 5, None, "a" * 50,
                "ctrl+banana"):  # fmt: skip
        assert normalize_key(bad) is None, bad
    assert key_label("question_mark") == "?" and key_label("escape") == "esc"


# the settings file ------------------------------------------------------------------
async def test_changed_keys_round_trip_through_the_file(tmp_path: Path) -> None:
    from client.settings import save_settings

    path = tmp_path / "settings.json"
    s = Settings(keys={"table.pass": "x", "menu.cards": "b"})
    assert save_settings(s, path) is None
    assert json.loads(path.read_text())["keys"] == {"table.pass": "x", "menu.cards": "b"}
    assert load_settings(path) == (s, None)


async def test_bad_keys_in_the_file_are_dropped_with_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"name": "Ann", "keys": {
        "table.pass": "x",          # fine
        "table.chat": "x",          # collides with the line above: dropped
        "no.such": "q",             # unknown action
        "over.menu": "zzz",         # not a key
        "table.log": "enter",       # kept for choosing
        "menu.join": 7,             # not a string
    }}), encoding="utf-8")  # fmt: skip
    settings, notice = load_settings(path)
    assert settings.name == "Ann"
    assert settings.keys == {"table.pass": "x"}
    assert notice is not None and notice.startswith(f"Some key settings in {path} were ignored")
    assert "table.chat: x is already Pass (At the table)" in notice  # told in file order
    assert "'no.such': no such action" in notice
    assert "(and 2 more; Settings → Keys… lists them all)" in notice


async def test_two_actions_may_swap_keys_and_defaults_are_not_stored() -> None:
    assert parse_keys({"table.pass": "l", "table.log": "p"}) == (
        {"table.pass": "l", "table.log": "p"}, [])  # fmt: skip
    assert parse_keys({"table.pass": "p"}) == ({}, [])
    assert parse_keys(["x"]) == ({}, ["keys: not a table of action → key"])


async def test_dropping_one_key_brings_back_a_default_another_collides_with() -> None:
    # table.log wants a reserved key, so it keeps "l", which help may then not take
    keys, problems = parse_keys({"table.log": "enter", "app.help": "l"})
    assert keys == {}
    assert len(problems) == 2


async def test_the_app_starts_with_a_notice_for_bad_keys(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"keys": {"table.pass": "not a key"}}', encoding="utf-8")
    app = AllegianceApp(settings_path=path, save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        notices = [n.message for n in app._notifications]
        said = f"Some key settings in {path} were ignored: table.pass"
        assert any(n.startswith(said) for n in notices)


# remapped keys at work --------------------------------------------------------------
async def test_a_remapped_menu_key_opens_its_screen_and_the_old_key_does_not() -> None:
    app = app_with({"menu.cards": "b"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert "b Cards" in screen_text(app)  # the footer shows the new key
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CardBrowserScreen)


async def test_a_remapped_pass_key_passes_at_the_table() -> None:
    app = app_with({"table.pass": "x"})
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.response())
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("p")
        await pilot.pause()
        assert fake.submits() == []
        await pilot.press("x")
        await pilot.pause()
        assert fake.submits() == [{"kind": "pass"}]


async def test_help_shows_the_players_keys() -> None:
    assert "`x` pass" in help_text({"table.pass": "x"})
    assert "`p` pass" in help_text({})
    app = app_with({"table.log": "g"})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "g show or hide the log" in text
        app.screen.query_one("#help-box").scroll_relative(y=10, animate=False)  # below the table
        await pilot.pause()
        text = screen_text(app)
        assert "Your keys. Settings → Keys… (or Change keys in the palette)" in text
    assert "**Card browser.** Main menu → *Cards*" in help_text({})


# the Keys screen --------------------------------------------------------------------
def row_of(screen: KeysScreen, action_id: str) -> int:
    return [a.id for a in KEY_ACTIONS].index(action_id)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_change_a_key_refuse_a_taken_one_reset_and_save(size) -> None:
    app = app_with({})
    async with app.run_test(size=size) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("ctrl+k")
        await pilot.pause()
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        table = keys.query_one(DataTable)
        table.move_cursor(row=row_of(keys, "table.pass"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, KeyCapture)
        await pilot.press("c")  # Chat's key at the table: refused
        await pilot.pause()
        assert app.screen is keys
        assert "c is already Chat (At the table); Pass keeps p." in screen_text(app)
        await pilot.press("enter", "x")
        await pilot.pause()
        assert keys.keys == {"table.pass": "x"}
        assert "x (default p)" in screen_text(app)
        table.move_cursor(row=row_of(keys, "table.log"))
        await pilot.press("enter", "escape")  # esc keeps the current key
        await pilot.pause()
        assert keys.keys == {"table.pass": "x"}
        await pilot.press("enter", "g")
        await pilot.pause()
        assert keys.keys == {"table.pass": "x", "table.log": "g"}
        await pilot.press("backspace")  # the log's default again
        await pilot.pause()
        assert keys.keys == {"table.pass": "x"}
        await pilot.press("enter", "g", "ctrl+r")  # then all defaults
        await pilot.pause()
        assert keys.keys == {}
        table.move_cursor(row=row_of(keys, "menu.cards"))
        await pilot.press("enter", "b", "escape", "y")  # back to Settings, keeping b
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert app.settings.keys == {}  # not yet saved
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.settings.keys == {"menu.cards": "b"}
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CardBrowserScreen)


async def test_change_keys_saves_on_its_one_question() -> None:
    app = app_with({"table.pass": "x"})
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_action("keys")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        await pilot.press("ctrl+r", "escape", "y")  # y: save the changes
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.settings.keys == {}

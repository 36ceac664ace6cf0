"""Keys that clash where an action also works (the game-over screen binds the table's Log
and Chat), the app's own keys pressed while a new key is awaited, and every ignored
key binding of the settings file findable on the Keys screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.widgets import DataTable

from client.app import AllegianceApp
from client.screens.settings import KeyCapture, KeysScreen
from client.settings import KEY_ACTIONS, Settings, effective_keys, key_problem, load_settings
from tests.client.helpers import screen_text

pytestmark = pytest.mark.asyncio


def row(action_id: str) -> int:
    return [a.id for a in KEY_ACTIONS].index(action_id)


async def open_keys(app: AllegianceApp, pilot) -> KeysScreen:  # type: ignore[no-untyped-def]
    await app.run_action("keys")
    await pilot.pause()
    assert isinstance(app.screen, KeysScreen)
    return app.screen


# 1. an action bound in several places collides in each ---------------------------------
async def test_a_game_over_key_may_not_be_the_tables_chat_or_log_key() -> None:
    keys = effective_keys({"table.chat": "t"})
    assert key_problem("over.menu", "t", keys) == "t is already Chat (At the table)"
    assert key_problem("over.again", "l", effective_keys({})) == (
        "l is already Show or hide the log (At the table)")  # fmt: skip
    # and the other way round: Chat may not take the game over's "m"
    assert key_problem("table.chat", "m", effective_keys({})) == (
        "m is already Main menu (Game over)")  # fmt: skip
    # a menu key still may
    assert key_problem("menu.cards", "t", keys) is None


async def test_the_file_drops_a_game_over_key_that_clashes_with_chat(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keys": {"table.chat": "t", "over.menu": "t"}}))
    settings, notice = load_settings(path)
    assert settings.keys == {"table.chat": "t"}
    assert notice is not None and "over.menu: t is already Chat (At the table)" in notice


async def test_the_keys_screen_refuses_the_clash() -> None:
    app = AllegianceApp(settings=Settings(keys={"table.chat": "t"}), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await open_keys(app, pilot)
        keys.query_one(DataTable).move_cursor(row=row("over.menu"))
        await pilot.press("enter", "t")
        await pilot.pause()
        assert keys.keys == {"table.chat": "t"}
        assert "t is already Chat (At the table); Main menu keeps m." in screen_text(app)


# 2. the app's own keys while a key is awaited --------------------------------------------
@pytest.mark.parametrize(("key", "kept"), [
    ("ctrl+p", "ctrl+p is kept for the command palette"),
    ("ctrl+q", "ctrl+q is kept for quitting"),
])  # fmt: skip
async def test_ctrl_p_and_ctrl_q_are_refused_while_a_key_is_awaited(key: str, kept: str) -> None:
    app = AllegianceApp(settings=Settings(), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await open_keys(app, pilot)
        keys.query_one(DataTable).move_cursor(row=row("table.pass"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, KeyCapture)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is keys and app.is_running
        assert not any(isinstance(s, CommandPalette) for s in app.screen_stack)
        assert f"{kept}; Pass keeps p." in screen_text(app)
        await pilot.press("ctrl+p")  # once no key is awaited, the palette opens again
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


# 3. every ignored key binding can be seen -------------------------------------------------
BAD = {f"no.such{i}": "x" for i in range(6)}


async def test_the_notice_tells_where_the_rest_are(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keys": BAD}))
    _, notice = load_settings(path)
    assert notice is not None
    assert "(and 3 more; Settings → Keys… lists them all)" in notice


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_the_keys_screen_lists_every_ignored_binding(tmp_path: Path, size) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keys": BAD}))
    app = AllegianceApp(settings_path=path, save=False)
    async with app.run_test(size=size) as pilot:
        keys = await open_keys(app, pilot)
        text = keys.query_one("#keys-ignored Static").render()
        for i in range(6):
            assert f"'no.such{i}': no such action" in str(text)
        assert "Ignored in the settings file" in screen_text(app)
        assert keys.query_one(DataTable).size.height >= 4  # the table keeps its room


async def test_a_newer_versions_bindings_stay_listed_and_kept_once_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keys": BAD}))
    app = AllegianceApp(settings_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_keys(app, pilot)
        await pilot.click("#keys-done")  # Done writes the file, a newer version's keys kept
        await pilot.pause()
        assert json.loads(path.read_text())["keys"] == BAD
        keys = await open_keys(app, pilot)
        text = str(keys.query_one("#keys-ignored Static").render())
        assert "'no.such0': no such action in this version (kept in the file)" in text
        assert "keeps them as they are" in text


async def test_a_bad_binding_of_a_known_action_is_left_out_once_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keys": {"table.log": "ctrl+", "no.such": "x"}}))
    app = AllegianceApp(settings_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = await open_keys(app, pilot)
        text = str(keys.query_one("#keys-ignored Static").render())
        assert "leaves out those not kept" in text and "table.log" in text
        await pilot.click("#keys-done")
        await pilot.pause()
        assert json.loads(path.read_text())["keys"] == {"no.such": "x"}
        keys = await open_keys(app, pilot)
        text = str(keys.query_one("#keys-ignored Static").render())
        assert "table.log" not in text and "no.such" in text

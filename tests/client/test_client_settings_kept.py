"""A newer version's settings survive a save by this one (keys and key bindings this
version does not know are kept as they are, and the start-up notice names them); a
value of the wrong type is reset, and told, for every field. The palette's Screenshot
says in words that its folder is a file."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from client.app import AllegianceApp
from client.settings import Settings, load_settings, load_settings_report, write_settings

#: A file a newer version wrote: a key this one does not know, a value of another type,
#: and a key binding of an action this one does not have.
NEWER = {
    "name": "Ann",
    "future_option": 42,
    "timer": "30",
    "keys": {"table.pass": "x", "bogus.action": "z"},
    "future_table": {"a": [1, 2], "b": None},
}


def notes(app: AllegianceApp, title: str = "") -> list[tuple[str, str]]:
    return [(n.message, n.severity) for n in app._notifications if n.title == title]


# ------------------------------------------------------------------ 1. settings
def test_unknown_keys_and_key_bindings_are_kept_on_a_save(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(NEWER), encoding="utf-8")
    settings, _ = load_settings(path)
    assert settings == Settings(name="Ann", keys={"table.pass": "x"})
    settings.theme = "nord"
    assert write_settings(settings, path) == (True, None)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["future_option"] == 42
    assert saved["future_table"] == {"a": [1, 2], "b": None}
    assert saved["keys"] == {"table.pass": "x", "bogus.action": "z"}
    assert saved["timer"] == 0  # a known key of the wrong type: reset, as told
    assert saved["theme"] == "nord"
    # and again: they are kept on every save, not only the first
    settings.keys = {}
    assert write_settings(settings, path) == (True, None)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["future_option"] == 42 and saved["keys"] == {"bogus.action": "z"}


def test_the_notice_names_every_ignored_entry_unknown_ones_included(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(NEWER), encoding="utf-8")
    _, notice, ignored = load_settings_report(path)
    assert notice == (
        f"Some settings in {path} were ignored: "
        'timer: wants a whole number of seconds (0: none), not "30"; '
        "not known to this version: future_option, future_table (kept in the file). "
        "Some key settings were ignored: "
        "'bogus.action': no such action in this version (kept in the file)"
    )
    assert ignored == ["'bogus.action': no such action in this version (kept in the file)"]


def test_a_file_of_only_unknown_keys_is_told_too(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"future_option": 42}', encoding="utf-8")
    assert load_settings(path) == (
        Settings(),
        f"Some settings in {path} were ignored: "
        "not known to this version: future_option (kept in the file).",
    )


def test_every_field_of_the_wrong_type_is_named(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    wrong = {"name": 5, "theme": 1, "auto_pass": "yes", "stops": "chain", "hold": None,
             "timer": "30", "last_address": ["a"], "keys": "p=x"}  # fmt: skip
    path.write_text(json.dumps(wrong), encoding="utf-8")
    settings, notice = load_settings(path)
    assert settings == Settings()
    assert notice is not None
    for name in wrong:
        assert f"{name}:" in notice or f", {name}" in notice or f": {name}" in notice, name
    assert "(and 4 more: stops, hold, timer, last_address)" in notice
    assert "keys: not a table of action → key" in notice


def test_many_unknown_keys_are_counted_past_the_first_six(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({f"k{i}": i for i in range(9)}), encoding="utf-8")
    _, notice = load_settings(path)
    assert notice is not None
    assert "not known to this version: k0, k1, k2, k3, k4, k5 and 3 more (kept in the file)" in (
        notice
    )
    long = "x" * 100
    path.write_text(json.dumps({long: 1}), encoding="utf-8")
    _, notice = load_settings(path)
    assert notice is not None and long not in notice and "x" * 40 + "…" in notice


@pytest.mark.asyncio
async def test_the_app_tells_them_and_a_theme_change_keeps_them(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(NEWER), encoding="utf-8")
    app = AllegianceApp(settings_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        [(startup, _)] = [m for m in notes(app) if m[1] == "warning"]
        assert "not known to this version: future_option, future_table" in startup
        assert "timer: wants a whole number" in startup
        assert "'bogus.action': no such action in this version" in startup
        app.theme = "gruvbox"  # the palette's theme: saved at once
        await pilot.pause()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["theme"] == "gruvbox"
    assert saved["future_option"] == 42
    assert saved["keys"] == {"table.pass": "x", "bogus.action": "z"}


def test_a_broken_file_set_aside_keeps_nothing_of_its_own(tmp_path: Path) -> None:
    """A file that cannot be read has no entries to keep: it is moved aside whole."""
    path = tmp_path / "settings.json"
    path.write_text('{"future_option": 42', encoding="utf-8")
    saved, told = write_settings(Settings(name="Ann"), path)
    assert saved and told is not None
    assert "future_option" not in path.read_text(encoding="utf-8")
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == '{"future_option": 42'


# ------------------------------------------------------------------ 2. screenshots
async def screenshot_notes(app: AllegianceApp, pilot: Any, **kw: Any) -> list[tuple[str, str]]:
    """Take a screenshot; the notes said about it once it is written (or not)."""
    app.deliver_screenshot(**kw)
    for _ in range(200):  # the file is written in a thread: its end comes as a message
        said = notes(app, "Screenshot")
        if said:
            return said
        await pilot.pause()
    return []


def no_downloads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("platformdirs.user_downloads_path", lambda: tmp_path / "Downloads")


@pytest.mark.asyncio
async def test_a_screenshots_folder_that_is_a_file_is_said_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_downloads(tmp_path, monkeypatch)
    folder = Path(os.environ["ALLEGIANCE_DATA_DIR"]) / "screenshots"
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder", encoding="utf-8")
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        said = await screenshot_notes(app, pilot)
    assert said == [
        (f"Could not save the screenshot in {folder}: it is a file, not a folder.", "error")
    ]


@pytest.mark.asyncio
async def test_a_data_folder_that_is_a_file_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_downloads(tmp_path, monkeypatch)
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder would be", encoding="utf-8")
    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(blocker))
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        said = await screenshot_notes(app, pilot)
    assert said == [(
        f"Could not save the screenshot in {blocker / 'screenshots'}: "
        f"{blocker} is a file, not a folder.", "error",
    )]  # fmt: skip


@pytest.mark.asyncio
async def test_a_given_path_that_is_a_file_is_said_in_words(tmp_path: Path) -> None:
    shot = tmp_path / "shot.svg"
    shot.write_text("", encoding="utf-8")
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        said = await screenshot_notes(app, pilot, path=str(shot))
        missing = tmp_path / "nope"
        app._notifications.clear()
        said_missing = await screenshot_notes(app, pilot, path=str(missing))
    assert said == [(f"Could not save the screenshot in {shot}: it is a file, not a folder.",
                     "error")]  # fmt: skip
    assert said_missing == [(f"Could not save the screenshot in {missing}: no such folder.",
                             "error")]  # fmt: skip


@pytest.mark.asyncio
async def test_a_folder_where_the_file_would_go_is_said_in_words(tmp_path: Path) -> None:
    (tmp_path / "shot.svg").mkdir()
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        said = await screenshot_notes(app, pilot, filename="shot.svg", path=str(tmp_path))
    assert said == [(
        f"Could not save the screenshot in {tmp_path}: shot.svg there is a folder, not a file.",
        "error",
    )]  # fmt: skip


@pytest.mark.asyncio
async def test_other_errors_read_as_the_system_says_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_downloads(tmp_path, monkeypatch)
    folder = Path(os.environ["ALLEGIANCE_DATA_DIR"]) / "screenshots"

    def refuse(self: Path, *args: Any, **kw: Any) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        said = await screenshot_notes(app, pilot)
    assert said == [(f"Could not save the screenshot in {folder}: Permission denied.", "error")]

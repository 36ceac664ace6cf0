"""A notice naming a file of the player's folder shows its path from ``~`` when it is
under the home folder: short enough for a toast's line at 80 columns, where it was cut
mid-name ("…/settings.js" / "on were ignored")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets._toast import Toast

from client.app import AllegianceApp
from client.settings import load_settings, shown_path


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder holding the settings where the game keeps them on Linux."""
    monkeypatch.setenv("HOME", str(tmp_path))
    config = tmp_path / ".config" / "allegiance"
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(config))
    config.mkdir(parents=True)
    return tmp_path


def test_a_path_under_home_starts_with_a_tilde(
    home: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    assert shown_path(home / ".config" / "allegiance" / "settings.json") == (
        "~/.config/allegiance/settings.json"
    )
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "settings.json"
    assert shown_path(elsewhere) == str(elsewhere)


def test_the_notice_names_the_file_from_home(home: Path) -> None:
    path = home / ".config" / "allegiance" / "settings.json"
    path.write_text(json.dumps({"timer": "x"}))
    _, notice = load_settings(path)
    assert notice is not None
    assert notice.startswith("Some settings in ~/.config/allegiance/settings.json were ignored")
    path.write_text("{")
    _, notice = load_settings(path)
    assert notice == "~/.config/allegiance/settings.json line 1: not valid JSON; using defaults."


@pytest.mark.asyncio
async def test_the_start_up_toast_keeps_the_path_on_one_line(home: Path) -> None:
    path = home / ".config" / "allegiance" / "settings.json"
    path.write_text(json.dumps({"timer": "x", "keys": {"table.pass": "ctrl+q"}}))
    app = AllegianceApp()  # the player's own folder, as `allegiance play` reads it
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.pause()
        toast = app.screen.query_one(Toast)
        assert "~/.config/allegiance/settings.json" in toast_lines(toast)


def toast_lines(toast: Toast) -> list[str]:
    """The toast's lines as drawn at its width, without its border and padding."""
    strips = toast.render_lines(toast.region.reset_offset)
    return ["".join(segment.text for segment in strip).strip("▌ ") for strip in strips]

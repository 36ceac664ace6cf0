"""Settings: saved as JSON; a broken or odd file never stops the game from starting."""

from __future__ import annotations

from pathlib import Path

from client.screens.join import server_url
from client.settings import Settings, load_settings, save_settings


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    s = Settings(name="Ann", theme="nord", auto_pass=False, stops=["chain"], hold=True, timer=30)
    assert save_settings(s, path) is None
    assert load_settings(path) == (s, None)


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "nope.json") == (Settings(), None)


def test_broken_json_gives_defaults_and_one_line(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{ not json", encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings == Settings()
    assert warning is not None and "line 1" in warning and "\n" not in warning


def test_wrong_types_and_unknown_keys_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        '{"name": 5, "timer": -3, "stops": ["chain", "bogus"], "x": 1,'
        ' "auto_pass": false, "theme": "nord"}',
        encoding="utf-8",
    )
    settings, warning = load_settings(path)
    assert warning is None
    assert settings == Settings(auto_pass=False, theme="nord")


def test_server_addresses() -> None:
    assert server_url("192.168.1.20:9000") == "ws://192.168.1.20:9000"
    assert server_url("example.org") == "ws://example.org:8765"
    assert server_url("wss://example.org/game") == "wss://example.org/game"


def test_an_old_file_without_keys_gets_the_default_keys(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"name": "Ann", "keys": "p=x"}', encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings == Settings(name="Ann")
    assert warning is not None and "keys: not a table" in warning
    path.write_text('{"name": "Ann"}', encoding="utf-8")
    assert load_settings(path) == (Settings(name="Ann"), None)

"""Settings: saved as JSON; a broken or odd file never stops the game from starting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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


def test_a_wrong_value_is_named_with_what_it_wants_and_the_rest_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        '{"name": 5, "timer": -3, "stops": ["chain", "bogus"], "x": 1,'
        ' "auto_pass": false, "theme": "nord"}',
        encoding="utf-8",
    )
    settings, warning = load_settings(path)
    assert settings == Settings(auto_pass=False, theme="nord", stops=["chain"])
    assert warning == (
        f"Some settings in {path} were ignored: name: wants text in quotes, not 5; "
        'timer: wants a whole number of seconds (0: none), not -3; stops: "bogus" is not '
        '"chain" or "battle"; not known to this version: x (kept in the file).'
    )  # an unknown field ("x") is named, and kept: a newer version may have written it


def test_every_field_of_the_wrong_type_is_told(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    kept = {"name": "Ann", "theme": "nord", "last_address": "host:9000"}
    wrong = {"timer": "abc", "auto_pass": "yes", "hold": None, "stops": "chain", "timer2": 1}
    path.write_text(json.dumps({**kept, **wrong, "keys": {"table.pass": "x"}}), encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings == Settings(**kept, keys={"table.pass": "x"})  # type: ignore[arg-type]
    assert warning is not None and "\n" not in warning
    assert 'timer: wants a whole number of seconds (0: none), not "abc"' in warning
    assert 'auto_pass: wants true or false, not "yes"' in warning
    assert "hold: wants true or false, not null" in warning
    assert "(and 1 more: stops)" in warning  # three told, then the others by name
    assert 'stops: wants' not in warning
    assert "not known to this version: timer2 (kept in the file)" in warning
    path.write_text('{"stops": "chain", "timer": 30.5, "last_address": ["a"]}', encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings == Settings()
    assert warning is not None
    assert 'stops: wants a list of "chain" and "battle", not "chain"' in warning
    assert "timer: wants a whole number of seconds (0: none), not 30.5" in warning
    assert 'last_address: wants text in quotes, not ["a"]' in warning


def test_a_wrong_key_binding_comes_with_the_wrong_fields(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"name": [], "keys": {"table.pass": 7, "table.log": "g"}}', encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings == Settings(keys={"table.log": "g"})
    assert warning == (
        f"Some settings in {path} were ignored: name: wants text in quotes, not []. "
        "Some key settings were ignored: table.pass: wants a key's name in quotes, not 7"
    )
    path.write_text('{"name": "Ann", "keys": null}', encoding="utf-8")
    assert load_settings(path) == (
        Settings(name="Ann"),
        f"Some key settings in {path} were ignored: keys: not a table of action → key",
    )  # alone, the key settings' sentence names the file


@pytest.mark.parametrize(
    ("text", "kind"),
    [("[1, 2, 3]", "a list"), ("null", "null"), ("5", "a number"), ('"Ann"', "text"),
     ("true", "true or false")],
)  # fmt: skip
def test_a_file_that_is_not_a_table_is_told(tmp_path: Path, text: str, kind: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    assert load_settings(path) == (
        Settings(), f"{path}: holds {kind}, not a table of settings; using defaults."
    )


@pytest.mark.asyncio
async def test_the_app_starts_with_a_warning_for_a_wrong_value(tmp_path: Path) -> None:
    from client.app import AllegianceApp
    from client.screens.menu import MenuScreen

    path = tmp_path / "settings.json"
    path.write_text('{"name": "Ann", "timer": "abc"}', encoding="utf-8")
    app = AllegianceApp(settings_path=path, save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.settings == Settings(name="Ann")
        warnings = [n.message for n in app._notifications if n.severity == "warning"]
        assert warnings == [
            f"Some settings in {path} were ignored: "
            'timer: wants a whole number of seconds (0: none), not "abc".'
        ]


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


def test_a_seat_is_found_again_at_another_address_of_the_same_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Joined as 127.0.0.1, picked from the LAN list as 192.0.2.2 the next time: the same
    table code on the same port is the same seat (it said every seat was taken)."""
    from client.settings import recall_seat, remember_seat

    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    remember_seat("ws://127.0.0.1:18931", "ZJEZ7K", 1, "tok-1")
    remember_seat("ws://10.0.0.9:18931", "OTHER1", 0, "tok-2")
    assert recall_seat("ws://192.0.2.2:18931", "ZJEZ7K") == (1, "tok-1")
    assert recall_seat("ws://127.0.0.1:18931", "ZJEZ7K") == (1, "tok-1")
    assert recall_seat("ws://192.0.2.2:8765", "ZJEZ7K") is None  # another port
    assert recall_seat("ws://192.0.2.2:18931", "NOPE00") is None
    remember_seat("ws://192.0.2.2:18931", "ZJEZ7K", 0, "tok-3")
    assert recall_seat("ws://192.0.2.2:18931", "ZJEZ7K") == (0, "tok-3")  # its own first

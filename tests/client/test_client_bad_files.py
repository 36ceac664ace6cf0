"""Files of the config folder that are not UTF-8 text (random bytes, another encoding)
never stop the game: the settings are the defaults with a one-line notice naming the
file, and a seats file of that kind keeps no seats. Names with control characters from
the settings or ``--name`` are cleaned as the server cleans them."""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

import pytest

from client.app import AllegianceApp
from client.commands import join as join_command
from client.commands import play as play_command
from client.settings import (
    Settings,
    hosted_port,
    load_settings,
    recall_hosted,
    recall_seat,
    remember_seat,
    seats_path,
)

#: Bytes that are not UTF-8 (seeded, as ``head -c 300 /dev/urandom`` would give).
NOT_UTF8 = b"\xff\xfe" + random.Random(18).randbytes(300)


def test_a_settings_file_that_is_not_utf8_gives_the_defaults_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(NOT_UTF8)
    assert load_settings(path) == (Settings(), f"{path}: not UTF-8 text; using defaults.")


def test_a_settings_file_nested_too_deeply_is_told(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    assert load_settings(path) == (Settings(), f"{path}: nested too deeply; using defaults.")


@pytest.mark.asyncio
async def test_the_app_starts_on_a_settings_file_of_random_bytes(tmp_path: Path) -> None:
    from client.screens.menu import MenuScreen

    path = tmp_path / "settings.json"
    path.write_bytes(NOT_UTF8)
    app = AllegianceApp(settings_path=path, save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        warnings = [n.message for n in app._notifications if n.severity == "warning"]
        assert warnings == [f"{path}: not UTF-8 text; using defaults."]


def test_a_seats_file_that_is_not_utf8_keeps_no_seats_and_is_moved_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    seats_path().write_bytes(NOT_UTF8)
    db = str(tmp_path / "games.db")
    assert recall_seat("ws://127.0.0.1:8765", "ABC123") is None  # 'join … CODE'
    assert recall_hosted(db) is None and hosted_port(db) == 0  # 'host'
    remember_seat("ws://127.0.0.1:8765", "ABC123", 1, "tok")
    assert recall_seat("ws://127.0.0.1:8765", "ABC123") == (1, "tok")


def test_replay_connect_with_a_seats_file_of_random_bytes_says_the_server_is_unreachable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from client.cli import main

    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    seats_path().write_bytes(NOT_UTF8)
    assert main(["replay", "--connect", "127.0.0.1:1", "ABC123"]) == 1  # a failure, not a typo
    err = capsys.readouterr().err
    assert "could not reach the server" in err and "Traceback" not in err


def test_a_settings_name_with_control_characters_is_cleaned(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"name": "Mal\\nlory\\tX\\u001b[2J"}', encoding="utf-8")
    assert load_settings(path) == (Settings(name="Mal lory X[2J"), None)
    path.write_text('{"name": "\\n\\t\\u200b"}', encoding="utf-8")
    assert load_settings(path) == (Settings(name="Player"), None)


def parse(module: Any, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    return parser.parse_args(argv)


@pytest.mark.parametrize(
    ("module", "argv"),
    [(play_command, ["--vs", "bot"]), (join_command, ["127.0.0.1:8765", "ABC123"])],
)
@pytest.mark.parametrize(("given", "name"), [("Mal\nlory\tX\x1b", "Mal lory X"), ("\n\t", "Ann")])
def test_a_name_flag_is_cleaned(
    module: Any, argv: list[str], given: str, name: str, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text('{"name": "Ann"}', encoding="utf-8")
    names: list[str] = []
    monkeypatch.setattr(AllegianceApp, "run", lambda self, **kw: names.append(self.settings.name))
    assert module.run(parse(module, [*argv, "--name", given])) == 0
    assert names == [name]


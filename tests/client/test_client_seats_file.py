"""A seats file that cannot be read is said and never written over: it is moved aside to
``seats.json.bad`` (the tokens in it may still be got out by hand); one that cannot be
written is said once. Files saved with a byte-order mark (Windows Notepad) are read."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from client.app import AllegianceApp
from client.net.session import Seated
from client.screens.join import JoinPlan
from client.settings import (
    Settings,
    forget_seat,
    load_settings,
    recall_hosted,
    recall_seat,
    remember_hosted,
    remember_seat,
    seats_notice,
    seats_path,
)

URL = "ws://127.0.0.1:19640"
#: A seats file cut short, as a client killed while writing it left it.
CUT = '{"ws://127.0.0.1:19640/HH7SAD": {"seat": 1, "tok'


def cut_seats_file() -> Path:
    path = seats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(CUT, encoding="utf-8")
    return path


def test_a_seats_file_cut_short_is_said_and_moved_aside_whole() -> None:
    path = cut_seats_file()
    notice = seats_notice()
    assert notice is not None
    assert notice.startswith(f"{path} line 1: not valid JSON: ")
    assert "cannot be taken back" in notice and "It is now seats.json.bad" in notice
    assert not path.exists()
    assert (path.parent / "seats.json.bad").read_text(encoding="utf-8") == CUT  # as it was
    assert seats_notice() is None  # said once: the new file is fine
    assert remember_seat(URL, "HH7SAD", 2, "tok-2") is None
    assert recall_seat(URL, "HH7SAD") == (2, "tok-2")


def test_keeping_a_seat_never_writes_over_an_unreadable_file() -> None:
    """Without the start-up check (another terminal's file went bad meanwhile)."""
    path = cut_seats_file()
    assert recall_seat(URL, "HH7SAD") is None
    told = remember_seat(URL, "HH7SAD", 2, "tok-2")
    assert told is not None and str(path) in told and "seats.json.bad" in told
    assert (path.parent / "seats.json.bad").read_text(encoding="utf-8") == CUT
    assert recall_seat(URL, "HH7SAD") == (2, "tok-2")


def test_a_second_unreadable_file_does_not_replace_the_first_one_set_aside() -> None:
    path = cut_seats_file()
    (path.parent / "seats.json.bad").write_text("older", encoding="utf-8")
    assert "It is now seats.json.bad2" in (seats_notice() or "")
    assert (path.parent / "seats.json.bad").read_text(encoding="utf-8") == "older"
    assert (path.parent / "seats.json.bad2").read_text(encoding="utf-8") == CUT


def test_a_file_that_cannot_be_moved_aside_is_left_as_it_is_and_said() -> None:
    path = cut_seats_file()
    for name in ("seats.json.bad", *(f"seats.json.bad{n}" for n in range(2, 10))):
        (path.parent / name).write_text("taken", encoding="utf-8")
    told = remember_seat(URL, "HH7SAD", 2, "tok-2")
    assert told is not None and "no new seat is kept until it is fixed or moved away" in told
    assert path.read_text(encoding="utf-8") == CUT  # not written over
    assert remember_hosted("/tmp/games.db", "ABC123", 0, "tok") is not None
    assert path.read_text(encoding="utf-8") == CUT
    forget_seat(URL, "HH7SAD")
    assert path.read_text(encoding="utf-8") == CUT


def test_a_seats_folder_is_said_and_moved_aside() -> None:
    path = seats_path()
    path.mkdir(parents=True)
    notice = seats_notice()
    assert notice is not None and notice.startswith(f"Could not read {path}: ")
    assert (path.parent / "seats.json.bad").is_dir()
    remember_seat(URL, "HH7SAD", 2, "tok-2")
    assert recall_seat(URL, "HH7SAD") == (2, "tok-2")


def test_a_seats_file_of_another_kind_of_json_is_moved_aside() -> None:
    path = seats_path()
    path.parent.mkdir(parents=True)
    path.write_text("[1, 2]", encoding="utf-8")
    assert (seats_notice() or "").startswith(f"{path}: holds a list, not a table of seats: ")
    assert (path.parent / "seats.json.bad").read_text(encoding="utf-8") == "[1, 2]"


@pytest.mark.asyncio
async def test_the_game_says_an_unreadable_seats_file_as_it_starts() -> None:
    """As a settings file's problems are said: a warning when the app opens."""
    from client.screens.menu import MenuScreen

    path = cut_seats_file()
    app = AllegianceApp(save=False)  # the player's own folder: settings and seats
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        warnings = [n.message for n in app._notifications if n.severity == "warning"]
        assert len(warnings) == 1 and warnings[0].startswith(f"{path} line 1: not valid JSON")
    assert (path.parent / "seats.json.bad").read_text(encoding="utf-8") == CUT


@pytest.mark.asyncio
@pytest.mark.parametrize("how", ["join", "host --on"])
async def test_a_seat_that_cannot_be_written_is_said_once(
    monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    from client.screens.setup import default_host_plan

    def refuse(src: Any, dst: Any) -> None:
        raise PermissionError(13, "Permission denied")

    app = AllegianceApp(settings=Settings(name="Ann"), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        if how == "join":  # nothing listens: no seat, but the callback is there
            app.start_join(JoinPlan("ws://127.0.0.1:1", "HH7SAD"))
        else:
            app.start_remote_host(default_host_plan("Ann"), "127.0.0.1:1")
        game = app.game
        assert game is not None and game.on_seated is not None
        with monkeypatch.context() as patched:
            patched.setattr(os, "replace", refuse)
            for _ in range(2):  # seated again on every reconnection
                game.on_seated(Seated("HH7SAD", 1, "tok-1"))
        await pilot.pause()
        told = [n.message for n in app._notifications if n.title == "Seat not kept"]
        assert told == [
            f"Could not keep the seat in {seats_path()}: Permission denied; after a restart "
            "it cannot be taken back by joining again."
        ]
    assert not seats_path().exists()
    assert not list(seats_path().parent.glob("*.tmp"))  # nothing left behind


def test_seats_are_written_whole_and_for_this_user_only() -> None:
    remember_seat(URL, "HH7SAD", 1, "tok-1")
    remember_hosted("/tmp/games.db", "ABC123", 0, "tok")
    path = seats_path()
    assert path.stat().st_mode & 0o777 == 0o600
    assert set(json.loads(path.read_text(encoding="utf-8"))) == {
        f"{URL}/HH7SAD", f"host:{os.path.abspath('/tmp/games.db')}",
    }  # fmt: skip
    assert recall_hosted("/tmp/games.db") == ("ABC123", 0, "tok")
    assert [p.name for p in path.parent.iterdir()] == ["seats.json"]


# a byte-order mark (item 5) ---------------------------------------------------------------
BOM = b"\xef\xbb\xbf"


def test_a_settings_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(BOM + b'{"name": "Ann", "timer": 30}\r\n')
    assert load_settings(path) == (Settings(name="Ann", timer=30), None)


def test_a_seats_file_with_a_byte_order_mark_is_read() -> None:
    path = seats_path()
    path.parent.mkdir(parents=True)
    text = json.dumps({f"{URL}/HH7SAD": {"seat": 1, "token": "tok-1"}})
    path.write_bytes(BOM + text.encode("utf-8"))
    assert seats_notice() is None
    assert recall_seat(URL, "HH7SAD") == (1, "tok-1")

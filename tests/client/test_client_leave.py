"""Leaving a game being played is asked first (Ctrl+L, the palette's "Leave the game",
and the palette's New local game / Host / Join / Watch during a game), with what leaving
does; starting another game from the palette no longer crashes on the old table's ids."""

from __future__ import annotations

from typing import Any

import pytest

from client.app import AllegianceApp
from client.screens.leave import LeaveScreen, leave_warning
from client.screens.setup import LocalPlan, SeatPlan, SetupScreen
from client.screens.table import TableScreen
from tests.client.driver import play_to_the_end, press, settle
from tests.client.helpers import make_app


def versus_bot(seed: int) -> AllegianceApp:
    """An app that opens a duel against a bot at once."""
    plan = LocalPlan(
        "duel",
        (SeatPlan("human", "Ann", "thedric_egen"), SeatPlan("bot", "Bot", "beledan_kind", 0)),
        {"seed": seed, "bot_seed": 5},
    )
    app = make_app(start=plan)
    app.server_settings = {"allow_fixed_seeds": True}
    return app


def test_what_leaving_does_is_said_for_each_kind_of_game() -> None:
    playing: dict[str, Any] = {"status": "playing", "table": "ABC123",
                               "options": {"grace": 60, "policy": "bot"}}  # fmt: skip
    assert "cannot be resumed" in (leave_warning("local", playing) or "")
    assert "stops the server" in (leave_warning("hosting", playing) or "")
    joined = leave_warning("joined", playing) or ""
    assert "ABC123" in joined and "after 60 s away, a bot plays your seat" in joined
    waits = leave_warning("joined", {**playing, "options": {"grace": 60, "policy": "wait"}})
    assert waits is not None and "the table waits for you" in waits and "60 s" not in waits
    timed = {"grace": 60, "policy": "wait", "timer": 20}
    runs = leave_warning("joined", {**playing, "options": timed}) or ""
    assert "the table waits" not in runs and "the timer still runs for you" in runs
    for status in ("over", "waiting"):
        assert leave_warning("local", {**playing, "status": status}) is None


async def in_a_game(pilot: Any) -> None:
    with pytest.raises(AssertionError, match="did not end"):
        await play_to_the_end(pilot.app, pilot, max_steps=4)
    assert isinstance(pilot.app.screen, TableScreen)


async def test_ctrl_l_asks_and_no_stays_in_the_game() -> None:
    app = versus_bot(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_a_game(pilot)
        game = app.game
        await press(pilot, "ctrl+l")
        assert isinstance(app.screen, LeaveScreen)
        assert "cannot be resumed" in app.screen.warning
        await press(pilot, "n")
        assert isinstance(app.screen, TableScreen) and app.game is game
        await press(pilot, "ctrl+l")
        await press(pilot, "y")
        await app.workers.wait_for_complete()
        assert app.game is None and not isinstance(app.screen, (TableScreen, LeaveScreen))


async def test_a_new_local_game_from_the_palette_during_a_game_replaces_it() -> None:
    app = versus_bot(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_a_game(pilot)
        first = app.game
        app.action_new_game()
        await settle(pilot)
        assert isinstance(app.screen, LeaveScreen)
        await press(pilot, "y")
        assert isinstance(app.screen, SetupScreen) and app.game is None
        await press(pilot, "ctrl+s")
        await in_a_game(pilot)
        assert app.game is not None and app.game is not first
        assert len([s for s in app.screen_stack if isinstance(s, TableScreen)]) == 1


def test_a_player_who_is_out_loses_nothing_by_leaving() -> None:
    playing: dict[str, Any] = {"status": "playing", "table": "ABC123",
                               "options": {"grace": 60, "policy": "wait"}}  # fmt: skip
    assert leave_warning("joined", playing, out=True) is None
    assert leave_warning("joined", playing) is not None

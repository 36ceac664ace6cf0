"""The hot-seat curtain answers the leave key as the table does: the same question,
asked over the curtain (no hand shown), and its footer names the key."""

from __future__ import annotations

from typing import Any

import pytest

from client.app import AllegianceApp
from client.screens.curtain import CurtainScreen
from client.screens.leave import LeaveScreen
from client.screens.menu import MenuScreen
from client.screens.setup import LocalPlan, SeatPlan
from client.screens.table import TableScreen
from client.settings import Settings
from tests.client.driver import Waiter, press, settle
from tests.client.helpers import screen_text

pytestmark = pytest.mark.asyncio

HANDS = ("Your hand", " Hand ")  # how the table heads its player's hand (wide, narrow)


def hotseat(keys: dict[str, str] | None = None) -> AllegianceApp:
    """A hot-seat duel at once: Ann and Ben at this keyboard."""
    plan = LocalPlan(
        "duel",
        (SeatPlan("human", "Ann", "thedric_egen"), SeatPlan("human", "Ben", "beledan_kind")),
        {"seed": 7},
    )
    app = AllegianceApp(start=plan, settings=Settings(name="Ann", keys=keys or {}), save=False)
    app.server_settings = {"allow_fixed_seeds": True}
    return app


async def at_the_curtain(app: AllegianceApp, pilot: Any) -> CurtainScreen:
    """Wait for the first curtain (the game's first decision is someone's at this
    keyboard)."""
    waiter = Waiter()
    for _ in range(40):
        if app.game is not None:
            waiter.hook(app.game)
        if isinstance(app.screen, CurtainScreen):
            return app.screen
        await waiter.wait(pilot) if app.game is not None else await settle(pilot)
    raise AssertionError("no curtain came up")


async def test_ctrl_l_on_the_curtain_asks_and_no_keeps_the_curtain() -> None:
    app = hotseat()
    async with app.run_test(size=(80, 24)) as pilot:
        curtain = await at_the_curtain(app, pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "^l Leave" in footer and "I am ready" in footer
        await press(pilot, "ctrl+l")
        assert isinstance(app.screen, LeaveScreen)
        assert "cannot be resumed" in app.screen.warning
        text = screen_text(app)
        assert "Leave this game?" in text and not any(h in text for h in HANDS)
        await press(pilot, "n")
        assert app.screen is curtain  # still covered: nothing was revealed
        assert app.game is not None
        await press(pilot, "ctrl+l")
        await press(pilot, "y")
        assert isinstance(app.screen, MenuScreen) and app.game is None
        assert not any(isinstance(s, (CurtainScreen, TableScreen)) for s in app.screen_stack)


async def test_a_remapped_leave_key_works_on_the_curtain_too() -> None:
    app = hotseat({"table.leave": "ctrl+o"})
    async with app.run_test(size=(80, 24)) as pilot:
        curtain = await at_the_curtain(app, pilot)
        assert "^o Leave" in screen_text(app).splitlines()[-1]
        await press(pilot, "ctrl+l")  # the old key does nothing now
        assert app.screen is curtain
        await press(pilot, "ctrl+o")
        assert isinstance(app.screen, LeaveScreen)

"""Hot-seat: a person's toasts go with them. When the curtain comes down for the next
person, nothing the last one caused ("Passing until your turn (P stops).") waits on
the curtain or on the next person's table."""

from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from client.app import AllegianceApp
from client.screens.curtain import CurtainScreen
from client.screens.setup import LocalPlan, SeatPlan
from client.screens.table import TableScreen
from tests.client.driver import Waiter, press, settle
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio

PASSING = "Passing until your turn (P stops)."


def hotseat_plan() -> LocalPlan:
    """Ann and Ben at one keyboard; Ann plays first, and both choose their equipment's
    faces in the setup, Ann first."""
    return LocalPlan(
        "duel",
        (SeatPlan("human", "Ann", "thedric_egen"), SeatPlan("human", "Ben", "beledan_kind")),
        {"seed": 7},
    )


def toasts(app: AllegianceApp) -> list[str]:
    """The toasts kept by the app and those shown on the current screen."""
    kept = [str(n.message) for n in app._notifications]
    shown = [str(t.render()) for t in app.screen.query(Toast)]
    return kept + shown


async def until(app: AllegianceApp, pilot: object, waiter: Waiter, kind: type) -> None:
    """Wait for a screen of ``kind`` on top (the table: Ann's or Ben's, after a curtain)."""
    for _ in range(200):
        if app.game is not None:
            waiter.hook(app.game)
        if isinstance(app.screen, kind):
            return
        await waiter.wait(pilot)  # type: ignore[arg-type]
    raise AssertionError(f"no {kind.__name__} came")


async def test_passing_until_my_turn_does_not_wait_on_the_next_persons_curtain() -> None:
    app = make_app(start=hotseat_plan())
    app.server_settings = {"allow_fixed_seeds": True}
    async with app.run_test(size=(80, 24)) as pilot:
        waiter = Waiter()
        await until(app, pilot, waiter, CurtainScreen)
        await press(pilot, "enter")  # Ann sits down and chooses her faces
        await until(app, pilot, waiter, TableScreen)
        await press(pilot, "1")
        await until(app, pilot, waiter, CurtainScreen)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1
        await press(pilot, "enter")  # Ben: Ann plays first, so P is his to press
        await until(app, pilot, waiter, TableScreen)
        game = app.game
        assert game is not None and game.displayed == 1
        await press(pilot, "P")
        assert PASSING in toasts(app)
        await press(pilot, "1")  # his faces: the keyboard goes to Ann
        await until(app, pilot, waiter, CurtainScreen)
        await settle(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat == 0
        assert "Pass the keyboard" in screen_text(app)
        assert toasts(app) == []
        assert PASSING not in screen_text(app)
        await press(pilot, "enter")  # Ann's table: none of Ben's toasts there either
        await until(app, pilot, waiter, TableScreen)
        await settle(pilot)
        assert game.displayed == 0
        assert toasts(app) == []
        assert PASSING not in screen_text(app)

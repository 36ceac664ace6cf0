"""A hero panel whose lines are broken again at its real width, just after the table is
first laid out, gets the height of its new text: no ability row is cut."""

from __future__ import annotations

import pytest

from client.screens.setup import LocalPlan, SeatPlan
from client.screens.table import TableScreen
from client.widgets.hero import HeroPanel
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio


async def test_every_ability_row_of_both_heroes_shows_at_120x40() -> None:
    plan = LocalPlan(
        "duel",
        (SeatPlan("human", "Ann", "thedric_egen"), SeatPlan("human", "Ben", "beledan_kind")),
        {"seed": 1},
    )
    app = make_app(start=plan)
    app.server_settings = {"allow_fixed_seeds": True}
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):  # the hand-over curtain comes up once the game has begun
            await pilot.pause()
            if "I am ready" in screen_text(app):
                break
        await pilot.press("enter")
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, TableScreen) and "Lay on Hands" in screen_text(app):
                break
        await pilot.pause()
        panels = list(app.screen.query(HeroPanel))
        assert len(panels) == 2
        for panel in panels:  # as tall as its text: Textual would cut the rows below
            assert panel.size.height == panel.visual.plain.count("\n") + 1  # type: ignore[union-attr]
        text = screen_text(app)
        assert "L4 Avatar of Light" in text and "L4 Banner of the Free Armies" in text

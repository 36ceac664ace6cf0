"""The Host form has no timer of its own (the table gets the one in Settings): it says
which one the table will get, so a host looking for it there is not left guessing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from client.screens.setup import LocalPlan, SeatPlan, SetupScreen
from tests.client.helpers import make_app, screen_text


@pytest.mark.parametrize(("seconds", "said"), [(15, "15 s"), (0, "none")])
async def test_the_host_form_names_the_settings_timer(seconds: int, said: str) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.settings = replace(app.settings, timer=seconds)
        plan = LocalPlan("duel", (SeatPlan("human", "Alice", None), SeatPlan("human", "P2", None)),
                         {"spectators": "public"})  # fmt: skip
        app.push_screen(SetupScreen(plan, hosting=True))
        await pilot.pause()
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert f"Timer (Settings): {said}." in text

"""``i`` on a prompt line about no card ("Decline", "Pass") says so, and never shows
again the card looked at before (``TableScreen.action_details`` with
``PromptBar.highlighted_label``)."""

from __future__ import annotations

import pytest

from client.screens.table import TableScreen
from client.widgets.details import DetailsPopup
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_i_on_decline_after_a_card_says_there_is_no_card(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.trigger_targets())  # two targets to tick, confirm, then Decline
        await pilot.pause()
        await pilot.press("i")  # "[ ] Militia Recruit 1 (Alice)"
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        assert app.screen.details is not None and app.screen.details.ref == "u:11"
        await pilot.press("escape", "end", "i")  # Decline (do not use this effect)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), screen_text(app)
        notes = [n.message for n in app._notifications]
        assert "Decline (do not use this effect): no card to show for this line." in notes
        assert fake.submits() == []


@pytest.mark.asyncio
async def test_i_on_pass_says_so_and_keeps_the_prompt() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("down", "down", "i", "escape")  # Enlist Halberdier, seen
        await pilot.press("end", "i")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), screen_text(app)
        assert "Pass: no card to show for this line." in [n.message for n in app._notifications]
        await pilot.press("p")  # the prompt's keys still work
        await pilot.pause()
        assert fake.submits() == [{"kind": "pass"}]

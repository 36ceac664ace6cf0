"""The details popup shows over the table under every theme: an ANSI theme's background
(the terminal's own colour) cannot be blended, and the popup's dimmed backdrop hid the
table under it."""

from __future__ import annotations

import pytest

from client.widgets.details import DetailsPopup
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("theme", ["atom-one-dark", "textual-light", "ansi-light", "ansi-dark"])
async def test_the_table_shows_behind_the_details_popup(theme: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("shift+tab", "end", "left", "i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        text = screen_text(app)
        assert "Halberdier" in text and "Playable now" in text  # the popup
        assert "Bob · Principus Beledan Kind" in text  # the table around it
        assert "1. Play Battle Surge" in text

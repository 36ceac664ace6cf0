"""The card details key, remapped in Settings → Keys…: the popup names it and closes on
it (and no longer on ``i``, as the table no longer opens it on ``i``); the wide layout's
panel names it too."""

from __future__ import annotations

import pytest

from client.app import AllegianceApp
from client.screens.table import TableScreen
from client.settings import Settings
from client.widgets.details import DetailsPanel, DetailsPopup
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, screen_text

pytestmark = pytest.mark.asyncio

SIZES = [(80, 24), (120, 40)]


def app_with(keys: dict[str, str]) -> AllegianceApp:
    return AllegianceApp(settings=Settings(name="Alice", keys=keys), save=False)


@pytest.mark.parametrize("size", SIZES)
async def test_a_remapped_details_key_opens_names_and_closes_the_popup(size) -> None:
    app = app_with({"table.details": "ctrl+x"})
    async with app.run_test(size=size) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("down", "down", "i")  # Enlist Halberdier; the old key does nothing
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+x")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        text = screen_text(app)
        assert "Halberdier" in text
        assert "esc, ctrl+x or enter: close" in text and "esc, i or" not in text
        await pilot.press("i")  # not the details key any more: the popup stays
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        await pilot.press("ctrl+x")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and fake.submits() == []


async def test_the_default_details_key_still_opens_and_closes_the_popup() -> None:
    app = app_with({})
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("down", "down", "i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        assert "esc, i or enter: close" in screen_text(app)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and fake.submits() == []


@pytest.mark.parametrize(("keys", "named"), [({}, "i"), ({"table.details": "ctrl+x"}, "ctrl+x")])
async def test_the_wide_panel_names_the_details_key(keys: dict[str, str], named: str) -> None:
    app = app_with(keys)
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        panel = str(app.screen.query_one(DetailsPanel).visual)
        assert f"show here. {named} opens them in full." in panel, panel

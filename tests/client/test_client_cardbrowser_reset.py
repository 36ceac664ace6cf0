"""The card browser's dropdowns show one line a choice, and Ctrl+R starts the list over
from its top, at 80×24 and 120×40."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Select

from tests.client.helpers import make_app, open_card_browser, screen_text

pytestmark = pytest.mark.asyncio

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("select_id", "choices"),
    [
        ("#cb-deck", ["Special cards", "Equipment"]),
        ("#cb-hero", ["Last Triarch De'Soth Pravus", "Principus Beledan Kind", "Magus Gondè Kyal"]),
    ],
)
async def test_each_dropdown_choice_is_on_one_line(size, select_id, choices) -> None:
    """The open dropdown is as wide as its longest choice (here the screen has room),
    so no choice wraps onto a second line."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_card_browser(app, pilot)
        screen.query_one(select_id, Select).focus()
        await pilot.press("enter")
        await pilot.pause()
        rows = screen_text(app).splitlines()
        for choice in choices:
            assert any(choice in row for row in rows), (choice, rows[:16])
        overlay = app.screen.query_one(f"{select_id} SelectOverlay")
        assert overlay.region.right <= size[0]  # wider than its field, still on the screen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("keys", "looked_at"),
    [
        # a search that keeps one hero: it is highlighted and shown
        (("slash", *"sylvara", "enter"), "sylvara_thornwood"),
        # a search that keeps most entries, the list scrolled to its last one
        (("slash", "e", "enter", "end"), None),
    ],
)
async def test_ctrl_r_starts_the_list_over_from_its_top(size, keys, looked_at) -> None:
    """Ctrl+R lists everything from the top (its first heading in view) with the first
    card highlighted and shown, not the entry looked at under the filters."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_card_browser(app, pilot)
        listing = screen.query_one("#cb-list", OptionList)
        await pilot.press(*keys)
        await pilot.pause()
        before = listing.highlighted_option
        assert before is not None and before.id != screen.entries[0].id
        assert looked_at is None or before.id == looked_at
        if looked_at is None:
            assert listing.scroll_y > 0  # scrolled down to the last entry
        await pilot.press("ctrl+r")
        await pilot.pause()
        first = screen.entries[0]
        after = listing.highlighted_option
        assert after is not None and after.id == first.id
        assert listing.scroll_y == 0
        text = screen_text(app)
        assert "114 cards, 10 heroes" in text and "── Basic deck ──" in text
        detail = str(screen.query_one("#cb-detail").visual)
        assert detail.startswith(first.name), detail[:80]

"""The card browser's filters at 60 columns: the search has a row of its own, wide
enough to read what is typed, and the selects fit the row under it; from 80 columns
they keep their one row."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from tests.client.helpers import make_app, open_card_browser, screen_text

pytestmark = pytest.mark.asyncio

FILTERS = ("#cb-search", "#cb-deck", "#cb-hero", "#cb-cost")


async def test_at_60_columns_the_search_is_read_and_every_filter_fits() -> None:
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await open_card_browser(app, pilot)
        await pilot.press("slash", *"skilled")
        await pilot.pause()
        search = screen.query_one("#cb-search", Input)
        assert search.value == "skilled" and search.region.width >= 40
        assert "skilled" in screen_text(app)
        selects = [screen.query_one(f, Select) for f in FILTERS[1:]]
        for select in selects:
            assert select.region.x >= 0 and select.region.right <= 60, select.region
            assert select.region.y == search.region.bottom  # on the row under the search
        for prompt in ("Any deck", "Any hero", "Any cost"):
            assert prompt in screen_text(app), prompt
        assert screen.query_one("#cb-list").region.height >= 10


@pytest.mark.parametrize(("size", "widths"), [((80, 24), (24, 18, 22, 16)),
                                              ((120, 40), (52, 18, 34, 16))])  # fmt: skip
async def test_from_80_columns_the_filters_keep_one_row(
    size: tuple[int, int], widths: tuple[int, ...]
) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_card_browser(app, pilot)
        regions = [screen.query_one(f).region for f in FILTERS]
        assert {r.y for r in regions} == {0}
        assert tuple(r.width for r in regions) == widths

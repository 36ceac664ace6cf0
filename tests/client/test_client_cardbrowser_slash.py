"""The card browser's `/` always means Search: after Ctrl+R, pressed twice, or in a
field emptied by hand, it is never typed as the first character of a query; a `/`
inside a query is typed (the split cards are named "Rally / Rout")."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList

from tests.client.helpers import make_app, open_card_browser, screen_text

pytestmark = pytest.mark.asyncio


def footer_offers_search(app) -> bool:
    return "/ Search" in screen_text(app).splitlines()[-1]


def _field(screen) -> Input:
    return screen.query_one("#cb-search", Input)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_ctrl_r_gives_the_keys_to_the_list(size) -> None:
    """After Ctrl+R the list has the focus (arrows move in it), and `/skilled` then
    searches for "skilled" rather than "/skilled"."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_card_browser(app, pilot)
        await pilot.press("slash", *"sylvara")  # a query typed, not submitted
        await pilot.pause()
        assert _field(screen).has_focus
        await pilot.press("ctrl+r")
        await pilot.pause()
        listing = screen.query_one("#cb-list", OptionList)
        assert listing.has_focus and _field(screen).value == ""
        first = listing.highlighted
        await pilot.press("down")
        await pilot.pause()
        assert listing.highlighted is not None and first is not None
        assert listing.highlighted > first
        await pilot.press("slash", *"skilled")
        await pilot.pause()
        assert _field(screen).value == "skilled"
        assert "0 cards" not in screen_text(app)
        assert "skilled_strike" in [e.id for e in screen.shown]


async def test_a_slash_in_the_empty_field_is_not_typed() -> None:
    """`/` pressed twice, or in a field emptied with backspace, keeps the field empty
    and focused; the next keys are the query."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_card_browser(app, pilot)
        await pilot.press("slash", "slash", *"ral")
        await pilot.pause()
        assert _field(screen).has_focus and _field(screen).value == "ral"
        await pilot.press("backspace", "backspace", "backspace", "slash", *"skilled")
        await pilot.pause()
        assert _field(screen).value == "skilled"
        assert "skilled_strike" in [e.id for e in screen.shown]


async def test_a_slash_inside_a_query_is_typed() -> None:
    """A `/` after the first character is typed: "rally /" finds "Rally / Rout"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_card_browser(app, pilot)
        await pilot.press("slash", *"rally", "space", "slash")
        await pilot.pause()
        assert _field(screen).value == "rally /"
        assert [e.id for e in screen.shown] == ["rally_or_rout"]


async def test_the_footer_offers_search_only_while_slash_searches() -> None:
    """The footer's "/ Search" is listed while `/` runs it (the list, the empty field)
    and not while the field would type it."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_card_browser(app, pilot)
        assert "slash" in screen.active_bindings
        await pilot.press("slash")
        await pilot.pause()
        assert "slash" in screen.active_bindings
        assert footer_offers_search(app)
        await pilot.press("r")
        await pilot.pause()
        assert "slash" not in screen.active_bindings
        assert not footer_offers_search(app)
        await pilot.press("backspace")
        await pilot.pause()
        assert "slash" in screen.active_bindings
        assert footer_offers_search(app)

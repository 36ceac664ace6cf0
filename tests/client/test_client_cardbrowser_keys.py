"""The card browser as a first-time player meets it: the arrows browse the results from
the search field, PageUp/PageDown scroll a long card wherever the keys are (and the
browser says so), the focused filter or pane is plain to see, and at 60 columns the
details have the larger share. The command palette offers the game's keys commands, not
Textual's own "Keys" panel."""

from __future__ import annotations

import pytest
from textual.color import Color
from textual.widget import Widget
from textual.widgets import Input, OptionList, Select

from client.screens.cardbrowser import CardBrowserScreen
from client.screens.help import KEY_ROWS
from tests.client.helpers import make_app, open_card_browser, screen_text

pytestmark = pytest.mark.asyncio


def _search(screen: CardBrowserScreen) -> Input:
    return screen.query_one("#cb-search", Input)


def _list(screen: CardBrowserScreen) -> OptionList:
    return screen.query_one("#cb-list", OptionList)


def _box(screen: CardBrowserScreen) -> Widget:
    return screen.query_one("#cb-detail-box")


# 1. the arrows in the search field ---------------------------------------------------
@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_the_arrows_browse_the_results_from_the_search(size) -> None:
    """After `/strike`, ↓ and ↑ move the list's highlight (the details follow); the
    search keeps the keys, so what is typed next still edits it."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_card_browser(app, pilot)
        await pilot.press("slash", *"strike")
        await pilot.pause()
        ids = [e.id for e in screen.shown]
        assert ids == ["skilled_strike", "strike_or_parry"]
        assert _list(screen).highlighted_option.id == "skilled_strike"
        await pilot.press("down")
        await pilot.pause()
        assert _list(screen).highlighted_option.id == "strike_or_parry"
        assert "Play one half" in screen_text(app)  # the details of the split card
        assert _search(screen).has_focus and _search(screen).value == "strike"
        await pilot.press("up")
        await pilot.pause()
        assert _list(screen).highlighted_option.id == "skilled_strike"
        await pilot.press("down", *" or")
        await pilot.pause()
        assert _search(screen).value == "strike or" and _search(screen).has_focus
        assert [e.id for e in screen.shown] == ["strike_or_parry"]


# 2. PageUp/PageDown scroll the details -------------------------------------------------
async def _long_card(app, pilot) -> CardBrowserScreen:
    """A hero at 60×20: its details are longer than their pane."""
    screen = await open_card_browser(app, pilot)
    await pilot.press("slash", *"hakor")
    await pilot.pause()
    assert _list(screen).highlighted_option.id == "hakor_dajet"
    assert _box(screen).max_scroll_y > 0
    return screen


@pytest.mark.parametrize("where", ["search", "list"])
async def test_pagedown_scrolls_the_details_wherever_the_keys_are(where) -> None:
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await _long_card(app, pilot)
        if where == "list":
            await pilot.press("enter")
            await pilot.pause()
            assert _list(screen).has_focus
        highlighted = _list(screen).highlighted
        await pilot.press("pagedown")
        await pilot.pause()
        assert _box(screen).scroll_y > 0
        assert _list(screen).highlighted == highlighted  # the list did not page
        await pilot.press("pageup")
        await pilot.pause()
        assert _box(screen).scroll_y == 0
        assert (where == "search") == _search(screen).has_focus


async def test_an_open_dropdown_keeps_its_page_keys() -> None:
    """In a filter's open dropdown PageDown pages the dropdown, not the details."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await _long_card(app, pilot)
        await pilot.press("tab", "enter")  # the deck filter, opened
        await pilot.pause()
        overlay = app.focused
        assert isinstance(overlay, OptionList) and overlay.id != "cb-list"
        await pilot.press("pagedown")
        await pilot.pause()
        assert _box(screen).scroll_y == 0


async def test_a_card_longer_than_the_details_says_how_to_scroll() -> None:
    """The hint shows under a card that does not fit, not under one that does; and the
    help's card browser row names the keys."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await _long_card(app, pilot)
        assert CardBrowserScreen.MORE_HINT in screen_text(app)
        await pilot.press("ctrl+r", "slash", *"skilled")  # a short card
        await pilot.pause()
        assert _list(screen).highlighted_option.id == "skilled_strike"
        assert _box(screen).max_scroll_y == 0
        assert CardBrowserScreen.MORE_HINT not in screen_text(app)
    row = dict(KEY_ROWS)["Card browser"]
    assert "`pageup` `pagedown` scroll the card" in row


# 3. the focus is plain to see -------------------------------------------------------
def _face(screen: CardBrowserScreen, selector: str) -> Widget:
    """The part of a filter or pane whose background shows the focus."""
    widget = screen.query_one(selector)
    return widget.query_one("SelectCurrent") if isinstance(widget, Select) else widget


PARTS = ("#cb-search", "#cb-deck", "#cb-hero", "#cb-cost", "#cb-list", "#cb-detail-box")


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_the_focused_filter_or_pane_is_tinted(size) -> None:
    """Tab after Tab, the part with the keys has a background of its own; the others
    keep theirs."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_card_browser(app, pilot)
        await pilot.press("tab", "tab")  # from the list to the details, then the search
        await pilot.pause()
        assert _search(screen).has_focus
        blurred: dict[str, Color] = {}
        for selector in PARTS:  # each part's background while the search has the keys
            blurred[selector] = _face(screen, selector).styles.background
        blurred["#cb-search"] = blurred["#cb-deck"]  # the same field, unfocused
        focused_in = {}
        for selector in ("#cb-deck", "#cb-hero", "#cb-cost", "#cb-list", "#cb-detail-box"):
            await pilot.press("tab")
            await pilot.pause()
            assert app.focused is screen.query_one(selector)
            focused_in[selector] = _face(screen, selector).styles.background
            for other in PARTS:
                if other not in (selector, "#cb-search"):
                    assert _face(screen, other).styles.background == blurred[other], other
        for selector, background in focused_in.items():
            assert background != blurred[selector], selector


# 4. the details' share at 60 columns -----------------------------------------------
@pytest.mark.parametrize("hero", ["last triarch", "hakor"])
async def test_at_60_columns_the_details_have_the_larger_share(hero) -> None:
    """The details are wider than the list; a hero's name and title take at most two
    lines, an ability's level and delay stay on their line; the list still reads
    its names (most whole)."""
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = await open_card_browser(app, pilot)
        listing, box = _list(screen).region, _box(screen).region
        assert box.width > listing.width >= 26
        assert "Shieldbearer" in screen_text(app) and "Tax Collector" in screen_text(app)
        await pilot.press("slash", *hero)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        # the details start on the screen's eighth line: the name and title on two
        # lines at most (three before), then the hero's health
        assert any("Hero · health" in line for line in lines[8:10]), "\n".join(lines)
        for _ in range(8):  # every line of the details, a page at a time
            await pilot.press("pagedown")
            await pilot.pause()
            lines += screen_text(app).splitlines()
        assert any("Initial · delay" in line for line in lines), "\n".join(lines)


async def test_from_80_columns_the_list_keeps_its_width() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_card_browser(app, pilot)
        assert _list(screen).region.width == 34


# 5. the command palette ---------------------------------------------------------------
@pytest.mark.parametrize("where", ["menu", "browser"])
async def test_the_palette_has_no_textual_keys_panel(where) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        if where == "browser":
            await open_card_browser(app, pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Keys" not in titles
        assert {"Theme", "Quit", "Screenshot", "Change keys", "Rules and keys"} <= set(titles)


async def test_the_open_palette_lists_no_keys_panel() -> None:
    """What Ctrl+P shows: the game's "Change keys" and "Rules and keys", no "Keys"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        listed = app.screen.query_one("CommandList", OptionList)
        titles = {str(option.prompt).split("\n")[0] for option in listed.options}
        assert {"Change keys", "Rules and keys", "Theme"} <= titles
        assert "Keys" not in titles


async def test_a_card_that_fits_leaves_the_page_keys_to_the_list() -> None:
    """A short card has nothing to scroll: PageDown pages the list, as before."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_card_browser(app, pilot)
        await pilot.pause()
        assert _box(screen).max_scroll_y == 0
        before = _list(screen).highlighted
        await pilot.press("pagedown")
        await pilot.pause()
        after = _list(screen).highlighted
        assert before is not None and after is not None and after > before

"""The table's widgets draw their own lines (bench figure P5): what they draw must be
exactly what Textual would draw for them, cell by cell and style by style (less the
offsets Textual adds for mouse text selection), and a patch must draw only what changed.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.segment import Segment
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList

from client.screens.table import Board, TableScreen
from client.widgets import MarkupStatic
from client.widgets.lines import LinePainter, QuickBlank, QuickScrollBar
from client.widgets.prompt import ChoiceList, PromptBar
from client.widgets.territory import Territory
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

Cell = tuple[str, object]


def cells(strips: list[Strip]) -> list[list[Cell]]:
    """Each line's cells: the character and everything of its style that shows or acts
    (colours, attributes, click and mouse meta), but not the selection offsets."""

    def key(segment: Segment) -> object:
        style = segment.style
        if style is None:
            return None
        meta = tuple(
            sorted((k, str(val)) for k, val in style.meta.items() if k != "offset")
            if style._meta
            else ()
        )
        attrs = (style.bold, style.dim, style.italic, style.underline, style.reverse)
        return (style.color, style.bgcolor, attrs, meta)

    return [[(ch, key(seg)) for seg in strip for ch in seg.text] for strip in strips]


def textual_lines(widget: Widget) -> list[list[Cell]]:
    """``widget``'s lines as Textual's own machinery draws them."""
    widget._styles_cache.clear()
    widget._dirty_regions.add(widget.size.region)  # its content drawn again, too
    return cells(Widget.render_lines(widget, Region(0, 0, *widget.region.size)))


def own_lines(widget: Widget) -> list[list[Cell]]:
    return cells(widget.render_lines(Region(0, 0, *widget.region.size)))


def many_choices() -> dict[str, Any]:
    """Alice's maneuver with more top-level choices than the prompt shows at once."""
    view = v.maneuver()
    abilities = view["players"][0]["abilities"]
    view["legal"] += [{"kind": "enlist", "card": c} for c in (101, 102, 104)]
    view["legal"] += [
        {"kind": "unlock", "ability": a["id"]} for a in abilities if not a.get("unlocked")
    ]
    return view


def crowded(view: dict[str, Any], times: int) -> dict[str, Any]:
    """``view`` with Bob's units in play ``times`` over (the board overflows)."""
    units = view["players"][1]["units"]
    view["players"][1]["units"] = [
        dict(unit, handle=unit["handle"] + 100 * n) for n in range(times) for unit in units
    ]
    return view


async def show(pilot: Any, view: dict[str, Any]) -> Fake:
    fake = Fake(pilot.app, [0])
    fake.show(0, view)
    await pilot.pause()
    await pilot.pause()
    return fake


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_the_table_draws_what_textual_would(size: tuple[int, int], theme: str) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.theme = theme
        await show(pilot, many_choices())
        await pilot.press("tab", "right")  # a strip focused (tinted), its cursor on a card
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        drawn = [w for w in screen._compositor.visible_widgets if w.region]
        texts = [w for w in drawn if isinstance(w, MarkupStatic)]
        blanks = [w for w in drawn if isinstance(w, QuickBlank)]
        bars = [w for w in drawn if isinstance(w, QuickScrollBar)]
        assert len(texts) >= 5 and len(blanks) >= 4 and bars  # the board scrolls
        assert any(w.has_focus for w in texts)
        for widget in texts + blanks + bars:
            assert own_lines(widget) == textual_lines(widget), widget


@pytest.mark.asyncio
async def test_wrapped_and_padded_text_is_drawn_as_textual_would() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await show(pilot, v.maneuver())
        screen = app.screen
        # the status line (padded) and a wide hand that wraps in a narrow strip
        status = screen.query_one("#status", MarkupStatic)
        hand = screen.query_one("#hand", MarkupStatic)
        hand.styles.width = 24
        await pilot.pause()
        assert hand.region.height > 1  # wrapped
        for widget in (status, hand):
            assert own_lines(widget) == textual_lines(widget)


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_choices_are_drawn_as_an_option_list_draws_them(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await show(pilot, many_choices())
        choices = app.screen.query_one(ChoiceList)
        for component in ("", "-highlighted", "-hover"):
            names = ["option-list--option"]
            names += [f"option-list--option{component}"] if component else []
            style = choices.get_visual_style(*names)
            for option in choices.options:
                ours = cells(choices._get_option_render(option, style))
                choices._option_render_cache.clear()
                theirs = cells(OptionList._get_option_render(choices, option, style))
                choices._option_render_cache.clear()
                assert ours == theirs


@pytest.mark.asyncio
async def test_a_patch_draws_only_the_rows_that_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    text = LinePainter._text

    def spy(self: LinePainter, widget: Widget, row: Any, *args: Any) -> list[Strip]:
        drawn.append(row[0])  # the row's text (and spans)
        return text(self, widget, row, *args)

    monkeypatch.setattr(LinePainter, "_text", spy)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = await show(pilot, v.maneuver())
        drawn.clear()
        nxt = v.maneuver_one_unit_damaged()
        fake.show(0, nxt)
        await pilot.pause()
        await pilot.pause()
        assert len(drawn) == 1 and "dmg 3" in drawn[0]
        assert "dmg 3" in screen_text(app)


@pytest.mark.asyncio
async def test_a_board_that_grows_is_drawn_in_one_frame_scrollbar_and_all() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = await show(pilot, crowded(v.maneuver(), 4))
        board = app.screen.query_one(Board)
        bar = board.vertical_scrollbar
        assert isinstance(bar, QuickScrollBar) and board.show_vertical_scrollbar
        before = own_lines(bar)
        frames: list[object] = []
        display = app._display

        def counted(screen: Any, update: Any) -> None:
            if update is not None and screen is app.screen:
                frames.append(update)
            display(screen, update)

        app._display = counted  # type: ignore[method-assign]
        nxt = crowded(v.maneuver(), 6)
        nxt["version"] = 58
        fake.show(0, nxt)
        for _ in range(6):
            await pilot.pause()
        assert len(frames) == 1
        after = own_lines(bar)
        assert after != before  # the thumb moved (the board is longer)
        assert after == textual_lines(bar)


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_every_choice_can_be_seen(size: tuple[int, int]) -> None:
    """More choices than fit: the list scrolls, with a scrollbar, inside the bar (it used
    to be cut off by the bar, its last choices out of sight and no scrollbar)."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await show(pilot, many_choices())
        bar = app.screen.query_one(PromptBar)
        choices = bar.query_one(ChoiceList)
        assert choices.option_count > choices.region.height
        assert bar.region.contains_region(choices.region)
        assert choices.show_vertical_scrollbar
        await pilot.press("end")
        await pilot.pause()
        assert "Pass" in screen_text(app).split("\n")[choices.region.bottom - 1]


def test_the_screen_keeps_its_css_through_the_mixins() -> None:
    """Textual takes a widget's default CSS from its first base only: the mixins come
    last, or the board and its columns lose their layout."""
    for cls in (Board, TableScreen):
        assert cls.__bases__[-1] is QuickBlank
    assert Territory.__mro__.index(MarkupStatic) < Territory.__mro__.index(Widget)

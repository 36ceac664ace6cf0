"""At 80×24 a setup screen with one-line fields (four seats and the line that says two
of them chose the same hero) shows plainly which field has the focus: it takes the
cursor's colours, as a bordered field lights up its border."""

from __future__ import annotations

import pytest
from textual.color import Color
from textual.widget import Widget
from textual.widgets import Input, Select

from client.screens.setup import LocalPlan, SeatPlan, SetupScreen
from tests.client.helpers import make_app

pytestmark = pytest.mark.asyncio


def four_seats_one_hero_twice() -> LocalPlan:
    seats = tuple(
        SeatPlan("human" if i == 0 else "bot", f"P{i + 1}", "thedric_egen" if i < 2 else None)
        for i in range(4)
    )
    return LocalPlan("ffa", seats)


def face(widget: Widget) -> Widget:
    """The part of a field that draws its background (a Select's current value)."""
    return widget.query_one("SelectCurrent") if isinstance(widget, Select) else widget


async def test_the_focused_one_line_field_stands_out() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SetupScreen(four_seats_one_hero_twice())
        app.push_screen(screen)
        await pilot.pause()
        assert screen.has_class("-small")  # the fields are one line high
        assert screen.query_one("#problem").display
        cursor = Color.parse(app.get_css_variables()["block-cursor-background"])
        fields = [screen.query_one(f"#{name}") for name in ("format", "kind-1", "name-1", "hero-1")]
        for field in fields:
            field.focus()
            await pilot.pause()
            assert isinstance(field, Select | Input)
            assert face(field).styles.background == cursor, field.id
            others = [face(f).styles.background for f in fields if f is not field]
            assert cursor not in others  # only the focused one

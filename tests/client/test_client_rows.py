"""The table's text pieces, drawn without Textual's general machinery (bench figure P5):
splitting a text into rows, drawing a row's styles, a widget's height, and lines that
break between cards rather than inside one. Each must give what Textual gives."""

from __future__ import annotations

import random

import pytest
from rich.segment import Segment
from textual.content import Content, Span
from textual.strip import Strip
from textual.style import Style

from client.widgets import MarkupStatic, concat, flow, parsed
from client.widgets.hero import hero_content
from client.widgets.lines import row_strip, split_rows
from tests.client.fixtures import views as v
from tests.client.helpers import make_app

STYLES: list[str | Style] = ["b", "i", "u", "reverse", "red", "on blue", Style(bold=True)]
PIECES = ["a", "bb", "ccc dd", " ", "\n", "é", "日本", "x  y", "\n\n"]


def random_content(rng: random.Random) -> Content:
    """A text of words, newlines and wide characters under overlapping spans, some
    empty, some running across rows."""
    text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 14)))
    spans = []
    for _ in range(rng.randint(0, 7)):
        start = rng.randint(0, len(text))
        spans.append(Span(start, rng.randint(start, len(text)), rng.choice(STYLES)))
    return Content(text, spans)


def textual_strip(row: Content, base: Style) -> Strip:
    """A row drawn as Textual's ``Content.render`` draws it (styles parsed, over base)."""
    segments = [
        Segment(text, (base + style).rich_style)
        for text, style in row.render(base, end="", parse_style=Style.parse)
    ]
    return Strip(segments, row.cell_length)


def test_rows_and_their_styles_are_what_textual_makes() -> None:
    rng = random.Random(7)
    base = Style(foreground=None)
    rows = 0
    for _ in range(1500):
        content = random_content(rng)
        theirs = content.split(allow_blank=True)
        ours = split_rows(content)
        assert [(row.plain, tuple(row.spans)) for row in theirs] == ours, content
        cache: dict[tuple[object, ...], object] = {}
        for row in theirs:
            drawn = row_strip(row.plain, row.spans, row.cell_length, base, Style.parse, cache)  # type: ignore[arg-type]
            assert list(drawn) == list(textual_strip(row, base)), (row.plain, row.spans)
            rows += 1
    assert rows > 3000  # blank rows, wide characters and spans across rows among them


@pytest.mark.asyncio
async def test_a_text_widget_is_as_tall_as_textual_finds_it() -> None:
    """The height the layout gets (rows counted, wrapping only a row too long) equals
    Textual's own, wrapped rows and blank rows included."""
    rng = random.Random(11)
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        widget = MarkupStatic("")
        await app.screen.mount(widget)
        await pilot.pause()
        for _ in range(300):
            content = random_content(rng)
            widget.set_markup(content)
            width = rng.randint(1, 30)
            theirs = content.get_height(widget.styles, width)  # type: ignore[arg-type]
            assert widget.get_content_height(app.size, app.size, width) == theirs, (
                content.plain,
                width,
            )


def test_a_flowed_line_breaks_between_items_never_inside_one() -> None:
    names = ("Infantry 3/4", "Halberdier 4/6 exh", "Imp 1/1", "Golem 6/8")
    items = [Content(name) for name in names]
    rows = [row.plain for row in flow(items, 36, lead="   ")]
    assert rows == ["   Infantry 3/4 · Halberdier 4/6 exh", "   Imp 1/1 · Golem 6/8"]
    assert all(len(row) <= 36 for row in rows)
    # an item wider than the width has rows of its own, its continued rows indented
    # under it (Textual folded it to the first column)
    wide = [row.plain for row in flow([Content("x" * 40), Content("y")], 20, lead="> ")]
    assert wide == ["> " + "x" * 16, "    " + "x" * 16, "    " + "x" * 8, "  y"]
    # no width: one row; a lead given as Content keeps its styles
    one = flow(items, 0, lead=parsed("[b]Hand[/b] "))
    assert len(one) == 1 and one[0].plain.startswith("Hand Infantry")
    assert one[0].spans[0] == Span(0, 4, one[0].spans[0].style)


def test_a_narrow_hero_panel_breaks_between_its_figures() -> None:
    from client.viewmodel.table import build_table

    table = build_table(v.maneuver())
    panel = table.players[0]
    wide_rows = hero_content(panel, width=0).plain.split("\n")
    assert max(len(row) for row in wide_rows) > 40
    for width in (40, 50):
        rows = hero_content(panel, width=width).plain.split("\n")
        assert len(rows) > len(wide_rows)
        assert all(len(row) <= width for row in rows), rows
        # the same figures and cards, in order, none cut across two rows
        words = [w for w in " ".join(rows).split() if w != "·"]
        assert words == [w for w in " ".join(wide_rows).split() if w != "·"]
        assert rows[1].startswith("   hand ") or rows[1].startswith("   ♥")  # broke there


def test_concat_keeps_every_span_where_its_text_went() -> None:
    joined = concat(["a\x07b ", parsed("[b]bold[/b]"), " ", parsed("[i]it[/i] x")])
    assert joined.plain == "ab bold it x"  # the bell is dropped, as Content drops it
    assert [(s.start, s.end) for s in joined.spans] == [(3, 7), (8, 10)]

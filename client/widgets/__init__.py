"""Widgets of the table. Each renders a piece of a view model and posts intents.

Three things keep a redraw cheap (bench figure P5):

- parsing markup is the costliest step of building a widget's content, so markup is
  parsed once per distinct string (:func:`parsed`) and the table's widgets assemble
  their content from the parsed pieces of each card, which stay the same while the card
  does;
- a layout pass reflows the whole screen, so :class:`MarkupStatic` asks for one only
  when its height may change, and not at all when nothing changed;
- a widget that cannot scroll does not need the second layout pass Textual asks for
  when a widget's virtual size changes (:func:`steady_virtual_size`), so a patch that
  changes heights is laid out and drawn once;
- the widgets break their own lines between cards and figures (:func:`flow`), so a
  text's height is its row count, found without wrapping it
  (:meth:`MarkupStatic.get_content_height`), and a card is never cut across two lines.

The table's layout helps too: a player's widgets sit in the board itself, not in a
container per player (each level of auto-height containers makes a layout pass arrange
everything in it once more), and the status line sits over the board, not across the
whole screen (a change to it would make every frame redraw the side column as well).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rich.cells import cell_len
from textual.content import Content, Span
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from client.widgets.lines import LinePainter, crop_lines


def steady_virtual_size() -> Reactive[Size]:
    """A ``virtual_size`` reactive that asks for no layout pass and no repaint.

    Textual lays the whole screen out again, and repaints the widget, when a widget's
    virtual size changes (its scrollbars may have to show). A widget that cannot scroll,
    or a container that keeps its scrollbar's place (``scrollbar-gutter: stable``; a
    scrollbar that shows or hides asks for its own layout pass, and its thumb repaints
    itself), needs neither: the layout pass that changed its size already placed
    everything and repaints what changed size. Declare it in the class body as
    ``virtual_size = steady_virtual_size()``.
    """
    return Reactive(Size(0, 0), layout=False, repaint=False)


@lru_cache(maxsize=8192)
def parsed(markup: str) -> Content:
    """``markup`` as Content (cached; theme variables stay names, resolved when drawn)."""
    return Content.from_markup(markup)


def concat(parts: Iterable[Content | str]) -> Content:
    """The parts one after the other (plain strings as plain text).

    Like ``Content("").join`` without its pass over the whole text to strip control
    codes: parsed parts are clean already and plain strings are cleaned here."""
    text: list[str] = []
    spans: list[Span] = []
    offset = 0
    for part in parts:
        if isinstance(part, str):
            plain = part.translate(_CONTROL_CODES)  # as Content(part) cleans it
        else:
            plain = part.plain
            if not offset:
                spans += part.spans
            elif part.spans:
                spans += [Span(a + offset, b + offset, style) for a, b, style in part.spans]
        text.append(plain)
        offset += len(plain)
    return Content("".join(text), spans, strip_control_codes=False)


#: The control codes ``Content`` strips from plain text (bell, backspace, vertical tab,
#: form feed, carriage return).
_CONTROL_CODES = dict.fromkeys((7, 8, 11, 12, 13))


def flow(
    items: Iterable[Content],
    width: int,
    lead: Content | str = "",
    indent: str | None = None,
    sep: str = " · ",
) -> list[Content]:
    """``items`` after ``lead``, separated by ``sep``, in as many rows of ``width`` cells
    as they need (0: one row), each row broken between items, never inside one;
    continued rows start with ``indent`` (spaces as wide as ``lead`` unless given). An
    item wider than a row (a unit with many attachments) has rows of its own, broken
    at its spaces, its continued rows indented two more.

    A row broken here keeps a card whole on its line, and the widget's height is its
    row count, which needs no wrapping to find (see :class:`MarkupStatic`)."""
    lead_width = lead.cell_length if isinstance(lead, Content) else cell_len(lead)
    rest = " " * lead_width if indent is None else indent
    rows: list[Content] = []
    row: list[Content | str] = []
    used = 0
    for content in items:
        size = content.cell_length
        if width and size > width - max(lead_width, len(rest)):
            if row:
                rows.append(concat(row))
                row, used = [], 0
            rows += _broken(content, lead if not rows else rest, rest + "  ", width)
            continue
        if row and width and used + len(sep) + size > width:
            rows.append(concat(row))
            row, used = [], 0
        if row:
            row.append(sep)
            used += len(sep)
        else:
            row.append(lead if not rows else rest)
            used += lead_width if not rows else len(rest)
        row.append(content)
        used += size
    if row:
        rows.append(concat(row))
    return rows


def _broken(content: Content, first: Content | str, rest: str, width: int) -> list[Content]:
    """``content`` in rows of ``width`` cells, broken at its spaces: the first row after
    ``first``, the others after ``rest``."""
    room = max(width - max(cell_len(rest), cell_len(str(first))), 8)
    pieces = content.wrap(room) or [content]
    return [concat((first if i == 0 else rest, piece)) for i, piece in enumerate(pieces)]


def lines(rows: Iterable[Content | str]) -> Content:
    """The rows one under the other."""
    parts: list[Content | str] = []
    for row in rows:
        if parts:
            parts.append("\n")
        parts.append(row)
    return concat(parts)


class MarkupStatic(Static):
    """A Static that ignores updates that would not change what it shows, asks for a
    layout pass only when its height may change (a new text as many lines tall as the
    old one only repaints this widget's own region), and draws its lines itself
    (:class:`~client.widgets.lines.LinePainter`: only the rows that changed are drawn
    again). Its text has no links of Textual's and cannot be selected with the mouse."""

    ALLOW_SELECT = False
    virtual_size = steady_virtual_size()
    _drawn_key: object = None

    def __init__(self, content: str = "", *, id: str | None = None, classes: str = "") -> None:
        super().__init__(content, id=id, classes=classes)
        self.set_reactive(Widget.auto_links, False)
        self._painter = LinePainter()
        self._painted: list[Strip] | None = None
        self._measured: tuple[int, Content, int] | None = None  # width, text, height

    def render_lines(self, crop: Region) -> list[Strip]:
        lines = self._painted
        if lines is None:
            visual = self.visual
            if isinstance(visual, Content):
                size = self.region.size
                lines = self._painter.paint(self, visual, size.region)
            if lines is None:
                return super().render_lines(crop)
            self._painted = lines
        return crop_lines(lines, crop, self.region.width)

    def _set_dirty(self, *regions: Region) -> None:
        super()._set_dirty(*regions)
        self._painted = None  # drawn again, as Textual would (see crop_lines)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As Textual finds it, but without wrapping a text whose every row fits (the
        widgets here break their rows themselves: the common case)."""
        visual = self.visual
        if not width or not isinstance(visual, Content):
            return super().get_content_height(container, viewport, width)
        known = self._measured
        if known is not None and known[0] == width and known[1] is visual:
            return known[2]
        height = _height(self, visual, width)
        self._measured = (width, visual, height)
        return height

    def set_markup(self, markup: str | Content) -> None:
        """Show ``markup`` (a string of markup, or assembled Content)."""
        content = parsed(markup) if isinstance(markup, str) else markup
        key = (content.plain, content.spans)
        if key == self._drawn_key:
            return
        self._drawn_key = key
        width, lines = self.content_size
        self.update(content, layout=False)
        if self.styles.width is not None and self.styles.width.is_auto:
            self._relayout()  # its width follows its text
            return
        height = self.styles.height
        if height is not None and not height.is_auto:
            return  # a fixed height: the text never moves anything else
        new_height = _height(self, content, width) if width else -1
        if width:
            self._measured = (width, content, new_height)  # the layout pass asks again
        if new_height != lines:
            # Not laid out yet (just mounted, maybe while its screen is covered) or a new
            # height. Hidden widgets also land here: the table updates those only when
            # they show (the decks and details in the wide layout), or never changes them.
            self._relayout()

    def _relayout(self) -> None:
        """Ask for a layout pass that measures this widget again.

        Textual counts a layout request (``Widget._layout_updates``) only when none is
        pending, and keeps each widget's measured box under that count: a new text set
        while an earlier request is still pending (the first redraw at the real width,
        in ``on_resize`` right after the table was first laid out) would be laid out at
        the old height, its last rows cut (an opponent's fourth-level ability). So a
        request made while one is pending is counted too."""
        if self._layout_required:
            self._layout_updates += 1
        self.refresh(layout=True)


def _height(widget: Static, content: Content, width: int) -> int:
    """The rows ``content`` takes at ``width``: counted when every line fits (the common
    case, no wrapping to compute), else wrapped as Textual will."""
    rows = content.plain.split("\n")
    if all(cell_len(row) <= width for row in rows):
        return len(rows)
    return content.get_height(widget.styles, width)  # type: ignore[arg-type]

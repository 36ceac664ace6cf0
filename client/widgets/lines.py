"""Drawing a text widget's lines without Textual's general machinery (bench figure P5).

Textual draws a ``Static`` in two steps, both for every line each time the widget
changes: the text is wrapped and turned into styled segments (each segment gets a style
of its own, carrying its offset for text selection), then every line is styled again
for the widget's box (background, padding, borders, tint, opacity, hatching). On the
table, where a patch changes most lines of most widgets, those two steps were the
largest part of a redraw.

:class:`LinePainter` draws the same lines for the common case — a widget with a
background, a text colour and style, and left/right padding, but no border, outline,
tint, opacity, hatching, alignment or selection — in one step per line, and keeps the
finished line of every row that is still shown from the last draw: a patch that changes
one card draws that card's line only. Anything else is drawn by Textual as before (the
widget says so by :meth:`LinePainter.paint` returning None).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import pairwise
from math import ceil
from weakref import WeakKeyDictionary

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.color import Color
from textual.content import Content, Span
from textual.dom import NoScreen
from textual.filter import LineFilter
from textual.geometry import Region, Spacing
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget

#: A row of text as a key: equal rows draw the same line.
RowKey = tuple[str, tuple[Span, ...]]
#: The styles of the spans over one run of text, in span order: one drawn style each.
StackKey = tuple["str | Style", ...]


def plain_box(widget: Widget, blank: bool = False) -> bool:
    """Whether ``widget``'s box is one :class:`LinePainter` draws as Textual would
    (``blank``: a container's box, whose lines have no text and so no links)."""
    if not _plain_styles(widget):
        return False
    if blank:
        return True  # no text: nothing to select, no links
    try:
        selection = widget.text_selection
    except NoScreen:  # being removed: drawn by Textual, as it was
        return False
    return selection is None and not widget.auto_links


#: Per widget: the styles' version (``RenderStyles._cache_key``, which changes with any
#: rule) and border titles the last answer of :func:`_plain_styles` was for.
_PLAIN: WeakKeyDictionary[Widget, tuple[object, bool]] = WeakKeyDictionary()


def _plain_styles(widget: Widget) -> bool:
    """The style part of :func:`plain_box`, remembered until a rule or title changes."""
    styles = widget.styles
    key = (styles._cache_key, widget._border_title, widget._border_subtitle)
    known = _PLAIN.get(widget)
    if known is not None and known[0] == key:
        return known[1]
    plain = _plain_rules(widget)
    _PLAIN[widget] = (key, plain)
    return plain


def _plain_rules(widget: Widget) -> bool:
    styles = widget.styles
    if styles.border.spacing or styles.outline.top[0] or styles.outline.bottom[0]:
        return False
    if styles.outline.left[0] or styles.outline.right[0]:
        return False
    if styles.tint.a or styles.opacity != 1.0 or styles.text_opacity != 1.0:
        return False
    if styles.has_rule("hatch") and styles.hatch != "none":
        return False
    if styles.text_align not in ("left", "start") or styles.content_align != ("left", "top"):
        return False
    if styles.text_wrap != "wrap" or styles.text_overflow != "fold" or styles.line_pad:
        return False
    if styles.padding.top or styles.padding.bottom:
        return False
    return widget._border_title is None and widget._border_subtitle is None


class LinePainter:
    """The lines of one widget's text, drawn row by row and kept while they are shown."""

    def __init__(self) -> None:
        self._context: tuple[object, ...] | None = None
        self._box: tuple[int, Spacing, tuple[LineFilter, ...]] = (0, Spacing(), ())
        self._lines: dict[RowKey, list[Strip]] = {}
        self._last: dict[RowKey, list[Strip]] = {}
        self._rows: list[RowKey] = []
        self._content: Content | None = None
        self._styles: dict[StackKey, RichStyle] = {}

    def paint(self, widget: Widget, content: Content, crop: Region) -> list[Strip] | None:
        """The lines of ``content`` in ``crop`` as ``widget`` shows them; None when its
        box is not a plain one (Textual draws it)."""
        if not plain_box(widget):
            return None
        width = widget.region.width
        padding = widget.styles.padding
        content_width = widget.content_region.width
        if content_width <= 0:
            return None
        base_background, background = widget.background_colors
        style = widget.visual_style
        filters = tuple(widget.get_line_filters())
        context = (width, content_width, padding, base_background, background, style, filters)
        self._box = (width, padding, filters)
        if context != self._context:
            self._context = context
            self._lines, self._last = {}, {}
            self._styles = {}
        if content is not self._content:
            self._content = content
            self._rows = split_rows(content)
            # The lines of the last content that this one still shows are kept; others go.
            self._last, self._lines = self._lines, {}
        inner = RichStyle.from_color(bgcolor=(base_background + background).rich_color)
        blank: Strip | None = None
        strips: list[Strip] = []
        # A wrapped row takes several lines: lay the rows out until the crop's last line.
        y = 0
        end = crop.bottom
        for row in self._rows:
            if y >= end:
                break
            lines = self._row_lines(widget, row, style, inner, background, content_width)
            for line in lines:
                if y >= crop.y and y < end:
                    strips.append(line)
                y += 1
        while len(strips) < crop.height:
            if blank is None:
                blank = self._finish(Strip.blank(content_width, inner), inner, background)
            strips.append(blank)
        if crop.x or crop.width != width:
            strips = [strip.crop(crop.x, crop.right) for strip in strips]
        return strips

    def _row_lines(
        self,
        widget: Widget,
        key: RowKey,
        style: Style,
        inner: RichStyle,
        background: Color,
        width: int,
    ) -> list[Strip]:
        lines = self._lines.get(key)
        if lines is None:
            lines = self._last.get(key)
            if lines is None:
                lines = [
                    self._finish(line, inner, background)
                    for line in self._text(widget, key, style, width, inner)
                ]
            self._lines[key] = lines
        return lines

    def _text(
        self, widget: Widget, key: RowKey, style: Style, width: int, inner: RichStyle
    ) -> list[Strip]:
        """One row's text as strips ``width`` cells long (the content area): one, or
        more where it wraps."""
        text, spans = key
        length = len(text) if text.isascii() else cell_len(text)
        if length <= width:
            line = row_strip(text, spans, length, style, widget._get_style, self._styles)
            return [line.adjust_cell_length(width, inner)]
        parts = Content(text, list(spans), length, strip_control_codes=False).wrap(width)
        return [
            text_strip(part, style, widget._get_style, self._styles).adjust_cell_length(
                width, inner
            )
            for part in parts
        ]

    def _finish(self, line: Strip, inner: RichStyle, background: Color) -> Strip:
        """The content area's line in the widget's box: padding and the line filters."""
        width, padding, filters = self._box
        if padding.left or padding.right:
            segments = list(line)
            if padding.left:
                segments.insert(0, Segment(" " * padding.left, inner))
            if padding.right:
                segments.append(Segment(" " * padding.right, inner))
            line = Strip(segments, width)
        for line_filter in filters:
            line = line.apply_filter(line_filter, background)
        return line


def crop_lines(lines: list[Strip], crop: Region, width: int) -> list[Strip]:
    """The part ``crop`` of a widget's ``lines`` (all of them, ``width`` cells wide).

    The widgets here keep the lines they drew until Textual marks them dirty
    (``Widget._set_dirty``: a new content, size or style), which is exactly when
    Textual drops the lines it keeps itself (its ``StylesCache``); a frame that draws
    something in front of or beside them then costs them nothing."""
    if crop.y or crop.height != len(lines):
        lines = lines[crop.y : crop.bottom]
    if crop.x or crop.width != width:
        lines = [line.crop(crop.x, crop.right) for line in lines]
    return lines


def text_strip(
    row: Content,
    style: Style,
    get_style: Callable[[str | Style], Style],
    cache: dict[StackKey, RichStyle],
) -> Strip:
    """One row of text (that fits its width) as Textual draws it over ``style``, less
    the offsets Textual adds to every segment for text selection. ``cache`` keeps the
    styles made (keep one per ``style``)."""
    return row_strip(row.plain, row.spans, row.cell_length, style, get_style, cache)


def row_strip(
    text: str,
    spans: Sequence[Span],
    cell_length: int,
    style: Style,
    get_style: Callable[[str | Style], Style],
    cache: dict[StackKey, RichStyle],
) -> Strip:
    """:func:`text_strip` of a row given as its text and spans.

    The same segments as ``Content.render`` (a segment from each span edge to the next,
    styled by the row's style and then every span over it, in span order), without its
    per-call style parsing and event sorting: the drawn style of each distinct set of
    spans is made once per ``cache``."""
    if not spans:
        rich = cache.get(())
        if rich is None:
            rich = cache[()] = _stack_style(style, (), get_style)
        return Strip([Segment(text, rich)], cell_length)
    end = len(text)
    edges = {0, end}
    for span in spans:
        edges.add(min(span.start, end))
        edges.add(min(span.end, end))
    points = sorted(edges)
    segments: list[Segment] = []
    add = segments.append
    for start, stop in pairwise(points):
        key = tuple(span.style for span in spans if span.start <= start and span.end >= stop)
        rich = cache.get(key)
        if rich is None:
            rich = cache[key] = _stack_style(style, key, get_style)
        add(Segment(text[start:stop], rich))
    return Strip(segments, cell_length)


def _stack_style(
    style: Style, key: StackKey, get_style: Callable[[str | Style], Style]
) -> RichStyle:
    """The drawn style of text under the spans whose styles are ``key`` (as
    ``Content.render`` combines them, then laid over ``style`` as Textual draws it)."""
    layers = [style]
    layers += [get_style(s) if isinstance(s, str) else s for s in key]
    return (style + Style.combine(layers)).rich_style


def split_rows(content: Content) -> list[RowKey]:
    """``content``'s rows (split at each newline) as text and spans, as
    ``Content.split(allow_blank=True)`` splits them but in one pass over the spans."""
    text = content.plain
    spans = content.spans
    if "\n" not in text:
        return [(text, tuple(spans))]
    starts = [0]
    ends: list[int] = []
    at = text.find("\n")
    while at != -1:
        ends.append(at)
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    ends.append(len(text))
    rows: list[list[Span]] = [[] for _ in starts]
    for span in spans:
        first = bisect_right(starts, span.start) - 1
        for index in range(max(first, 0), len(starts)):
            row_start = starts[index]
            if row_start >= span.end:
                break
            new_start = max(0, span.start - row_start)
            new_end = min(span.end, ends[index]) - row_start
            if new_end > new_start:
                rows[index].append(Span(new_start, new_end, span.style))
    return [
        (text[start:stop], tuple(row)) for start, stop, row in zip(starts, ends, rows, strict=True)
    ]


class QuickScrollBar(ScrollBar):
    """A vertical scrollbar that draws its lines once per position, size and colour.

    Textual's draws itself through Rich (a renderable, a console, line splitting) and
    styles every line again whenever it is asked to, and a layout pass asks the
    scrollbars of every scrolling widget on the table. The lines are the same."""

    def __init__(self, vertical: bool = True, name: str | None = None, *, thickness: int = 1):
        super().__init__(vertical, name, thickness=thickness)
        self._key: tuple[object, ...] | None = None
        self._lines: list[Strip] = []
        self._drawn = False  # the lines are up to date (see crop_lines)

    def _set_dirty(self, *regions: Region) -> None:
        super()._set_dirty(*regions)
        self._drawn = False

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._drawn and self._lines and len(self._lines) == self.region.height:
            return crop_lines(self._lines, crop, self.region.width)
        parent = self.parent
        if not self.vertical or not isinstance(parent, Widget) or self.styles.background.a:
            return super().render_lines(crop)
        if self.screen.styles.scrollbar_color.a == 0:
            return super().render_lines(crop)
        styles = parent.styles
        if self.grabbed:
            background, color = styles.scrollbar_background_active, styles.scrollbar_color_active
        elif self.mouse_over:
            background, color = styles.scrollbar_background_hover, styles.scrollbar_color_hover
        else:
            background, color = styles.scrollbar_background, styles.scrollbar_color
        if background.a < 1:
            base_background, _ = parent.background_colors
            background = base_background + background
        color = background + color
        window_size = self.window_size if self.window_size < self.window_virtual_size else 0
        filters = tuple(self.get_line_filters())
        own_background = self.background_colors[1]
        base = self.visual_style.rich_style  # drawn under the bar, as Rich does
        size = self.region.size
        key = (size, background, color, self.window_virtual_size, window_size, self.position,
               filters, own_background, base)  # fmt: skip
        if key != self._key:
            self._key = key
            bar = self.renderer.render_bar(
                size=size.height,
                virtual_size=ceil(self.window_virtual_size),
                window_size=ceil(window_size),
                position=self.position,
                thickness=size.width,
                vertical=True,
                back_color=background.rich_color,
                bar_color=color.rich_color,
            )
            lines = []
            for segment in bar.segments:
                line = Strip([Segment(segment.text, base + segment.style)], size.width)
                for line_filter in filters:
                    line = line.apply_filter(line_filter, own_background)
                lines.append(line)
            self._lines = lines
        self._drawn = True
        return crop_lines(self._lines, crop, size.width)


def quick_vertical_scrollbar(widget: Widget) -> ScrollBar:
    """``widget``'s vertical scrollbar, made a :class:`QuickScrollBar` (as Textual makes
    its own: hidden until the widget's content overflows). Use it in a widget's class
    body to replace the ``vertical_scrollbar`` property."""
    bar = widget._vertical_scrollbar
    if bar is None:
        bar = QuickScrollBar(
            vertical=True, name="vertical", thickness=widget.scrollbar_size_vertical
        )
        widget._vertical_scrollbar = bar
        bar.display = False
        widget.app._start_widget(widget, bar)
    return bar


class QuickBlank(Widget):
    """A container whose own lines (behind its children) are drawn once per size and
    colour: every line of a container without a border or vertical padding is the same
    blank line, but Textual styles each of them again whenever the container is asked
    for its lines — by every frame that repaints anything in front of it, and after
    every layout pass. Mix it in after the container class (Textual takes CSS from the
    first base only): ``class Board(VerticalScroll, QuickBlank)``.

    The line is kept while the width, the styles (``RenderStyles._cache_key`` changes
    with any rule), the colours (its own over its ancestors', so a parent's new
    background shows) and the app's line filters stay the same."""

    _blank: tuple[object, Strip] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        width = self.region.width
        key = (
            width,
            self.styles._cache_key,
            self.background_colors,
            tuple(self.get_line_filters()),
        )
        if self._blank is None or self._blank[0] != key:
            styles = self.styles
            if not self.is_container or styles.border.spacing or styles.padding.top:
                return super().render_lines(crop)
            if styles.padding.bottom or not plain_box(self, blank=True):
                return super().render_lines(crop)
            self._blank = (key, super().render_lines(Region(0, 0, width, 1))[0])
        blank = self._blank[1]
        if crop.x or crop.width != width:
            blank = blank.crop(crop.x, crop.right)
        return [blank] * crop.height


#: Where a line's text begins: after its leading spaces and a list number (" 3. ").
LEAD = re.compile(r" *(?:\d+\. )?")


def hang(line: Content, width: int, indent: int | None = None) -> list[Content]:
    """``line`` in rows of ``width`` cells, each row after the first indented to where
    the line's text begins (after a list number: a game of the match history, a line of
    the prompt), so a wrapped line reads as one entry under its number, not as a line of
    its own. ``indent``: where the text begins when no number says it (the battle
    panel's title, after "Battle")."""
    if width <= 0 or line.cell_length <= width:
        return [line]
    if indent is None:
        lead = LEAD.match(line.plain)
        indent = len(lead.group()) if lead else 0
    if indent * 2 > width:  # too narrow to indent: wrapped as it is
        return line.wrap(width)
    first = line.wrap(width)[0]
    rest = line[len(first.plain) :]
    rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")) :]  # the space it broke at
    return [first, *(row.pad_left(indent) for row in rest.wrap(width - indent))]

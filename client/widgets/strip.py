"""A section of the table whose cards can be picked out one at a time.

A :class:`CardStrip` is one widget (one ``Static``) that draws several cards — a hero
board, a territory, a hand — so a patch that changes one card repaints one widget and
the screen keeps few widgets to lay out. Keyboard first: Tab focuses a strip, the arrow
keys move a cursor over its cards (and on into the next or previous strip past either
end), escape goes back to the prompt. The mouse points at a card (hover) or clicks it.
Each time the cursor or the mouse comes to rest on a card the strip posts
:class:`CardStrip.Inspect` with the card's reference; the screen shows its details.

Subclasses keep ``refs`` (their cards' references, in reading order) and draw with
:meth:`CardStrip.item`, which makes a card clickable and marks the cursor and the mouse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from client.widgets import MarkupStatic, parsed

#: Makes one card's content from its markup (see :meth:`CardStrip.item`).
Item = Callable[[str, str], Content]


def plain_item(_ref: str, markup: str) -> Content:
    """An :data:`Item` that only parses the markup (no strip, no cursor)."""
    return parsed(markup)


class CardStrip(MarkupStatic, can_focus=True):
    """A focusable row or list of cards with a cursor."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,up", "move(-1)", "Previous card", show=False),
        Binding("right,down", "move(1)", "Cards", key_display="←→"),
        Binding("home", "jump(0)", "First card", show=False),
        Binding("end", "jump(-1)", "Last card", show=False),
        Binding("escape", "leave", "Prompt"),
    ]

    class Inspect(Message):
        """The cursor or the mouse rests on ``ref`` (``open``: show it in full now).

        ``order`` grows with every message: strips post from their own queues, so one
        may arrive after a later one from another strip, and only the latest counts."""

        posted = 0

        def __init__(self, strip: CardStrip, ref: str, open: bool = False) -> None:
            super().__init__()
            self.strip = strip
            self.ref = ref
            self.open = open
            CardStrip.Inspect.posted += 1
            self.order = CardStrip.Inspect.posted

    class Leave(Message):
        """The player left the board for the prompt (escape)."""

    def __init__(self, *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(Widget.auto_links, False)  # the strip marks the mouse itself
        self.refs: tuple[str, ...] = ()
        self._index: dict[str, int] = {}
        self.cursor_ref: str | None = None  # kept by reference: cards come and go
        self.hover_ref: str | None = None
        self._focused = False

    # drawing ------------------------------------------------------------------------------
    def set_refs(self, refs: tuple[str, ...]) -> None:
        """The cards now shown; the cursor stays on its card, or on the same place."""
        if refs == self.refs:
            return
        if self.cursor_ref is not None and self.cursor_ref not in refs:
            old = self.refs.index(self.cursor_ref) if self.cursor_ref in self.refs else 0
            self.cursor_ref = refs[min(old, len(refs) - 1)] if refs else None
        if self.hover_ref not in refs:
            self.hover_ref = None
        self.refs = refs
        self._index = {ref: i for i, ref in enumerate(refs)}

    def item(self, ref: str, markup: str) -> Content:
        """The card ``ref`` drawn from ``markup``: clickable, the cursor or mouse marked."""
        content = parsed(markup)
        index = self._index.get(ref)
        if index is None:
            return content
        if ref == self.selected:
            content = content.stylize("reverse")
        elif ref == self.hover_ref:
            content = content.stylize("underline")
        return content.stylize_before(f"@click=pick({index})")

    @property
    def selected(self) -> str | None:
        """The card under the cursor, shown only while the strip has focus."""
        if not self.refs or not self._focused:
            return None
        return self.cursor_ref if self.cursor_ref in self.refs else self.refs[0]

    def redraw(self) -> None:
        """Draw again (the cursor, the mouse or the focus moved)."""

    # focus and keys ------------------------------------------------------------------------
    def on_focus(self) -> None:
        self._focused = True  # (``has_focus`` changes only after these events)
        if self.refs and self.cursor_ref not in self.refs:
            self.cursor_ref = self.refs[0]
        self.redraw()
        self._inspect()

    def on_blur(self) -> None:
        self._focused = False
        self.redraw()

    def _inspect(self, open: bool = False) -> None:
        ref = self.selected
        if ref is not None:
            self.post_message(self.Inspect(self, ref, open))

    def action_move(self, delta: int) -> None:
        if not self.refs:
            self._hand_over(delta)
            return
        current = self.selected
        index = self.refs.index(current) if current in self.refs else 0
        target = index + delta
        if not 0 <= target < len(self.refs):
            self._hand_over(delta)
            return
        self.cursor_ref = self.refs[target]
        self.redraw()
        self._inspect()

    def action_jump(self, index: int) -> None:
        if self.refs:
            self.cursor_ref = self.refs[index]
            self.redraw()
            self._inspect()

    def _hand_over(self, delta: int) -> None:
        """Move past the end of this strip: on to the next strip with cards."""
        strips = [
            w for w in self.screen.focus_chain if isinstance(w, CardStrip) and (w is self or w.refs)
        ]
        if self not in strips or len(strips) < 2:
            return
        nxt = strips[(strips.index(self) + delta) % len(strips)]
        nxt.cursor_ref = nxt.refs[0 if delta > 0 else -1] if nxt.refs else None
        nxt.focus()

    def action_leave(self) -> None:
        self.post_message(self.Leave())

    def action_pick(self, index: int) -> None:
        """A click on a card: the cursor goes there and its details open."""
        if 0 <= index < len(self.refs):
            self.cursor_ref = self.refs[index]
            if not self.has_focus:
                self.focus()
            self.redraw()
            self._inspect(open=True)

    # the mouse --------------------------------------------------------------------------------
    def on_mouse_move(self, event: events.MouseMove) -> None:
        ref = self._ref_at(event)
        if ref != self.hover_ref:
            self.hover_ref = ref
            self.redraw()
            if ref is not None:
                self.post_message(self.Inspect(self, ref))

    def on_leave(self) -> None:
        if self.hover_ref is not None:
            self.hover_ref = None
            self.redraw()

    def _ref_at(self, event: events.MouseEvent) -> str | None:
        click = str(event.style.meta.get("@click", ""))
        if click.startswith("pick(") and click.endswith(")"):
            try:
                index = int(click[5:-1])
            except ValueError:
                return None
            if 0 <= index < len(self.refs):
                return self.refs[index]
        return None

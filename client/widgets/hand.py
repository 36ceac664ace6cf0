"""Your hand: every card in full (only ever the displayed seat's own hand, or, for a
spectator of a table whose spectators see every hand, each player's hand).

Each card is a card of the strip (see :mod:`client.widgets.strip`).
"""

from __future__ import annotations

import textwrap
from functools import lru_cache

from textual.content import Content

from client.markup import escape
from client.viewmodel.table import HandCard
from client.widgets import concat, flow, lines, parsed
from client.widgets.strip import CardStrip, Item, plain_item

_KIND = {"basic": "basic", "elite": "elite", "action": "action"}
_HAND = parsed("[b]Hand[/b] ")
_YOUR_HAND = parsed("[b]Your hand[/b]")
_OPEN_HAND = parsed("[b]Hand[/b]")


@lru_cache(maxsize=512)
def _short(c: HandCard) -> str:
    cost = f" {c.cost_label}" if c.cost_label else ""
    style = "$accent" if c.playable else "$text"
    return f"[{style}]{escape(c.name)}{cost}[/]"


@lru_cache(maxsize=512)
def _long(c: HandCard, width: int) -> tuple[str, Content | None]:
    """The card's line (markup) and its text lines (None when it has no text), broken
    between words to ``width`` cells and indented (0: not broken here)."""
    cost = c.cost_label or "  "
    kind = _KIND.get(c.kind, c.kind or "card")
    style = "$accent" if c.playable else "$text"
    line = f"[{style}]{escape(c.name)}[/] [$text-muted]{kind} {cost}[/]"
    if not c.text:
        return line, None
    rows = textwrap.wrap(c.text, width - 3) if width > 13 else [c.text]
    text = "".join(f"\n   {escape(row)}" for row in rows)
    return line, parsed(f"[$text-muted]{text}[/]")


def hand_content(
    cards: tuple[HandCard, ...],
    wide: bool = False,
    item: Item = plain_item,
    own: bool = True,
    width: int = 0,
) -> Content:
    """``own``: the viewer's hand; else a hand a spectator sees (under its player). The
    compact layout puts the cards in a row broken between cards to ``width`` cells (0:
    not broken here)."""
    if not cards:
        return parsed("[b]Hand[/b] [$text-muted]empty[/]")
    if not wide:
        return lines(flow([item(c.ref, _short(c)) for c in cards], width, lead=_HAND))
    parts: list[Content | str] = [_YOUR_HAND if own else _OPEN_HAND]
    for c in cards:
        line, text = _long(c, width)
        parts += ["\n ", item(c.ref, line)]
        if text is not None:
            parts.append(text)
    return concat(parts)


class HandView(CardStrip):
    DEFAULT_CLASSES = "hand"

    def __init__(self, *, id: str | None = None, classes: str = "", own: bool = True) -> None:
        super().__init__(id=id, classes=classes)
        self.own = own
        self._shown: tuple[tuple[HandCard, ...], bool] | None = None

    def show(self, cards: tuple[HandCard, ...], wide: bool = False) -> None:
        if (cards, wide) == self._shown:
            return
        self._shown = (cards, wide)
        self.set_refs(tuple(c.ref for c in cards))
        self.redraw()

    def redraw(self) -> None:
        if self._shown is not None:
            cards, wide = self._shown
            width = self.content_size.width
            self.set_markup(hand_content(cards, wide, self.item, self.own, width))

    def on_resize(self) -> None:
        self.redraw()  # the cards break to the new width

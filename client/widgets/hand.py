"""Your hand: every card in full (only ever the displayed seat's own hand)."""

from __future__ import annotations

from textual.markup import escape

from client.viewmodel.table import HandCard
from client.widgets import MarkupStatic

_KIND = {"basic": "basic", "elite": "elite", "action": "action"}


def hand_markup(cards: tuple[HandCard, ...], wide: bool = False) -> str:
    if not cards:
        return "[b]Hand[/b] [$text-muted]empty[/]"
    if not wide:
        names = []
        for c in cards:
            cost = f" {c.cost_label}" if c.cost_label else ""
            style = "$accent" if c.playable else "$text"
            names.append(f"[{style}]{escape(c.name)}{cost}[/]")
        return "[b]Hand[/b] " + " · ".join(names)
    lines = ["[b]Your hand[/b]"]
    for c in cards:
        cost = c.cost_label or "  "
        kind = _KIND.get(c.kind, c.kind or "card")
        style = "$accent" if c.playable else "$text"
        line = f" [{style}]{escape(c.name)}[/] [$text-muted]{kind} {cost}[/]"
        if c.text:
            line += f"\n   [$text-muted]{escape(c.text)}[/]"
        lines.append(line)
    return "\n".join(lines)


class HandView(MarkupStatic):
    DEFAULT_CLASSES = "hand"

    def show(self, cards: tuple[HandCard, ...], wide: bool = False) -> None:
        self.set_markup(hand_markup(cards, wide))

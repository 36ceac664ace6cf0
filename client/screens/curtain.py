"""The hot-seat curtain: hides everything private until the named player is ready.

It is an opaque screen pushed over the table whenever control passes to a different
human seat of this terminal; the table underneath is switched to the new seat before
the curtain is lifted, so no screen ever shows a hand to the wrong player.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Footer, Static


class CurtainScreen(Screen[int]):
    """Dismissed with the seat it was raised for."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "lift", "I am ready", priority=True),
        Binding("space", "lift", "I am ready", show=False, priority=True),
    ]

    def __init__(self, seat: int, name: str, reason: str = "") -> None:
        super().__init__()
        self.seat = seat
        self.player_name = name
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static("[b]Pass the keyboard[/b]")
            yield Static("", id="curtain-name")
            yield Static("", id="curtain-reason")
            yield Static("[$text-muted]Press enter when you are the only one looking.[/]")
        yield Footer()

    def on_mount(self) -> None:
        self._redraw()

    def retarget(self, seat: int, name: str, reason: str = "") -> None:
        """Raise the curtain for someone else instead (the decision moved on)."""
        self.seat, self.player_name, self.reason = seat, name, reason
        if self.is_mounted:
            self._redraw()

    def _redraw(self) -> None:
        self.query_one("#curtain-name", Static).update(
            f"\n[$accent][b]{escape(self.player_name)}[/b][/], it is your decision.\n"
        )
        self.query_one("#curtain-reason", Static).update(escape(self.reason))

    def action_lift(self) -> None:
        self.dismiss(self.seat)

"""The hot-seat curtain: hides everything private until the named player is ready.

It is an opaque screen pushed over the table whenever control passes to a different
human seat of this terminal. While it is up the table underneath shows what every seat
may see; when the player lifts it, the table is switched to their seat *before* the
curtain goes, so the first frame drawn after it is already theirs and no screen ever
shows a hand to the wrong player.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer, Static

from client.markup import escape


class CurtainScreen(Screen[int]):
    """Dismissed with the seat it was raised for. ``on_lift`` (if given) is called with
    that seat as the player lifts it, while it still covers the table. ``deciding``:
    the player has a decision waiting (otherwise the keyboard is theirs for their turn,
    and the curtain says only that)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "lift", "I am ready", priority=True),
        Binding("space", "lift", "I am ready", show=False, priority=True),
        # The table's leave key (remapped with it): asked as at the table, over the
        # curtain, so nobody has to lift it (and show a hand) to leave the game.
        Binding("ctrl+l", "app.leave_game", "Leave", id="table.leave"),
    ]

    def __init__(
        self,
        seat: int,
        name: str,
        reason: str = "",
        on_lift: Callable[[int], None] | None = None,
        deciding: bool = True,
    ) -> None:
        super().__init__()
        self.seat = seat
        self.player_name = name
        self.reason = reason
        self.on_lift = on_lift
        self.deciding = deciding

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static("[b]Pass the keyboard[/b]")
            yield Static("", id="curtain-name")
            yield Static("", id="curtain-reason")
            yield Static("[$text-muted]Press enter when you are the only one looking.[/]")
        yield Footer()

    def on_mount(self) -> None:
        self._redraw()

    def retarget(self, seat: int, name: str, reason: str = "", deciding: bool = True) -> None:
        """Raise the curtain for someone else instead (the decision moved on)."""
        self.seat, self.player_name, self.reason = seat, name, reason
        self.deciding = deciding
        if self.is_mounted and self.is_attached:  # not while the app closes
            self._redraw()

    def _redraw(self) -> None:
        # A curtain taken down before it was ever drawn (the game ended in the same
        # moment) still gets its mount event, with its lines gone: nothing to draw then.
        what = "it is your decision" if self.deciding else "it is your turn at the keyboard"
        with contextlib.suppress(NoMatches):
            self.query_one("#curtain-name", Static).update(
                f"\n[$accent][b]{escape(self.player_name)}[/b][/], {what}.\n"
            )
            self.query_one("#curtain-reason", Static).update(escape(self.reason))

    def lower(self) -> None:
        """Take the curtain down without its player lifting it (the game is over, or
        they are out of it: nobody is called any more). A screen opened over it (the
        help, the palette) goes with it: dismissing pops whatever screen is on top."""
        if self not in self.app.screen_stack:
            return
        if self.app.screen is not self:
            self.pop_until_active()
        self.dismiss(self.seat)

    def action_lift(self) -> None:
        # The dismiss callback runs only after the pop, and the table may be drawn in
        # between: whatever it holds then is what the player sees first. So the table
        # is made theirs here, while this screen still hides it.
        if self.on_lift is not None:
            self.on_lift(self.seat)
        self.dismiss(self.seat)

"""The lobby: the table's seats, who has joined, and the join code to share."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Footer, Static


def lobby_markup(table: str, info: dict[str, Any], hint: str | None = None) -> str:
    lines = [f"Join code: [b $accent]{escape(table)}[/]", ""]
    if hint:
        lines[1:1] = [f"Others join with: [b]{escape(hint)} {escape(table)}[/]", ""]
    for seat in info.get("seats") or []:
        who = escape(str(seat.get("name") or "—"))
        if seat.get("kind") == "bot":
            state = "bot"
        elif seat.get("claimed"):
            state = "[$success]here[/]" if seat.get("connected") else "[$warning]away[/]"
        else:
            state = "[$text-muted]free seat[/]"
        lines.append(f"Seat {int(seat.get('seat', 0)) + 1}: {who}  {state}")
    lines += ["", "[$text-muted]The game starts when every human seat is taken.[/]"]
    return "\n".join(lines)


class LobbyScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+l", "app.leave_game", "Leave")]

    def __init__(self) -> None:
        super().__init__()
        self._text = "Connecting…"

    def compose(self) -> ComposeResult:
        with Vertical(classes="center-box"), Vertical(classes="panel"):
            yield Static("Waiting for players", classes="panel-title")
            yield Static(self._text, id="lobby-text", classes="panel-text")
        yield Footer()

    def show(self, table: str, info: dict[str, Any], hint: str | None = None) -> None:
        self._text = lobby_markup(table, info, hint)
        if self.is_mounted:
            self.query_one("#lobby-text", Static).update(self._text)

"""Join (or watch) a game on another machine: the server's address and the join code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static


@dataclass(frozen=True)
class JoinPlan:
    url: str
    table: str
    watch: bool = False


def server_url(address: str) -> str:
    """``host:port`` (or a ``ws://`` / ``wss://`` URL) as a websocket URL."""
    address = address.strip()
    if "://" in address:
        return address
    if ":" not in address.rsplit("]", 1)[-1]:
        address += ":8765"
    return f"ws://{address}"


class JoinScreen(Screen[JoinPlan | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "go", "Connect"),
    ]

    def __init__(self, address: str = "", watch: bool = False) -> None:
        super().__init__()
        self.address = address
        self.spectate = watch

    def compose(self) -> ComposeResult:
        verb = "Watch" if self.spectate else "Join"
        with Vertical(classes="center-box"), Vertical(classes="panel"):
            yield Static(f"{verb} a game", classes="panel-title")
            yield Label("Server address (host:port)", classes="field-label")
            yield Input(self.address, placeholder="192.168.1.20:8765", id="address")
            yield Label("Join code", classes="field-label")
            yield Input(placeholder="K7QF3M", id="code", max_length=16)
            with Horizontal(classes="buttons"):
                yield Button(verb, variant="primary", id="go")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#address" if not self.address else "#code", Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "address":
            self.query_one("#code", Input).focus()
        else:
            self.action_go()

    @on(Button.Pressed, "#go")
    def action_go(self) -> None:
        address = self.query_one("#address", Input).value.strip()
        code = self.query_one("#code", Input).value.strip().upper()
        if not address or not code:
            self.notify("Give the server's address and the join code.", severity="warning")
            return
        self.dismiss(JoinPlan(server_url(address), code, self.spectate))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)

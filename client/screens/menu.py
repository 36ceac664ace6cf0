"""The main menu (bare ``allegiance`` / ``allegiance play``)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

#: (option id, label, the app action it runs)
ENTRIES = (
    ("local", "New local game — hot-seat and bots", "new_game"),
    ("join", "Join a game — address and join code", "join_game"),
    ("watch", "Watch a game", "watch_game"),
    ("settings", "Settings — name, theme, auto-pass, timer", "settings"),
    ("help", "Rules and keys", "help"),
    ("quit", "Quit", "quit"),
)

BANNER = """[b $accent]A L L E G I A N C E[/]
[$text-muted]A Realm Divided · in the terminal[/]"""


class MenuScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "app.new_game", "New game"),
        Binding("j", "app.join_game", "Join"),
        Binding("w", "app.watch_game", "Watch"),
        Binding("s", "app.settings", "Settings"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="center-box"), Vertical(classes="panel", id="menu-panel"):
            yield Static(BANNER, classes="panel-title")
            yield OptionList(*(Option(label, id=key) for key, label, _ in ENTRIES), id="menu-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#menu-list")
    async def _picked(self, event: OptionList.OptionSelected) -> None:
        for key, _, action in ENTRIES:
            if key == event.option_id:
                await self.app.run_action(action)

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
    ("host", "Host a game — on this network, or on a server", "host_game"),
    ("join", "Join a game — address and join code", "join_game"),
    ("watch", "Watch a game", "watch_game"),
    ("cards", "Cards — browse every card, hero and ability", "cards"),
    ("replays", "Replays — step through your games", "replays"),
    ("settings", "Settings — name, theme, auto-pass, timer, keys", "settings"),
    ("help", "Rules and keys", "help"),
    ("quit", "Quit", "quit"),
)

BANNER = """[b $accent]A L L E G I A N C E[/]
[$text-muted]A Realm Divided · in the terminal[/]"""


class MenuScreen(Screen[None]):
    # One word per key: the footer, with the app's "f1 Help" and "^p palette", must fit
    # in 80 columns (the menu entries above say what each one is).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "app.new_game", "New", id="menu.new_game"),
        Binding("j", "app.join_game", "Join", id="menu.join"),
        Binding("w", "app.watch_game", "Watch", id="menu.watch"),
        Binding("c", "app.cards", "Cards", id="menu.cards"),
        Binding("r", "app.replays", "Replays", id="menu.replays"),
        Binding("s", "app.settings", "Settings", id="menu.settings"),
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

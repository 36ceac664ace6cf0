"""The main menu (bare ``allegiance`` / ``allegiance play``)."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual import events, on
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


#: The menu's keys the footer leaves out first, in this order, where the terminal is too
#: narrow for all of them (60 columns: Replays and Cards): the least needed to start a
#: game. Their rows in the menu say them, and the keys still work.
SPARE_KEYS = ("app.replays", "app.cards", "app.settings", "app.watch_game", "app.join_game")


def is_key(widget: object) -> bool:
    """Whether ``widget`` is one of the footer's keys (Textual's ``FooterKey``, known by
    what it has: the class is not among Textual's public widgets)."""
    return all(hasattr(widget, name) for name in ("action", "key_display", "description"))


def key_width(key: object) -> int:
    """The cells a footer key takes: its key and its word and three cells about them
    (" n New ", and the palette's "▏^p palette ": its border and padding)."""
    display, words = getattr(key, "key_display", ""), getattr(key, "description", "")
    return cell_len(str(display)) + cell_len(str(words)) + 3


class MenuFooter(Footer):
    """The menu's footer: every key that fits in the terminal's width, leaving out the
    :data:`SPARE_KEYS` (in their order) rather than cut a key in the middle of its word."""

    def __init__(self) -> None:
        super().__init__()
        self._width = 0  # the width the keys were chosen for

    def compose(self) -> ComposeResult:
        self._width = self.app.size.width
        shown = list(super().compose())  # the menu's keys have no groups: each at the top
        for action in SPARE_KEYS:
            if sum(key_width(k) for k in shown if is_key(k)) <= self._width:
                break
            shown = [k for k in shown if not (is_key(k) and getattr(k, "action", "") == action)]
        yield from shown

    def on_resize(self, event: events.Resize) -> None:
        if self.app.size.width != self._width:  # the keys that fit may differ now
            self.call_after_refresh(self.recompose)


class MenuScreen(Screen[None]):
    # One word per key: the footer, with the app's "f1 Help" and "^p palette", must fit
    # in 80 columns (the menu entries above say what each one is); a narrower terminal
    # leaves some out (:class:`MenuFooter`).
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
        yield MenuFooter()

    def on_mount(self) -> None:
        self.query_one("#menu-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#menu-list")
    async def _picked(self, event: OptionList.OptionSelected) -> None:
        for key, _, action in ENTRIES:
            if key == event.option_id:
                await self.app.run_action(action)

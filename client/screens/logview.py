"""The game log and chat on a screen of their own (the compact layout's `l` key)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from client.widgets.log import ChatPanel, GameLog


class LogScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back to the table"),
        Binding("l", "close", "Back", show=False, id="table.log"),
        Binding("c", "chat", "Chat", id="table.chat"),
    ]

    def __init__(
        self,
        log: list[str],
        chat: list[tuple[str, str, bool]],
        focus_chat: bool = False,
        watching: bool = False,
    ) -> None:
        """``chat``: (name, text, earlier) per line, as the table's chat panel shows it;
        ``watching``: a spectator's (the chat without its input)."""
        super().__init__(id="log-screen")
        self.watching = watching
        self.lines = log
        self.chat = chat
        self.focus_chat = focus_chat

    def compose(self) -> ComposeResult:
        with Vertical(id="log-box"):
            yield Static("[b]Game log[/b]", classes="side-title")
            yield GameLog(id="full-log")
            yield ChatPanel(id="log-chat", read_only=self.watching)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(GameLog).show(self, self.lines)
        panel = self.query_one(ChatPanel)
        for name, text, earlier in self.chat:
            panel.add(name, text, earlier)
        if self.focus_chat:
            self.action_chat()
        else:
            self.query_one(GameLog).focus()

    def add_line(self, lines: list[str]) -> None:
        self.query_one(GameLog).show(self, lines)

    def add_chat(self, name: str, text: str, earlier: bool = False) -> None:
        self.query_one(ChatPanel).add(name, text, earlier)

    def action_chat(self) -> None:
        self.query_one(ChatPanel).focus_input()

    def action_close(self) -> None:
        self.dismiss(None)

"""The game log and chat on a screen of their own (the compact layout's `l` key).

While it is open the table is hidden, so a decision of yours that waits (and its
countdown, when the table has a timer) is said on a line at the top, once a second:
the decision timer does not stop for this screen. Typing here is chatting: a player's
screen opens with the keys in the chat's input, so every letter types (`l` and `c`
too) and Enter says the line; Esc goes back to the table, Tab to the log's lines (where
`l` closes the screen and `c` goes back to the input), and PageUp/PageDown scroll the
log wherever the keys are. A key that is no key of the screen's, pressed while the log
has the keys, goes to the input too, and so does a paste. The keys typed before the
input has the focus (a burst right after `l` or `c`, which arrives before the screen is
up) reach it as well, in order. An unsent line is the table's draft: it is there when
the screen opens and goes back to the table when it closes."""

from __future__ import annotations

import time
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Static

from client.markup import escape
from client.screens.table import TableFrame
from client.widgets.log import FULL_LOG_MAX_LINES, ChatInput, ChatPanel, GameLog


def decision_line(frame: TableFrame | None, now: float) -> tuple[str, str]:
    """The line that says a decision of yours waits on the table, as markup in two
    parts: its title, then the seconds left (with a timer, counted as the prompt counts
    them) and how to answer it; ("", "") when none does. The title is the part cut when
    the line is too narrow."""
    if frame is None or frame.busy or not frame.prompt.is_mine:
        return "", ""
    clock = ""
    if frame.deadline is not None:
        left = max(0, int(frame.deadline - now + 0.999))
        style = "$error" if left <= 5 else "$warning"
        clock = f"[{style}]⏱ {left}s[/] "
    return f"[b]Your decision:[/b] {escape(frame.prompt.title)}", f" {clock}— [b]esc[/b] to answer"


class LogScreen(ModalScreen[str]):
    """Dismissed with the chat's unsent draft ("" for none), for the table to keep."""

    DEFAULT_CSS = """
    #log-decision {
        height: 1;
        padding: 0 1;
        background: $panel;
    }
    #log-decision-title {
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    #log-decision-clock {
        width: auto;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back to the table"),
        Binding("l", "close", "Back", show=False, id="table.log"),
        Binding("c", "chat", "Chat", id="table.chat"),
        # the log scrolls while the chat's input has the keys (the log's own keys when
        # it has them)
        Binding("pageup", "scroll_log(-1)", "Scroll the log", show=False),
        Binding("pagedown", "scroll_log(1)", "Scroll the log", show=False),
    ]

    def __init__(
        self,
        log: list[str],
        chat: list[tuple[str, str, bool]],
        focus_chat: bool = False,
        watching: bool = False,
        draft: str = "",
    ) -> None:
        """``chat``: (name, text, earlier) per line, as the table's chat panel shows it;
        ``focus_chat``: a spectator's screen opens on the chat's lines, not the log's
        (a player's always opens on the input); ``watching``: a spectator's (the chat
        without its input); ``draft``: the unsent line the input starts with."""
        super().__init__(id="log-screen")
        self.watching = watching
        self.lines = log
        self.chat = chat
        self.focus_chat = focus_chat
        self.draft = draft
        self._decision: tuple[str, str] | None = None  # the decision line shown
        # The chat has the keys: a player's screen opens so, and keeps it until the
        # focus leaves the input. The keys sent before the screen was up come to the
        # screen, not the input, and must reach the input all the same.
        self._chatting = not watching

    def compose(self) -> ComposeResult:
        with Vertical(id="log-box"):
            with Horizontal(id="log-decision"):
                yield Static("", id="log-decision-title")
                yield Static("", id="log-decision-clock")
            yield Static("[b]Game log[/b]", classes="side-title")
            yield GameLog(FULL_LOG_MAX_LINES, id="full-log")  # the whole game
            yield ChatPanel(id="log-chat", read_only=self.watching)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(GameLog).show(self, self.lines)
        panel = self.query_one(ChatPanel)
        panel.set_class(not self.chat, "-quiet")
        for name, text, earlier in self.chat:
            panel.add(name, text, earlier)
        panel.draft = self.draft
        if not self.watching or self.focus_chat:
            self.action_chat()
        else:
            self.set_focus(self.query_one(GameLog))
        self.show_decision()
        self.set_interval(1.0, self.show_decision)  # the countdown, as the prompt's ticks

    def add_line(self, lines: list[str]) -> None:
        """New lines of the log (the controller calls this with each redraw of the table,
        so a decision that came with them is said at once)."""
        self.query_one(GameLog).show(self, lines)
        self.show_decision()

    def add_chat(self, name: str, text: str, earlier: bool = False) -> None:
        panel = self.query_one(ChatPanel)
        if panel.has_class("-quiet"):  # the chat takes its rows back from the log
            log = self.query_one(GameLog)
            if log.scroll_y >= log.max_scroll_y:  # and a log read at its end stays there
                self.call_after_refresh(log.scroll_end, animate=False)
            panel.remove_class("-quiet")
        panel.add(name, text, earlier)

    def show_decision(self) -> None:
        """Say the table's waiting decision, if it is yours, with its seconds left."""
        line = decision_line(self._table_frame(), time.monotonic())
        if line == self._decision:
            return  # an update lays the line out again: only when it changes
        self._decision = line
        title, clock = line
        self.query_one("#log-decision-title", Static).update(title)
        self.query_one("#log-decision-clock", Static).update(clock)
        self.query_one("#log-decision").display = bool(title)

    def _table_frame(self) -> TableFrame | None:
        """What the table under this screen shows now: the game controller's table
        screen keeps its last frame (redrawn while this screen is open). None behind
        a hot-seat curtain, which hides whose decision it is."""
        game = getattr(self.app, "game", None)
        if game is None or getattr(game, "curtain", None) is not None:
            return None
        frame = getattr(getattr(game, "table_screen", None), "frame", None)
        return frame if isinstance(frame, TableFrame) else None

    async def on_key(self, event: events.Key) -> None:
        """A key that reached the screen unhandled. While the chat has the keys a
        printable one is a letter for the chat, and Enter says its line, even before the
        input's focus lands (a burst typed as the screen opens comes to the screen
        first). Otherwise a key of this screen (``c``, ``l``) acts at once, so the keys
        after it in the same burst find the chat asked for or the screen closed; a key
        of the app's goes on to its binding; and any other is a letter meant for the
        chat, which takes the keys from then on."""
        if self.watching:
            return
        if event.key == "enter" and self._chatting:
            event.stop()
            event.prevent_default()
            self._chat_input().say()
            return
        if not event.is_printable or event.character is None:
            return
        if not self._chatting:
            own = self._own_binding(event)
            if own is not None:
                event.stop()
                event.prevent_default()
                await self.run_action(own.action)
                return
            if any(key in self.active_bindings for key in event.aliases):
                return
            self.action_chat()
        event.stop()
        event.prevent_default()
        self._chat_input().insert_text_at_cursor(event.character)

    def _own_binding(self, event: events.Key) -> Binding | None:
        """The binding of this screen (not of the app, nor of the focused widget) that
        ``event``'s key has, as the keys are mapped now."""
        for key in event.aliases:
            active = self.active_bindings.get(key)
            if active is not None and active.node is self and active.enabled:
                return active.binding
        return None

    def on_paste(self, event: events.Paste) -> None:
        """A paste the focused input did not take (the log had the keys): into the chat,
        as the input takes one (a line, or each of several lines said)."""
        if self.watching or not event.text:
            return
        event.stop()
        self.action_chat()
        self._chat_input().paste(event.text)

    def watch_focused(self, old: Widget | None, new: Widget | None) -> None:
        """The focus left the chat's input for another widget here (Tab to the log):
        the screen's keys are keys again."""
        if old is not None and old.id == "chat-input" and new is not None:
            self._chatting = False

    def _chat_input(self) -> ChatInput:
        return self.query_one("#chat-input", ChatInput)

    def action_chat(self) -> None:
        self._chatting = not self.watching
        self.query_one(ChatPanel).focus_input()

    def action_scroll_log(self, pages: int) -> None:
        log = self.query_one(GameLog)
        if pages < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_close(self) -> None:
        """Back to the table, which keeps the unsent draft."""
        self.dismiss(self.query_one(ChatPanel).draft)

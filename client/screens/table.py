"""The table: every hero, territory, your hand, the chain, the battle, log, chat and the
prompt bar. It renders what the game controller gives it and posts the player's
choices; it never reads a view dict or decides legality."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from client.viewmodel.prompt import Prompt
from client.viewmodel.table import TableModel
from client.widgets.chain import BattleView, ChainView, DecksView
from client.widgets.hand import HandView
from client.widgets.hero import HeroPanel
from client.widgets.log import ChatPanel, GameLog
from client.widgets.prompt import PromptBar
from client.widgets.territory import Territory


@dataclass(frozen=True)
class TableFrame:
    """Everything the table shows at one moment, for one seat."""

    table: TableModel
    prompt: Prompt
    log: list[str]
    log_owner: object
    busy: bool = False
    deadline: float | None = None
    link: str = ""
    title: str = ""


class PlayerBlock(Vertical):
    """A hero panel over its territory."""

    def __init__(self, classes: str = "") -> None:
        super().__init__(classes=classes)
        self.hero = HeroPanel()
        self.territory = Territory()

    def compose(self) -> ComposeResult:
        yield self.hero
        yield self.territory


class TableScreen(Screen[None]):
    """The game table of the displayed seat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "toggle_log", "Log"),
        Binding("c", "chat", "Chat"),
        Binding("tab", "focus_next", "Next", show=False),
        Binding("ctrl+l", "leave", "Leave game"),
    ]

    def __init__(self) -> None:
        super().__init__(id="table")
        self.frame: TableFrame | None = None
        self._blocks: dict[int, PlayerBlock] = {}
        self._layout: tuple[object, ...] = ()
        self.chat_lines: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="board"):
                yield Vertical(id="others")
                yield ChainView(id="chain")
                yield BattleView(id="battle")
                yield Vertical(id="mine")
                yield HandView(id="hand")
                yield DecksView(id="decks")
            with Vertical(id="side"):
                yield Static("[b]Log[/b]", classes="side-title")
                yield GameLog(id="log")
                yield ChatPanel(id="chat")
        yield PromptBar(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(PromptBar).focus_choices()
        if self.frame is not None:
            self.show(self.frame)

    @property
    def wide(self) -> bool:
        return self.size.width >= 120

    def on_resize(self) -> None:
        if self.frame is not None:
            self.show(self.frame)

    # rendering ---------------------------------------------------------------------------
    def show(self, frame: TableFrame) -> None:
        self.frame = frame
        if not self.is_mounted or not self.is_attached or self.app._exit:
            return  # shown on mount (or the app is closing)
        with contextlib.suppress(NoMatches):  # being torn down
            self._show(frame)

    def _show(self, frame: TableFrame) -> None:
        table, wide = frame.table, self.wide
        link = f"  [$warning]{escape(frame.link)}[/]" if frame.link else ""
        title = f"[b]{escape(frame.title)}[/b] · " if frame.title else ""
        self.query_one("#status", Static).update(f"{title}{escape(table.status)}{link}")
        self._place_players(table)
        for panel in table.players:
            block = self._blocks[panel.seat]
            block.hero.show(panel, wide)
            block.territory.show(panel, wide)
        self.query_one(ChainView).show(table.chain)
        self.query_one(BattleView).show(table.battle)
        hand = self.query_one(HandView)
        hand.display = table.seat is not None
        hand.show(table.hand, wide)
        self.query_one(DecksView).show(table.decks)
        self.query_one(GameLog).show(frame.log_owner, frame.log)
        prompt = self.query_one(PromptBar)
        prompt.show(frame.prompt, frame.busy, frame.deadline)

    def _place_players(self, table: TableModel) -> None:
        layout = (tuple(p.seat for p in table.players), table.seat)
        if layout == self._layout:
            return
        self._layout = layout
        for block in self._blocks.values():
            block.remove()
        self._blocks = {}
        others = self.query_one("#others", Vertical)
        mine = self.query_one("#mine", Vertical)
        you = table.you()
        order = sorted(table.others(), key=lambda p: (p.seat - (you.seat if you else 0)) % 99)
        for panel in order:
            block = PlayerBlock(classes="player")
            self._blocks[panel.seat] = block
            others.mount(block)
        if you is not None:
            block = PlayerBlock(classes="player -you")
            self._blocks[you.seat] = block
            mine.mount(block)
        self.refresh(layout=True)

    def add_chat(self, name: str, text: str) -> None:
        self.chat_lines.append((name, text))
        self.query_one(ChatPanel).add(name, text)

    # actions ----------------------------------------------------------------------------
    def action_toggle_log(self) -> None:
        if self.wide:
            self.query_one(GameLog).focus()
        else:
            self._open_log(focus_chat=False)

    def action_chat(self) -> None:
        if self.wide:
            self.query_one("#chat-input", Input).focus()
        else:
            self._open_log(focus_chat=True)

    def _open_log(self, focus_chat: bool) -> None:
        from client.screens.logview import LogScreen

        log = self.frame.log if self.frame else []
        self.app.push_screen(LogScreen(log, list(self.chat_lines), focus_chat))

    def action_leave(self) -> None:
        self.app.action_leave_game()  # type: ignore[attr-defined]

    @on(Input.Submitted, "#chat-input")
    def _back_to_prompt(self) -> None:
        self.query_one(PromptBar).focus_choices()

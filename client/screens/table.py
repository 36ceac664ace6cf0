"""The table: every hero, territory, your hand, the chain, the battle, log, chat and the
prompt bar. It renders what the game controller gives it and posts the player's
choices; it never reads a view dict or decides legality.

Redraws are incremental: each section widget compares its part of the new view model
with what it shows and redraws only when it changed, and only asks for a layout pass
when its height changes (see :class:`~client.widgets.MarkupStatic`); the player blocks
are mounted once per seating, the log only appends. bench figure P5 measures it.

Card details: the heroes, equipment, abilities, units, hand cards and chain entries are cards of
focusable strips (:mod:`client.widgets.strip`). Tab focuses a strip, the arrow keys move
between cards and on into the next strip, escape goes back to the prompt. The card the
cursor or the mouse rests on is shown in the details panel (wide layout, ≥120 columns);
``i`` (or a click, in the compact layout) opens it in a popup. Details come only from
the displayed seat's table model.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual import events, on
from textual._time import get_time  # the clock that stamps key events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.layout import DockArrangeResult
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.widget import Widget
from textual.widgets import Static

from client.viewmodel.details import CardDetails, card_details
from client.viewmodel.prompt import Prompt
from client.viewmodel.table import HandCard, TableModel
from client.widgets import steady_virtual_size
from client.widgets.chain import BattleView, ChainView, DecksView
from client.widgets.details import DetailsPanel, DetailsPopup
from client.widgets.hand import HandView
from client.widgets.hero import HeroPanel
from client.widgets.keys import KeyBar
from client.widgets.lines import QuickBlank, quick_vertical_scrollbar
from client.widgets.log import ChatPanel, GameLog
from client.widgets.opponents import OpponentsLine, Summary
from client.widgets.prompt import PASS_FROM_AWAY, PASS_FROM_LIST, PromptBar
from client.widgets.status import StatusLine
from client.widgets.strip import CardStrip
from client.widgets.territory import Territory

#: Hot-seat: how long after a person's table comes back the curtain's own keys
#: (:data:`CURTAIN_KEYS`) still do nothing on it (see :meth:`TableScreen.hold_keys`).
KEY_SETTLE = 0.3
#: The keys that lift the curtain: pressed twice, or again because nothing seemed to
#: happen, the second must not take the highlighted choice.
CURTAIN_KEYS = frozenset({"enter", "space"})


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
    #: The title for a narrow line: the join code and the match's game and score.
    short_title: str = ""


class PlayerRule(Widget):
    """The line under another player's widgets."""

    DEFAULT_CLASSES = "player-rule"

    def render(self) -> Content:
        return Content("▁" * self.size.width)


class PlayerBlock:
    """One player's widgets on the board: the hero panel over its territory, under them
    the player's hand (shown only to a spectator of a table whose spectators see every
    hand), and under another player's, a rule.

    They sit in the board itself, not in a container of their own: each level of
    containers whose height follows its content makes the layout pass arrange
    everything in it once more (bench figure P5)."""

    def __init__(self, you: bool = False) -> None:
        self.others = not you
        self.hero = HeroPanel()
        self.territory = Territory()
        self.hand = HandView(classes="open-hand", own=False)
        self.hand.display = False
        self.widgets: list[Widget] = [self.hero, self.territory, self.hand]
        if not you:
            self.widgets.append(PlayerRule())
        for widget in self.widgets:
            widget.set_class(you, "-you")

    def remove(self) -> None:
        for widget in self.widgets:
            widget.remove()

    def show_hand(self, cards: tuple[HandCard, ...] | None, wide: bool) -> None:
        self.hand.display = cards is not None
        if cards is not None:
            self.hand.show(cards, wide)


class Board(VerticalScroll, QuickBlank):
    """The scrolling board: the players, the chain, the battle, your hand, the decks. Its
    scrollbar keeps its column (``scrollbar-gutter: stable``), so a board that grows or
    shrinks needs no second layout pass (see :func:`~client.widgets.steady_virtual_size`).

    A board taller than its room (three or four players at 80×24) is kept scrolled to its
    end, where your hero, your hand and the battle are, the other players above, for as
    long as it is at its end: scrolling up (the wheel, Tab to a strip, the chain scrolled
    into view) lets go until the board is scrolled back to its end. A chain that began
    while the board followed its end takes it back there once it is empty
    (:class:`~client.widgets.chain.ChainView`).

    It uses Textual's anchor, which scrolls in the layout pass that grew the board (one
    frame, bench figure P5), but only while the board is longer than its room: anchored,
    a shorter board would be pushed down to the bottom. A layout pass that also changed
    the board's own height (a prompt of another length) is put right after it.
    """

    virtual_size = steady_virtual_size()
    #: Keep the board at its end when its size changes (it is at its end now).
    following = True
    #: While a chain is shown the board keeps its place, not its end, so the chain
    #: stays in view (:class:`~client.widgets.chain.ChainView` sets it).
    holding = False
    #: The last arrangement of the board's widgets (None before the first layout pass).
    _arrangement: DockArrangeResult | None = None

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        return quick_vertical_scrollbar(self)

    def arrange(self, size: Size, optimal: bool = False) -> DockArrangeResult:
        arrangement = super().arrange(size, optimal)
        self._arrangement = arrangement
        room = self.container_size.height - self.scrollbar_size_horizontal
        self._anchored = (
            self.following and not self.holding and arrangement.total_region.bottom > room
        )
        self._anchor_released = False
        return arrangement

    def out_of_view(self, widgets: set[Widget]) -> set[Widget]:
        """Those of ``widgets`` whose first line the board's window does not show. Read
        from the last layout pass's arrangement and the scroll position: it lays out
        nothing."""
        return self._placed(widgets, lambda top, y, _end, bottom: not top <= y < bottom)

    def above_view(self, widgets: set[Widget]) -> set[Widget]:
        """Those of ``widgets`` whose first line is above the board's window."""
        return self._placed(widgets, lambda top, y, _end, _bottom: y < top)

    def in_view(self, widgets: set[Widget]) -> set[Widget]:
        """Those of ``widgets`` of which the board's window shows at least one line (read
        as :meth:`out_of_view` reads)."""
        return self._placed(widgets, lambda top, y, end, bottom: y < bottom and end > top)

    def _placed(
        self, widgets: set[Widget], where: Callable[[int, int, int, int], bool]
    ) -> set[Widget]:
        """Those of ``widgets`` whose rows (first ``y``, ``end`` past the last) satisfy
        ``where(top, y, end, bottom)`` against the window's rows ``top`` to ``bottom``."""
        arrangement = self._arrangement
        if arrangement is None:
            return set()
        top, bottom = self._window()
        return {
            placement.widget
            for placement in arrangement.placements
            if placement.widget in widgets
            and where(top, placement.region.y, placement.region.bottom, bottom)
        }

    def _window(self) -> tuple[int, int]:
        """The board's lines in view: from the first to just past the last."""
        top = round(self.scroll_y)
        return top, top + self.container_size.height - self.scrollbar_size_horizontal

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.following = new_value >= self.max_scroll_y

    def _scroll_update(self, virtual_size: Size) -> None:
        following = self.following
        super()._scroll_update(virtual_size)
        if self.holding:
            held = self._chain_place()
            if held is not None and self.scroll_y != held:
                self.scroll_target_y = self.scroll_y = held
        elif following and self.scroll_y < self.max_scroll_y:
            self.scroll_target_y = self.scroll_y = self.max_scroll_y

    def hold_chain(self) -> None:
        """Keep the chain in view while it lasts (:class:`~client.widgets.chain.ChainView`
        calls this as an entry comes): its first line at the window's top."""
        self.holding = True
        self.rest()

    def release_chain(self, back_to_end: bool) -> None:
        """The chain is empty: the board keeps its end again (``back_to_end``: it goes
        there, as it followed its end when the chain began)."""
        self.holding = False
        if back_to_end:
            self.scroll_end(animate=False)

    def rest(self) -> None:
        """Scroll to where the board rests: its end, or while it holds a chain, the
        chain's place once the board is laid out (a player who joins a table in the
        middle of a chain, its players' widgets mounted then, saw its end, the chain's
        first line above it)."""
        if not self.holding:
            self.scroll_end(animate=False)
            return

        def to_chain() -> None:
            held = self._chain_place()
            if held is not None:
                self.scroll_to(y=held, animate=False)

        self.call_after_refresh(to_chain)

    def _chain_place(self) -> int | None:
        """Where the board is scrolled while it holds the chain: the chain's first line
        at the top of the window (what is under it, your hero, units and hand, as far
        as it goes), or the board's end if that shows the chain too. None before the
        chain is laid out."""
        if self._arrangement is None:
            return None
        for placement in self._arrangement.placements:
            if placement.widget.id == "chain":
                return min(placement.region.y, round(self.max_scroll_y))
        return None


class Row(Horizontal, QuickBlank):
    """A row of the table's layout (see :class:`~client.widgets.lines.QuickBlank`)."""


class Column(Vertical, QuickBlank):
    """A column of the table's layout (see :class:`~client.widgets.lines.QuickBlank`)."""


class TableScreen(Screen[None], QuickBlank):
    """The game table of the displayed seat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: a burst typed with the key that opens the log or the chat ("lhello")
        # reaches that screen in order, not the prompt first (a focused text field, the
        # wide layout's chat, still types them: Textual lets an Input consume its letters)
        Binding("l", "toggle_log", "Log", id="table.log", priority=True),
        Binding("c", "chat", "Chat", id="table.chat", priority=True),
        Binding("i", "details", "Info", id="table.details"),
        Binding("tab", "focus_next", "Next", show=False),
        Binding("shift+tab", "focus_previous", "Previous", show=False),
        Binding("ctrl+l", "leave", "Leave", id="table.leave"),
        # offered in the prompt's menu too; the footer has no room for it at 80 columns
        Binding("P", "skip", "Pass until my turn", id="table.skip", show=False),
        # The prompt's pass key (remapped with it) while the keys are on the board (a
        # target looked at from a list of targets) or the side log: the prompt's own
        # binding is not asked from there, and a list opened from a line still says why
        # it passes nothing. From the prompt, its own binding answers first.
        Binding("p", "pass_held", "Pass", id="table.pass", show=False),
        # the side log or the chat input has the keys (wide layout): back to the choices
        Binding("escape", "to_prompt", "Back to the prompt"),
    ]

    def __init__(self, watching: bool = False) -> None:
        """``watching``: a spectator's table (its chat has no input)."""
        super().__init__(id="table")
        self.watching = watching
        self.frame: TableFrame | None = None
        self._blocks: dict[int, PlayerBlock] = {}
        self._layout: tuple[object, ...] = ()
        #: (name, text, earlier) per chat line; the panel shows the first ``_chat_shown``.
        self.chat_lines: list[tuple[str, str, bool]] = []
        self._chat_shown = 0
        #: The card whose details are shown (focused, pointed at or clicked last).
        self.inspected: str | None = None
        self._details: tuple[CardDetails | None, bool] | None = None
        self._popup: DetailsPopup | None = None
        self._inspect_order = 0
        #: The players whose hero panel the board has scrolled out of view (yours only
        #: when above it), in the board's order (the
        #: :class:`~client.widgets.opponents.OpponentsLine` names them).
        self._out_of_view: tuple[int, ...] = ()
        #: Whether the last of them has lines at the top of the board, with no name.
        self._continued = False
        self._board = Board(id="board")
        self._opponents = OpponentsLine(id="opponents")
        #: When this table last became a person's own (hot-seat; see :meth:`hold_keys`).
        self.keys_since = float("-inf")

    def compose(self) -> ComposeResult:
        with Row(id="main"):
            with Column(id="left"):
                yield StatusLine(id="status")
                yield self._opponents
                with self._board:  # the players' widgets go in around the chain
                    yield ChainView(id="chain")
                    yield BattleView(id="battle")
                    yield HandView(id="hand")
                    yield DecksView(id="decks")
                yield PromptBar(id="prompt")
            with Column(id="side"):
                yield DetailsPanel(id="details")
                yield Static("[b]Log[/b]", classes="side-title")
                yield GameLog(id="log")
                yield ChatPanel(id="chat", read_only=self.watching)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(PromptBar).focus_choices()
        self._show_chat()
        # after every layout pass (a scroll too): which heroes did the board scroll away
        self.screen_layout_refresh_signal.subscribe(self, self._check_out_of_view, True)
        if self.frame is not None:
            self.show(self.frame)

    @property
    def wide(self) -> bool:
        return self.size.width >= 120

    def _compositor_refresh(self) -> None:
        """Draw a frame; the scrollbars that asked to be drawn again since the frame was
        laid out are drawn in it.

        A layout pass that changes a scrolling widget's size (the board grows by a
        line) moves its scrollbar's thumb after the layout is done, and the scrollbar
        then asks for a frame of its own, which repaints everything in the column it
        shares with the board (bench figure P5)."""
        bars = [
            widget
            for widget in self._compositor.visible_widgets
            if isinstance(widget, ScrollBar) and widget._repaint_required
        ]
        if bars:
            self._compositor.update_widgets(set(bars))
            for bar in bars:
                bar._repaint_required = False  # drawn now: no frame of its own
        super()._compositor_refresh()

    def on_resize(self) -> None:
        if not self.wide:
            self._keys_out_of_the_side()
        if self.frame is not None:
            self.show(self.frame)

    def _keys_out_of_the_side(self) -> None:
        """Narrowed below the wide layout with the keys in the side (its log, its chat
        input): the side is hidden, so the keys go back to the prompt (they stayed in the
        hidden side, and every key did nothing until Tab)."""
        side = self.query_one("#side")
        if side in _ancestors(self.focused):
            self.query_one(PromptBar).focus_choices()

    # rendering ---------------------------------------------------------------------------
    def show(self, frame: TableFrame) -> None:
        self.frame = frame
        if not self.is_mounted or not self.is_attached or self.app._exit:
            return  # shown on mount (or the app is closing)
        with contextlib.suppress(NoMatches):  # being torn down
            self._show(frame)

    def _show(self, frame: TableFrame) -> None:
        table, wide = frame.table, self.wide
        # the link state leads the line; a narrow one drops the least useful parts
        parts = table.status_parts or table.status
        status = self.query_one("#status", StatusLine)
        status.show(frame.link, frame.title, parts, frame.short_title)
        self._place_players(table)
        for panel in table.players:  # each widget redraws only if its part changed
            block = self._blocks[panel.seat]
            block.hero.show(panel, wide)
            block.territory.show(panel, wide)
            block.show_hand(panel.open_hand, wide)
        self._show_out_of_view()
        self.query_one("#chain", ChainView).show(table.chain)
        self.query_one("#battle", BattleView).show(table.battle)
        hand = self.query_one("#hand", HandView)
        hand.display = table.seat is not None
        hand.show(table.hand, wide)
        if wide:  # hidden in the compact layout: drawn when it shows
            self.query_one("#decks", DecksView).show(table.decks)
        self.query_one("#log", GameLog).show(frame.log_owner, frame.log)
        self.query_one("#prompt", PromptBar).show(
            frame.prompt, frame.busy, frame.deadline, offline=bool(frame.link)
        )
        self._show_details()

    def _place_players(self, table: TableModel) -> None:
        layout = (tuple(p.seat for p in table.others()), table.seat)
        if layout == self._layout:
            return
        if self._layout and self._layout[1] != table.seat:
            self.inspected = None  # another seat sits here now (hot-seat)
        self._layout = layout
        self._out_of_view, self._continued = (), False  # found again after the layout pass
        for block in self._blocks.values():
            block.remove()
        self._blocks = {}
        board = self.query_one(Board)
        you = table.you()
        order = table.others()  # in turn order, from the player after you
        for panel in order:
            block = PlayerBlock()
            self._blocks[panel.seat] = block
            board.mount(*block.widgets, before=self.query_one("#chain"))
        if you is not None:
            block = PlayerBlock(you=True)
            self._blocks[you.seat] = block
            board.mount(*block.widgets, before=self.query_one("#hand"))
        board.following = True  # another seat's board (hot-seat) starts at its end
        board.rest()
        self.refresh(layout=True)

    def _check_out_of_view(self, _screen: object) -> None:
        """After a layout pass or a scroll: note which players' hero panels the board
        does not show, and name them over the board if that changed. Your own counts
        once it is above the window (a long hand at 120×40 scrolls it away, and the
        lines left at the top of the board, your units, would read as the last
        opponent's); below it, the board was scrolled up and your panel is under the
        window, not up there. Most passes change nothing: this only compares a few
        numbers."""
        heroes: dict[Widget, int] = {block.hero: seat for seat, block in self._blocks.items()}
        if len(heroes) < 2:
            return
        own: set[Widget] = {block.hero for block in self._blocks.values() if not block.others}
        gone = self._board.out_of_view(set(heroes) - own) | self._board.above_view(own)
        seats = tuple(seat for hero, seat in heroes.items() if hero in gone)
        continued = bool(seats) and self._shows_lines_of(seats[-1])
        if (seats, continued) != (self._out_of_view, self._continued):
            self._out_of_view, self._continued = seats, continued
            # not inside the layout pass that is ending: the line's height changes
            self.call_next(self._show_out_of_view)

    def _shows_lines_of(self, seat: int) -> bool:
        """Whether the board shows any line of ``seat``'s hero, units or hand (its rule
        says nobody's name: it does not count)."""
        block = self._blocks[seat]
        return bool(self._board.in_view({block.hero, block.territory, block.hand}))

    def _show_out_of_view(self) -> None:
        """Name the players of :attr:`_out_of_view` over the board, from the frame's
        panels (the line draws again only when what it says changed)."""
        summaries: tuple[Summary, ...] = ()
        if self._out_of_view and self.frame is not None:
            panels = {panel.seat: panel for panel in self.frame.table.players}
            summaries = tuple(
                Summary.of(panels[seat]) for seat in self._out_of_view if seat in panels
            )
        self._opponents.show(summaries, self._continued and bool(summaries))

    def _show_details(self) -> None:
        """Draw the inspected card's details (panel and popup) from the current frame."""
        details = None
        if self.frame is not None and self.inspected is not None:
            details = card_details(self.frame.table, self.inspected)
        shown = (details, self.inspected is not None and details is None)
        if self.wide and shown != self._details:
            self._details = shown
            self.query_one(DetailsPanel).show(*shown)
        elif not self.wide:
            self._details = None  # the panel is hidden: draw it when it shows again
        if self._popup is not None:
            self._popup.show(details)

    def add_chat(self, name: str, text: str, earlier: bool = False) -> None:
        self.chat_lines.append((name, text, earlier))
        self._show_chat()

    def _show_chat(self) -> None:
        """Write the chat lines the panel does not show yet (none before it is mounted)."""
        with contextlib.suppress(NoMatches):
            panel = self.query_one(ChatPanel)
            for name, text, earlier in self.chat_lines[self._chat_shown :]:
                panel.add(name, text, earlier)
            self._chat_shown = len(self.chat_lines)

    # the keys of the person who sits down --------------------------------------------------
    def hold_keys(self) -> None:
        """The table becomes a person's own now (hot-seat: a curtain lifted, or their
        table back after a bot's turn). A key pressed before that moment was meant for
        the curtain or the table shown then, and one of the curtain's keys (Enter,
        Space) pressed less than :data:`KEY_SETTLE` seconds after it is the lift's
        double tap, or a press because nothing seemed to happen: neither makes a move.
        Keys are judged by the time they were pressed (a Textual event carries it), not
        by when they are handled: a busy app handles them late."""
        self.keys_since = get_time()

    def _held(self, event: events.Key) -> bool:
        """Whether ``event`` is a key :meth:`hold_keys` says does nothing."""
        if event.time < self.keys_since:
            return True
        return event.key in CURTAIN_KEYS and event.time < self.keys_since + KEY_SETTLE

    def on_key(self, event: events.Key) -> None:
        # Every key the table's widgets leave comes up here before the bindings (the
        # prompt's Enter, numbers, p, d) are looked up: stopped here, it acts on nothing.
        # Priority bindings (l, c) have run already: they open a screen, never choose.
        if self._held(event):
            event.stop()
            event.prevent_default()

    # card details -----------------------------------------------------------------------
    @on(CardStrip.Inspect)
    def _inspect(self, message: CardStrip.Inspect) -> None:
        message.stop()
        if message.order < self._inspect_order:
            return  # overtaken by a later one
        self._inspect_order = message.order
        self.inspected = message.ref
        self._show_details()
        if message.open and not self.wide:
            self.action_details()

    @on(CardStrip.Leave)
    def _leave_board(self, message: CardStrip.Leave) -> None:
        """Escape from a strip: the keys go back to the prompt, the board to its end."""
        message.stop()
        self.query_one(PromptBar).focus_choices()
        self.query_one(Board).scroll_end(animate=False)

    def action_skip(self) -> None:
        """Turn "pass until my turn" on, or off again (the controller checks the seat and
        says what it did). A table that shows no seat of this terminal's (a spectator's,
        or the public view while a bot plays at a hot-seat table) has nothing to pass: P
        says so rather than nothing."""
        if self.frame is not None and self.frame.table.seat is None:
            if self.watching:
                said = "You are watching: there is nothing to pass."
            else:
                said = "No seat of yours is shown now: P works once your table is back."
            self.notify(said, timeout=3)
            return
        bar = self.query_one(PromptBar)
        if bar.in_opened_list:  # turning it on would pass this window at once
            self.notify(PASS_FROM_LIST, timeout=3)
            return
        self.post_message(PromptBar.Skip(None))

    def action_details(self) -> None:
        """Open the focused (or last inspected) card's details in a popup."""
        focused = self.focused
        if isinstance(focused, CardStrip) and focused.selected is not None:
            self.inspected = focused.selected
        elif self.frame is not None and self.query_one(PromptBar) in _ancestors(focused):
            on_line = self._prompt_line_ref()  # the card (ability, unit) the line is about
            if on_line is not None:
                self.inspected = on_line
            elif (label := self.query_one(PromptBar).highlighted_label()) is not None:
                # a line about no card ("Decline", "Pass"): not the card looked at before
                self.notify(f"{label}: no card to show for this line.", timeout=3)
                return
        if self.inspected is None or self.frame is None or self._popup is not None:
            if self.inspected is None:
                said = "Tab to a card (or click one) or to a prompt line about one first."
                self.notify(said, timeout=3)
            return
        self._popup = DetailsPopup(card_details(self.frame.table, self.inspected))

        def closed(_result: None) -> None:
            self._popup = None

        self.app.push_screen(self._popup, closed)

    def _prompt_line_ref(self) -> str | None:
        """The first reference of the highlighted prompt line that the table shows."""
        assert self.frame is not None
        table = self.frame.table
        for ref in self.query_one(PromptBar).highlighted_refs(table.seat):
            if card_details(table, ref) is not None:
                return ref
        return None

    # focus --------------------------------------------------------------------------------
    def action_focus_next(self) -> None:
        self._cycle_focus(1)

    def action_focus_previous(self) -> None:
        self._cycle_focus(-1)

    def _cycle_focus(self, step: int) -> None:
        """Tab goes round the board's strips (in screen order) and the prompt's choices;
        the log and chat have their own keys (l, c)."""
        ring: list[Widget] = [
            w for w in self.focus_chain if isinstance(w, CardStrip) or w.id == "choices"
        ]
        if not ring:
            return
        focused = self.focused
        if focused in ring:
            target = ring[(ring.index(focused) + step) % len(ring)]
        else:
            target = ring[0 if step > 0 else -1]
        target.focus()

    # actions ----------------------------------------------------------------------------
    def action_toggle_log(self) -> None:
        if self.wide:  # at once: the keys typed right after it do not reach the prompt
            self.set_focus(self.query_one(GameLog))
        else:
            self.open_log(focus_chat=False)

    def action_chat(self) -> None:
        if self.wide:
            self.query_one(ChatPanel).focus_input()
        else:
            self.open_log(focus_chat=True)

    def open_log(self, focus_chat: bool) -> None:
        """The log screen, its chat input holding this table's draft (and the draft
        kept when it closes)."""
        from client.screens.logview import LogScreen

        log = self.frame.log if self.frame else []
        panel = self.query_one(ChatPanel)
        screen = LogScreen(log, list(self.chat_lines), focus_chat, self.watching, panel.draft)
        self.app.push_screen(screen, self._keep_draft)

    def _keep_draft(self, draft: str | None) -> None:
        with contextlib.suppress(NoMatches):  # being torn down
            self.query_one(ChatPanel).draft = draft or ""

    def take_chat_draft(self) -> str:
        """The unsent chat line (the open log screen's, or the side panel's), emptied
        in both, and the keys given back to the prompt: the keyboard passes to another
        person (hot-seat), whose first key must not land in the chat field."""
        from client.screens.logview import LogScreen

        draft = ""
        with contextlib.suppress(NoMatches):
            draft = self.query_one(ChatPanel).draft
            self.query_one(ChatPanel).draft = ""
            if self.check_action("to_prompt", ()):  # the side log or chat has the keys
                self.action_to_prompt()
        for screen in self.app.screen_stack:
            if isinstance(screen, LogScreen):  # its draft: in its input once mounted
                with contextlib.suppress(NoMatches):
                    screen.draft = screen.query_one(ChatPanel).draft
                    screen.query_one(ChatPanel).draft = ""
                draft, screen.draft = screen.draft or draft, ""
        return draft

    def give_chat_draft(self, draft: str) -> None:
        """Put a person's unsent chat line back (hot-seat: their turn at the keyboard)."""
        self._keep_draft(draft)

    def action_leave(self) -> None:
        self.app.action_leave_game()  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "to_prompt":  # offered only where the keys left the prompt for
            focused = self.focused
            return focused is not None and (
                isinstance(focused, GameLog) or focused.id in ("chat-input", "chat-lines")
            )
        if action == "pass_held":  # where the prompt's own pass key would say it
            with contextlib.suppress(NoMatches):
                return bool(self.query_one(PromptBar).check_action("pass_held", ()))
            return False
        return True

    def action_pass_held(self) -> None:
        """The pass key away from the prompt, a list opened from one of its lines: it
        passes nothing, and says how to pass from there (:data:`PASS_FROM_AWAY`)."""
        self.notify(PASS_FROM_AWAY, timeout=3)

    def action_to_prompt(self) -> None:
        self.query_one(PromptBar).focus_choices()

    # A line said keeps the keys in the chat field (the app sends the line): the next
    # keys are more words, never the game's; `esc` gives them back to the prompt.


def _ancestors(widget: Widget | None) -> list[Widget]:
    """``widget`` and every widget it sits in (none when nothing has focus)."""
    found: list[Widget] = []
    node: object = widget
    while isinstance(node, Widget):
        found.append(node)
        node = node.parent
    return found


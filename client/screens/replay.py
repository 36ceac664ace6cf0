"""Replays: the list of recorded games, and one game stepped through forwards and back.

The replay view draws with the table's own widgets (hero panels, territories, the chain,
the battle, the hand, the decks, the game log), read-only: there is no prompt and no
chat. Its board is the table's :class:`~client.screens.table.Board`: kept at its end (the
perspective's own hero and hand) unless the player scrolls it up — but a duel at 80×24
is kept at its top, so both players' headers show (:class:`ReplayBoard`). Which games are
listed, and how one is opened, is a :class:`~client.replay.Catalog`; what a step shows is
a :class:`~client.replay.Replay`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Size
from textual.layout import DockArrangeResult
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from client.cards import short_hero
from client.markup import escape
from client.replay import (
    WHILE_IT_RUNS,
    WITHHELD,
    Catalog,
    FolderCatalog,
    LocalCatalog,
    Replay,
    ReplayError,
    ReplayFrame,
    ReplayInfo,
)
from client.screens.table import Board
from client.viewmodel.result import game_result
from client.viewmodel.table import TableModel, build_table
from client.widgets.chain import BattleView, ChainView, DecksView
from client.widgets.hand import HandView
from client.widgets.hero import HeroPanel
from client.widgets.log import GameLog
from client.widgets.territory import Territory

#: How a game joined on another machine is replayed (the list's notes say it).
CONNECT = "'allegiance replay --connect HOST:PORT CODE'"

#: Log lines written to the log panel when it is redrawn (after a step back or a jump);
#: stepping forwards appends.
LOG_WINDOW = 300


class ReplayBlock(Vertical):
    """A hero panel over its territory (as on the table)."""

    def __init__(self, classes: str = "") -> None:
        super().__init__(classes=classes)
        self.hero = HeroPanel()
        self.territory = Territory()

    def compose(self) -> ComposeResult:
        yield self.hero
        yield self.territory


class ReplayBoard(Board):
    """The replay's board. At 80×24 a duel's board is kept at its top rather than its
    end: the players' headers (name, hero, health) are what a replay is read by, and a
    board too tall for its rows (a battle) would scroll the top player's header off.
    Your hand, below, is scrolled to with the wheel."""

    #: Keep the board at its top (set by the screen for a duel at 80×24).
    keep_top = False

    def arrange(self, size: Size, optimal: bool = False) -> DockArrangeResult:
        if self.keep_top:
            self.following = False
        return super().arrange(size, optimal)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if self.keep_top:
            self.following = False


class ReplayScreen(Screen[None]):
    """One recorded game, one step at a time."""

    DEFAULT_CSS = """
    ReplayScreen #rp-status { height: 1; background: $panel; padding: 0 1; }
    ReplayScreen #rp-table { height: 1; background: $boost; padding: 0 1; }
    ReplayScreen #rp-main { height: 1fr; layout: horizontal; }
    ReplayScreen #rp-board {
        width: 1fr; height: 1fr; scrollbar-size-vertical: 1; scrollbar-gutter: stable;
    }
    ReplayScreen #rp-others, ReplayScreen #rp-mine { height: auto; }
    ReplayScreen .player { height: auto; }
    ReplayScreen .player.-you { background: $primary 8%; }
    ReplayScreen #rp-others .player { border-bottom: hkey $panel-lighten-1; }
    ReplayScreen #rp-side { width: 44; height: 1fr; border-left: vkey $panel-lighten-2; }
    ReplayScreen.-compact #rp-main { layout: vertical; }
    ReplayScreen.-compact #rp-side {
        width: 100%; height: 8; border-left: none; border-top: hkey $panel-lighten-2;
    }
    ReplayScreen.-compact #rp-side .side-title { display: none; }
    ReplayScreen #rp-decks { display: block; }
    /* 80×24: the board takes the rows it needs (up to 16, fewer on a shorter screen:
       _fit_board), the log the rest (4 lines at least); the decks, three lines, are left
       out (as the table leaves them out). */
    ReplayScreen.-compact.-short #rp-board { height: auto; max-height: 16; }
    ReplayScreen.-compact.-short #rp-side { height: 1fr; min-height: 5; }
    ReplayScreen.-compact.-short #rp-decks { display: none; }
    """

    # The arrows and Escape keep their meaning (client/settings.py RESERVED); the letter
    # keys beside them, and the others, can be changed in Settings → Keys (scope "replay").
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "step(1)", "Next", key_display="→", priority=True),
        Binding("l", "step(1)", "Next", show=False, priority=True, id="replay.next"),
        Binding("left", "step(-1)", "Prev", key_display="←", priority=True),
        Binding("h", "step(-1)", "Prev", show=False, priority=True, id="replay.previous"),
        Binding("right_square_bracket", "turn(1)", "Turn", id="replay.next_turn"),
        Binding("left_square_bracket", "turn(-1)", "Turn back", id="replay.this_turn"),
        # Start and End stay off the footer (F1 lists them), so that at 80 columns it
        # keeps room for the keys that step, View as, Back and F1 Help.
        Binding("home", "edge(0)", "Start", show=False, priority=True, id="replay.start"),
        Binding("end", "edge(1)", "End", show=False, priority=True, id="replay.end"),
        Binding("v", "perspective", "View as", id="replay.view"),
        Binding("q", "back", "Back", id="replay.back"),
        Binding("escape", "back", "Back", show=False),
    ]

    #: Below 120×30: the most rows the board takes; the fewest the log under it keeps (its
    #: rule and four lines); and the rows of the status line, the table's line and the
    #: footer, one each.
    BOARD_ROWS, LOG_ROWS, CHROME_ROWS = 16, 5, 3

    def __init__(self, replay: Replay) -> None:
        # No id: a screen's id must be unique among the app's screens, and a second
        # replay may be opened while this one is on the stack (the palette's Replays).
        super().__init__()
        self.replay = replay
        self.frame: ReplayFrame | None = None
        self._blocks: dict[int, ReplayBlock] = {}
        self._layout: tuple[object, ...] = ()
        self._log_owner = object()
        self._log_start = 0
        self._drawn: tuple[int, object] | None = None  # (step, perspective) on screen
        self._pending = False
        self._note: Notification | None = None  # the note on screen (a new one replaces it)

    def compose(self) -> ComposeResult:
        yield Static("", id="rp-status")
        yield Static("", id="rp-table")
        with Vertical(id="rp-main"):
            with ReplayBoard(id="rp-board"):  # kept at its end (a duel at 80×24: its top)
                yield Vertical(id="rp-others")
                yield ChainView(id="rp-chain")
                yield BattleView(id="rp-battle")
                yield Vertical(id="rp-mine")
                yield HandView(id="rp-hand")
                yield DecksView(id="rp-decks")
            with Vertical(id="rp-side"):
                yield Static("[b]Log[/b]", classes="side-title")
                yield GameLog(id="rp-log")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(GameLog).focus()
        self._fit_board()
        self.show()
        if self.replay.info.problem:
            self.notify(self.replay.info.problem, severity="warning", timeout=8)
        if self.replay.positions.withheld:
            self._say(self._withheld, timeout=8)

    @property
    def _withheld(self) -> str:
        """What is said about the perspectives a game not finished yet leaves out."""
        return self.replay.note or WITHHELD

    def _fit_board(self) -> None:
        """Below 120×30 the log sits under the board: the board takes the rows it needs,
        up to ``BOARD_ROWS``, but never so many that the log keeps fewer than
        ``LOG_ROWS``. (The styles alone cannot say it: a board of 16 rows on a 60×20
        screen pushed the log's last lines, the step's own, below the screen.)"""
        board = self.query_one(ReplayBoard)
        width, height = self.size
        if width >= 120 or height >= 30 or not height:
            board.styles.max_height = None  # the styles' own (none: the board is 1fr)
            return
        rows = height - self.CHROME_ROWS - self.LOG_ROWS
        board.styles.max_height = max(1, min(self.BOARD_ROWS, rows))

    def on_resize(self) -> None:
        self._fit_board()
        if self.frame is not None:
            self._draw(self.frame, redraw_log=True)
            # after Textual's own handler, which sets the size classes (-compact, -short)
            self.call_after_refresh(self._keep_board_top, len(self._blocks))

    @property
    def wide(self) -> bool:
        return self.size.width >= 120

    # drawing --------------------------------------------------------------------------
    def show(self) -> None:
        """Draw the replay's current step soon: a burst of key presses (a held key) is
        drawn once, after the last of them."""
        if not self._pending:
            self._pending = True
            self.call_later(self._show_now)

    def _show_now(self) -> None:
        self._pending = False
        if not self.is_attached:
            return
        replay = self.replay
        one_forward = self._drawn == (replay.step - 1, replay.perspective)
        self.frame = replay.frame()
        self._drawn = (replay.step, replay.perspective)
        self._draw(self.frame, redraw_log=not one_forward)

    def _draw(self, frame: ReplayFrame, redraw_log: bool) -> None:
        table = build_table(frame.view, numbers=frame.numbers)
        self.query_one("#rp-status", Static).update(self._status(frame))
        self.query_one("#rp-table", Static).update(self._table_line(frame, table))
        self._place_players(table)
        wide = self.wide
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
        self._show_log(frame, redraw_log)

    def _status(self, frame: ReplayFrame) -> str:
        """Step, turn and perspective first; then the game (its format only where there
        is room: at 80 columns a match's title, "game 2 of best of 3", comes first)."""
        info = self.replay.info
        who = escape(self.replay.perspective_name(frame.perspective))
        game = escape(info.title) + (f" ({escape(info.format_name)})" if self.wide else "")
        return (
            f"[b]Step {frame.step}/{frame.total} · turn {frame.turn}[/b] · as {who} · "
            f"[$text-muted]{game}[/]"
        )

    def _table_line(self, frame: ReplayFrame, table: TableModel) -> str:
        if table.result:  # as the game-over screen says it (each opponent's fate)
            return f"[b $success]Game over: {escape(game_result(table))}[/]"
        if frame.step == frame.total and self.replay.info.problem:
            return (
                "[$warning]The replay stops here: the rules no longer accept the next command.[/]"
            )
        if frame.step == frame.total and frame.total:
            return "[$warning]The record ends here: the game was not finished.[/]"
        return escape(table.status)

    def _place_players(self, table: TableModel) -> None:
        layout = (tuple(p.seat for p in table.others()), table.seat)
        if layout == self._layout:
            return
        self._layout = layout
        for block in self._blocks.values():
            block.remove()
        self._blocks = {}
        you = table.you()
        order = table.others()  # in turn order, from the player after you
        others = self.query_one("#rp-others", Vertical)
        for panel in order:
            self._blocks[panel.seat] = block = ReplayBlock(classes="player")
            others.mount(block)
        if you is not None:
            self._blocks[you.seat] = block = ReplayBlock(classes="player -you")
            self.query_one("#rp-mine", Vertical).mount(block)
        self._keep_board_top(len(table.players))

    def _keep_board_top(self, players: int) -> None:
        """Keep the board at its top (a duel at 80×24: see :class:`ReplayBoard`) or at its
        end (as on the table); another perspective starts there."""
        board = self.query_one(ReplayBoard)
        board.keep_top = players <= 2 and self.has_class("-compact") and self.has_class("-short")
        board.following = not board.keep_top
        if board.keep_top:
            board.scroll_home(animate=False)
        else:
            board.scroll_end(animate=False)

    def _show_log(self, frame: ReplayFrame, redraw: bool) -> None:
        """Forwards one step appends the new lines; anything else redraws the last
        ``LOG_WINDOW`` lines (a new owner makes the log clear itself)."""
        end = len(frame.log)
        if redraw or end < self._log_start:
            self._log_owner = object()
            self._log_start = max(0, end - LOG_WINDOW)
        self.query_one(GameLog).show(self._log_owner, frame.log[self._log_start :])

    # actions --------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        before = self.replay.step
        if self.replay.go(before + delta) != before:
            self.show()

    def action_turn(self, delta: int) -> None:
        before = self.replay.step
        after = self.replay.next_turn() if delta > 0 else self.replay.previous_turn()
        if after != before:
            self.show()

    def action_edge(self, end: int) -> None:
        before = self.replay.step
        if self.replay.go(self.replay.total if end else 0) != before:
            self.show()

    def _say(self, message: str, timeout: float = 4) -> None:
        """A note about the replay (what `v` shows), replacing the one still on screen:
        pressing `v` again says it once, not in a growing pile over the board. (Textual
        has no public way to drop one toast; both steps go through the app's queue, in
        order, so the old note is dropped even when it was not shown yet.)"""
        if self._note is not None:
            self.app.call_later(self.app._unnotify, self._note)
        self._note = Notification(message, "", "information", timeout, markup=False)
        self.app.post_message(Notify(self._note))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`v` (View as) only where there is another perspective to show: a server's
        replay has the one it was fetched for, and an unfinished game may offer only the
        public view (its note says why, as the replay opens); the footer leaves it out."""
        if action == "perspective":
            return len(self.replay.perspectives) > 1
        return True

    def action_perspective(self) -> None:
        withheld = self.replay.positions.withheld
        if len(self.replay.perspectives) < 2:  # never offered (check_action)
            return
        round_ends = withheld and self.replay.perspectives[-1] == self.replay.perspective
        self.replay.cycle_perspective()
        self.show()
        if round_ends:
            self._say(self._withheld)  # said at the end of each round, instead of "Seen as"
        else:
            self._say(f"Seen as {self.replay.perspective_name(self.replay.perspective)}.")

    def action_back(self) -> None:
        self.app.pop_screen()


class GameTable(DataTable[Text | str]):
    """The replay list's table: a game is a row, so Home and End go to the first and the
    last game (a DataTable's own scroll sideways, to its first and last column, which a
    list that fits its width does not need)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "scroll_top", "First", show=False),
        Binding("end", "scroll_bottom", "Last", show=False),
    ]


class ReplayListScreen(Screen[None]):
    """The recorded games of one source; Enter opens one."""

    DEFAULT_CSS = """
    ReplayListScreen #rl-title { height: 1; background: $panel; padding: 0 1; }
    ReplayListScreen #rl-table { height: 1fr; }
    ReplayListScreen #rl-note { height: auto; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Watch", priority=True),
        Binding("q", "back", "Back", id="replay.back"),
        Binding("escape", "back", "Back", show=False),
    ]

    #: Decision: a game is a row of several lines, so the list reads at 80 columns
    #: without scrolling sideways: the Game column holds the game (join code, which game
    #: of its table) over its format and turns, the Players column one player a line
    #: with their hero's short name (:func:`short_hero`). A Game line too wide for its
    #: column goes on at a " · " on the next line (which game of a match is never cut);
    #: other long texts are cut with "…". A game joined on another machine has, for its
    #: players, the server it replays from, its port never cut (:func:`_server_lines`).
    COLUMNS = ("Date", "Game", "Winner", "Players")
    #: The Game column's width at 80 columns (wider screens give it what its lines need),
    #: the widest the Winner column gets, and the fewest cells left for Players (which
    #: gets every cell the others do not need).
    GAME_WIDTH, WINNER_WIDTH, PLAYERS_WIDTH = 24, 14, 16
    #: The Date column ("2025-03-01 18:40"), and the cells of the columns' padding and
    #: the scrollbar.
    DATE_WIDTH, SPARE_WIDTH = 16, 10

    def __init__(self, catalog: Catalog) -> None:
        # No id: lists stack (a joined table's games over the Replays list; the
        # palette's Replays over a list), and the app's screens must not share an id.
        super().__init__()
        self.catalog = catalog
        self.games: list[ReplayInfo] = []
        self.opening = False

    def compose(self) -> ComposeResult:
        yield Static(f"[b]Replays[/b] · {escape(self.catalog.title)}", id="rl-title")
        yield GameTable(id="rl-table", cursor_type="row", zebra_stripes=True)
        yield Static("Reading the games…", id="rl-note")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*self.COLUMNS)
        table.focus()
        self.load()

    @work(exclusive=True, group="replay-list")
    async def load(self) -> None:
        try:
            games = await self.catalog.entries()
        except ReplayError as exc:
            self._note(f"[$error]{escape(exc.message)}[/]")
            return
        self.games = games
        self._fill(games)
        told = await self.catalog.details(games)
        if told != games:  # a joined game's server said when it ended and who won
            self.games = told
            self._fill(told)

    def _fill(self, games: list[ReplayInfo]) -> None:
        from client.cards import default_book

        book = default_book()
        width = self._game_width(games)
        game_lines = [[line for parts in _game_parts(g) for line in _fit(parts, width)]
                      for g in games]  # fmt: skip
        players = self._players_width(games, game_lines)
        rows = [
            (Text(g.date), Text("\n").join(lines), _cut(g.winner, self.WINNER_WIDTH),
             Text("\n").join(_cut(line, players)
                             for line in _player_lines(g, book.name, players)))
            for g, lines in zip(games, game_lines, strict=True)
        ]  # fmt: skip
        table = self.query_one(DataTable)
        at = table.cursor_row
        # Columns of the widths worked out here, made again with the rows: a column left
        # to size itself keeps the width of the widest cell it ever held, so rows made
        # again for a narrower screen (a resize) would leave the list as wide as before,
        # scrolling sideways.
        table.clear(columns=True)
        for i, label in enumerate(self.COLUMNS):
            widest = max((_widest(row[i]) for row in rows), default=0)
            table.add_column(label, width=max(cell_len(label), widest))
        for i, row in enumerate(rows):
            height = max(2, *(len(cell.plain.split("\n")) for cell in row))
            table.add_row(*row, key=str(i), height=height)
        if rows:  # a resize makes the rows again: the cursor stays on its game
            table.move_cursor(row=min(at, len(rows) - 1), animate=False)
        if games or self._unreadable():
            self._note(self._count_note())
        else:
            self._note(
                "No recorded games yet. Local games (hot-seat, against bots) and hosted "
                "ones are recorded when played; a game you joined on another machine "
                f"replays from its server while it runs: {CONNECT}; "
                "'allegiance replay FILE.jsonl' opens a sim recording."
            )

    def _rest(self, games: list[ReplayInfo]) -> int:
        """The cells left for the Game and Players columns: the screen's width but the
        Date column, the Winner column (as wide as its widest winner needs, up to
        ``WINNER_WIDTH``), the columns' padding and the scrollbar."""
        winner = max((cell_len(g.winner) for g in games), default=0)
        winner = max(len("Winner"), min(self.WINNER_WIDTH, winner))
        return self.size.width - self.DATE_WIDTH - winner - self.SPARE_WIDTH

    def _game_width(self, games: list[ReplayInfo]) -> int:
        """The widest a Game line may be: what its longest line needs, where Players
        keeps ``PLAYERS_WIDTH`` (or what a joined game's "on HOST:PORT" needs, when more);
        at least ``GAME_WIDTH`` (a longer line goes on below)."""
        need = max((cell_len(" · ".join(p)) for g in games for p in _game_parts(g)), default=0)
        servers = [cell_len(f"on {g.address}") for g in games if g.source == "joined"]
        players = max([self.PLAYERS_WIDTH, *servers])
        return max(self.GAME_WIDTH, min(need, self._rest(games) - players))

    def _players_width(self, games: list[ReplayInfo], lines: list[list[Text]]) -> int:
        """The Players column's width: every cell the Game column's lines leave (at least
        ``PLAYERS_WIDTH``), so a name is cut only where the screen is too narrow."""
        game = max((line.cell_len for cell in lines for line in cell), default=0)
        return max(self.PLAYERS_WIDTH, self._rest(games) - max(game, len("Game")))

    def on_resize(self) -> None:
        if self.games:
            self._fill(self.games)

    def _unreadable(self) -> list[str]:
        """The files of a folder left out of the list, each with why."""
        return self.catalog.unreadable if isinstance(self.catalog, FolderCatalog) else []

    def _count_note(self) -> str:
        note = f"{_count(len(self.games), 'game')}. Enter to watch one; → ← step through it."
        if isinstance(self.catalog, LocalCatalog):
            note += f" A game joined elsewhere replays from its server: {CONNECT}."
        bad = self._unreadable()
        if bad:
            lines = "".join(f"\n· {escape(why)}" for why in bad)
            note += f"\n[$warning]{_count(len(bad), 'file')} left out, unreadable:[/]{lines}"
        return note

    def _note(self, text: str) -> None:
        self.query_one("#rl-note", Static).update(text)

    @on(DataTable.RowSelected, "#rl-table")
    def _picked(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not self.games or self.opening:
            return
        index = table.cursor_row
        if 0 <= index < len(self.games):
            self.opening = True
            self._note(f"Opening {escape(self.games[index].title)}…")
            self.open_game(self.games[index])

    @work(exclusive=True, group="replay-open")
    async def open_game(self, info: ReplayInfo) -> None:
        try:
            opened = await self.catalog.open(info)
        except ReplayError as exc:
            self.notify(exc.message, title="Cannot replay that game", severity="error")
            self._note(f"[$error]{escape(exc.message)}[/]")
            return
        finally:
            self.opening = False
        self._note(self._count_note())
        if isinstance(opened, Catalog):  # a joined table that finished several games
            self.app.push_screen(ReplayListScreen(opened))
        else:
            self.app.push_screen(ReplayScreen(opened))

    def action_back(self) -> None:
        self.app.pop_screen()


def _count(number: int, noun: str) -> str:
    """``number`` and ``noun``, plural but for one ("1 game", "2 games")."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


#: Words before a hero's name that are a title, not the name ("Magus Gondè Kyal").
def _player_lines(game: ReplayInfo, hero_name: Callable[[str], str], width: int) -> list[str]:
    """One line per player: the name and the hero's short name (a game joined on another
    machine: its server, :func:`_server_lines`)."""
    if game.source == "joined":
        return _server_lines(game.address, width)
    if not game.players:
        return [game.player_names]
    return [f"{p.name} · {short_hero(hero_name(p.hero)) if p.hero else '?'}"
            for p in game.players]  # fmt: skip


def _server_lines(address: str, width: int) -> list[str]:
    """Where a joined game replays from, in ``width`` cells: "on HOST:PORT (while it
    runs)" on one line where it fits, else on two (the row has two lines anyway); a
    column too narrow for "on HOST:PORT" drops the "on", and one too narrow for the
    address cuts it at its start, so the port is always whole (it is what tells two
    servers of one machine apart)."""
    for lines in (
        [f"on {address} {WHILE_IT_RUNS}"],
        [f"on {address}", WHILE_IT_RUNS],
        [address, WHILE_IT_RUNS],
    ):
        if all(cell_len(line) <= width for line in lines):
            return lines
    return [_cut_start(address, width), WHILE_IT_RUNS]


def _cut_start(text: str, width: int) -> str:
    """``text`` cut to its last ``width`` cells, with "…" first."""
    if cell_len(text) <= width:
        return text
    end = text
    while end and cell_len(end) > width - 1:
        end = end[1:]
    return f"…{end}"


def _game_parts(game: ReplayInfo) -> tuple[list[str], list[str]]:
    """The Game cell's two lines, each as its parts (joined with " · "): the game and
    which game of its table it is; its format, who sat at it and its turns."""
    which = [game.which_short] if game.which_short else []
    turns = [] if game.turns is None else [f"{game.turns} turn{'' if game.turns == 1 else 's'}"]
    mode = [game.mode] if game.mode else []  # "Duel · vs bot" and "Duel · hot-seat" differ
    return [game.label, *which], [game.format_name, *mode, *turns]


def _fit(parts: list[str], width: int) -> list[Text]:
    """``parts`` joined with " · " on as few lines of ``width`` cells as they fit, a new
    line at a " · "; only a part wider than ``width`` is cut (with "…")."""
    lines: list[str] = []
    for part in parts:
        if lines and cell_len(f"{lines[-1]} · {part}") <= width:
            lines[-1] = f"{lines[-1]} · {part}"
        else:
            lines.append(part)
    return [_cut(line, width) for line in lines]


def _widest(cell: Text) -> int:
    """The cells of the widest line of ``cell``."""
    return max(cell_len(line) for line in cell.plain.split("\n"))


def _cut(text: str, width: int) -> Text:
    """``text`` (shown as typed, never as markup) cut to ``width`` cells, with "…"."""
    out = Text(text)
    out.truncate(width, overflow="ellipsis")
    return out


def local_games_list() -> ReplayListScreen:
    """The list of the local games recorded on this machine, then of the games this
    client joined on other machines (opened from their servers)."""
    from server.local import local_games_path

    return ReplayListScreen(LocalCatalog(local_games_path()))

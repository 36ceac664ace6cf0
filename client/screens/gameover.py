"""End of game: who won and why, the heroes' final health, the match score with each
game's heroes and result, and what comes next: the match's next game, a rematch
("play again"), or the menu.

The screen renders the table info's ``match`` (``docs/protocol.md``, *Matches and
rematches*) and decides nothing: "Next game" is offered when the server says the match
goes on, "Play again" when it offers a rematch. Asking for either keeps the screen up,
saying whom the table still waits for, until the next game begins. Whether this
terminal has asked is the server's word (``match.ready``) once the link has dropped and
come back: a request lost with the link is offered again (a restarted server keeps the
requests it had answered).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from client.cards import default_book, short_hero
from client.markup import escape
from client.screens.leave import CloseTableScreen, LeaveScreen
from client.viewmodel.result import game_result
from client.viewmodel.table import PlayerPanel, TableModel
from client.viewmodel.words import listed
from client.widgets.lines import hang

Match = Mapping[str, Any]


def over_markup(table: TableModel, during_setup: bool = False) -> str:
    """The result line with the game's length, then a line per player (``during_setup``:
    the game ended before its first turn was played, see :func:`_length`)."""
    length = _length(table, during_setup)
    lines = [f"[b]{escape(game_result(table))}[/b]  [$text-muted]{length}[/]", ""]
    teams = any(p.team is not None for p in table.players)
    players = list(table.players)
    if teams:  # each team's players together, in seat order
        players.sort(key=lambda p: (p.team is None, p.team or 0, p.seat))
    lines += [_player_row(p, teams) for p in players]
    return "\n".join(lines)


def _length(table: TableModel, during_setup: bool = False) -> str:
    """How long the game lasted: "7 turns", or "during setup" for a game that ended
    while it was being set up (a concession then is carried out at the conceding seat's
    first priority, in turn 1, which the view's turn counts: not a turn played)."""
    if during_setup or table.phase == "setup":
        return "during setup"
    return f"{table.turn} turn{'' if table.turn == 1 else 's'}"


def _player_row(p: PlayerPanel, teams: bool) -> str:
    """One player's line; a team game names the team first. A player out of the game
    is "defeated" (a hero at 0 health, in every format: a team's winner too, whose team
    won without it) or "conceded", the words the result line uses."""
    state = "[$success]standing[/]" if p.alive else f"[$error]{p.out_word}[/]"
    team = f"[b]team {p.team + 1}[/b]  " if teams and p.team is not None else ""
    return f"{team}{escape(p.name)} · {escape(p.hero)}  ♥ {p.health}/{p.max_health}  {state}"


def _score(values: Sequence[Any]) -> str:
    return "–".join(str(int(v)) for v in values)


def _named_score(counts: Sequence[Any], names: Sequence[str]) -> str:
    """"won: Bot 3 (2), Ann (1)": the seats that have won, most first (seat order among
    equals); "no wins yet" before anyone has. Each count is in brackets: a name that
    ends in a number ("Bot 3", as bots are named) read into it as "Bot 3 1"."""
    won = sorted(((int(n), seat) for seat, n in enumerate(counts) if int(n) > 0),
                 key=lambda item: (-item[0], item[1]))  # fmt: skip
    if not won:
        return "no wins yet"
    return "won: " + ", ".join(f"{names[seat]} ({n})" for n, seat in won)


def team_scores(counts: Sequence[Any], teams: Sequence[int | None]) -> list[tuple[int, int]]:
    """``(team, games won)`` for each team in order, from the per-seat ``counts`` and
    each seat's team; [] unless every seat has one. A team's win counts for each of its
    players (a winner out at the end too), so its score is its best player's."""
    known = [t for t in teams if t is not None]
    if not known or len(known) < len(teams):
        return []
    won: dict[int, int] = {}
    for seat, team in enumerate(known):
        count = int(counts[seat]) if seat < len(counts) else 0
        won[team] = max(won.get(team, 0), count)
    return sorted(won.items())


def seat_teams(info: Mapping[str, Any] | None) -> list[int | None]:
    """Each seat's team, from the document's ``table`` section (its ``seats``)."""
    seats = (info or {}).get("seats") or []
    return [s.get("team") if isinstance(s.get("team"), int) else None for s in seats]


def seat_names(info: Mapping[str, Any] | None) -> list[str]:
    """Each seat's name, from the document's ``table`` section (its ``seats``)."""
    seats = (info or {}).get("seats") or []
    return [str(s.get("name") or f"Seat {n + 1}") for n, s in enumerate(seats)]


def match_label(
    match: Match | None,
    short: bool = False,
    teams: Sequence[int | None] = (),
    names: Sequence[str] = (),
) -> str:
    """The compact line for the table's status bar: "Game 2 of best of 3 · 1–0" (a match;
    ``short``: "Game 2/3 · 1–0"), "Game 3 · 2–0" (rematches: games won at this table), ""
    for a table's only game. With ``teams`` (each seat's team, :func:`seat_teams`) a
    team game's score is the teams': "Game 2 · Team 1: 1 – Team 2: 0" (``short``: "Game
    2 · teams 1–0"), not one number per seat. With more than two seats and their
    ``names`` (:func:`seat_names`) it names who has won: "Game 2 · won: Bot 3 (1)" (a row
    of numbers, "0–0–1–0", does not say whose each is); a duel's names its two players
    around the score, "Game 2 · Ann 1–0 Bob" (``short``: just "1–0")."""
    if not match:
        return ""
    best_of = int(match.get("best_of") or 1)
    counts = match.get("wins" if best_of > 1 else "tally") or []
    by_team = team_scores(counts, teams)
    if by_team and short:
        score = f"teams {_score([won for _, won in by_team])}"
    elif by_team:
        score = " – ".join(f"Team {team + 1}: {won}" for team, won in by_team)
    elif len(counts) > 2 and len(names) == len(counts):
        score = _named_score(counts, names)
    elif len(counts) == 2 and len(names) == 2 and not short:
        score = f"{names[0]} {_score(counts)} {names[1]}"  # "Ann 1–0 Bob": whose is whose
    else:
        score = _score(counts)
    if best_of > 1:
        of = f"/{best_of}" if short else f" of best of {best_of}"
        return f"Game {match.get('game', 1)}{of} · {score}"
    played = int(match.get("played") or 1)
    return f"Game {played} · {score}" if played > 1 else ""


#: Words before a hero's name that are a title, not the name ("Magus Gondè Kyal").
def _names(names: Sequence[str], seats: Sequence[Any]) -> str:
    return listed([escape(names[int(s)]) if int(s) < len(names) else "?" for s in seats])


#: How the history says who chose to play first or second, by who made the choice:
#: "bot" a bot that played for the away chooser (policy "bot"), "away" the server for an
#: away chooser whose seat conceded by the policy "concede" (no bot stands in there).
_CHOSE_FOR = {
    "bot": "{name} away: a bot chose for them and played {order}",
    "away": "{name} away: chosen for them, played {order}",
    "timeout": "{name} ran out of time to choose and played {order}",
}


def _chose(name: str, order: str, game: Match) -> str:
    """"Ann chose to play second" (a bare "Ann chose second" read as if Ann got to
    choose second), or who chose for an absent chooser (a bot, the server, the timer)."""
    wording = _CHOSE_FOR.get(str(game.get("chosen_by")), "{name} chose to play {order}")
    return wording.format(name=name, order=order)


def _game_line(game: Match, names: Sequence[str]) -> str:
    book = default_book()
    heroes = " v ".join(
        escape(short_hero(book.name(str(h)))) for h in game.get("heroes") or [] if h
    )
    winners = game.get("winners") or []
    result = f"{_names(names, winners)} won" if winners else "drawn"
    chose = ""
    if game.get("chooser") is not None and game.get("first") is not None:
        chooser, first = int(game["chooser"]), int(game["first"])
        order = "first" if chooser == first else "second"
        chose = f" [$text-muted]({_chose(_names(names, [chooser]), order, game)})[/]"
    return f" {int(game.get('game', 0))}. {heroes} — {result}{chose}"


def _header(match: Match, names: Sequence[str], teams: Sequence[int | None] = ()) -> str:
    best_of = int(match.get("best_of") or 1)
    counts = match.get("wins" if best_of > 1 else "tally") or []
    # "Ann: 2 · Bo: 1": a colon, so a name that ends in a number ("Player 2") is not read
    # as part of the score; a team game counts the teams' wins ("Team 1: 1 · Team 2: 0")
    by_team = team_scores(counts, teams)
    if by_team:
        score = " · ".join(f"Team {team + 1}: {won}" for team, won in by_team)
    else:
        score = " · ".join(f"{escape(n)}: {int(c)}" for n, c in zip(names, counts, strict=False))
    if best_of > 1:
        return f"[b]Best of {best_of}[/b] · {score}"
    return f"[b]Games at this table[/b] · {score}"


def _outcome(match: Match, names: Sequence[str]) -> str:
    """The match's result once decided, or what the next game will be."""
    winners = match.get("winners")
    if int(match.get("best_of") or 1) > 1 and winners is not None:
        if not winners:
            return "[b]The match is drawn.[/b]"
        return f"[b]{_names(names, winners)} wins the match.[/b]"
    if match.get("next") == "game":
        games = match.get("games") or []
        last = games[-1].get("winners") if games else None
        loser = 1 - int(last[0]) if last and len(last) == 1 and len(names) == 2 else None
        who = "" if loser is None else f"; {_names(names, [loser])} chooses to play first or second"
        return f"Next: game {int(match.get('game', 1)) + 1}, new random heroes{who}."
    return ""


def _waiting(match: Match, names: Sequence[str], humans: Sequence[int],
             mine: Sequence[int] = (), away: Mapping[int, str] | None = None) -> str:  # fmt: skip
    ready = [int(s) for s in match.get("ready") or []]
    away = away or {}  # seat → "away" (connection gone) or "left the table" (seat kept)
    gone = [s for s in humans if s in away and s not in ready and s not in mine]
    if not ready and not (gone and match.get("next")):
        return ""
    if mine and set(mine) != set(humans):  # not hot-seat: "you" and the others' names
        names = ["you" if i in mine else n for i, n in enumerate(names)]
    names = [f"{n} ({away[i]})" if i in away else n for i, n in enumerate(names)]
    waiting = [s for s in humans if s not in ready]
    what = "the next game" if match.get("next") == "game" else "a rematch"
    if not ready:  # nobody has asked yet: who is gone (it waits for their ask too)
        has = "has" if len(gone) == 1 else "have"
        return f"[$warning]{_names(names, gone)} {has} not asked for {what}.[/]"
    if not waiting:
        return f"[$success]Starting {what}…[/]"
    asked = f"{_names(names, ready)} asked for {what}"
    asked = asked[0].upper() + asked[1:]
    # at a server the ask outlasts a lost connection, but leaving (the menu, Ctrl+L,
    # quitting) takes it back, which is not what a person expects of a waiting screen
    asked_here = set(mine) & set(ready) and set(mine) != set(humans)
    keep = " Leaving (the menu, or quitting) takes your ask back." if asked_here else ""
    return f"[$warning]{asked}; waiting for {_names(names, waiting)}.{keep}[/]"


def match_markup(match: Match | None, names: Sequence[str], humans: Sequence[int],
                 mine: Sequence[int] = (), away: Mapping[int, str] | None = None,
                 ended: str = "", teams: Sequence[int | None] = ()) -> str:  # fmt: skip
    """The match part of the screen: score, each game, result or what comes next
    (``mine``: the seats this terminal holds; ``away``: people whose connection is
    gone ("away") or who left the table ("left the table"), marked so where the screen waits for
    them; ``ended``: why there is no next
    game after all, said instead of what it would be; ``teams``: each seat's team, in
    a team game, whose score is the teams')."""
    if not match:
        return ""
    games = match.get("games") or []
    if ended:
        ending = [f"[b $warning]{escape(ended)}[/]"]
    else:
        ending = [_outcome(match, names), _waiting(match, names, humans, mine, away)]
    if int(match.get("best_of") or 1) == 1 and int(match.get("played") or 1) == 1:
        return ending[-1]  # a table's only game: no score yet
    lines = [_header(match, names, teams)]
    if int(match.get("best_of") or 1) > 1:
        lines += [_game_line(g, names) for g in games]
    lines += ending
    return "\n".join(line for line in lines if line)


class HangingText(Widget):
    """Lines of markup that wrap to the widget's width with hanging indents
    (:func:`hang`); Textual's own wrapping starts every row at the left edge."""

    DEFAULT_CSS = "HangingText { height: auto; }"

    def __init__(self, markup: str = "", *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self._lines = self._parse(markup)

    @staticmethod
    def _parse(markup: str) -> list[Content]:
        return Content.from_markup(markup).split("\n", allow_blank=True)

    def update(self, markup: str) -> None:
        self._lines = self._parse(markup)
        self.refresh(layout=True)

    def _rows(self, width: int) -> list[Content]:
        return [row for line in self._lines for row in hang(line, width)]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows(width))

    def render(self) -> Content:
        return Content("\n").join(self._rows(self.content_size.width))


class LeaveMatchScreen(LeaveScreen):
    """Leaving a local match between its games: asked first, as the match cannot be
    resumed. Dismissed with True to leave."""

    QUESTION = "Leave this match?"
    GO = "Leave the match"
    STAY = "Stay for the next game"


#: Why "Main menu" (or quitting) is asked first between the games of a match that this
#: terminal's own server plays (a local match).
LOCAL_MATCH_WARNING = (
    "This match cannot be resumed: it ends when you leave it (the games played are kept "
    "in Replays)."
)


class GameOverScreen(ModalScreen[str]):
    """Dismissed with "menu", or by the game controller when the next game begins.
    "Next game" and "Play again" post :class:`GameOverScreen.Asked` and keep the screen
    up; "See the final table" (escape) hides the panel so the table shows through, and
    escape again brings the score back — so the next game stays one key away."""

    # The choices stay in view, docked under the text, and a text too tall for the
    # screen (long names wrapped in five games' history) scrolls above them.
    DEFAULT_CSS = """
    GameOverScreen #over-box > .panel { overflow-y: auto; }
    GameOverScreen #over-list { dock: bottom; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", "Next game", id="over.next"),
        Binding("a", "choose('again')", "Play again", id="over.again"),
        Binding("m", "choose('menu')", "Main menu", id="over.menu"),
        Binding("escape", "choose('table')", "Table / score"),
        # remapped with the table's; priority, as the table's: the log screen is up
        # before the next key of a burst ("cwell played") is handled, so the keys after
        # it are typed in the chat, not taken as this screen's ("a": play again)
        Binding("l", "log(False)", "Log", id="table.log", priority=True),
        Binding("c", "log(True)", "Chat", id="table.chat", priority=True),
        # leaving the table, as at the table (m says the same in this screen's words)
        Binding("ctrl+l", "choose('menu')", "Leave", id="table.leave", show=False),
    ]

    class Asked(Message):
        """The player asks for the table's next game (of the match, or a rematch)."""

    def __init__(
        self,
        table: TableModel,
        can_replay: bool = True,
        match: Match | None = None,
        names: Sequence[str] = (),
        humans: Sequence[int] = (),
        mine: Sequence[int] = (),
        close_warning: str | None = None,
        away: Mapping[int, str] | None = None,
        leave_warning: str | None = None,
        during_setup: bool = False,
    ) -> None:
        """``during_setup``: the table was last seen being set up (see
        :func:`over_markup`)."""
        super().__init__()
        self.during_setup = during_setup
        #: A host's "Main menu" closes the table for the others: asked first, with this.
        self.close_warning = close_warning
        #: A local match's "Main menu" ends it for good: asked first, with this, while
        #: the match goes on. (A match at a server elsewhere can be joined again: none.)
        self.leave_warning = leave_warning
        self.table = table
        self.can_replay = can_replay
        self.match = match
        self.names = list(names) or [p.name for p in table.players]
        self.humans = list(humans)
        self.mine = list(mine)
        #: This terminal asked for the next game and the server has not said so yet
        #: (while it does, ``match.ready`` lists the seats here; see :meth:`follow_server`).
        self.asked = False
        self._retired = False
        #: Why the table has no next game after all (its host closed it), or "".
        self.ended = ""
        #: The people whose connection is gone (the table may wait for them).
        self.away = away

    @property
    def next_kind(self) -> str | None:
        """"game" or "rematch" when this screen may ask for it now: not when the server
        lists every seat here as ready, nor while this terminal's asking is on its way."""
        kind = (self.match or {}).get("next")
        usable = self.can_replay and not self.asked and not self.ended and not self._ready()
        return str(kind) if usable and kind else None

    def _ready(self) -> bool:
        """The server lists every seat this terminal plays as having asked."""
        ready = {int(s) for s in (self.match or {}).get("ready") or []}
        return bool(self.mine) and set(self.mine) <= ready

    def follow_server(self) -> None:
        """The connection to the server came back (or asking never left this terminal):
        from now on the server's ``match.ready`` alone says whether this terminal has
        asked. A request sent while the link was down is lost (a restarted server keeps
        the ones it had, ``docs/rulings.md``, 39): "Next game" is offered again unless
        the server lists the seats here as ready."""
        if self.asked:
            self.asked = False
            self.show(self.table, self.match, self.away)

    def table_closed(self, why: str) -> None:
        """The table is gone (its host closed it): no next game is offered, and the
        screen says why for as long as it shows."""
        self.ended = why
        self.show(self.table, self.match, self.away)

    def compose(self) -> ComposeResult:
        with Vertical(classes="center-box", id="over-box"), Vertical(classes="panel"):
            yield Static(self._title(), id="over-title", classes="panel-title")
            yield HangingText(self._text(), id="over-text", classes="panel-text")
            yield OptionList(*self._options(), id="over-list")
        yield Footer()

    def _title(self) -> str:
        decided = int((self.match or {}).get("best_of") or 1) > 1 and (self.match or {}).get(
            "winners"
        ) is not None
        return "Match over" if decided else "Game over"

    def _text(self) -> str:
        part = match_markup(
            self.match, self.names, self.humans, self.mine, self.away, self.ended,
            self._teams(),
        )
        return over_markup(self.table, self.during_setup) + (f"\n\n{part}" if part else "")

    def _teams(self) -> list[int | None]:
        """Each seat's team, as the final table shows it (none outside a team game)."""
        by_seat = {p.seat: p.team for p in self.table.players}
        return [by_seat.get(seat) for seat in range(len(self.names))]

    def _options(self) -> list[Option]:
        options = [Option("See the final table", id="table"), Option("Main menu", id="menu")]
        if self.next_kind == "game":
            options.insert(0, Option("Next game", id="next"))
        elif self.next_kind == "rematch":
            options.insert(0, Option("Play again", id="again"))
        return options

    def on_mount(self) -> None:
        self.query_one("#over-list", OptionList).focus()

    def show(
        self, table: TableModel, match: Match | None, away: Mapping[int, str] | None = None
    ) -> None:
        """Redraw with the table's latest state (who has asked for the next game, who is
        away)."""
        self.table, self.match, self.away = table, match, away
        if not self.is_mounted or not self.query("#over-title"):
            return  # its widgets, not composed yet, are made from these
        self.query_one("#over-title", Static).update(self._title())
        self.query_one("#over-text", HangingText).update(self._text())
        options = self.query_one("#over-list", OptionList)
        wanted = [str(o.id) for o in self._options()]
        if [str(options.get_option_at_index(i).id) for i in range(options.option_count)] != wanted:
            options.clear_options()
            options.add_options(self._options())
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters and parameters[0] in ("next", "again"):
            return self.next_kind == ("game" if parameters[0] == "next" else "rematch")
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(str(event.option_id))

    def action_choose(self, what: str) -> None:
        if what in ("next", "again"):
            if self.next_kind != ("game" if what == "next" else "rematch"):
                return
            self.asked = True
            self.post_message(self.Asked())
            self.show(self.table, self.match, self.away)
            return
        if what == "table":
            self.peek(not self.has_class("-peek"))
            return
        if what == "menu" and self.close_warning:
            self.app.push_screen(CloseTableScreen(self.close_warning), self._close_answered)
            return
        if what == "menu" and self.leave_warning and self._match_goes_on():
            self.app.push_screen(LeaveMatchScreen(self.leave_warning), self._close_answered)
            return
        self.dismiss(what)

    def _match_goes_on(self) -> bool:
        """A match's next game is due (the match is not decided)."""
        return (self.match or {}).get("next") == "game" and not self.ended

    def _close_answered(self, leave: bool | None) -> None:
        if leave and not self._retired:
            self.dismiss("menu")

    def action_log(self, chat: bool) -> None:
        """The game's log and chat, as the table shows them (its own keys are under
        this screen): how the game ended, and a word with the others."""
        from client.screens.table import TableScreen

        tables = [s for s in self.app.screen_stack if isinstance(s, TableScreen)]
        if tables:
            tables[-1].open_log(focus_chat=chat)

    def retire(self) -> None:
        """The next game began: close now, or as soon as this screen is on top again."""
        self._retired = True
        if self.app.screen is self:
            self.dismiss("table")

    def on_screen_resume(self) -> None:
        if self._retired:
            self.dismiss("table")
            return
        self._fit_the_table()

    def _fit_the_table(self) -> None:
        """The final table under this screen is laid out again for the terminal's size:
        a resize while another screen was on top (the log) reached neither, and "See the
        final table" showed it at the old size. (This screen lays itself out again as it
        comes back; the one under it does not.)"""
        stack = self.app.screen_stack
        below = stack[-2] if len(stack) > 1 and stack[-1] is self else None
        if below is not None:  # its size is the new one already; its layout is not
            size = self.app.size
            below.post_message(events.Resize(size, size))

    def peek(self, on: bool) -> None:
        """Show the final table (the panel hidden) or the score again."""
        self.set_class(on, "-peek")
        if on:  # see through to the table (the app's styles make every screen opaque)
            self.styles.background = Color(0, 0, 0, 0)
        else:
            self.styles.clear_rule("background")
        self.query_one("#over-box").display = not on
        if not on:
            self.query_one("#over-list", OptionList).focus()

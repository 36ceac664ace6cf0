"""Matches and rematches: the games one table plays, one after another, on the same seats.

Theory of operation
-------------------
A table plays a *series* of games with the same seats, tokens and spectators:

=================  ==========================================================================
``best_of``        what ``next_game`` does once a game is over
=================  ==========================================================================
1 (the default)    a **rematch**: a new game with the same setup and a new seed (a chosen
                   hero stays, a random one is drawn again)
3, 5, …            a **Competitive Match** (rulebook; :mod:`shared.rules.realm.match`), for
                   two-player Realm Divided duels only: while the match is undecided, its
                   next game (new random heroes, never one already played in the match;
                   the loser of the previous game chooses to play first or second; a drawn
                   game counts for nobody); once it is decided, a rematch: a new match of
                   the same length
=================  ==========================================================================

The next game starts when every human seat has asked for it (message ``next_game``); a
player who leaves the table (message ``leave``) takes their ask back (:func:`left_table`),
so it never starts without someone who went to the menu. Bots agree at once, so a table
of bots only plays its match through by itself and stops when the match is decided. A
match is decided when a seat has won more than half of its games, or when too few heroes
are left for another game (after drawn games): then the seat with more wins takes it,
and with equal wins the match is drawn.

Persistence
-----------
Of a series only the command log and the asks (below) are stored. Starting the next
game appends one **boundary row** (source ``"match"``, action ``{"kind": "next_game",
"game": n}``) before the new game's commands. Every game's setup and seed follow from the
table's seed: game 1 of a best-of-1 table uses it as it is, its rematch *n* a hash of it
and *n*; match *j* of a best-of-N table seeds a :class:`~shared.rules.realm.match.Match`
with a hash of it and *j*, and the match deals each game's heroes and seed. Replaying the
log from the table's seed (:meth:`Series.rewind`, then :meth:`Series.replay_boundary` at
each boundary row) therefore rebuilds every game, the score and the heroes used, exactly
as they were played. Who has asked for the next game is stored beside the log (the
store's ``asks``, each with the log's length then, so an ask for a game since begun is
not taken again): after a restart between games, they still ask. :func:`split_log` does
the same without a live table, for replays: every game of a log with the setup and seed
it was played with.

The series is public: ``doc.table.match`` (:meth:`Series.info`) holds the score, the
heroes and results of the match's games and who has asked for the next game; no seed.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import inspect
import logging
import sqlite3
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from shared.protocol import ProtocolError
from shared.rules.base import SetupError

if TYPE_CHECKING:
    from server.options import SeatSpec
    from server.seating import Seat
    from server.store import CommandRow, TableRow
    from server.table import Table
    from shared.rules.realm.match import Match

log = logging.getLogger("allegiance.match")

#: ``source`` of a boundary row in the command log, and its action's ``kind``.
SOURCE = "match"
KIND = "next_game"
#: ``source`` of a command the server makes for a person's seat because its player is
#: away past the reconnect grace (a bot's move for them, or their concession by policy).
AWAY = "away"
MAX_BEST_OF = 99

Reply = Callable[[dict[str, Any]], None]


# --- checking a create request ----------------------------------------------------------


def best_of_option(value: Any) -> int:
    """The ``best_of`` table option: an odd number of games, 1 when absent."""
    if value is None:
        return 1
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not 1 <= value <= MAX_BEST_OF
        or value % 2 == 0
    ):
        raise ProtocolError(
            "bad_setup", "option 'best_of' must be an odd number of games (1, 3, 5, …)"
        )
    return value


def check_create(game: str, setup: dict[str, Any], specs: list[SeatSpec], best_of: int) -> None:
    """Refuse a match the table cannot play (before anything is stored)."""
    if best_of == 1:
        return
    if game != "realm" or setup.get("format", "duel") != "duel" or len(specs) != 2:
        raise ProtocolError(
            "bad_setup",
            f"Best of {best_of} is a Competitive Match, for two-player Realm Divided duels "
            "only; use best_of 1 at this table.",
        )
    if any(spec.hero is not None for spec in specs):
        raise ProtocolError(
            "bad_setup", "A match deals random heroes before each game; leave the heroes unset."
        )
    from shared.rules.realm.match import new_match

    try:
        new_match(("", ""), best_of, 0)
    except SetupError as exc:
        raise ProtocolError("bad_setup", str(exc)) from None


def is_boundary(cmd: CommandRow) -> bool:
    """Whether a command-log row starts the table's next game."""
    return cmd.source == SOURCE and cmd.action.get("kind") == KIND


def derive_seed(seed: int, label: str) -> int:
    """A 128-bit seed from the table's seed and a label (never shown to anyone)."""
    digest = hashlib.blake2b(f"{seed}:{label}".encode(), digest_size=16).digest()
    return int.from_bytes(digest, "big")


# --- the series -----------------------------------------------------------------------------


class Series:
    """The games of one table: the current one, the score of its match, what comes next."""

    def __init__(self, row: TableRow) -> None:
        self.best_of = int(row.options.get("best_of", 1))
        self.n = len(row.seats)
        self.kinds = [s.kind for s in row.seats]
        #: the table's away policy: who answers for a person away past the grace
        self.policy = str(row.options.get("policy", "wait"))
        self._base_setup = row.setup
        self._base_seed = row.seed
        self.ready: set[int] = set()
        self._start()

    def _start(self) -> None:
        """Back to the table's first game (before anything was played)."""
        self.played = 1  # games begun at this table, the current one included
        self.number = 1  # the match (best of 1: the game) at this table; +1 per rematch
        self.tally = [0] * self.n
        self._new_match()

    def _new_match(self) -> None:
        self.game = 1  # the game within the current match
        self.games: list[dict[str, Any]] = []
        self.wins = [0] * self.n
        self.winners: list[int] | None = None  # set once the match is decided
        self.match: Match | None = None
        if self.best_of > 1:
            from shared.rules.realm.match import new_match

            seed = derive_seed(self._base_seed, f"match {self.number}")
            self.match = new_match(("", ""), self.best_of, seed)
        self._deal()

    def _deal(self) -> None:
        """The current game's setup and seed (a match deals its heroes here)."""
        self._recorded = False
        self._info: tuple[str, dict[str, Any]] | None = None  # (table status, info)
        self._now_heroes: list[Any] | None = None
        self.heroes: dict[int, str | None] | None = None
        self.chooser: int | None = None  # who chooses to play first or second (a match's loser)
        #: Who made that choice when it was not the chooser's own: "bot" (a bot played for
        #: an away person, policy "bot"), "away" (the server answered for an away person
        #: who conceded by the policy "concede": no bot chose) or "timeout"; ``None`` when
        #: they chose.
        self.chosen_by: str | None = None
        if self.match is None:
            self.setup = self._base_setup
            self.seed = (
                self._base_seed if self.played == 1
                else derive_seed(self._base_seed, f"game {self.played}")
            )  # fmt: skip
            return
        from shared.rules.realm.match import next_game

        setup, self.seed = next_game(self.match)
        options = {**self._base_setup.get("options", {}), **setup["options"]}
        self.setup = {**self._base_setup, "options": options}
        self.heroes = {i: s["hero"] for i, s in enumerate(setup["seats"])}
        self.chooser = options.get("first_chooser")

    # --- the current game's setup and seed ---------------------------------------------

    def install(self, table: Table) -> None:
        """Give the table the current game's setup and seed (a match's heroes come in
        through :meth:`Table.full_setup`, from :attr:`heroes`)."""
        table.setup = self.setup
        table._seed = self.seed

    def note_command(self, action: dict[str, Any], source: str, bot_seat: bool) -> None:
        """A command the game took (played now or replayed from the log): notes whether
        the choice of playing first was the chooser's own (a person's, or a bot seat's),
        for the match's history."""
        if action.get("kind") == "first":
            own = source == "human" or (bot_seat and source == "bot")
            self.chosen_by = None if own else self._chooser_stand_in(source)

    def _chooser_stand_in(self, source: str) -> str:
        """Who made the choice for the chooser, by the command's source: a move for an
        absent player is a bot's only under the policy "bot"; under "concede" the server
        answers for the seat as a timeout does, and the history must not speak of a bot."""
        if source != AWAY:
            return source
        return "bot" if self.policy == "bot" else AWAY

    def check_heroes(self, heroes: dict[int, str | None] | None) -> None:
        """A match deals the heroes: a seat may not choose one."""
        if self.best_of > 1 and heroes and any(h is not None for h in heroes.values()):
            raise SetupError("A match deals random heroes before each game; none can be chosen.")

    def rewind(self, table: Table) -> None:
        """Before replaying the log from the start: back to the first game."""
        self.ready.clear()
        self._start()
        self.install(table)

    def replay_boundary(self, table: Table, state: Any) -> Any:
        """A boundary row met while replaying: count the game that ended, begin the next."""
        if not table.rules.is_over(state):
            log.warning("table %s: the log starts a new game before the last one ended", table.code)
        self.record(table, state)
        self.advance(table)
        for s in table.seats:
            s.recent.clear()
            _new_game_for(s)
        return table.rules.new_game(table.full_setup(), table._seed)

    # --- the score ---------------------------------------------------------------------------

    @property
    def decided(self) -> bool:
        return self.winners is not None

    def record(self, table: Table, state: Any) -> None:
        """Count the current game, once it is over (a second call changes nothing)."""
        if self._recorded:
            return
        self._recorded = True
        result = table.rules.result(state) or {}
        winners = [int(w) for w in result.get("winners") or []]
        heroes, first = _facts(table, state)
        self.games.append({"game": self.game, "heroes": heroes, "chooser": self.chooser,
                           "first": first, "chosen_by": self.chosen_by, "winners": winners,
                           "reason": result.get("reason")})  # fmt: skip
        if self.match is not None:
            from shared.rules.realm.match import record

            record(self.match, result)
            self.wins = list(self.match.wins)
        else:
            for w in winners:
                self.wins[w] += 1
        self._decide(winners)
        self._info = None

    def _decide(self, winners: list[int]) -> None:
        if self.match is None:
            self.winners = winners
        elif self.match.winner is not None:
            self.winners = [self.match.winner]
        elif self._heroes_left() < 2:
            best = max(self.wins)
            leaders = [s for s, w in enumerate(self.wins) if w == best]
            self.winners = leaders if len(leaders) == 1 else []
        else:
            return
        for w in self.winners:
            self.tally[w] += 1

    def _heroes_left(self) -> int:
        from shared.rules.realm.catalog import load_catalog

        assert self.match is not None
        return sum(1 for h in load_catalog().heroes if h not in self.match.used)

    def advance(self, table: Table) -> None:
        """On to the next game: of this match, or the first of a new one (a rematch)."""
        self.played += 1
        if self.decided:
            self.number += 1
            self._new_match()
        else:
            self.game += 1
            self._deal()
        self.ready.clear()
        self.install(table)

    def ask(self, seat: int) -> bool:
        """``seat`` asks for the next game; False if it had asked already."""
        if seat in self.ready:
            return False
        self.ready.add(seat)
        self._info = None
        return True

    def withdraw(self, seat: int) -> bool:
        """``seat`` no longer asks for the next game (its player left the table); False
        if it had not asked."""
        if seat not in self.ready:
            return False
        self.ready.discard(seat)
        self._info = None
        return True

    @property
    def next_kind(self) -> str:
        return "rematch" if self.decided else "game"

    def waiting_for(self, table: Table) -> list[int]:
        """Human seats that have not asked for the next game yet. Before a match's next
        game, a seat the server plays for (its player gone past the reconnect grace,
        policy "bot" or "concede") agrees at once, as bots do: the match is owed, so it
        does not wait for someone who has gone. A rematch is a new match nobody owes
        anyone: it waits for every human seat's own ask, whatever stood in for them
        (ruling 39). A player who conceded the game and is still here is asked like
        everyone else."""
        stand_ins_agree = not self.decided
        return [
            s.seat
            for s in table.seats
            if s.kind == "human"
            and s.seat not in self.ready
            and not (stand_ins_agree and _agrees_unasked(table, s))
        ]

    def between_games(self) -> bool:
        """Whether the table, its game over, waits for the next game of this match."""
        return self.match is not None and not self.decided

    # --- what every seat sees -------------------------------------------------------------

    def info(self, table: Table) -> dict[str, Any]:
        """``doc.table.match``: built once per change, then shared (never mutated)."""
        if table.status == "over" and not self._recorded:
            self.record(table, table.state)  # so the patch that ends a game has its score
        if self._now_heroes is None and table.state is not None:
            self._now_heroes = _facts(table, table.state)[0]
            self._info = None
        if self._info is not None and self._info[0] == table.status:
            return self._info[1]
        after = table.status == "over" and any(k == "human" for k in self.kinds)
        doc = {
            "best_of": self.best_of,
            "number": self.number,
            "game": self.game,
            "played": self.played,
            "wins": list(self.wins),
            "heroes": list(self._now_heroes or []),
            "games": copy.deepcopy(self.games),
            "winners": None if self.winners is None else list(self.winners),
            "next": self.next_kind if after else None,
            "ready": sorted(self.ready),
            "tally": list(self.tally),
        }
        self._info = (table.status, doc)
        return doc


def _facts(table: Table, state: Any) -> tuple[list[Any], Any]:
    """The heroes (per seat) and the first player of a game, from its public view."""
    view = table.rules.view_for(state, None)
    players = view.get("players") if isinstance(view, dict) else None
    heroes = [p.get("hero") for p in players or [] if isinstance(p, dict)]
    return heroes, view.get("first") if isinstance(view, dict) else None


# --- the table's side ---------------------------------------------------------------------


def game_over(table: Table) -> None:
    """A game of the table ended (live, or found ended after a restart)."""
    series = table.series
    series.record(table, table.state)
    if series.decided:
        _stand_ins_stop(table)
    if series.match is not None and series.decided:
        table.notice("match_over", _match_sentence(table), {"winners": series.winners})
    if not series.decided and not series.waiting_for(table):
        with contextlib.suppress(ProtocolError):  # logged; the table stays over
            start_next(table)  # bots only: the match goes on by itself
        return
    if series.between_games():
        _grace_for_the_absent(table)  # someone already gone gets the grace to come back


def absent_between_games(table: Table) -> None:
    """A seat's reconnect grace ran out while the table waits for the next game of a
    match: under policy "bot" or "concede" the seat now agrees (a bot plays for it, or
    it concedes each game as it comes); the next game starts if nobody else is awaited."""
    series = table.series
    if table.status != "over" or not series.between_games() or series.waiting_for(table):
        return
    with contextlib.suppress(ProtocolError):  # logged; the table stays over
        start_next(table)


def _stand_ins_stop(table: Table) -> None:
    """The match (or the single game) is decided: a bot that played for an absent
    player stops here. The rematch is a new match, not owed to anyone, so it waits for
    them to come back and ask (:meth:`Series.waiting_for`), and their seat is theirs
    again when they do, with no bot in it."""
    stopped = [s for s in table.seats if s.kind == "human" and s.takeover]
    for s in stopped:
        s.takeover = False
    if stopped:
        table.publish([])  # the game's last patch still showed the bot in their seat


def _match_sentence(table: Table) -> str:
    series = table.series
    score = "–".join(str(w) for w in sorted(series.wins, reverse=True))  # the winner's first
    if not series.winners:
        return f"The match is drawn, {score}."
    return f"{table.seats[series.winners[0]].name} wins the match, {score}."


def ask_next_game(table: Table, seat: int, reply: Reply) -> None:
    """A seat asks for the table's next game; it starts once every human seat has."""
    if table.status != "over":
        state = "has not started" if table.status == "waiting" else "is still being played"
        raise ProtocolError("not_over", f"The game {state}; ask for the next one at its end.")
    series = table.series
    first_time = series.ask(seat)
    if first_time:
        table.keep_ask(seat)
    waiting = series.waiting_for(table)
    reply({"t": KIND, "table": table.code, "seat": seat, "next": series.next_kind,
           "ready": sorted(series.ready), "waiting": waiting})  # fmt: skip
    if waiting:
        if not first_time:
            return
        what = "the next game" if series.next_kind == "game" else "a rematch"
        name = table.seats[seat].name
        table.notice("next_game_asked", f"{name} asks for {what}.",
                     {"seat": seat, "next": series.next_kind})  # fmt: skip
        table.publish([])
        return
    start_next(table)


def left_table(table: Table, seat: int) -> None:
    """The player of ``seat`` left the table (said ``leave``, as the client does when
    they go to the menu) while its game is over: their ask for the next game goes with
    them, so it cannot begin without them. A rematch then waits until they come back and
    ask again; a match's next game waits for them as for anyone gone between games
    (ruling 39: after the grace, the table's policy answers for them). A lost connection
    keeps the ask: its player means to come back."""
    if table.status == "over" and table.series.withdraw(seat):  # the caller publishes it
        table.keep_ask(seat, asked=False)


def start_next(table: Table) -> None:
    """Log a boundary row and begin the next game on the same seats."""
    series = table.series
    backup = copy.deepcopy(series)
    try:
        series.advance(table)
        state = table.rules.new_game(table.full_setup(), table._seed)
        table.host.store.append_command(
            table.id, table.log_len, 0, None, {"kind": KIND, "game": series.played}, SOURCE
        )
    except (SetupError, sqlite3.Error) as exc:
        log.error("table %s: could not begin the next game: %s", table.code, exc)
        table.series = backup
        backup.install(table)
        raise ProtocolError("internal", "The server could not begin the next game.") from None
    table.log_len += 1
    table.state, table.status, table.result = state, "playing", None
    try:
        table.host.store.set_status(table.id, "playing")
    except sqlite3.Error:  # the log is the truth: a restore finds the game begun
        log.exception("table %s: could not mark the next game as playing", table.code)
    _fresh_seats(table)
    data = {"game": series.game, "number": series.number, "played": series.played}
    table.notice("game_started", _start_sentence(series, [x.name for x in table.seats]), data)
    table.begin_game()


def _fresh_seats(table: Table) -> None:
    """Every human asked for this game, so no bot plays for them, except a seat a bot
    took over whose player is still gone (a match's next game only: a rematch waits for
    everyone's own ask, and the bots stopped when the match was decided): it agreed
    unasked, and its bot plays on from the start (its grace ran out already: a second
    one would only make the new game wait for it, and then say again that a bot took
    the seat over). Those gone away since get the reconnect grace, as after a restart."""
    table._legal_cache = None
    for s in table.seats:
        s.recent.clear()
        s.hold_armed = False
        if s.kind == "human":
            s.takeover = s.takeover and not table.connected(s.seat)
        _new_game_for(s)
    _grace_for_the_absent(table)


def _new_game_for(s: Seat) -> None:
    """A seat at the start of the next game (played now or replayed from the log): a
    concession was for the last game, and the log of this one says anew who plays for
    an absent player."""
    s.conceded = s.conceded_away = False
    s.away_streak = False


def _grace_for_the_absent(table: Table) -> None:
    """Start the reconnect grace of every human seat that has no connection now and no
    bot playing for it."""
    for s in table.seats:
        if s.kind == "human" and not s.takeover and not table.connected(s.seat):
            table._start_grace(s)


def _agrees_unasked(table: Table, s: Seat) -> bool:
    """A human seat that agrees to a match's next game without being asked (never to a
    rematch: :meth:`Series.waiting_for`): one a bot plays for, or, under the policy
    "concede", one that conceded and whose player is still gone once the grace is over
    (ruling 39). A player who conceded and lost the connection a moment ago has their
    grace to come back and ask; under "wait" the table waits for them."""
    if s.takeover:
        return True
    gone = s.conceded and not table.connected(s.seat) and s.grace is None
    return gone and table.options["policy"] == "concede"


def _start_sentence(series: Series, names: list[str]) -> str:
    if series.best_of > 1 and series.game == 1:
        return f"Rematch: a new best of {series.best_of} has started."
    if series.best_of > 1:
        standing = _standing(series.wins, names)
        return f"Game {series.game} of the best of {series.best_of} has started ({standing})."
    return f"Rematch: game {series.played} at this table has started."


def _standing(wins: list[int], names: list[str]) -> str:
    """The match score said with the leader's name ("Bob leads 1–0", "1–1"): a bare
    "1–0" read against the status line's seat order ("0–1") looked like a mistake."""
    score = "–".join(str(w) for w in sorted(wins, reverse=True))
    best = max(wins, default=0)
    leaders = [seat for seat, w in enumerate(wins) if w == best]
    if len(leaders) != 1:
        return f"tied {score}"
    return f"{names[leaders[0]]} leads {score}"


# --- the log, game by game (server/replays.py) ---------------------------------------------


class LoggedGame:
    """One game of a table's command log (:func:`split_log`), with the setup and seed it
    was played with. Holds the seed: never sent anywhere."""

    __slots__ = ("best_of", "commands", "ended", "game", "index", "number", "seed", "setup")

    def __init__(self, index: int, number: int, game: int, best_of: int,
                 setup: dict[str, Any], seed: int, commands: tuple[CommandRow, ...],
                 ended: bool) -> None:  # fmt: skip
        self.index = index  # the game's number at the table, 1-based (``Series.played``)
        self.number = number  # its match at the table (best of 1: equal to ``index``)
        self.game = game  # its number within that match
        self.best_of = best_of
        self.setup = setup  # the rule set's full setup: seat names and heroes merged in
        self.seed = seed
        self.commands = commands  # its rows of the log, boundary rows left out
        self.ended = ended  # the log begins another game after it (so it was over)

    def __repr__(self) -> str:  # never show the seed
        return f"<LoggedGame {self.index} ({len(self.commands)} commands)>"


class _SeatStub:
    __slots__ = ("hero", "kind", "name", "recent", "seat")

    def __init__(self, seat: int, kind: str, name: str, hero: str | None) -> None:
        self.seat, self.kind, self.name, self.hero = seat, kind, name, hero
        self.recent: dict[Any, Any] = {}


class _Slate:
    """The parts of a :class:`~server.table.Table` that :class:`Series` uses (rules, code,
    setup, seed, seats, ``full_setup``), so a log can be split without a live table."""

    def __init__(self, row: TableRow, rules: Any) -> None:
        self.rules = rules
        self.code = row.code
        self.setup = row.setup
        self._seed = row.seed
        self.seats = [_SeatStub(s.seat, s.kind, s.name, s.hero) for s in row.seats]
        self.series = Series(row)

    def full_setup(self) -> dict[str, Any]:
        """As :meth:`Table.full_setup`: a match's dealt heroes over the seats' own."""
        from server.seating import merged_setup  # seating → options → this module

        return merged_setup(self.setup, self.seats, self.series.heroes)


def split_log(row: TableRow, commands: Sequence[CommandRow], rules: Any) -> list[LoggedGame]:
    """Every game of a table's command log, each with the setup and seed it was played
    with, rebuilt the way a restore rebuilds them (:meth:`Series.rewind`, then
    :meth:`Series.record` and :meth:`Series.advance` at each boundary row).

    A match deals each game from the results of the games before it, so every game but
    the last is played through ``rules`` once. A command the rules refuse (a log made with
    other rules) ends that game's play there, and the next game is dealt as if the game
    had ended at that point (its own replay then reports where it stops).
    """
    spans: list[list[CommandRow]] = [[]]
    for cmd in commands:
        if is_boundary(cmd):
            spans.append([])
        else:
            spans[-1].append(cmd)
    slate = _Slate(row, rules)
    series = slate.series
    table = cast("Table", slate)  # Series only touches what _Slate has
    series.rewind(table)
    games = []
    for i, span in enumerate(spans):
        last = i == len(spans) - 1
        setup = slate.full_setup()
        games.append(LoggedGame(series.played, series.number, series.game, series.best_of,
                                setup, slate._seed, tuple(span), ended=not last))  # fmt: skip
        if last:
            break
        series.record(table, _play(rules, setup, slate._seed, span))
        series.advance(table)
    return games


def _play(rules: Any, setup: dict[str, Any], seed: int, commands: list[CommandRow]) -> Any:
    """The state after ``commands`` (up to the first one the rules refuse)."""
    state = rules.new_game(setup, seed)
    in_place = "in_place" in inspect.signature(rules.apply).parameters  # no copy per command
    for cmd in commands:
        try:
            if in_place:
                state, _ = rules.apply(state, cmd.seat, cmd.action, None, in_place=True)
            else:
                state, _ = rules.apply(state, cmd.seat, cmd.action)
        except Exception:  # a log made with other rules: the game's replay says so
            break
    return state

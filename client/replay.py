"""Replays in the client: a recorded game as frames to step through (pure; no Textual).

A game of ``n`` accepted commands has ``n + 1`` **steps**: step 0 is the table before the
first command, step ``k`` the table after command ``k``. A :class:`Replay` gives the
frame of any step from any of its **perspectives** (``None``: a spectator's public view;
a seat number: that seat's own view, its hand included).

Where the positions come from:

* :class:`LocalPositions` — a record on this machine (``server.replays.GameRecord``: the
  local games' database, a server database given with ``--db``, a ``sim --record`` file).
  The client plays it through the rules core itself. A finished game offers every
  perspective; a game not finished yet only the public view and the seat this machine's
  player held, if that seat was theirs alone (:func:`seats_shown`). It
  keeps a copy of the game state every ``SNAPSHOT_EVERY`` steps, so going back one step
  costs one state copy and at most ``SNAPSHOT_EVERY - 1`` commands (about 3 ms).
* :class:`NetPositions` — a finished game fetched from a live server (``replay``
  message): the server played it and sent one perspective as a first view plus per step
  the view's patch and the filtered events; the client keeps a copy of the view every
  ``SNAPSHOT_EVERY`` steps. Nothing hidden from that perspective ever arrives.

The game log of a perspective (sentences made from each step's events) is made once,
in one pass over the game, the first time that perspective is shown.
"""

from __future__ import annotations

import asyncio
import copy
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from client.viewmodel.log import LogMemory, sentences
from client.viewmodel.refs import UnitNumbers
from client.viewmodel.table import FORMAT_NAMES
from server.replays import GameRecord, ReplayError, Runner, identity
from shared.protocol import ProtocolError, codec
from shared.protocol.diff import apply_ops

if TYPE_CHECKING:
    from server.store import Store

Perspective = int | None

#: Steps between two kept copies of the game (state or view): the most commands a step
#: backwards re-applies.
SNAPSHOT_EVERY = 32

#: When a game joined on another machine can be replayed: from its server, while that
#: server runs (the list says it after the server's address).
WHILE_IT_RUNS = "(while it runs)"

__all__ = ["ReplayError"]  # re-exported for the screens and the command


# --------------------------------------------------------------------------- what a game is


@dataclass(frozen=True)
class PlayerInfo:
    seat: int
    name: str
    kind: str
    hero: str | None


@dataclass(frozen=True)
class ReplayInfo:
    """A game as the replay list shows it (from a summary; nothing hidden)."""

    key: str  # join code, or file path
    source: str  # "local", "db", "file" or "server"
    format: str
    when: float | None  # when it ended (unfinished: when it began)
    players: tuple[PlayerInfo, ...]
    winners: tuple[int, ...]
    reason: str | None
    turns: int | None
    steps: int
    status: str  # "over" or "unfinished"
    problem: str | None = None
    # which game of its table (matches and rematches; 1 for a table of one game)
    index: int = 1  # the game's number at its table
    games: int = 1  # games in the table's log
    best_of: int = 1
    match: int = 1  # the game's match at its table
    match_game: int = 1  # its number within that match
    server: str = ""  # a game joined on another machine ("joined"): that server's address
    hosted: bool = False  # ("joined") this player made the table there (``host --on``)
    #: whether the table was played at one keyboard (a local game: hot-seat or against
    #: bots); None where the source does not say (a file, a server's listing)
    hotseat: bool | None = None

    @classmethod
    def from_summary(cls, data: Mapping[str, Any], source: str) -> ReplayInfo:
        players = tuple(
            PlayerInfo(int(p.get("seat", i)), str(p.get("name") or f"Seat {i + 1}"),
                       str(p.get("kind") or "human"),
                       None if p.get("hero") is None else str(p.get("hero")))
            for i, p in enumerate(data.get("players") or [])
        )  # fmt: skip
        turns = data.get("turns")
        return cls(
            key=str(data.get("key", "")),
            source=source,
            format=str(data.get("format") or ""),
            when=_number(data.get("finished")) or _number(data.get("created")),
            players=players,
            winners=tuple(int(w) for w in data.get("winners") or []),
            reason=None if data.get("reason") is None else str(data.get("reason")),
            turns=int(turns) if isinstance(turns, int) else None,
            steps=int(data.get("steps") or 0),
            status=str(data.get("status") or "over"),
            problem=None if not data.get("problem") else str(data.get("problem")),
            index=_count(data.get("index")),
            games=_count(data.get("games")),
            best_of=_count(data.get("best_of")),
            match=_count(data.get("match")),
            match_game=_count(data.get("match_game")),
            hotseat=data["hotseat"] if isinstance(data.get("hotseat"), bool) else None,
        )

    # words for the list and the status line
    @property
    def label(self) -> str:
        """The join code (a file: its name)."""
        return Path(self.key).name if self.source == "file" else self.key

    @property
    def title(self) -> str:
        """The join code (a file: its name), and which game of the table it is."""
        which = self.which
        return f"{self.label} · {which}" if which else self.label

    @property
    def which(self) -> str:
        """Which game of its table this is ("game 2 of best of 3"); empty for the only
        game of a table."""
        if self.best_of > 1:
            game = f"game {self.match_game} of best of {self.best_of}"
            return f"match {self.match}, {game}" if self.match > 1 else game
        return f"game {self.index}" if self.games > 1 or self.index > 1 else ""

    @property
    def which_short(self) -> str:
        """:attr:`which` in fewer words, for the replay list's Game column, which has 24
        cells at 80 columns ("game 2/3", "match 2 · game 1/3", "game 2"), as the
        table's status line says a match's game ("Game 2/3")."""
        if self.best_of > 1:
            game = f"game {self.match_game}/{self.best_of}"
            return f"match {self.match} · {game}" if self.match > 1 else game
        return self.which

    @property
    def date(self) -> str:
        if self.when is None:
            return "—"
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.when))

    @property
    def format_name(self) -> str:
        if self.source == "joined":
            return "hosted" if self.hosted else "joined"
        name = FORMAT_NAMES.get(self.format, self.format.title())
        return name if self.format in ("duel", "team") else f"{name} ({len(self.players)})"

    @property
    def mode(self) -> str:
        """Who sat at the table, where the format alone leaves it open: "vs bot" (or
        "vs bots": one person against bots), "hot-seat" (people at one keyboard),
        "hosted" (a table hosted here, the others joined over the network), "bots only"
        (a ``sim`` recording); "" for a game joined elsewhere (:attr:`format_name` says
        so) or where the source does not tell."""
        if self.source == "joined" or not self.players:
            return ""
        humans = len(self.humans)
        bots = len(self.players) - humans
        if humans == 0:
            return "bots only"
        if humans == 1:
            return "vs bot" if bots == 1 else "vs bots"
        if self.hotseat:
            return "hot-seat"
        # people at several machines: worth saying only of this machine's own games
        return "hosted" if self.hotseat is False and self.source == "local" else ""

    def name(self, seat: int | None) -> str:
        for p in self.players:
            if p.seat == seat:
                return p.name
        return "Spectator" if seat is None else f"Seat {seat + 1}"

    def heroes(self, hero_name: Any = None) -> str:
        named = [hero_name(p.hero) if hero_name and p.hero else (p.hero or "?")
                 for p in self.players]  # fmt: skip
        return ", ".join(named)

    @property
    def address(self) -> str:
        """A joined game's server as HOST:PORT ("" for any other game)."""
        return self.server.removeprefix("ws://").removeprefix("wss://")

    @property
    def player_names(self) -> str:
        if self.source == "joined":
            return f"on {self.address} {WHILE_IT_RUNS}"
        return ", ".join(p.name for p in self.players)

    @property
    def winner(self) -> str:
        if self.source == "joined" and self.status != "over":
            return "—"  # nothing known until its server says how it ended
        if self.status != "over":
            return "unfinished"
        if not self.winners:
            return "nobody"
        return " and ".join(self.name(w) for w in self.winners)

    @property
    def humans(self) -> list[int]:
        return [p.seat for p in self.players if p.kind == "human"]


def _count(value: Any) -> int:
    """A game number of a summary (1 when absent or not a positive number)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 1


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


# --------------------------------------------------------------------------- positions


class Positions(ABC):
    """The view of every step, for the perspectives this source can show."""

    total: int  # the last step (the number of commands that replayed)
    perspectives: tuple[Perspective, ...]
    #: Whether some seat's own view is withheld from a game on this machine (not finished
    #: yet); a server's replay has one perspective by nature.
    withheld: bool = False

    @abstractmethod
    def view(self, step: int, perspective: Perspective) -> dict[str, Any]:
        """The view after ``step`` commands (a snapshot: never changed afterwards)."""

    @abstractmethod
    def events(self, step: int, perspective: Perspective) -> list[dict[str, Any]]:
        """The events of command ``step`` (none for step 0) as the perspective sees them."""

    @abstractmethod
    def turn(self, step: int) -> int:
        """The game turn at ``step``."""


class LocalPositions(Positions):
    """Plays a record through the rules core (records on this machine only)."""

    def __init__(self, record: GameRecord, seats: Sequence[int] | None = None) -> None:
        """``seats``: the seats whose own views may be shown (None: every seat)."""
        self.record = record
        runner = Runner(record)
        self.rules = runner.rules
        self._in_place = runner.in_place
        self._snapshots = [self._copy(runner.state)]
        self._turns = [self._turn_of(runner.state)]
        self._events: list[list[dict[str, Any]]] = []
        self.problem: str | None = None
        while runner.applied < runner.total:
            try:
                self._events.append(runner.step())
            except ReplayError as exc:
                self.problem = exc.message
                break
            self._turns.append(self._turn_of(runner.state))
            if runner.applied % SNAPSHOT_EVERY == 0:
                self._snapshots.append(self._copy(runner.state))
        self.total = runner.applied
        self.final_result = self.rules.result(runner.state)
        every = range(self.rules.seats(runner.state))
        self.perspectives = (None, *(s for s in every if seats is None or s in seats))
        self.withheld = len(self.perspectives) < len(every) + 1
        self._at = self.total
        self._state = runner.state

    def _turn_of(self, state: Any) -> int:
        turn = getattr(state, "turn", None)
        if not isinstance(turn, int):
            turn = self.rules.view_for(state, None).get("turn", 0)
        return int(turn or 0)

    @staticmethod
    def _copy(state: Any) -> Any:
        clone = getattr(state, "clone", None)
        return clone() if callable(clone) else copy.deepcopy(state)

    def _state_at(self, step: int) -> Any:
        base = step - step % SNAPSHOT_EVERY
        if step < self._at or step - self._at > SNAPSHOT_EVERY:
            self._state = self._copy(self._snapshots[base // SNAPSHOT_EVERY])
            self._at = base
        while self._at < step:
            seat, action = self.record.commands[self._at]
            if self._in_place:  # the state is this cursor's own copy
                apply: Any = self.rules.apply
                self._state, _ = apply(self._state, seat, action, None, in_place=True)
            else:
                self._state, _ = self.rules.apply(self._state, seat, action)
            self._at += 1
        return self._state

    def view(self, step: int, perspective: Perspective) -> dict[str, Any]:
        view: dict[str, Any] = self.rules.view_for(self._state_at(step), perspective)
        return view

    def events(self, step: int, perspective: Perspective) -> list[dict[str, Any]]:
        if step == 0:
            return []
        return self.rules.events_for(self._events[step - 1], perspective)

    def turn(self, step: int) -> int:
        return self._turns[step]


class NetPositions(Positions):
    """One perspective of a finished game, as a server sent it (``replay`` parts)."""

    def __init__(self, parts: Sequence[Mapping[str, Any]]) -> None:
        first = parts[0]
        self.info = dict(first.get("info") or {})
        self.perspective: Perspective = first.get("seat")
        self.perspectives = (self.perspective,)
        steps = [s for part in parts for s in part.get("steps") or []]
        self._ops = [list(s.get("ops") or []) for s in steps]
        self._events = [list(s.get("events") or []) for s in steps]
        self.total = len(steps)
        view = _fresh(first.get("view"))
        if not isinstance(view, dict):
            raise ReplayError("bad_replay", "The server sent a replay without a first view.")
        self._snapshots = [_fresh(view)]
        self._turns = [int(view.get("turn") or 0)]
        for k in range(1, self.total + 1):
            view = self._patched(view, k)
            self._turns.append(int(view.get("turn") or 0))
            if k % SNAPSHOT_EVERY == 0:
                self._snapshots.append(_fresh(view))
        self._at, self._doc = self.total, view

    def _patched(self, doc: dict[str, Any], step: int) -> dict[str, Any]:
        try:  # a copy of the ops: applying puts their values into the (changing) view
            out = apply_ops(doc, _fresh(self._ops[step - 1]))
        except ProtocolError:
            raise ReplayError(
                "bad_replay", f"Step {step} of the server's replay does not fit its view."
            ) from None
        if not isinstance(out, dict):
            raise ReplayError("bad_replay", f"Step {step} of the server's replay is not a view.")
        return out

    def view(self, step: int, perspective: Perspective) -> dict[str, Any]:
        base = step - step % SNAPSHOT_EVERY
        if step < self._at or step - self._at > SNAPSHOT_EVERY:
            self._doc, self._at = _fresh(self._snapshots[base // SNAPSHOT_EVERY]), base
        while self._at < step:
            self._at += 1
            self._doc = self._patched(self._doc, self._at)
        view: dict[str, Any] = _fresh(self._doc)
        return view

    def events(self, step: int, perspective: Perspective) -> list[dict[str, Any]]:
        return [] if step == 0 else self._events[step - 1]

    def turn(self, step: int) -> int:
        return self._turns[step]


def _fresh(doc: Any) -> Any:
    """A private copy of plain data (msgpack round trip: faster than ``deepcopy``)."""
    return codec.decode(codec.encode({"v": doc}), codec.CLIENT_LIMITS)["v"]


# --------------------------------------------------------------------------- the replay


@dataclass(frozen=True)
class ReplayFrame:
    """What the replay screen shows at one step, from one perspective."""

    step: int
    total: int
    turn: int
    perspective: Perspective
    view: dict[str, Any]
    log: list[str]  # every log line up to and including this step
    fresh: int  # how many of the last lines this step made
    numbers: UnitNumbers | None = None  # the unit numbers the log gave (for the board)


class Replay:
    """A recorded game to step through, forwards and backwards, from any perspective its
    source offers. ``note``: what the screen says about the perspectives left out (a game
    not finished yet: :func:`withheld_note`)."""

    def __init__(
        self, info: ReplayInfo, positions: Positions, perspective: Perspective = None,
        note: str = "",
    ) -> None:  # fmt: skip
        self.info = info
        self.positions = positions
        self.note = note
        self.perspective = perspective if perspective in positions.perspectives else (
            positions.perspectives[0]
        )  # fmt: skip
        self.step = 0
        self._logs: dict[Perspective, tuple[list[str], list[int]]] = {}
        self._numbers: dict[Perspective, UnitNumbers] = {}

    @property
    def total(self) -> int:
        return self.positions.total

    @property
    def perspectives(self) -> tuple[Perspective, ...]:
        return self.positions.perspectives

    def perspective_name(self, perspective: Perspective) -> str:
        if perspective is None:
            return "spectator"
        return f"{self.info.name(perspective)} (seat {perspective + 1})"

    def _log(self, perspective: Perspective) -> tuple[list[str], list[int]]:
        """Every log line of the perspective and where each step's lines end: made in
        one pass over the game the first time the perspective is shown (naming things
        costs more than building the views, so only the perspectives shown pay it)."""
        made = self._logs.get(perspective)
        if made is None:
            lines: list[str] = []
            ends = [0]
            before = self.positions.view(0, perspective)
            # a unit keeps its number while in play, so the board of any step names it
            # as the log did (numbers given once are kept: stepping back agrees too)
            memory = LogMemory(self._numbers.setdefault(perspective, UnitNumbers()))
            for k in range(1, self.total + 1):
                view = self.positions.view(k, perspective)
                events: list[Mapping[str, Any]] = list(self.positions.events(k, perspective))
                if events:
                    lines.extend(sentences(events, view, before, memory))
                ends.append(len(lines))
                before = view
            made = self._logs[perspective] = (lines, ends)
        return made

    def prepare(self) -> Replay:
        """Make the logs now (they take one pass over the game); returns the replay."""
        self._log(self.perspective)
        return self

    def frame(self) -> ReplayFrame:
        """The current step from the current perspective."""
        lines, ends = self._log(self.perspective)
        k = self.step
        return ReplayFrame(
            step=k,
            total=self.total,
            turn=self.positions.turn(k),
            perspective=self.perspective,
            view=self.positions.view(k, self.perspective),
            log=lines[: ends[k]],
            fresh=ends[k] - ends[k - 1] if k else 0,
            numbers=self._numbers.get(self.perspective),
        )

    # moving ---------------------------------------------------------------------------
    def go(self, step: int) -> int:
        self.step = max(0, min(self.total, step))
        return self.step

    def next_turn(self) -> int:
        """The first step of the next turn (or the end)."""
        turn = self.positions.turn(self.step)
        for k in range(self.step + 1, self.total + 1):
            if self.positions.turn(k) != turn:
                return self.go(k)
        return self.go(self.total)

    def previous_turn(self) -> int:
        """The first step of this turn, or of the one before when already there."""
        k = self.step
        turn = self.positions.turn(k)
        start = k
        while start > 0 and self.positions.turn(start - 1) == turn:
            start -= 1
        if start < k:
            return self.go(start)
        if start == 0:
            return self.go(0)
        turn = self.positions.turn(start - 1)
        start -= 1
        while start > 0 and self.positions.turn(start - 1) == turn:
            start -= 1
        return self.go(start)

    def cycle_perspective(self) -> Perspective:
        options = self.perspectives
        i = options.index(self.perspective) if self.perspective in options else -1
        self.perspective = options[(i + 1) % len(options)]
        return self.perspective


# --------------------------------------------------------------------------- opening


def default_perspective(info: ReplayInfo) -> Perspective:
    """A game with one person at it is shown from their seat; others from a spectator's."""
    humans = info.humans
    return humans[0] if len(humans) == 1 else None


def local_replay(record: GameRecord, source: str, db: Path | None = None) -> Replay:
    """A record on this machine (of the database ``db``, or a file), played through the
    rules core, from the perspectives :func:`seats_shown` allows."""
    positions = LocalPositions(record, seats_shown(record, source, db))
    info = ReplayInfo.from_summary(_record_summary(record, positions), source)
    perspective = default_perspective(info)
    if positions.withheld and len(positions.perspectives) == 2:  # the one seat held here
        perspective = positions.perspectives[1]
    note = withheld_note(record, source, positions) if positions.withheld else ""
    return Replay(info, positions, perspective, note)


#: What the replay of a game not finished yet says about the views it leaves out, in
#: one short line (the note covers little of an 80×24 board). A game that may still be
#: played on (hosted: hosting again resumes it; a server's) shows every hand once it is
#: over; a local game (hot-seat, against bots) cannot be resumed, so one left unfinished
#: never will be: its sentence promises nothing of it (the game being played now, opened
#: from the palette, may still end).
WITHHELD = "Not finished yet: only the public view and your seat; all hands once it is over."
WITHHELD_PUBLIC = "Not finished yet: only the public view; all hands once it is over."
WITHHELD_LOCAL = (
    "Unfinished local game: only the public view and your seat (hands show in finished games)."
)
WITHHELD_HOTSEAT = "Unfinished hot-seat game: only the public view (hands show in finished games)."


def withheld_note(record: GameRecord, source: str, positions: Positions) -> str:
    """The sentence for a replay that leaves some seat's view out: whether a seat of
    yours is offered, and whether the game can still be finished."""
    yours = len(positions.perspectives) > 1
    if record.hotseat and source == "local":
        return WITHHELD_LOCAL if yours else WITHHELD_HOTSEAT
    return WITHHELD if yours else WITHHELD_PUBLIC


def seats_shown(record: GameRecord, source: str, db: Path | None) -> tuple[int, ...] | None:
    """The seats whose own views (hands included) a replay on this machine may show
    (None: every seat). A finished game, or a ``sim --record`` file (bots only, nobody
    to hide anything from): every seat. A game not finished yet may still be played on:
    only the seat this machine's player held, if nobody else sat at this keyboard
    (``docs/replays.md``, *Hidden information*), as a server replays only finished games
    to anyone:

    * a local game of one person against bots: that person's seat (a bot's hand stays
      hidden);
    * a hot-seat game of two or more people at this keyboard: no seat, only the public
      view, as the curtain promises during play (the replay may be opened by any of them,
      from the palette, in the middle of the game);
    * a game hosted from the local games (``source`` "local", not hot-seat): the host's
      seat, the one ``allegiance host`` kept for it, else the table's first human seat
      (the host always takes that one);
    * a server's database (``--db``): the seat kept for it by ``allegiance host --db``,
      if it is this table's; no seat of anyone else's game.
    """
    if record.status == "over" or source == "file":
        return None
    humans = tuple(s.seat for s in record.seats if s.kind == "human")
    if record.hotseat and source == "local":
        return humans if len(humans) == 1 else ()
    kept = hosted_seat(db, record.key) if db is not None else None
    if kept is not None:
        return (kept,)
    return humans[:1] if source == "local" else ()


def hosted_seat(db: Path, code: str) -> int | None:
    """The seat ``allegiance host`` kept for table ``code`` hosted on database ``db``
    (the seats file of ``client.settings``, read only), if it kept one for that table."""
    import json
    import os

    from client.settings import seats_path

    try:
        data = json.loads(seats_path().read_text(encoding="utf-8"))
        item = data[f"host:{os.path.abspath(db)}"]
        if str(item["table"]).upper() == code.upper():
            return int(item["seat"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return None


def _record_summary(record: GameRecord, positions: LocalPositions) -> dict[str, Any]:
    final = positions.view(positions.total, None)
    result = positions.final_result or record.result or {}
    summary = _summary(record, final, result, final.get("turn"), positions.total)
    summary["problem"] = positions.problem
    summary["hotseat"] = record.hotseat
    return summary


def _summary(
    record: GameRecord, view: dict[str, Any], result: dict[str, Any], turns: Any, steps: int
) -> dict[str, Any]:
    """One line of the replay list: who played which hero, who won, how long it took."""
    heroes = {p.get("seat"): p.get("hero") for p in view.get("players") or []}
    return {
        **identity(record),
        "format": record.setup.get("format") or record.game,
        "created": record.created,
        "finished": record.finished,
        "players": [
            {"seat": s.seat, "name": s.name, "kind": s.kind, "hero": heroes.get(s.seat) or s.hero}
            for s in record.seats
        ],
        "winners": result.get("winners") or [],
        "reason": result.get("reason"),
        "turns": turns,
        "steps": steps,
        "status": record.status,
    }


def net_replay(parts: Sequence[Mapping[str, Any]]) -> Replay:
    """A finished game as a server sent it."""
    positions = NetPositions(parts)
    info = ReplayInfo.from_summary(positions.info, "server")
    return Replay(info, positions, positions.perspective)


# --------------------------------------------------------------------------- the network


async def _exchange(url: str, request: dict[str, Any], timeout: float) -> list[dict[str, Any]]:
    """Send one request to a server; its answers (every ``replay`` part, or one message)."""
    from client.net.ask import ServerSaid, ask

    def done(answers: list[dict[str, Any]]) -> bool:
        last = answers[-1]
        return last.get("t") != "replay" or len(answers) >= int(last.get("parts") or 1)

    try:
        return await ask(url, request, timeout, name="replay", done=done)
    except ServerSaid as said:
        raise ReplayError(said.code, said.message) from None


async def fetch_replay(
    url: str, code: str, seat: int | None = None, token: str | None = None,
    timeout: float = 60.0, index: int | None = None,
) -> Replay:  # fmt: skip
    """A finished game's replay from a live server (a spectator's, or a seat's with its
    token): game ``index`` of the table (a match, rematches), or its last finished one.
    :class:`ReplayError` for every refusal, with the server's sentence."""
    request: dict[str, Any] = {"t": "replay", "table": code}
    if index is not None:
        request["index"] = index
    if seat is not None:
        request["seat"] = seat
    if token is not None:
        request["token"] = token
    parts = sorted(await _guarded(_exchange(url, request, timeout), url), key=_part_number)
    if not parts or [_part_number(p) for p in parts] != list(range(int(parts[0]["parts"]))):
        raise ReplayError("bad_replay", "The server's replay arrived incomplete.")
    return await asyncio.to_thread(net_replay, parts)


async def fetch_listing(
    url: str, timeout: float = 60.0, table: str | None = None, token: str | None = None
) -> list[ReplayInfo]:
    """The finished games a live server lists, one per game: of its newest finished
    tables that allowed spectators, or (``table``) of that one table, ``token`` proving a
    seat at it where spectators were not allowed."""
    request: dict[str, Any] = {"t": "replays"}
    if table is not None:
        request["table"] = table
    if token is not None:
        request["token"] = token
    answers = await _guarded(_exchange(url, request, timeout), url)
    tables = answers[0].get("tables") if answers else None
    return [ReplayInfo.from_summary(t, "server") for t in tables or [] if isinstance(t, dict)]


async def _guarded(exchange: Any, url: str) -> list[dict[str, Any]]:
    from client.net.connection import unreachable

    try:
        answers: list[dict[str, Any]] = await exchange
    except ReplayError:
        raise
    except (OSError, TimeoutError) as exc:
        raise ReplayError("unreachable", unreachable(url, exc)) from None
    except Exception as exc:  # websockets' handshake and close errors, bad frames
        raise ReplayError("unreachable", f"The connection to {url} failed: {exc}") from None
    return answers


def _part_number(part: Mapping[str, Any]) -> int:
    number = part.get("part")
    return number if isinstance(number, int) else -1


# --------------------------------------------------------------------------- lists of games


class Catalog(ABC):
    """Where the replay list comes from, and how one of its games is opened."""

    title: str

    @abstractmethod
    async def entries(self) -> list[ReplayInfo]:
        """The games, newest first. :class:`ReplayError` when the source is unusable."""

    @abstractmethod
    async def open(self, info: ReplayInfo) -> Replay | Catalog:
        """One game, ready to show (its logs made); or the list of the games of a table
        that played several (a game joined on a server)."""

    async def details(self, games: list[ReplayInfo]) -> list[ReplayInfo]:
        """``games`` with what only another machine knows filled in (asked after the list
        is shown: it may take a while); by default there is nothing to ask."""
        return games


#: The tables a database's replay list shows (unfinished ones too: it is the user's own
#: file), and the most it lists.
STATUSES, LISTED = ("over", "playing"), 200


def _hotseat(options: Mapping[str, Any]) -> bool:
    """Whether a table's options say it was played at one keyboard (a local game)."""
    return bool(options.get("hotseat", False))


def _hotseat_tables(store: Store) -> dict[str, bool]:
    """Whether each table of the list was played at one keyboard, by join code."""
    return {e.code: _hotseat(e.options) for e in store.list_tables(STATUSES, LISTED)}


class StoreCatalog(Catalog):
    """A database of games: the local games of this machine, or a server's (``--db``);
    with ``table``, only that table's games (a match, rematches). Unfinished games are
    listed too (it is the user's own file)."""

    def __init__(
        self, path: Path, source: str = "db", title: str = "", table: str | None = None
    ) -> None:
        self.path = path
        self.source = source
        self.table = table
        self.title = title or f"Games in {path}"
        if table is not None:
            self.title = f"Games of table {table} in {title or path}"

    def _store(self) -> Any:
        from server.store import Store

        check_database(self.path)
        return Store(self.path)

    async def entries(self) -> list[ReplayInfo]:
        if self.source == "local" and not self.path.exists():
            return []  # no local game recorded yet: do not create the file just to list it
        return await asyncio.to_thread(self.entries_now)

    def entries_now(self) -> list[ReplayInfo]:
        import sqlite3

        from server.replays import store_summaries, table_summaries

        try:
            store = self._store()
            try:
                if self.table is None:
                    found = store_summaries(store, STATUSES, LISTED)
                    hotseat = _hotseat_tables(store)
                else:
                    table_id = self._table_id(store, self.table)
                    steps = len(store.commands(table_id))
                    found = list(reversed(table_summaries(store, table_id, steps)))
                    row = store.load_table(table_id)
                    hotseat = {row.code: _hotseat(row.options)}
            finally:
                store.close()
        except sqlite3.Error as exc:
            raise ReplayError("bad_database", f"cannot read {self.path}: {exc}") from None
        # A summary does not say whether its table was played at one keyboard; the
        # table's options do (a hot-seat duel and a duel against a bot differ in the list).
        return [ReplayInfo.from_summary({**s, "hotseat": hotseat.get(str(s.get("key")))},
                                        self.source)
                for s in found]  # fmt: skip

    def _table_id(self, store: Any, key: str) -> int:
        table_id: int | None = store.table_id_for(key.upper())
        if table_id is None and key.isdigit() and _table_exists(store, int(key)):
            table_id = int(key)
        if table_id is None:
            raise ReplayError("not_found", f"there is no game {key!r} in {self.path}")
        return table_id

    def game_count(self, key: str) -> int:
        """How many games the table ``key`` (join code or table id) holds."""
        import sqlite3

        from server.replays import read_table

        try:
            store = self._store()
            try:
                return read_table(store, self._table_id(store, key)).game_count
            finally:
                store.close()
        except sqlite3.Error as exc:
            raise ReplayError("bad_database", f"cannot read {self.path}: {exc}") from None

    async def open(self, info: ReplayInfo) -> Replay | Catalog:
        return await asyncio.to_thread(self.open_now, info.key, info.index)

    def open_now(self, key: str, index: int | None = None) -> Replay:
        """Game ``index`` (default: the last) of the table with this join code (or table
        id) in the database."""
        import sqlite3

        from server.replays import record_from_store

        try:
            store = self._store()
            try:
                record = record_from_store(store, self._table_id(store, key), index)
            finally:
                store.close()
        except sqlite3.Error as exc:
            raise ReplayError("bad_database", f"cannot read {self.path}: {exc}") from None
        if not record.commands and record.games == 1:
            raise ReplayError("not_started", f"game {record.key} never started: nothing to replay")
        return local_replay(record, self.source, self.path).prepare()


def _table_exists(store: Any, table_id: int) -> bool:
    row = store.db.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone()
    return row is not None


def check_database(path: Path) -> None:
    """:class:`ReplayError` unless ``path`` is an existing Allegiance database (opened
    read-only, so a wrong path never creates or changes a file)."""
    import sqlite3

    if not path.is_file():
        raise ReplayError("not_found", f"no such database: {path}")
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            db.execute("SELECT id, code, seed FROM tables LIMIT 1").fetchall()
            db.execute("SELECT table_id, idx, action FROM commands LIMIT 1").fetchall()
        finally:
            db.close()
    except sqlite3.Error:
        raise ReplayError("bad_database", f"{path} is not an Allegiance game database") from None


class FolderCatalog(Catalog):
    """The ``.jsonl`` replays of ``allegiance sim --record DIR``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.title = f"Simulated games in {path}"
        #: The files left out of the list, each with why (the list's note names them).
        self.unreadable: list[str] = []

    async def entries(self) -> list[ReplayInfo]:
        return await asyncio.to_thread(self._entries)

    def _entries(self) -> list[ReplayInfo]:
        from server.replays import read_jsonl

        files = sorted(self.path.glob("*.jsonl"), key=lambda f: (-_mtime(f), f.name))
        out = []
        self.unreadable = []
        for f in files:
            try:
                out.append(ReplayInfo.from_summary(file_summary(read_jsonl(f)), "file"))
            except ReplayError as exc:  # its message names the file and says why
                self.unreadable.append(exc.message)
        return out

    async def open(self, info: ReplayInfo) -> Replay | Catalog:
        return await asyncio.to_thread(open_file, Path(info.key))


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def file_summary(record: GameRecord) -> dict[str, Any]:
    """A list line for a sim file without playing it: heroes from the first position,
    turns from the file's result line."""
    runner = Runner(record)
    first = runner.rules.view_for(runner.state, None)
    result = record.result or {}
    return _summary(record, first, result, result.get("turns"), len(record.commands))


def open_file(path: Path) -> Replay:
    """A ``sim --record`` file, ready to show."""
    from server.replays import read_jsonl

    return local_replay(read_jsonl(path), "file").prepare()


class ServerCatalog(Catalog):
    """The finished games of a live server (of the tables that allowed spectators), or
    with ``table`` those of one table (``token``: a seat's, where spectators were not
    allowed)."""

    def __init__(
        self, url: str, table: str | None = None, token: str | None = None,
        timeout: float = 60.0,
    ) -> None:  # fmt: skip
        self.url = url
        self.table = table
        self.token = token
        self.timeout = timeout
        where = url if table is None else f"table {table} on {url}"
        self.title = f"Finished games on {where}"
        self.known: list[ReplayInfo] | None = None

    async def entries(self) -> list[ReplayInfo]:
        if self.known is None:
            self.known = await fetch_listing(
                self.url, self.timeout, table=self.table, token=self.token
            )
        return self.known

    async def open(self, info: ReplayInfo) -> Replay | Catalog:
        return await fetch_own_replay(self.url, info.key, self.token, info.index)


async def fetch_own_replay(
    url: str, code: str, token: str | None = None, index: int | None = None
) -> Replay:
    """A finished game (``index``; default: the table's last finished one) as its player
    sees it: with ``token``, or the seat token this client kept when it played there
    (``allegiance join``); else a spectator's replay."""
    if token is not None:
        return await fetch_replay(url, code, token=token, index=index)
    from client.settings import recall_seat

    held = recall_seat(url, code)
    if held is not None:
        try:
            return await fetch_replay(url, code, held[0], held[1], index=index)
        except ReplayError as exc:
            if exc.code != "unauthorized":
                raise
    return await fetch_replay(url, code, index=index)


async def table_listing(
    url: str, code: str, token: str | None = None, timeout: float = 60.0
) -> ServerCatalog:
    """The finished games of one table of a live server, listed with ``token`` or the
    seat token kept for it (a stale kept token: listed as a spectator would be)."""
    if token is None:
        from client.settings import recall_seat

        held = recall_seat(url, code)
        if held is not None:
            catalog = ServerCatalog(url, code, held[1], timeout)
            try:
                await catalog.entries()
                return catalog
            except ReplayError as exc:
                if exc.code != "unauthorized":
                    raise
    catalog = ServerCatalog(url, code, token, timeout)
    await catalog.entries()
    return catalog


# --------------------------------------------------------------------------- games joined


#: Most games joined on other machines the local list offers (the newest kept seats).
JOINED_LIMIT = 30


def joined_games(limit: int = JOINED_LIMIT) -> list[tuple[str, str]]:
    """(server address, join code) of the tables this client joined (``allegiance
    join``: the seats it kept, in the seats file of ``client.settings``, read only),
    newest first; the host's own seats are not among them."""
    return [(address, code) for address, code, _ in seats_elsewhere(limit)]


def seats_elsewhere(limit: int = JOINED_LIMIT) -> list[tuple[str, str, bool]]:
    """As :func:`joined_games`, each with whether this player made the table there
    (``allegiance host --on``: its seat is kept with ``"hosted": true``)."""
    import json

    from client.settings import seats_path

    try:
        data = json.loads(seats_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict):
        return []
    out: dict[tuple[str, str], bool] = {}
    for key, item in reversed(list(data.items())):
        address, _, code = str(key).rpartition("/")
        if key.startswith("host:") or not address or not code.isalnum():
            continue
        if (address, code) not in out:
            out[address, code] = isinstance(item, dict) and item.get("hosted") is True
    return [(address, code, hosted) for (address, code), hosted in out.items()][:limit]


def joined_info(address: str, code: str, hosted: bool = False) -> ReplayInfo:
    """A list line for a game joined on ``address`` (``hosted``: made there by this
    player): nothing about it is known here until its server answers."""
    return ReplayInfo(key=code, source="joined", format="", when=None, players=(),
                      winners=(), reason=None, turns=None, steps=0, status="joined",
                      server=address, hosted=hosted)  # fmt: skip


#: Seconds the Replays list waits for a joined game's server to say how it ended.
OUTCOME_TIMEOUT = 10.0


async def joined_outcome(info: ReplayInfo, timeout: float = OUTCOME_TIMEOUT) -> ReplayInfo:
    """A joined game's list line with when its table's newest finished game ended and who
    won it, as its server lists them (public facts of a finished game; asked with the
    seat kept there, as Enter opens it). Unchanged when the server cannot be reached,
    refuses, or has no finished game at that table yet."""
    from client.screens.join import server_url

    try:
        listing = await table_listing(server_url(info.server), info.key, timeout=timeout)
    except ReplayError:
        return info
    finished = [g for g in listing.known or () if g.status == "over" and g.when is not None]
    if not finished:
        return info
    last = max(finished, key=lambda g: g.when or 0.0)
    return replace(info, when=last.when, players=last.players, winners=last.winners,
                   reason=last.reason, status="over")  # fmt: skip


async def open_joined(address: str, code: str) -> Replay | Catalog:
    """A game joined on a server, from that server (as ``allegiance replay --connect
    ADDRESS CODE``), seen from the seat this client held there: the list of its finished
    games when it finished several, else its finished game. A server that cannot be
    reached is said plainly."""
    from client.screens.join import server_url

    url = server_url(address)
    try:
        listing = await table_listing(url, code)
        if len(listing.known or ()) > 1:
            return listing
        return await fetch_own_replay(url, code)
    except ReplayError as exc:
        if exc.code != "unreachable":
            raise
        where = url.removeprefix("ws://").removeprefix("wss://")
        raise ReplayError(
            "unreachable",
            f"The server {where} cannot be reached (it may have stopped): a game joined "
            "there can be replayed only while its server runs.",
        ) from None


class LocalCatalog(StoreCatalog):
    """The Replays list: the local games of this machine (``path``), then the games
    this client joined on other machines' servers (opened from those servers)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, "local", "your local games and the games you joined")

    async def entries(self) -> list[ReplayInfo]:
        local = await super().entries()
        own = {g.key for g in local}
        held = await asyncio.to_thread(seats_elsewhere)
        joined = [joined_info(a, c, hosted) for a, c, hosted in held]
        return local + [g for g in joined if g.key not in own]

    async def details(self, games: list[ReplayInfo]) -> list[ReplayInfo]:
        """The joined games with when they ended and who won, as their servers say
        (:func:`joined_outcome`): the servers asked at the same time, each server's
        tables one after the other (a server summarizes at most ``MAX_BUILDS`` tables
        at a time and refuses more)."""
        by_server: dict[str, list[ReplayInfo]] = {}
        for g in games:
            if g.source == "joined":
                by_server.setdefault(g.server, []).append(g)

        async def ask_server(joined: list[ReplayInfo]) -> list[ReplayInfo]:
            return [await joined_outcome(g) for g in joined]

        answers = await asyncio.gather(*(ask_server(j) for j in by_server.values()))
        told = {(g.server, g.key): g for answered in answers for g in answered}
        return [told.get((g.server, g.key), g) for g in games]

    async def open(self, info: ReplayInfo) -> Replay | Catalog:
        if info.source == "joined":
            return await open_joined(info.server, info.key)
        return await super().open(info)

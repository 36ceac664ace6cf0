"""Replays of recorded games: reading records, summarizing them, and the replay frames a
live server sends.

A **record** (:class:`GameRecord`) is everything needed to play one game again through
its rule set: the setup, the seed and every accepted command, in order. Records come
from a server database (``records_of``: every game of a table whose first game started;
a match or a table with rematches holds several, split by
:func:`server.matchplay.split_log`, each with its own setup and seed) or from the
JSON-lines files of ``allegiance sim --record`` (``read_jsonl``). A record holds its
seed, so it never leaves the machine it was read on.

Over the network (``replay`` message, ``docs/replays.md``) the server plays the record
itself and sends **frames** built exactly like live play: the recipient's first view,
then per step (one accepted command) the ops that turn the previous view into the next
(``shared.protocol.diff``) and that step's events filtered by ``events_for``. The
recipient is a spectator (the public view), or a seat that proves it with its token.
Only finished games are replayed over the network (a match's game once it is over, even
while the table plays the next); no seed and no command log (which names cards chosen
from hidden hands) is ever sent.

Building frames costs one pass through the game (a few hundred milliseconds for a long
four-player game), so it runs in a worker thread, at most ``MAX_BUILDS`` at a time and
one per connection; the last few built replays are kept (finished games never change).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from server.matchplay import is_boundary, split_log
from shared.protocol import ProtocolError, codec
from shared.protocol.diff import diff
from shared.protocol.messages import error
from shared.rules.base import RuleSet, SetupError, get_ruleset

if TYPE_CHECKING:
    from server.app import Server
    from server.connection import Connection
    from server.store import CommandRow, Store, TableEntry, TableRow

log = logging.getLogger("allegiance.replays")

#: Most steps' bytes in one ``replay`` message (a long game takes a few messages).
PART_BYTES = 256 * 1024
#: Replays built at the same time on one server, and replays kept once built.
MAX_BUILDS = 2
CACHED = 8
#: Most finished tables in one ``replays`` listing.
LIST_LIMIT = 30


class ReplayError(Exception):
    """A record cannot be read or replayed: ``code`` and one sentence for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    name: str
    kind: str  # "human" or "bot"
    hero: str | None  # None (or "random"): drawn by the rules from the seed


@dataclass(frozen=True)
class GameRecord:
    """One recorded game. Holds the seed: never sent anywhere."""

    key: str  # the table's join code, or the file's path
    game: str
    setup: dict[str, Any]  # the rule set's full setup (seat names and heroes merged in)
    seed: int
    commands: tuple[tuple[int, dict[str, Any]], ...]  # (seat, action), in order
    seats: tuple[SeatInfo, ...]
    status: str  # "over" or "unfinished"
    result: dict[str, Any] | None
    created: float | None = None
    finished: float | None = None
    spectators: bool = True  # whether its table allowed spectators
    hotseat: bool = False  # a hot-seat table: every human seat was played at one terminal
    # Where the game stands among its table's games (matches and rematches,
    # server/matchplay.py); a table of one game, or a file: all 1.
    index: int = 1  # the game's number at its table, 1-based
    games: int = 1  # games in the table's log (the one being played included)
    best_of: int = 1  # the table's best_of
    match: int = 1  # the game's match at its table (best of 1: equal to index)
    match_game: int = 1  # the game's number within that match

    def __repr__(self) -> str:  # never show the seed
        return (
            f"<GameRecord {self.key} game {self.index} {self.game} {self.status}"
            f" {len(self.commands)} steps>"
        )


def identity(record: GameRecord) -> dict[str, Any]:
    """The fields of a summary that say which game of which table it is."""
    return {
        "key": record.key,
        "index": record.index,
        "games": record.games,
        "best_of": record.best_of,
        "match": record.match,
        "match_game": record.match_game,
    }


# --------------------------------------------------------------------------- reading


def full_setup(setup: Mapping[str, Any], seats: list[SeatInfo]) -> dict[str, Any]:
    """The setup a table gave its rule set: ``setup`` with each seat's name and hero merged
    into ``setup["seats"][i]`` (the same merge as ``Table.full_setup``)."""
    given = setup.get("seats")
    extras = given if isinstance(given, list) else []
    merged = []
    for s in seats:
        extra = extras[s.seat] if s.seat < len(extras) and isinstance(extras[s.seat], dict) else {}
        merged.append({**extra, "name": s.name, "hero": s.hero})
    return {**setup, "seats": merged}


def playable(entry: TableEntry) -> bool:
    """Whether a listed table ever had a game to replay (not refused at creation)."""
    return entry.status != "waiting" and (entry.result or {}).get("reason") != "bad_setup"


@dataclass(frozen=True)
class TableLog:
    """A table's rows as stored (read in the event loop; split and played elsewhere).
    Holds the seed: never sent anywhere."""

    row: TableRow
    commands: tuple[CommandRow, ...]
    created: float
    finished: float | None

    def __repr__(self) -> str:  # never show the seed
        return f"<TableLog {self.row.code} {len(self.commands)} rows>"

    @property
    def boundaries(self) -> list[CommandRow]:
        """The rows that begin the table's next game (a match's, or a rematch)."""
        return [c for c in self.commands if is_boundary(c)]

    @property
    def game_count(self) -> int:
        """Games in the log, the one being played (or never finished) included."""
        return len(self.boundaries) + 1

    @property
    def finished_games(self) -> int:
        """Games of the log that are over: each one another game followed, and the last
        one when the table is over."""
        return len(self.boundaries) + (1 if self.row.status == "over" else 0)


def read_table(store: Store, table_id: int) -> TableLog:
    """One table of a server database: its row and its whole command log."""
    created, finished = store.table_times(table_id)
    rows = tuple(store.commands(table_id))
    return TableLog(store.load_table(table_id), rows, created, finished)


def records_of(log: TableLog) -> list[GameRecord]:
    """Every game of a table, each as a record of its own with its own setup and seed
    (:func:`server.matchplay.split_log`): one record for a table of one game; a match or
    a table with rematches plays its games but the last through the rules once to deal
    each next one, as a restore does."""
    row = log.row
    seats = [SeatInfo(s.seat, s.name, s.kind, s.hero) for s in row.seats]
    best_of = int(row.options.get("best_of", 1) or 1)
    common: dict[str, Any] = {
        "key": row.code, "game": row.game, "seats": tuple(seats), "best_of": best_of,
        "spectators": bool(row.options.get("spectators", True)),
        "hotseat": bool(row.options.get("hotseat", False)),
    }  # fmt: skip
    bounds = log.boundaries
    if best_of == 1 and not bounds:  # the game the table's own setup and seed make
        status = "over" if row.status == "over" else "unfinished"
        return [GameRecord(setup=full_setup(row.setup, seats), seed=row.seed,
                           commands=tuple((c.seat, c.action) for c in log.commands),
                           status=status, result=row.result, created=log.created,
                           finished=log.finished, **common)]  # fmt: skip
    try:
        rules: RuleSet[Any] = get_ruleset(row.game)
        games = split_log(row, log.commands, rules)
    except SetupError as exc:
        raise ReplayError("bad_record", f"{row.code}: cannot set up: {exc}") from None
    except ImportError:
        raise ReplayError("bad_record", f"{row.code}: unknown game {row.game!r}") from None
    records = []
    for g in games:
        last = g.index == len(games)
        began = log.created if g.index == 1 else bounds[g.index - 2].ts
        ended = g.commands[-1].ts if g.commands else began
        over = g.ended or row.status == "over"
        records.append(GameRecord(
            setup=g.setup, seed=g.seed, commands=tuple((c.seat, c.action) for c in g.commands),
            status="over" if over else "unfinished", result=row.result if last else None,
            created=began, finished=(log.finished if last else ended) if over else None,
            index=g.index, games=len(games), match=g.number, match_game=g.game, **common,
        ))  # fmt: skip
    return records


def record_from_store(store: Store, table_id: int, index: int | None = None) -> GameRecord:
    """The record of one game of a table of a server database: game ``index`` (1-based),
    or the table's last game. :class:`ReplayError` when the table has no such game."""
    records = records_of(read_table(store, table_id))
    chosen = len(records) if index is None else index
    if not 1 <= chosen <= len(records):
        code = records[0].key
        raise ReplayError("not_found", f"table {code} has no game {chosen} (it has {len(records)})")
    return records[chosen - 1]


def read_jsonl(path: Path) -> GameRecord:
    """The record of one ``allegiance sim --record`` file; :class:`ReplayError` names the
    line of anything wrong in it."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or "not a text file"
        raise ReplayError("unreadable", f"cannot read {path}: {reason}") from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise ReplayError("bad_file", f"{path}: the file is empty")
    if len(lines) > 1 and not text.endswith("\n") and not _is_json(lines[-1][1]):
        lines.pop()  # cut short in the middle of its last line: replayed up to the cut
    header = _json_line(path, *lines[0])
    setup, seed = header.get("setup"), header.get("seed")
    if not isinstance(setup, dict) or not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError(
            "bad_file", f"{path} line {lines[0][0]}: not a replay header (setup and seed)"
        )
    commands, result = _jsonl_commands(path, lines[1:])
    given = setup.get("seats")
    raw_seats: list[Any] = given if isinstance(given, list) else []
    seats = [
        SeatInfo(i, str(s.get("name") or f"Bot {i + 1}"), "bot", _hero(s.get("hero")))
        for i, s in enumerate(raw_seats)
        if isinstance(s, dict)
    ]
    over = result is not None and bool(result.get("winners"))
    return GameRecord(
        key=str(path),
        game=str(header.get("game") or "realm"),
        setup=dict(setup),
        seed=seed,
        commands=tuple(commands),
        seats=tuple(seats),
        status="over" if over else "unfinished",
        result=result,
        created=_mtime(path),
        finished=_mtime(path) if over else None,
    )


def _hero(value: Any) -> str | None:
    return str(value) if isinstance(value, str) and value != "random" else None


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except OSError:
        return None


def _is_json(line: str) -> bool:
    import json

    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def _json_line(path: Path, number: int, line: str) -> dict[str, Any]:
    import json

    try:
        value = json.loads(line)
    except ValueError:
        raise ReplayError("bad_file", f"{path} line {number}: not valid JSON") from None
    if not isinstance(value, dict):
        raise ReplayError("bad_file", f"{path} line {number}: expected a JSON object")
    return value


def _jsonl_commands(
    path: Path, lines: list[tuple[int, str]]
) -> tuple[list[tuple[int, dict[str, Any]]], dict[str, Any] | None]:
    commands: list[tuple[int, dict[str, Any]]] = []
    result: dict[str, Any] | None = None
    for number, line in lines:
        item = _json_line(path, number, line)
        if result is not None:
            raise ReplayError("bad_file", f"{path} line {number}: a line after the result")
        if "result" in item:
            if not isinstance(item["result"], dict):
                raise ReplayError("bad_file", f"{path} line {number}: the result is not an object")
            result = item["result"]
            continue
        seat, action = item.get("seat"), item.get("action")
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(action, dict):
            raise ReplayError("bad_file", f"{path} line {number}: not a command (seat, action)")
        commands.append((seat, action))
    return commands, result


# --------------------------------------------------------------------------- playing


class Runner:
    """Plays a record's commands through its rule set, one step at a time."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        try:
            self.rules: RuleSet[Any] = get_ruleset(record.game)
            self.state: Any = self.rules.new_game(record.setup, record.seed)
        except SetupError as exc:
            raise ReplayError("bad_record", f"{record.key}: cannot set up: {exc}") from None
        except ImportError:
            raise ReplayError("bad_record", f"{record.key}: unknown game {record.game!r}") from None
        self.in_place = "in_place" in inspect.signature(self.rules.apply).parameters
        self.applied = 0

    @property
    def total(self) -> int:
        return len(self.record.commands)

    def step(self) -> list[dict[str, Any]]:
        """Apply the next command; its (unfiltered) events. :class:`ReplayError` when the
        rules refuse it (the record was made with other rules, or was changed)."""
        seat, action = self.record.commands[self.applied]
        try:
            if self.in_place:
                apply: Any = self.rules.apply
                self.state, events = apply(self.state, seat, action, None, in_place=True)
            else:
                self.state, events = self.rules.apply(self.state, seat, action)
        except Exception as exc:
            reason = getattr(exc, "message", None) or type(exc).__name__
            raise ReplayError(
                "diverged",
                f"The rules no longer accept command {self.applied + 1} of {self.total}"
                f" ({reason.rstrip('.')}): it was recorded with other rules, so the replay"
                " stops before it.",
            ) from None
        self.applied += 1
        return list(events)


def summarize(record: GameRecord) -> dict[str, Any]:
    """One list line for a record (plain data): plays the whole game for its heroes and
    turns. Holds nothing hidden: names, heroes, winners, turns, dates."""
    runner = Runner(record)
    problem = None
    while runner.applied < runner.total:
        try:
            runner.step()
        except ReplayError as exc:
            problem = exc.message
            break
    return summary_of(record, runner, problem)


def summary_of(record: GameRecord, runner: Runner, problem: str | None) -> dict[str, Any]:
    """The summary of ``record`` from a runner that played it to its last step."""
    view = runner.rules.view_for(runner.state, None)
    result = runner.rules.result(runner.state) if runner.rules.is_over(runner.state) else None
    result = result or record.result
    heroes = {p.get("seat"): p.get("hero") for p in view.get("players") or []}
    return {
        **identity(record),
        "game": record.game,
        "format": str(record.setup.get("format") or record.game),
        "created": record.created,
        "finished": record.finished,
        "players": [
            {"seat": s.seat, "name": s.name, "kind": s.kind, "hero": heroes.get(s.seat) or s.hero}
            for s in record.seats
        ],
        "winners": list((result or {}).get("winners") or []),
        "reason": (result or {}).get("reason"),
        "turns": view.get("turn"),
        "steps": runner.applied,
        "status": record.status,
        "problem": problem,
    }


#: The shape of what the ``summaries`` table keeps per table: ``{"v": 2, "games": [...]}``
#: (one summary per game); anything else there is made again.
SUMMARY_VERSION = 2


def store_summaries(
    store: Store,
    statuses: tuple[str, ...] = ("over",),
    limit: int = 200,
    game: str | None = None,
) -> list[dict[str, Any]]:
    """Summaries of a database's games, one per game (a match's games each have theirs),
    newest first; they are made once per table and kept in the database (a read-only
    database just makes them again next time)."""
    out = []
    for entry in store.list_tables(statuses, limit, game):
        if playable(entry):
            out.extend(table_summaries(store, entry.id, entry.steps))
    return newest_first(out)


def newest_first(summaries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    def when(data: dict[str, Any]) -> float:
        value = data.get("finished") or data.get("created") or 0.0
        return float(value) if isinstance(value, (int, float)) else 0.0

    return sorted(summaries, key=when, reverse=True)


def kept_summaries(store: Store, table_id: int, steps: int) -> list[dict[str, Any]] | None:
    """The summaries of a table's games kept when its log had ``steps`` rows, if any."""
    data = store.summary(table_id, steps)
    if data is None or data.get("v") != SUMMARY_VERSION or not isinstance(data.get("games"), list):
        return None
    return [g for g in data["games"] if isinstance(g, dict)]


def keep_summaries(store: Store, table_id: int, steps: int, games: list[dict[str, Any]]) -> None:
    """Keep a table's summaries (a database that cannot be written to keeps none)."""
    import sqlite3

    try:
        store.save_summary(table_id, steps, {"v": SUMMARY_VERSION, "games": games})
    except sqlite3.Error:
        log.warning("could not keep the summaries of table %d", table_id)


def table_summaries(store: Store, table_id: int, steps: int) -> list[dict[str, Any]]:
    """The summaries of one table's games (kept ones, or made and kept)."""
    kept = kept_summaries(store, table_id, steps)
    if kept is not None:
        return kept
    made = summarize_table(read_table(store, table_id))
    keep_summaries(store, table_id, steps, made)
    return made


def summarize_table(log: TableLog) -> list[dict[str, Any]]:
    """One summary per game of a table; a table whose games cannot be set up gets one
    summary that says why (``problem``)."""
    try:
        return [summarize(r) for r in records_of(log)]
    except ReplayError as exc:
        row = log.row
        return [{"key": row.code, "index": 1, "games": 1, "best_of": 1, "match": 1,
                 "match_game": 1, "game": row.game, "created": log.created,
                 "finished": log.finished, "players": [], "winners": [], "steps": 0,
                 "status": "over" if row.status == "over" else "unfinished",
                 "problem": exc.message}]  # fmt: skip


# --------------------------------------------------------------------------- frames


def build_parts(record: GameRecord, seat: int | None) -> list[dict[str, Any]]:
    """The ``replay`` messages (without ``id``) of ``record`` as ``seat`` sees it
    (None: a spectator). Part 0 carries the summary and the first view."""
    runner = Runner(record)
    prev = runner.rules.view_for(runner.state, seat)
    first = prev
    steps: list[dict[str, Any]] = []
    problem = None
    while runner.applied < runner.total:
        try:
            events = runner.step()
        except ReplayError as exc:
            problem = exc.message
            break
        view = runner.rules.view_for(runner.state, seat)
        steps.append({"ops": diff(prev, view), "events": runner.rules.events_for(events, seat)})
        prev = view
    info = summary_of(record, runner, problem)
    return _split(record.key, seat, info, first, steps)


def _split(
    code: str,
    seat: int | None,
    info: dict[str, Any],
    first: dict[str, Any],
    steps: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    chunks: list[list[dict[str, Any]]] = [[]]
    size = 0
    for step in steps:
        step_size = len(codec.encode(step))
        if chunks[-1] and size + step_size > PART_BYTES:
            chunks.append([])
            size = 0
        chunks[-1].append(step)
        size += step_size
    parts = []
    start = 1
    for i, chunk in enumerate(chunks):
        part: dict[str, Any] = {
            "t": "replay",
            "table": code,
            "seat": seat,
            "part": i,
            "parts": len(chunks),
            "start": start,
            "steps": chunk,
        }
        if i == 0:
            part["info"] = {**info, "seat": seat}
            part["view"] = first
        parts.append(part)
        start += len(chunk)
    return parts


# --------------------------------------------------------------------------- serving


class _Service:
    """Per server: the replays being built (by connection) and the last ones built."""

    def __init__(self) -> None:
        self.building: set[int] = set()
        #: (table code, game index, perspective) → the built parts of that finished game
        self.cache: OrderedDict[tuple[str, int, int | None], list[dict[str, Any]]] = (
            OrderedDict()
        )


_SERVICES: weakref.WeakKeyDictionary[Server, _Service] = weakref.WeakKeyDictionary()


def _service(server: Server) -> _Service:
    service = _SERVICES.get(server)
    if service is None:
        service = _SERVICES[server] = _Service()
    return service


def _store(conn: Connection) -> Store:
    store = conn.server.store
    if store is None:
        raise ProtocolError("internal", "The server has no database.")
    return store


def entitled_seat(store: Store, msg: Mapping[str, Any]) -> tuple[int, int | None]:
    """The table id and the perspective a ``replay`` or ``replays`` request may have, or
    :class:`ProtocolError`: the table must exist and have begun; a seat needs its token (a
    token alone finds its seat); a spectator needs a table that allowed spectators.
    Whether the game asked for is over is :func:`chosen_game`'s to say."""
    table_id = store.table_id_for(str(msg["table"]).upper())
    if table_id is None:
        raise ProtocolError("not_found", "There is no table with that code.")
    entry = store.load_table(table_id)
    if (entry.result or {}).get("reason") == "bad_setup":  # refused at creation: no game
        raise ProtocolError("not_found", "There is no table with that code.")
    if entry.status == "waiting":
        raise ProtocolError("not_finished", "That table's game has not even begun.")
    seat, token = msg.get("seat"), msg.get("token")
    if token is None:
        if seat is not None:
            raise ProtocolError("unauthorized", "A seat's replay needs that seat's token.")
        if not entry.options.get("spectators", True):
            raise ProtocolError(
                "forbidden", "This table did not allow spectators: its replay needs a seat's token."
            )
        return table_id, None
    from server.tokens import token_matches

    candidates = [s for s in entry.seats if seat is None or s.seat == seat]
    for s in candidates:
        if token_matches(token, s.token_hash):
            return table_id, s.seat
    raise ProtocolError("unauthorized", "That token is not valid for that table.")


def chosen_game(table_log: TableLog, index: Any) -> int:
    """The game a ``replay`` request asks for (``index``, 1-based; absent: the table's
    last finished game), or :class:`ProtocolError` unless that game is over. A game a
    later game followed is over even while the table plays that later one."""
    finished = table_log.finished_games
    if index is None:
        if finished == 0:
            raise ProtocolError(
                "not_finished", "That game is not over yet; only a finished game can be replayed."
            )
        return finished
    if not isinstance(index, int) or isinstance(index, bool) or index < 1:
        raise ProtocolError("malformed", "field 'index' of 'replay' must be a game number: 1, 2, …")
    if index > table_log.game_count:
        games = table_log.game_count
        raise ProtocolError(
            "not_found", f"That table has no game {index}; it has {games} game{'s' * (games > 1)}."
        )
    if index > finished:
        raise ProtocolError(
            "not_finished",
            f"Game {index} of that table is not over yet; only a finished game can be replayed.",
        )
    return index


def on_replay(conn: Connection, msg: dict[str, Any]) -> None:
    """``replay {table, index?, seat?, token?}``: send one finished game's frames (in
    parts)."""
    store = _store(conn)
    table_id, seat = entitled_seat(store, msg)
    table_log = read_table(store, table_id)
    index = chosen_game(table_log, msg.get("index"))
    service = _service(conn.server)
    rid = msg.get("id")
    key = (table_log.row.code, index, seat)
    cached = service.cache.get(key)
    if cached is not None:
        service.cache.move_to_end(key)
        _send_parts(conn, cached, rid)
        return
    _claim_build(conn, service, "Your last replay is still being prepared.")
    conn.server.spawn(_build_and_send(conn, service, table_log, index, seat, rid))


def _claim_build(conn: Connection, service: _Service, own_busy: str) -> None:
    """One build per connection and ``MAX_BUILDS`` per server, or ``busy``."""
    if conn.id in service.building:
        raise ProtocolError("busy", own_busy)
    if len(service.building) >= MAX_BUILDS:
        raise ProtocolError("busy", "The server is preparing other replays; try again shortly.")
    service.building.add(conn.id)


def _game_parts(table_log: TableLog, index: int, seat: int | None) -> list[dict[str, Any]]:
    return build_parts(records_of(table_log)[index - 1], seat)


async def _build_and_send(
    conn: Connection,
    service: _Service,
    table_log: TableLog,
    index: int,
    seat: int | None,
    rid: Any,
) -> None:
    code = table_log.row.code
    try:
        parts = await asyncio.to_thread(_game_parts, table_log, index, seat)
    except ReplayError as exc:
        conn.send(error(exc.code, exc.message, rid))
        return
    except Exception:
        log.exception("could not build the replay of %s game %d", code, index)
        conn.send(error("internal", "The server could not build that replay.", rid))
        return
    finally:
        service.building.discard(conn.id)
    service.cache[(code, index, seat)] = parts
    while len(service.cache) > CACHED:
        service.cache.popitem(last=False)
    _send_parts(conn, parts, rid)


def _send_parts(conn: Connection, parts: list[dict[str, Any]], rid: Any) -> None:
    for part in parts:
        conn.send(part if rid is None else {**part, "id": rid})


def on_replays(conn: Connection, msg: dict[str, Any]) -> None:
    """``replays {game?}``: the finished games of the newest finished tables that allowed
    spectators, one line per game. ``replays {table, token?}``: the finished games of
    that one table (which may still be playing a later game), for whoever may replay
    them."""
    store = _store(conn)
    rid = msg.get("id")
    if msg.get("table") is not None:
        table_id, _ = entitled_seat(store, msg)
        logs = [read_table(store, table_id)]
        known: dict[int, list[dict[str, Any]] | None] = {
            table_id: kept_summaries(store, table_id, len(logs[0].commands))
        }
    else:
        entries = [
            e
            for e in store.list_tables(("over",), LIST_LIMIT, msg.get("game"))
            if playable(e) and e.options.get("spectators", True)
        ]
        known = {e.id: kept_summaries(store, e.id, e.steps) for e in entries}
        logs = [read_table(store, e.id) for e in entries if known[e.id] is None]
    if not logs or all(known[t.row.id] is not None for t in logs):
        conn.send(_listing(known, rid))
        return
    service = _service(conn.server)
    _claim_build(conn, service, "Your last list of replays is still being prepared.")
    conn.server.spawn(_summarize_and_send(conn, service, known, logs, rid))


async def _summarize_and_send(
    conn: Connection,
    service: _Service,
    known: dict[int, list[dict[str, Any]] | None],
    logs: list[TableLog],
    rid: Any,
) -> None:
    missing = [t for t in logs if known[t.row.id] is None]
    try:
        made = await asyncio.to_thread(lambda: [summarize_table(t) for t in missing])
    except Exception:
        log.exception("could not summarize finished tables")
        conn.send(error("internal", "The server could not list its replays.", rid))
        return
    finally:
        service.building.discard(conn.id)
    store = _store(conn)
    for table_log, games in zip(missing, made, strict=True):
        known[table_log.row.id] = games
        if not any(g.get("problem") for g in games):
            keep_summaries(store, table_log.row.id, len(table_log.commands), games)
    conn.send(_listing(known, rid))


def _listing(known: dict[int, list[dict[str, Any]] | None], rid: Any) -> dict[str, Any]:
    """Only finished games: a table's later game may still be going on."""
    games = [g for listed in known.values() for g in listed or [] if g.get("status") == "over"]
    msg: dict[str, Any] = {"t": "replays", "tables": newest_first(games)}
    if rid is not None:
        msg["id"] = rid
    return msg

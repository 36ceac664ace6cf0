"""Persistence: SQLite in WAL mode. The command log is the source of truth.

A table row holds the game's setup, options and seed; a seat row its kind, name, hero and
the *hash* of its token; a command row one accepted command, in order. The server
writes a command here (and commits) before it acknowledges it, and restores an
unfinished game by replaying its commands from its seed. Finished games stay as replays.

All calls are synchronous and short (one statement and a commit): the table's command
path calls them inside its critical section, so the log order is the apply order.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("allegiance.store")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    bot_seed TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    created REAL NOT NULL,
    finished REAL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    level INTEGER NOT NULL,
    name TEXT NOT NULL,
    hero TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS commands (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    cmd_id TEXT,
    action TEXT NOT NULL,
    source TEXT NOT NULL,
    ts REAL NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS concessions (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    at INTEGER NOT NULL,
    away INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat, at)
);
CREATE TABLE IF NOT EXISTS seat_state (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    settings TEXT NOT NULL,
    left_table INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS asks (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat, at)
);
CREATE TABLE IF NOT EXISTS summaries (
    table_id INTEGER PRIMARY KEY REFERENCES tables(id),
    steps INTEGER NOT NULL,
    data TEXT NOT NULL
);
"""


@dataclass
class SeatRow:
    seat: int
    kind: str
    level: int
    name: str
    hero: str | None
    token_hash: str | None


@dataclass
class TableRow:
    id: int
    code: str
    game: str
    setup: dict[str, Any]
    options: dict[str, Any]
    seed: int
    bot_seed: int
    status: str
    result: dict[str, Any] | None
    seats: list[SeatRow]


@dataclass
class CommandRow:
    idx: int
    seat: int
    cmd_id: int | str | None
    action: dict[str, Any]
    source: str
    ts: float = 0.0


@dataclass
class TableEntry:
    """One line of :meth:`Store.list_tables`: a table without its seed or seats."""

    id: int
    code: str
    game: str
    status: str
    result: dict[str, Any] | None
    options: dict[str, Any]
    created: float
    finished: float | None
    steps: int


_INSERT_COMMAND = (
    "INSERT INTO commands (table_id, idx, seat, cmd_id, action, source, ts)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)


#: One encoder for every stored value (``json.dumps`` with options builds one per call).
_ENCODER = json.JSONEncoder(separators=(",", ":"), sort_keys=True)


def _dump(value: Any) -> str:
    return _ENCODER.encode(value)


class Store:
    """One SQLite database (a file, or ``":memory:"``)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:  # before the first write: someone else's database is left as it is
            refuse_foreign(self.db, self.path)
        except sqlite3.Error:
            self.db.close()
            raise
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        self._batch: list[tuple[Any, ...]] | None = None
        self._checkpointer: sqlite3.Connection | None = None

    def close(self) -> None:
        self.db.close()
        if self._checkpointer is not None:
            self._checkpointer.close()

    # --- checkpoints off the committing thread (server/app.py) ---------------------------

    def defer_checkpoints(self) -> None:
        """Commits stop copying the write-ahead log into the database file (with its
        fsyncs, milliseconds every thousand pages); the caller runs :meth:`checkpoint`."""
        self.db.execute("PRAGMA wal_autocheckpoint=0")

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database file, on a connection of its own,
        so a worker thread can do it while commits go on."""
        if self.path == ":memory:":
            return
        if self._checkpointer is None:
            self._checkpointer = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False
            )
        self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def code_exists(self, code: str) -> bool:
        row = self.db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone()
        return row is not None

    def create_table(
        self,
        code: str,
        game: str,
        setup: dict[str, Any],
        options: dict[str, Any],
        seed: int,
        bot_seed: int,
        seats: list[SeatRow],
    ) -> int:
        with self.db:
            self.db.execute("BEGIN")
            cur = self.db.execute(
                "INSERT INTO tables (code, game, setup, options, seed, bot_seed, status, created)"
                " VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?)",
                (code, game, _dump(setup), _dump(options), str(seed), str(bot_seed), time.time()),
            )
            table_id = int(cur.lastrowid or 0)
            self.db.executemany(
                "INSERT INTO seats (table_id, seat, kind, level, name, hero, token_hash)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(table_id, s.seat, s.kind, s.level, s.name, s.hero, s.token_hash) for s in seats],
            )
        return table_id

    def claim_seat(
        self, table_id: int, seat: int, name: str, hero: str | None, token_hash: str
    ) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "UPDATE seats SET name = ?, hero = ?, token_hash = ?"
                " WHERE table_id = ? AND seat = ?",
                (name, hero, token_hash, table_id, seat),
            )

    def release_seat(self, table_id: int, seat: int, name: str) -> None:
        """The seat is free again, under ``name`` (its player left the lobby before the
        game began)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "UPDATE seats SET token_hash = NULL, name = ? WHERE table_id = ? AND seat = ?",
                (name, table_id, seat),
            )

    def set_status(self, table_id: int, status: str, result: dict[str, Any] | None = None) -> None:
        finished = time.time() if status == "over" else None
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "UPDATE tables SET status = ?, result = ?, finished = ? WHERE id = ?",
                (status, None if result is None else _dump(result), finished, table_id),
            )

    def append_command(
        self,
        table_id: int,
        idx: int,
        seat: int,
        cmd_id: int | str | None,
        action: dict[str, Any],
        source: str,
    ) -> None:
        """Log one accepted command; returns once it is committed (inside :meth:`batch`,
        it is committed when the batch ends)."""
        row = (
            table_id,
            idx,
            seat,
            None if cmd_id is None else json.dumps(cmd_id),
            _dump(action),
            source,
            time.time(),
        )
        if self._batch is not None:
            self._batch.append(row)
            return
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(_INSERT_COMMAND, row)

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Commands appended inside are committed together, in one transaction, when the
        block ends without an exception (a run of automatic passes: one commit, not one
        per pass). Raises ``sqlite3.Error`` if that commit fails: then none is logged."""
        if self._batch is not None:  # nested: the outer batch commits
            yield
            return
        self._batch = []
        try:
            yield
            rows = self._batch
        finally:
            self._batch = None
        if rows:
            with self.db:
                self.db.execute("BEGIN")
                self.db.executemany(_INSERT_COMMAND, rows)

    # --- chat ------------------------------------------------------------------------

    def append_chat(self, table_id: int, idx: int, line: dict[str, Any], keep: int) -> None:
        """Keep one chat line (and only the last ``keep`` of the table's lines)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR REPLACE INTO chat (table_id, idx, line) VALUES (?, ?, ?)",
                (table_id, idx, _dump(line)),
            )
            self.db.execute(
                "DELETE FROM chat WHERE table_id = ? AND idx <= ?", (table_id, idx - keep)
            )

    # --- concessions -------------------------------------------------------------------

    def append_concession(self, table_id: int, seat: int, at: int, away: bool) -> None:
        """Keep that ``seat`` conceded when the table's command log was ``at`` commands
        long (``away``: by the away policy, not its player): the rules take the concession
        only at the seat's next priority, so until then it lives here, and a restart
        must not forget it."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR REPLACE INTO concessions (table_id, seat, at, away) "
                "VALUES (?, ?, ?, ?)",
                (table_id, seat, at, int(away)),
            )

    def concessions(self, table_id: int) -> list[tuple[int, int, bool]]:
        """The table's kept concessions as (seat, at, away), in log order."""
        rows = self.db.execute(
            "SELECT seat, at, away FROM concessions WHERE table_id = ? ORDER BY at, seat",
            (table_id,),
        )
        return [(int(r[0]), int(r[1]), bool(r[2])) for r in rows]

    # --- what a seat's player chose at the table ----------------------------------------

    def keep_seat_state(
        self, table_id: int, seat: int, settings: dict[str, Any], left: bool
    ) -> None:
        """Keep a seat's response settings and whether its player left the table (said
        ``leave``): a restarted server answers for them as they asked, and says they
        left, not that they are away."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR REPLACE INTO seat_state (table_id, seat, settings, left_table) "
                "VALUES (?, ?, ?, ?)",
                (table_id, seat, _dump(settings), int(left)),
            )

    def seat_states(self, table_id: int) -> dict[int, tuple[dict[str, Any], bool]]:
        """The kept settings and left-the-table mark of the table's seats, by seat."""
        rows = self.db.execute(
            "SELECT seat, settings, left_table FROM seat_state WHERE table_id = ?", (table_id,)
        )
        out: dict[int, tuple[dict[str, Any], bool]] = {}
        for seat, data, left in rows:
            loaded = json.loads(data)
            out[int(seat)] = (loaded if isinstance(loaded, dict) else {}, bool(left))
        return out

    # --- asks for the next game ---------------------------------------------------------

    def keep_ask(self, table_id: int, seat: int, at: int, asked: bool = True) -> None:
        """Keep (``asked``) or forget that ``seat`` asks for the game after the one whose
        command log ends at ``at`` commands: a restart between games must not make
        everyone ask again. An ask of an earlier ``at`` is for a game since begun."""
        with self.db:
            self.db.execute("BEGIN")
            if asked:
                self.db.execute(
                    "INSERT OR REPLACE INTO asks (table_id, seat, at) VALUES (?, ?, ?)",
                    (table_id, seat, at),
                )
            else:
                self.db.execute(
                    "DELETE FROM asks WHERE table_id = ? AND seat = ? AND at = ?",
                    (table_id, seat, at),
                )

    def asks(self, table_id: int, at: int) -> list[int]:
        """The seats kept as asking for the game after the log's first ``at`` commands."""
        rows = self.db.execute(
            "SELECT seat FROM asks WHERE table_id = ? AND at = ? ORDER BY seat", (table_id, at)
        )
        return [int(r[0]) for r in rows]

    def chat_lines(self, table_id: int) -> list[tuple[int, dict[str, Any]]]:
        """The table's kept chat lines, oldest first, with their numbers."""
        return [
            (int(r[0]), dict(json.loads(r[1])))
            for r in self.db.execute(
                "SELECT idx, line FROM chat WHERE table_id = ? ORDER BY idx", (table_id,)
            )
        ]

    def unfinished_tables(self) -> list[TableRow]:
        rows = self.db.execute(
            "SELECT id FROM tables WHERE status NOT IN ('over', 'closed') ORDER BY id"
        ).fetchall()
        return [self.load_table(int(r[0])) for r in rows]

    def table_id_for(self, code: str) -> int | None:
        row = self.db.execute("SELECT id FROM tables WHERE code = ?", (code,)).fetchone()
        return None if row is None else int(row[0])

    def load_table(self, table_id: int) -> TableRow:
        row = self.db.execute(
            "SELECT id, code, game, setup, options, seed, bot_seed, status, result"
            " FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        seats = [
            SeatRow(int(s[0]), s[1], int(s[2]), s[3], s[4], s[5])
            for s in self.db.execute(
                "SELECT seat, kind, level, name, hero, token_hash FROM seats"
                " WHERE table_id = ? ORDER BY seat",
                (table_id,),
            )
        ]
        return TableRow(
            id=int(row[0]),
            code=row[1],
            game=row[2],
            setup=json.loads(row[3]),
            options=json.loads(row[4]),
            seed=int(row[5]),
            bot_seed=int(row[6]),
            status=row[7],
            result=None if row[8] is None else json.loads(row[8]),
            seats=seats,
        )

    def commands(self, table_id: int) -> list[CommandRow]:
        return [
            CommandRow(
                idx=int(r[0]),
                seat=int(r[1]),
                cmd_id=None if r[2] is None else json.loads(r[2]),
                action=json.loads(r[3]),
                source=r[4],
                ts=float(r[5]),
            )
            for r in self.db.execute(
                "SELECT idx, seat, cmd_id, action, source, ts FROM commands"
                " WHERE table_id = ? ORDER BY idx",
                (table_id,),
            )
        ]

    # --- replays (server/replays.py) ------------------------------------------------

    def list_tables(
        self, statuses: tuple[str, ...] = ("over",), limit: int = 100, game: str | None = None
    ) -> list[TableEntry]:
        """Tables in these states, the most recently finished (or created) first."""
        marks = ",".join("?" * len(statuses))
        where = f"status IN ({marks})" + (" AND game = ?" if game is not None else "")
        params: list[Any] = [*statuses, *([game] if game is not None else []), limit]
        rows = self.db.execute(
            "SELECT id, code, game, status, result, options, created, finished,"
            " (SELECT COUNT(*) FROM commands c WHERE c.table_id = t.id)"
            f" FROM tables t WHERE {where}"
            " ORDER BY COALESCE(finished, created) DESC, id DESC LIMIT ?",
            params,
        ).fetchall()
        return [
            TableEntry(
                id=int(r[0]),
                code=r[1],
                game=r[2],
                status=r[3],
                result=None if r[4] is None else json.loads(r[4]),
                options=json.loads(r[5]),
                created=float(r[6]),
                finished=None if r[7] is None else float(r[7]),
                steps=int(r[8]),
            )
            for r in rows
        ]

    def summary(self, table_id: int, steps: int) -> dict[str, Any] | None:
        """A cached replay summary, if one was made when the table had ``steps`` commands."""
        row = self.db.execute(
            "SELECT data FROM summaries WHERE table_id = ? AND steps = ?", (table_id, steps)
        ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def save_summary(self, table_id: int, steps: int, data: dict[str, Any]) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR REPLACE INTO summaries (table_id, steps, data) VALUES (?, ?, ?)",
                (table_id, steps, _dump(data)),
            )

    def table_times(self, table_id: int) -> tuple[float, float | None]:
        """When the table was created and when its game ended (None: not over)."""
        row = self.db.execute(
            "SELECT created, finished FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        return float(row[0]), None if row[1] is None else float(row[1])


# --- only our own databases -----------------------------------------------------------------

#: The tables (and some of their columns) that make a database ours; ``SCHEMA`` adds the
#: others (chat, concessions, asks, seat states, summaries) to an older database of ours
#: that lacks them.
OUR_TABLES = {"tables": ("id", "code", "seed"), "commands": ("table_id", "idx", "action")}


class NotOurDatabase(sqlite3.DatabaseError):
    """The file is an SQLite database with tables of its own and not ours, or no SQLite
    database at all. Creating our tables in it would change someone else's file, so the
    server refuses it; the message names the file (like ``allegiance replay --db``)."""


def check_database(db_path: str | Path) -> None:
    """Raise :class:`NotOurDatabase` unless ``db_path`` is ours, empty or not there yet.
    Opened read-only, so a refused file is not touched (not even created)."""
    path = Path(db_path)
    if str(db_path) == ":memory:" or not path.is_file() or path.stat().st_size == 0:
        return
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        refuse_foreign(db, str(db_path))
    finally:
        db.close()


def refuse_foreign(db: sqlite3.Connection, db_path: str) -> None:
    """Raise :class:`NotOurDatabase` if the open database ``db`` holds tables and not ours
    (a database with no tables at all, a new file, becomes ours)."""
    try:
        names = sorted(
            str(r[0]) for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        )  # fmt: skip
    except sqlite3.DatabaseError as exc:
        if isinstance(exc, sqlite3.OperationalError):  # locked, unreadable: said as it is
            raise
        raise NotOurDatabase(  # "file is not a database"
            f"{db_path} is not an Allegiance game database (not an SQLite database file)"
        ) from None
    if names and not _has_our_tables(db, names):
        raise NotOurDatabase(
            f"{db_path} is not an Allegiance game database (it holds other tables: "
            f"{', '.join(names)}); it was left untouched"
        )


def _has_our_tables(db: sqlite3.Connection, names: list[str]) -> bool:
    for table, columns in OUR_TABLES.items():
        if table not in names:
            return False
        have = {str(r[1]) for r in db.execute(f"PRAGMA table_info({table})")}
        if not set(columns) <= have:
            return False
    return True


# --- one server per database ---------------------------------------------------------------


class DatabaseInUse(sqlite3.OperationalError):
    """Another server holds the database (:class:`DatabaseLock`). A kind of
    ``sqlite3.OperationalError``, like SQLite's own "database is locked": whoever reports
    a database it cannot use (``allegiance serve``, the client's local server) reports
    this one in the same single line."""


class DatabaseLock:
    """An exclusive ``flock`` on ``<db>.lock``, held for a server's lifetime.

    Two servers on one database would both restore its unfinished games and both play
    them (bots, automatic passes), colliding on the command log. The lock file, not the
    database, is locked: SQLite takes its own locks on the database, and readers
    (``allegiance replay --db``) open it without this lock. The kernel drops a ``flock``
    with its process, so a server killed with SIGKILL leaves no stale lock. The file
    holds the owner's pid (for the message) and is left in place at release: removing it
    would let a server that opened it just before lock a file no one else can see.
    """

    def __init__(self, db_path: str | Path) -> None:
        self.db_path = str(db_path)
        self.path = f"{self.db_path}.lock"
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise :class:`DatabaseInUse` naming the holder's pid."""
        if sys.platform == "win32":  # no flock there; Windows servers go unguarded
            return
        import fcntl

        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise sqlite3.OperationalError(
                f"cannot open its lock file {self.path}: {exc.strerror}"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            os.close(fd)
            raise DatabaseInUse(self._in_use(holder)) from None
        except OSError as exc:  # e.g. a network file system without flock: serve anyway
            if exc.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):
                os.close(fd)
                raise
            log.warning("cannot lock %s (%s); not guarded against a second server",
                        self.path, exc.strerror)  # fmt: skip
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        self._fd = fd

    def _in_use(self, holder: str) -> str:
        who = f"another server (pid {holder})" if holder.isdigit() else "another server"
        return f"the database {self.db_path} is in use by {who}"

    def release(self) -> None:
        """Let the next server have the database (closing the file drops the lock)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)


def folder_problem(db_path: str | Path) -> str | None:
    """Why the folder of ``db_path`` cannot be made, in words, or None: the nearest
    path above it that exists must be a folder (``mkdir`` only says "File exists")."""
    for above in Path(db_path).parents:  # the nearest first
        if above.exists():
            return None if above.is_dir() else f"{above} is not a folder"
    return None

"""Persistence: SQLite in WAL mode. The command log is the source of truth.

A table row holds the game's setup, options and seed; a seat row its kind, name, hero and
the *hash* of its token; a command row one accepted command, in order. The server
writes a command here (and commits) before it acknowledges it, and restores an
unfinished game by replaying its commands from its seed. Finished games stay as replays.

All calls are synchronous and short (one statement and a commit): the table's command
path calls them inside its critical section, so the log order is the apply order.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Store:
    """One SQLite database (a file, or ``":memory:"``)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

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
        """Log one accepted command; returns once it is committed."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO commands (table_id, idx, seat, cmd_id, action, source, ts)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    idx,
                    seat,
                    None if cmd_id is None else json.dumps(cmd_id),
                    _dump(action),
                    source,
                    time.time(),
                ),
            )

    def unfinished_tables(self) -> list[TableRow]:
        rows = self.db.execute(
            "SELECT id FROM tables WHERE status != 'over' ORDER BY id"
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

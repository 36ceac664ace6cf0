"""The lobby: every live table by join code, creating tables, restoring them at start."""

from __future__ import annotations

import logging
import sqlite3
import time
from typing import Any

from server.matchplay import check_create
from server.options import seat_specs, table_options
from server.store import Store, TableRow
from server.table import Host, Table, seat_rows
from server.tokens import new_join_code, new_seed
from shared.protocol import ProtocolError
from shared.rules.base import RuleSet, SetupError, get_ruleset

log = logging.getLogger("allegiance.lobby")

#: A table still waiting for players (its lobby) this many seconds after it was made is
#: not restored at start-up: its maker left long ago (a killed client never says
#: ``leave``), and nobody is coming. Decision: 24 hours, so a lobby survives a restart of
#: the server the same day. Its rows stay in the database, marked "closed" (so the
#: next start passes it by without a word): nothing lists it (the replays skip it), its
#: code is never handed out again, and joining it says the table is closed.
LOBBY_KEPT_FOR = 24 * 60 * 60

#: What joining (or watching) a closed lobby says: one its players left before its game
#: began (:meth:`Lobby.close_if_left`), or one left waiting too long.
CLOSED_WORDS = "That table is closed: its game never began. Ask for a new code."
NO_TABLE_WORDS = "There is no table with that code."


def load_ruleset(game: str) -> RuleSet[Any]:
    try:
        return get_ruleset(game)
    except SetupError as exc:
        raise ProtocolError("bad_setup", str(exc)) from None
    except ImportError:
        raise ProtocolError(
            "bad_setup", f"the rules of {game!r} are not available on this server"
        ) from None


class Lobby:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.store: Store = host.store
        self.tables: dict[str, Table] = {}
        host.on_idle = self._drop_if_idle

    def get(self, code: object) -> Table | None:
        """The live table with this join code; a finished game is loaded from the store on
        demand (read-only: its seats can still resume to see the end, and a command that
        was logged just before a crash is still answered as a duplicate)."""
        if not isinstance(code, str):
            return None
        code = code.upper()
        table = self.tables.get(code)
        if table is None and len(code) <= 16:
            table = self._load_finished(code)
        return table

    def _load_finished(self, code: str) -> Table | None:
        table_id = self.store.table_id_for(code)
        if table_id is None:
            return None
        row = self.store.load_table(table_id)
        if row.status != "over":
            return None
        try:
            table = Table(self.host, load_ruleset(row.game), row)
            table.restore(row)
        except Exception:
            log.exception("could not load finished table %s", code)
            return None
        self.tables[code] = table
        return table

    def missing(self, code: object) -> ProtocolError:
        """The error for a code with no live table: a closed lobby says it is closed (the
        code is ``not_found`` all the same: there is nothing to join or take back)."""
        if isinstance(code, str) and len(code) <= 16:
            table_id = self.store.table_id_for(code.upper())
            if table_id is not None and self.store.load_table(table_id).status == "closed":
                return ProtocolError("not_found", CLOSED_WORDS)
        return ProtocolError("not_found", NO_TABLE_WORDS)

    def close_if_left(self, table: Table) -> bool:
        """Close a lobby whose last player left it (said ``leave``) before its game
        began, leaving no human seat claimed: nobody is coming back to it, so it is not
        listed, restored at start-up or joined by whoever has the code (they would sit
        down alone at a table nobody else knows of). A dropped connection keeps its seat
        (the player may come back), so only ``leave`` gets here. Its rows stay in the
        database, marked "closed", as for a lobby left waiting a day. Whether it closed."""
        if table.status != "waiting" or any(s.kind == "human" and s.claimed for s in table.seats):
            return False
        log.info("table %s closed: its last player left its lobby", table.code)
        try:
            self.store.set_status(table.id, "closed")
        except sqlite3.Error:  # a read-only database, say: the next start restores it
            log.warning("table %s: could not mark its lobby closed", table.code)
        table.status = "closed"
        table.notice("table_closed", "The table is closed: its players left before the game began.")
        table.shutdown()
        self.tables.pop(table.code, None)
        return True

    def _drop_if_idle(self, table: Table) -> None:
        """Forget a finished table nobody watches (it is read back from the store when
        someone joins it, with its stored asks), unless a player's ask for a rematch or
        the next game waits there: its grace timers and its answer to the others' asks
        live only here, and a lost connection keeps its ask."""
        if table.series.ready:
            return
        if table.status == "over" and not table.subscribers():
            table.shutdown()
            self.tables.pop(table.code, None)

    def _new_code(self) -> str:
        for _ in range(100):
            code = new_join_code()
            if code not in self.tables and not self.store.code_exists(code):
                return code
        raise ProtocolError("internal", "could not find a free join code")

    def create(self, msg: dict[str, Any]) -> tuple[Table, dict[int, str]]:
        """A new table from a ``create`` message; returns it and the claimed seats' tokens."""
        if len(self.tables) >= self.host.config.max_tables:
            raise ProtocolError("forbidden", "this server has no room for another table")
        ruleset = load_ruleset(msg["game"])
        specs = seat_specs(msg["seats"])
        raw_options = msg.get("options") or {}
        options = table_options(raw_options, self.host.config)
        check_create(msg["game"], msg["setup"], specs, options["best_of"])
        claim = sorted(set(msg.get("claim") or []))
        if any(c >= len(specs) or specs[c].kind != "human" for c in claim):
            raise ProtocolError("bad_setup", "'claim' may only name human seats of this table")
        seed = raw_options.get("seed")
        seed = new_seed() if seed is None else int(seed)
        bot_seed = raw_options.get("bot_seed")
        bot_seed = new_seed() if bot_seed is None else int(bot_seed)
        code = self._new_code()
        table_id = self.store.create_table(
            code, msg["game"], msg["setup"], options, seed, bot_seed, seat_rows(specs)
        )
        table = Table(self.host, ruleset, self.store.load_table(table_id))
        try:
            table.check_setup()
        except SetupError as exc:
            self.store.set_status(table_id, "over", {"winners": [], "reason": "bad_setup"})
            raise ProtocolError("bad_setup", str(exc)) from None
        self.tables[code] = table
        tokens = {seat: table.claim(seat, None, None) for seat in claim}
        table.maybe_start()
        log.info("table %s created (%s, %d seats)", code, msg["game"], len(specs))
        return table, tokens

    def restore_all(self, only: frozenset[str] | None = None, now: float | None = None) -> int:
        """Bring back every unfinished table from the store (``only``: those with these
        join codes), but not a lobby left waiting longer than :data:`LOBBY_KEPT_FOR`
        (``now``: the time to measure that from). Returns how many were restored."""
        count = 0
        now = time.time() if now is None else now
        for row in self.store.unfinished_tables():
            if only is not None and row.code not in only:
                continue
            if self._abandoned_lobby(row, now):
                continue
            try:
                table = Table(self.host, load_ruleset(row.game), row)
                table.restore(row)
            except Exception:
                log.exception("could not restore table %s; it stays in the database", row.code)
                continue
            self.tables[row.code] = table
            count += 1
        return count

    def _abandoned_lobby(self, row: TableRow, now: float) -> bool:
        """Whether ``row`` is a lobby nobody came to for :data:`LOBBY_KEPT_FOR` (logged)."""
        if row.status != "waiting":
            return False
        created, _ = self.store.table_times(row.id)
        hours = (now - created) / 3600
        if now - created <= LOBBY_KEPT_FOR:
            return False
        log.info(
            "table %s not restored: it waited for players for %.0f hours (over %d); "
            "its lobby is closed",
            row.code, hours, LOBBY_KEPT_FOR // 3600,
        )  # fmt: skip
        try:
            self.store.set_status(row.id, "closed")  # said once: not looked at again
        except sqlite3.Error:  # a read-only database, say: said again next time
            log.warning("table %s: could not mark its lobby closed", row.code)
        return True

    def listing(self, game: str | None, listed_only: bool = False) -> list[dict[str, Any]]:
        """The tables waiting or playing (``game``: of that game only). ``listed_only``:
        only those their maker asked to list (option ``listed``), as ``list`` answers
        anyone: every summary carries the join code, which lets a stranger sit down."""
        return [
            t.summary()
            for t in self.tables.values()
            if t.status != "over"
            and (game is None or t.game == game)
            and (not listed_only or t.options.get("listed", False))
        ]

    def shutdown(self) -> None:
        for table in self.tables.values():
            table.shutdown()

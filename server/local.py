"""The real server in-process on loopback, for hot-seat play and tests.

server = await start_local_server()          # in-memory database
server.url                                    # "ws://127.0.0.1:<port>"
await server.stop()

Local games (hot-seat, against bots), and games hosted with ``allegiance host`` without
``--db``, are recorded for ``allegiance replay`` in their own database,
``local_games_path()``, with ``recording_settings()``: that server does not restore the
unfinished games it finds there (their seat tokens died with the client that held them,
and another terminal may be playing one of them right now), so an unfinished local game
stays in the file as it was left, and is replayed as unfinished. The one exception is
the hosted game its host comes back to (``restore_tables``, ``client/app.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from pathlib import Path
from types import TracebackType
from typing import Any

from server.app import Server
from server.config import ServerConfig
from server.store import check_database

#: File name of the local games' database, in the user data directory.
LOCAL_GAMES_DB = "local-games.db"


def data_dir() -> Path:
    """``platformdirs.user_data_dir("allegiance")`` (where ``allegiance serve`` keeps its
    database), or ``$ALLEGIANCE_DATA_DIR`` when set."""
    override = os.environ.get("ALLEGIANCE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("allegiance"))


def local_games_path() -> Path:
    """The database that records this user's local games."""
    return data_dir() / LOCAL_GAMES_DB


def recording_settings() -> dict[str, Any]:
    """``start_local_server`` settings that record local (and hosted) games in
    ``local_games_path()`` without restoring the unfinished ones found there."""
    return {"db_path": str(local_games_path()), "restore": False, "restore_tables": ()}


class LocalServer:
    """A running server on 127.0.0.1 with a free port."""

    def __init__(self, server: Server) -> None:
        self.server = server

    @property
    def url(self) -> str:
        return self.server.url

    async def stop(self, message: str | None = None, reason: str | None = None) -> None:
        """Stop the server; ``message`` is what its clients are told, ``reason`` why
        (see ``Server.stop``)."""
        await self.server.stop(message, reason)

    async def __aenter__(self) -> LocalServer:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()


async def start_local_server(db_path: str | Path | None = None, **settings: Any) -> LocalServer:
    """Start the server (default 127.0.0.1, port 0). ``db_path=None`` keeps games in memory.

    ``settings`` override :class:`ServerConfig` fields (tests use ``rulesets``,
    ``allow_fixed_seeds``, ...).
    """
    fields: dict[str, Any] = {"host": "127.0.0.1", "port": 0}
    fields.update(settings)     # ``allegiance host`` binds the LAN address and a port
    if db_path is not None:  # reads the whole file: not on the event loop
        await asyncio.to_thread(check_intact, db_path)
    config = ServerConfig(db_path=":memory:" if db_path is None else str(db_path), **fields)
    server = Server(config)
    await server.start()
    return LocalServer(server)


def check_intact(db_path: str | Path) -> None:
    """Raise :class:`sqlite3.DatabaseError` when the SQLite file at ``db_path`` is
    damaged ("database disk image is malformed"), so the game says so as it starts,
    naming the file. Its first pages may be whole, and the server would open it, while
    the rest is not: the first game recorded would then fail as "The server could not
    handle that message.", which says nothing of the file. Someone else's file is
    refused as the server refuses it, untouched; a file not there yet, or one that
    cannot be read now (locked, say), is left to the server as before."""
    if not Path(db_path).is_file():
        return
    try:
        check_database(db_path)
        with contextlib.closing(sqlite3.connect(db_path)) as db:
            rows = db.execute("PRAGMA quick_check(1)").fetchall()
    except sqlite3.OperationalError:  # locked, busy, unreadable: not the file's content
        return
    if rows != [("ok",)]:  # the damage found (pages, in lines): the file is what to name
        raise sqlite3.DatabaseError("database disk image is malformed")

"""One server per database, a port already taken, and a clean stop that is not players
leaving: the refusals are one line, and a stop tells players only that it stops."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from server.app import PortInUse
from server.client import ProtocolClient
from server.store import DatabaseInUse, DatabaseLock, folder_problem
from tests.server.kit import open_table, toy_server

SCRIPT = Path(sys.executable).parent / "allegiance"


async def test_a_second_server_on_the_same_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    first = await toy_server(db_path=str(db))
    holder, code = await open_table(first.url, 2)  # an unfinished game the first one plays
    try:
        with pytest.raises(DatabaseInUse) as info:
            await toy_server(db_path=str(db))
        assert str(info.value) == (
            f"the database {db} is in use by another server (pid {os.getpid()})"
        )
    finally:
        await holder.close()
        await first.stop()
    again = await toy_server(db_path=str(db))  # the stop let go of the database
    try:
        assert code in again.server.lobby.tables
    finally:
        await again.stop()


async def test_servers_that_only_record_share_their_database(tmp_path: Path) -> None:
    """Local games (``restore`` off) restore no one's games: every terminal records its
    own in the one local games' database at once."""
    db = str(tmp_path / "local.db")
    one = await toy_server(db_path=db, restore=False)
    two = await toy_server(db_path=db, restore=False)
    await one.stop()
    await two.stop()


def test_a_lock_left_by_a_killed_server_is_free(tmp_path: Path) -> None:
    """The lock dies with its process, even one killed with SIGKILL; the file stays."""
    db = tmp_path / "k.db"
    code = f"from server.store import DatabaseLock; DatabaseLock({str(db)!r}).acquire(); " \
           "print('held', flush=True); import time; time.sleep(60)"  # fmt: skip
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"held\n"
        with pytest.raises(DatabaseInUse, match=f"pid {proc.pid}"):
            DatabaseLock(db).acquire()
    finally:
        proc.kill()
        proc.wait()
    lock = DatabaseLock(db)
    lock.acquire()
    lock.release()


def test_serve_on_a_database_in_use_says_so_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    held = DatabaseLock(db)
    held.acquire()
    try:
        done = subprocess.run(
            [str(SCRIPT), "serve", "--port", "0", "--db", str(db)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    finally:
        held.release()
    assert done.returncode == 1
    assert f"is in use by another server (pid {os.getpid()})" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.count(str(db)) == 1  # named once, not "cannot use the database X: … X …"


async def test_a_port_in_use_is_said_in_words_and_frees_the_database(tmp_path: Path) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    db = str(tmp_path / "p.db")
    try:
        with pytest.raises(PortInUse) as info:
            await toy_server(db_path=db, port=port)
    finally:
        taken.close()
    assert str(info.value) == (
        f"port {port} is already in use (another server?); choose another with --port"
    )
    again = await toy_server(db_path=db)  # the failed start let go of the database
    await again.stop()


def test_a_file_where_the_folder_of_the_database_should_be() -> None:
    assert folder_problem("/etc/hostname/x.db") == "/etc/hostname is not a folder"
    assert folder_problem("/etc/hostname/a/b/x.db") == "/etc/hostname is not a folder"
    assert folder_problem("/tmp/no-such-folder-41/x.db") is None


async def test_a_clean_stop_is_not_players_leaving() -> None:
    """Connections dropped by a stopping server: no "lost the connection" notices to the
    players still connected, and no reconnect grace; only the server's own notice."""
    srv = await toy_server()
    holder, code = await open_table(srv.url, 2, options={"grace": 30}, join=False)
    other = ProtocolClient(srv.url, "other")
    await other.connect()
    await other.join(code, 1, holder.tokens[(code, 1)])
    await holder.join(code, 0)
    table = srv.server.lobby.tables[code]
    assert table.status == "playing"
    await srv.stop()
    await asyncio.wait_for(asyncio.gather(holder.closed.wait(), other.closed.wait()), 5)
    for client in (holder, other):
        codes = [n["code"] for n in client.notices]
        assert "server_stopping" in codes and "seat_disconnected" not in codes
    assert all(s.grace is None for s in table.seats)

"""A server that cannot listen (its port taken, an address not this machine's) creates
no database: no file, no lock file beside it, and leaves a database that was there
untouched. One that cannot have its database lets go of its port."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from client import cli
from server.app import PortInUse, Server
from server.config import ServerConfig
from server.store import DatabaseInUse, DatabaseLock
from tests.server.kit import toy_server

#: An address of the documentation range (RFC 5737): never this machine's, so binding
#: it fails at once, sending nothing.
NOT_OURS = "192.0.2.1"


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port on 127.0.0.1 held by a listening socket of the test."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


async def test_a_taken_port_creates_no_database(tmp_path: Path, taken_port: int) -> None:
    with pytest.raises(PortInUse):
        await toy_server(db_path=str(tmp_path / "x.db"), port=taken_port)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("where", ["port", "host"])
def test_serve_that_cannot_listen_creates_no_database(
    tmp_path: Path, taken_port: int, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``allegiance serve --port P --db x.db`` on a taken port, or ``--host`` an address
    not this machine's: one line, exit status 1, and no ``x.db``."""
    db = tmp_path / "x.db"
    flags = ["--port", str(taken_port)] if where == "port" else ["--host", NOT_OURS]
    assert cli.main(["serve", *flags, "--db", str(db)]) == 1
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.startswith("allegiance serve: error: cannot listen on "), last
    assert list(tmp_path.iterdir()) == []


async def test_a_database_that_was_there_is_left_as_it_was(tmp_path: Path, taken_port: int) -> None:
    db = tmp_path / "x.db"
    first = await toy_server(db_path=str(db))
    await first.stop()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert "x.db" in before
    with pytest.raises(PortInUse):
        await toy_server(db_path=str(db), port=taken_port)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


async def test_a_database_in_use_lets_go_of_the_port(tmp_path: Path) -> None:
    """The port is bound before the database is held: a server refused its database
    closes its socket, so the port is free again at once."""
    db = tmp_path / "x.db"
    held = DatabaseLock(db)
    held.acquire()
    server = Server(ServerConfig(db_path=str(db)))  # 127.0.0.1, any free port
    try:
        with pytest.raises(DatabaseInUse):
            await server.start()
    finally:
        held.release()
    assert server.port  # it had bound one
    with socket.socket() as again:
        again.bind(("127.0.0.1", server.port))  # OSError if the refused server held it

"""The real server in-process on loopback, for hot-seat play and tests.

server = await start_local_server()          # in-memory database
server.url                                    # "ws://127.0.0.1:<port>"
await server.stop()
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Any

from server.app import Server
from server.config import ServerConfig


class LocalServer:
    """A running server on 127.0.0.1 with a free port."""

    def __init__(self, server: Server) -> None:
        self.server = server

    @property
    def url(self) -> str:
        return self.server.url

    async def stop(self) -> None:
        await self.server.stop()

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
    config = ServerConfig(db_path=":memory:" if db_path is None else str(db_path), **fields)
    server = Server(config)
    await server.start()
    return LocalServer(server)

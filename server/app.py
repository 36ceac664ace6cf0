"""The server process: websockets listener, lobby, persistence, graceful stop.

``Server.start()`` opens the database, restores unfinished games, and listens;
``Server.stop()`` stops accepting, tells every client, closes them (1001) and closes the
database. ``run(config)`` adds SIGINT/SIGTERM handling for the command line.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sqlite3
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve

from server.config import ServerConfig
from server.connection import Connection
from server.lobby import Lobby
from server.loop import loop_name
from server.store import Store
from server.table import Host
from shared.protocol import codec
from shared.rules.base import register_ruleset

log = logging.getLogger("allegiance.server")
#: Seconds between checkpoints of the database's write-ahead log.
CHECKPOINT_EVERY = 1.0


class Server:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.stopping = False
        self.connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._ws: WsServer | None = None
        self.store: Store | None = None
        self._checkpoints: asyncio.Task[None] | None = None
        self.executor: ThreadPoolExecutor | None = None
        self.lobby: Lobby = None  # type: ignore[assignment]  # set in start()
        self.port = 0

    @property
    def url(self) -> str:
        host = self.config.host
        if ":" in host:
            host = f"[{host}]"
        return f"ws://{host}:{self.port}"

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> None:
        for spec in self.config.rulesets:
            name, _, target = spec.partition("=")
            register_ruleset(name, target)
        self.store = Store(self.config.db_path)
        if self.config.db_path != ":memory:":
            self.store.defer_checkpoints()
            self._checkpoints = asyncio.get_running_loop().create_task(self._checkpoint_often())
        self.executor = ThreadPoolExecutor(self.config.bot_workers, thread_name_prefix="bot")
        self.lobby = Lobby(Host(self.store, self.config, self.executor))
        if self.config.restore:
            restored = self.lobby.restore_all()
        elif self.config.restore_tables:
            restored = self.lobby.restore_all(frozenset(self.config.restore_tables))
        else:
            restored = 0
        if restored:
            log.info("restored %d unfinished table(s)", restored)
        if self.config.tune_gc:
            tune_gc()
        self._ws = await serve(
            self._handle,
            self.config.host,
            self.config.port,
            compression=None,
            max_size=self.config.max_frame,
            max_queue=32,
            ping_interval=self.config.ping_interval,
            ping_timeout=self.config.ping_timeout,
            close_timeout=2,
            logger=logging.getLogger("allegiance.ws"),
        )
        sock = next(iter(self._ws.sockets))
        self.port = int(sock.getsockname()[1])
        log.info(
            "listening on %s (database %s, %s loop)", self.url, self.config.db_path, loop_name()
        )

    async def _checkpoint_often(self) -> None:
        """Copy the write-ahead log into the database file every second, in a thread of
        its own: a checkpoint syncs the files to disk, which takes milliseconds that a
        command's commit (on the event loop) should not wait for."""
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(1, thread_name_prefix="checkpoint") as worker:
            while True:
                await asyncio.sleep(CHECKPOINT_EVERY)
                try:
                    await loop.run_in_executor(worker, self._checkpoint)
                except sqlite3.Error:
                    log.exception("could not checkpoint the database")

    def _checkpoint(self) -> None:
        if self.store is not None:
            self.store.checkpoint()

    async def _handle(self, ws: ServerConnection) -> None:
        if self.stopping:
            await ws.close(1001, "server stopping")
            return
        conn = Connection(self, ws)
        self.connections.add(conn)
        try:
            await conn.run()
        finally:
            self.connections.discard(conn)

    async def stop(self) -> None:
        """Stop accepting, tell clients, close them, flush and close the database."""
        if self.stopping:
            return
        self.stopping = True
        if self._ws is not None:
            self._ws.close(close_connections=False)
        self.lobby.shutdown()
        notice = codec.encode(
            {
                "t": "notice",
                "code": "server_stopping",
                "message": "The server is stopping; reconnect in a moment.",
            }
        )
        for conn in list(self.connections):
            conn.deliver(notice)
        await asyncio.sleep(0.05)  # let writers push the notice out
        for conn in list(self.connections):
            conn.drop(1001, "server stopping")
        if self._ws is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._ws.wait_closed(), timeout=3)
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=3)
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
        heavy = self.lobby.host.heavy if self.lobby is not None else None
        if heavy is not None:
            heavy.shutdown(wait=False, cancel_futures=True)
        if self._checkpoints is not None:
            self._checkpoints.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpoints
        if self.store is not None:
            self.store.close()
        log.info("stopped")


async def serve_until_signalled(config: ServerConfig, extra: Any = None) -> int:
    """Run a server until SIGINT/SIGTERM; then stop it gracefully. Returns 0.

    ``extra``, if given, is an async context manager factory called with the started
    server (e.g. the LAN advertisement); it is exited before the server stops.
    """
    server = Server(config)
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    async with contextlib.AsyncExitStack() as stack:
        if extra is not None:
            await stack.enter_async_context(extra(server))
        await stop.wait()
        log.info("signal received; stopping")
    await server.stop()
    return 0


def tune_gc() -> None:
    """Fewer, cheaper collections: a full collection of every long-lived object (rules
    catalog, restored games, libraries) every few hundred commands cost several ms of
    latency. Freeze what exists at start-up and collect the young generation less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def configure_logging(level: str = "INFO") -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )

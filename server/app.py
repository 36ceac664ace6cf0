"""The server process: websockets listener, lobby, persistence, graceful stop.

``Server.start()`` binds its port, opens the database, restores unfinished games, and
then accepts connections; ``Server.stop()`` stops accepting, tells every client, closes
them (1001) and closes the database. ``run(config)`` adds SIGINT/SIGTERM handling for
the command line.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
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
from server.store import DatabaseLock, Store, check_database
from server.table import Host
from shared.protocol import codec
from shared.rules.base import register_ruleset

log = logging.getLogger("allegiance.server")
#: Seconds between checkpoints of the database's write-ahead log.
CHECKPOINT_EVERY = 1.0
#: How long a stopping server waits for its bot worker processes to finish (a bot in the
#: middle of a long search is not waited for beyond it).
POOL_STOP_SECONDS = 5.0


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
        self._lock: DatabaseLock | None = None
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
        # The port first, before the database: a server that cannot listen (the port
        # taken, an address not this machine's) leaves no database file, lock or games
        # behind. Connections are accepted only once the games are restored.
        await self._listen()
        try:
            self._hold_database()
            self._open()
            assert self._ws is not None
            await self._ws.start_serving()
        except BaseException:  # e.g. the database is in use: let go of everything held
            await self._close_listener()
            self._stop_tables()
            await self._release()
            raise
        log.info(
            "listening on %s (database %s, %s loop)", self.url, self.config.db_path, loop_name()
        )

    def _hold_database(self) -> None:
        """A server that restores a database's unfinished games owns them: a second one on
        the same file is refused (:class:`DatabaseLock`). A server that only records its
        games (``restore`` off: local games, in one database shared by every terminal)
        owns no one else's and takes no lock."""
        if self.config.db_path == ":memory:" or not self.config.restore:
            return
        check_database(self.config.db_path)  # someone else's file gets no lock file beside it
        lock = DatabaseLock(self.config.db_path)
        lock.acquire()
        self._lock = lock

    def _open(self) -> None:
        """The database, the bots' threads, the lobby, and the games restored."""
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

    async def _listen(self) -> None:
        """Bind the listening socket, not yet accepting (``start`` starts that)."""
        try:
            self._ws = await serve(
                self._handle,
                self.config.host,
                self.config.port,
                start_serving=False,
                compression=None,
                max_size=self.config.max_frame,
                max_queue=32,
                ping_interval=self.config.ping_interval,
                ping_timeout=self.config.ping_timeout,
                close_timeout=2,
                logger=logging.getLogger("allegiance.ws"),
            )
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise
            raise PortInUse(self.config.port) from None
        sock = next(iter(self._ws.sockets))
        self.port = int(sock.getsockname()[1])

    async def _close_listener(self) -> None:
        """Close the socket of a server that did not start. It never accepted anyone, so
        its socket alone is closed: websockets' own close would log "server closing" and
        "server closed" above the command's one error line."""
        if self._ws is not None:
            self._ws.server.close()
            await self._ws.server.wait_closed()
            self._ws = None

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

    async def stop(self, message: str | None = None, reason: str | None = None) -> None:
        """Stop accepting, tell clients (``message``, or that it stops and they may
        reconnect in a moment; ``reason``, one of ``STOP_TABLE_CLOSED`` and
        ``STOP_HOST_LEFT``, for their clients to act on), close them, flush and close the
        database."""
        if self.stopping:
            return
        self.stopping = True
        if self._ws is not None:
            self._ws.close(close_connections=False)
        self._stop_tables()
        said: dict[str, Any] = {
            "t": "notice",
            "code": "server_stopping",
            "message": message or "The server is stopping; reconnect in a moment.",
        }
        if reason:
            said["data"] = {"reason": reason}
        notice = codec.encode(said)
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
        await self._release()
        log.info("stopped")

    def _stop_tables(self) -> None:
        """Stop every table's clocks, bots and graces, and empty its streams at once: the
        connections dropped next are the server going away, not players leaving, and a
        table unsubscribes only a connection it still has, so none tells the others that
        someone "lost the connection" nor starts a reconnect grace (the restart gives
        every seat one)."""
        if self.lobby is None:
            return
        self.lobby.shutdown()
        for table in self.lobby.tables.values():
            for stream in table.streams.values():
                stream.subscribers.clear()

    async def _release(self) -> None:
        """Let go of the threads, the database, and last its lock (the next server may
        open the database as soon as the lock is free)."""
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
        heavy = self.lobby.host.heavy if self.lobby is not None else None
        if heavy is not None:
            # Waited for (off the loop, a few seconds at most): a pool still closing as
            # the interpreter exits races Python's own exit hook, which may write to the
            # pool's wake-up pipe just as its manager thread closes it, and prints an
            # "OSError: Bad file descriptor" traceback into a clean stop.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    asyncio.to_thread(heavy.shutdown, wait=True, cancel_futures=True),
                    POOL_STOP_SECONDS,
                )
        if self._checkpoints is not None:
            self._checkpoints.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpoints
        if self.store is not None:
            self.store.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None


class PortInUse(OSError):
    """The port to listen on is taken. An ``OSError`` like the one it replaces (callers
    report those), with words a person can act on instead of the bind call's."""

    def __init__(self, port: int) -> None:
        super().__init__(
            f"port {port} is already in use (another server?); choose another with --port"
        )
        self.errno = errno.EADDRINUSE


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

"""The asyncio adapter between a websocket and a :class:`ClientSession`.

:meth:`Connection.run` connects, sends what ``session.on_connected()`` lists, then feeds
every decoded frame to the session and hands the resulting updates to ``deliver``.
After a dropped connection it reconnects by itself with a growing delay (capped), and
the session restores its seats. It holds no game rules and no view state.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from client.net.session import ClientSession, Failed, Message, Notice, Update
from shared.protocol import ProtocolError, codec


@dataclass(frozen=True)
class LinkState(Update):
    """The connection's state, for the status line: "connecting", "online",
    "reconnecting" (with the next attempt's delay) or "closed"."""

    state: str
    detail: str = ""


#: Attempts at a first connection before giving up (a server never reached is most
#: likely a wrong address, or a game no longer hosted). Once connected, a dropped
#: connection is retried for as long as the player stays.
FIRST_TRIES = 4


#: Where the person who came to make a table reads why its server was not reached, and
#: so how they are told to serve it from this machine instead: on the command line
#: ("'allegiance host' without --on") or in the Host form ("choose 'Served from this
#: machine' in the form": said in a toast, whose place on the screen may vary).
Advice = Literal["command", "form"]


def unreachable(url: str, exc: BaseException, making: bool = False,
                advice: Advice = "command") -> str:  # fmt: skip
    """Why the server at ``url`` could not be reached, for people. ``making``: this
    client came to make a table there (``allegiance host --on``, the Host form), not to
    join one, so a server that does not answer is one to start, not a game no longer
    hosted; ``advice`` says where they read it, so serving from this machine instead is
    told in its words."""
    where = url.removeprefix("ws://").removeprefix("wss://").rstrip("/")
    if isinstance(exc, ConnectionRefusedError) and making:
        why = f"nothing answers there: no server runs on that port ({_start_one(url, advice)})"
    elif isinstance(exc, ConnectionRefusedError):
        why = "nothing answers there (is the game still hosted, on that port?)"
    elif isinstance(exc, socket.gaierror):  # the name is not known: no server to start
        why = "no machine by that name is known here (check the address"
        why += f"; or {_serve_here(advice)})" if making else ")"
    elif isinstance(exc, TimeoutError):
        why = "it did not answer in time"
    elif isinstance(exc, OSError) and exc.strerror:
        why = exc.strerror.lower()
    else:
        why = str(exc) or type(exc).__name__
    return f"Could not reach the server at {where}: {why}."


def _start_one(url: str, advice: Advice = "command") -> str:
    """How to have a server at ``url`` to make a table on: start one on that machine (one
    reached from elsewhere listens on every network: ``allegiance serve`` listens on
    loopback only by default), or serve the game from this one: on the command line
    without ``--on``, in the Host form by its choice beside the address (``advice``)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:  # a port out of range: bad_address said so before connecting
        port = None
    host = parts.hostname or ""
    serve = "allegiance serve"
    if not (host == "localhost" or host == "::1" or host.startswith("127.")):
        serve += " --host 0.0.0.0"
    if port:
        serve += f" --port {port}"
    return f"start one there with '{serve}', or {_serve_here(advice)}"


def _serve_here(advice: Advice) -> str:
    """How to serve the game from this machine instead, where ``advice`` says."""
    if advice == "form":
        return "choose 'Served from this machine' in the form"
    return "serve the game from this machine: 'allegiance host' without --on"


def bad_address(url: str) -> str | None:
    """Why ``url`` is no websocket address, for people (None: it is one). The screens and
    commands check what is typed first; this is the last word before connecting."""
    from websockets.exceptions import InvalidURI
    from websockets.uri import parse_uri

    try:
        parse_uri(url)
    except (InvalidURI, ValueError) as exc:  # ValueError: a port out of range, a "[" left open
        where = url.removeprefix("ws://").removeprefix("wss://").rstrip("/")
        why = "not a ws:// or wss:// URL" if isinstance(exc, InvalidURI) else str(exc)
        return f"{where} is not a server address ({why})."
    return None


class Connection:
    """One websocket to one server, reconnecting until :meth:`close` is called."""

    def __init__(
        self,
        url: str,
        session: ClientSession,
        deliver: Callable[[list[Update]], None],
        *,
        max_delay: float = 8.0,
        advice: Advice = "form",
    ) -> None:
        self.url = url
        self.session = session
        self.deliver = deliver
        self.max_delay = max_delay
        #: Where a table this connection came to make is told its server was not reached
        #: (:data:`Advice`): the game's Host form by default, as both ways of making one
        #: in the game (the form, ``allegiance host --on``) go back to it on that failure.
        self.advice = advice
        self._outbox: asyncio.Queue[bytes] = asyncio.Queue()
        self._closing = False
        self._ws: Any = None
        self._dropping: asyncio.Future[None] | None = None
        session.send = self.send

    def send(self, message: Message) -> None:
        """Queue one message; it goes out while connected (dropped on a disconnect, the
        session re-sends what matters on the next connect)."""
        try:
            self._outbox.put_nowait(codec.encode(message))
        except ProtocolError as exc:
            self.deliver([Notice(f"Could not send that: {exc}", "error")])

    async def close(self, farewell: list[Message] | None = None) -> None:
        """Close for good; ``farewell``: messages sent first, straight on the socket
        (the queue is not drained on close), each given a moment."""
        self._closing = True
        if self._ws is not None:
            with contextlib.suppress(Exception):
                for message in farewell or ():
                    await asyncio.wait_for(self._ws.send(codec.encode(message)), 1.0)
            with contextlib.suppress(Exception):
                await self._ws.close()

    def stop_reconnecting(self) -> None:
        """From now on, a dropped connection ends :meth:`run` (its server is stopping)."""
        self._closing = True

    def drop(self) -> None:
        """Close the socket as if the network failed (tests, and "reconnect now")."""
        if self._ws is not None:
            self._dropping = asyncio.ensure_future(self._ws.close(code=4000, reason="client drop"))

    async def run(self) -> None:
        """Connect and serve until closed; reconnect after failures."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException

        problem = bad_address(self.url)
        if problem is not None:
            self.deliver([Failed(problem)])
            return
        delay = 0.25
        online_once = False
        failures = 0
        while not self._closing:
            self.deliver([LinkState("reconnecting" if online_once else "connecting")])
            try:
                async with connect(
                    self.url,
                    max_size=codec.CLIENT_LIMITS.max_frame,
                    compression=None,
                    ping_interval=15,
                    ping_timeout=15,
                    open_timeout=10,
                ) as ws:
                    self._ws = ws
                    delay, online_once = 0.25, True
                    if await self._serve(ws):
                        return
            except InvalidURI:
                self.deliver([Failed(f"{self.url} is not a server address.")])
                return
            except (OSError, TimeoutError, InvalidHandshake, WebSocketException) as exc:
                failures += 1
                if not online_once and failures >= FIRST_TRIES:
                    self.deliver([Failed(unreachable(self.url, exc, self._making(), self.advice))])
                    return
            finally:
                self._ws = None
            if self._closing:
                break
            await self._count_down("reconnecting" if online_once else "connecting", delay)
            delay = min(delay * 2, self.max_delay)
        self.deliver([LinkState("closed")])

    def _making(self) -> bool:
        """Whether this connection came to make a table (not to join or watch one): its
        session has no table yet, as a join, a watch and a resumed seat all name one."""
        return self.session.table is None and not self.session.spectator

    async def _count_down(self, state: str, delay: float) -> None:
        """Wait ``delay`` seconds before the next attempt, saying each second how many
        are left ("retrying in 8s", "7s", … "1s"), until closed."""
        left = delay
        while left > 0 and not self._closing:
            shown = math.ceil(left)
            self.deliver([LinkState(state, f"retrying in {shown}s")])
            step = left - (shown - 1)  # to the next whole second left
            await asyncio.sleep(step)
            left -= step

    async def _serve(self, ws: Any) -> bool:
        """One connection's life; True when the session failed for good."""
        self._outbox = asyncio.Queue()
        for message in self.session.on_connected():
            self._outbox.put_nowait(codec.encode(message))
        self.deliver([LinkState("online")])
        writer = asyncio.create_task(self._write(ws))
        try:
            async for frame in ws:
                try:
                    message = codec.decode(frame, codec.CLIENT_LIMITS)
                except ProtocolError as exc:
                    self.deliver(
                        [Notice(f"The server sent something unreadable ({exc}).", "error")]
                    )
                    continue
                updates = self.session.on_message(message)
                if updates:
                    self.deliver(updates)
                if any(isinstance(u, Failed) for u in updates):
                    self._closing = True
                    return True
        finally:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
        return False

    async def _write(self, ws: Any) -> None:
        while True:
            frame = await self._outbox.get()
            await ws.send(frame)

"""One client connection: frames in (bounded, rate-limited), frames out (bounded).

The connection holds no game rules. Inbound frames are decoded within the server's
limits, checked against the message schema, and handed to ``handlers.dispatch``.

Outbound, a table never waits for a socket. While the peer keeps up (the transport's
write buffer holds less than :data:`WRITE_BUFFER_LIMIT` bytes and nothing is queued),
:meth:`Connection.deliver` hands the frame to the websocket protocol at once and one
flush per event-loop pass writes every frame of that pass to the socket in one system
call: no task switch, no lock, no ``await`` per frame. When the peer falls behind,
frames go to a bounded queue drained by one writer task that waits for the socket;
when that queue is full the pending frames are dropped and the connection is resynced
once it catches up; if it overflows again before that, it is dropped (close code 1013)
and may reconnect and resume.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from shared.protocol import ProtocolError, codec
from shared.protocol.errors import short_message
from shared.protocol.messages import check_client_message, error

if TYPE_CHECKING:
    from server.app import Server
    from server.table import Table

log = logging.getLogger("allegiance.conn")
_ids = itertools.count(1)

#: Bytes the transport may hold unsent before new frames wait in the bounded queue.
WRITE_BUFFER_LIMIT = 256 * 1024


class TokenBucket:
    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Connection:
    def __init__(self, server: Server, ws: Any) -> None:
        self.id = next(_ids)
        self.server = server
        self.ws = ws
        config = server.config
        self.capacity = config.outbound_queue
        self.queue: deque[bytes] = deque()
        self.wakeup = asyncio.Event()
        self.bucket = TokenBucket(config.rate, config.burst)
        self.greeted = False
        self.name = ""
        self.malformed = 0
        self.rate_dropped = 0
        self.resync_pending = False
        self.closed = False
        self.close_with: tuple[int, str] | None = None
        self.subs: set[tuple[Table, int | None]] = set()
        self._direct = _can_write_directly(ws)
        self._flush_planned = False

    def __repr__(self) -> str:
        return f"<Connection {self.id}>"

    # --- outbound ------------------------------------------------------------------

    def deliver(self, frame: bytes) -> None:
        if self.closed:
            return
        if self._keeps_up():
            self.ws.protocol.send_binary(frame)
            if not self._flush_planned:
                self._flush_planned = True
                asyncio.get_running_loop().call_soon(self._flush)
            return
        if len(self.queue) >= self.capacity:
            self._overflow()
            return
        self.queue.append(frame)
        self.wakeup.set()

    def _keeps_up(self) -> bool:
        """Whether a frame may skip the queue: nothing is waiting in it, no resync is
        due, the websocket is open and the socket is taking what it is given."""
        return (
            self._direct
            and not self.queue
            and not self.resync_pending
            and self.ws.protocol.state is State.OPEN
            and self.ws.transport.get_write_buffer_size() < WRITE_BUFFER_LIMIT
        )

    def _flush(self) -> None:
        """Write every frame handed to the protocol in this pass of the event loop."""
        self._flush_planned = False
        try:
            chunks = self.ws.protocol.data_to_send()
            end = chunks.index(b"") if b"" in chunks else len(chunks)
            if end:  # one system call for all of them: each costs more than the copy
                self.ws.transport.write(b"".join(chunks[:end]) if end > 1 else chunks[0])
            if end < len(chunks):  # the protocol asked to end the stream
                if self.ws.transport.can_write_eof():
                    self.ws.transport.write_eof()
                else:
                    self.ws.transport.close()
        except Exception:  # the socket failed under us: the reader sees it and cleans up
            log.debug("connection %d: write failed", self.id, exc_info=True)

    def send(self, msg: dict[str, Any]) -> None:
        self.deliver(codec.encode(_for_people(msg)))

    def _overflow(self) -> None:
        self.queue.clear()
        if self.resync_pending:
            log.info("connection %d is too slow; dropping it", self.id)
            self.drop(1013, "too slow; reconnect and resume")
            return
        self.resync_pending = True
        self.wakeup.set()

    def _resync_frames(self) -> list[bytes]:
        frames = [
            codec.encode(
                {
                    "t": "notice",
                    "code": "resync",
                    "message": "You fell behind; here is a fresh view.",
                }
            )
        ]
        for table, seat in list(self.subs):
            frames.append(codec.encode(table.sync_message(seat)))
        return frames

    async def writer(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                if not self.queue:
                    if self.resync_pending:
                        self.resync_pending = False
                        self.queue.extend(self._resync_frames())
                        continue
                    self.wakeup.clear()
                    await self.wakeup.wait()
                    continue
                await self.ws.send(self.queue.popleft())

    def drop(self, code: int, reason: str, flush: bool = False) -> None:
        """Detach from every table now and close the socket in the background.

        ``flush``: let frames already queued (e.g. the error that explains the close) go
        out first, for up to half a second; a slow consumer is dropped without them.
        """
        if self.closed:
            return
        self.closed = True
        self.close_with = (code, reason)
        if not flush:
            self.queue.clear()
        self.detach_all()
        self.server.spawn(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        if self.queue:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._drain(), timeout=0.5)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code, reason), timeout=2.0)
        with contextlib.suppress(Exception):
            self.ws.transport.abort()

    def detach_all(self) -> None:
        subs, self.subs = self.subs, set()
        for table, seat in subs:
            table.unsubscribe(self, seat)

    # --- inbound -------------------------------------------------------------------

    async def run(self) -> None:
        """Serve the connection until it closes."""
        writer = asyncio.create_task(self.writer())
        try:
            async for frame in self.ws:
                self.on_frame(frame)
                if self.closed:
                    break
        except ConnectionClosed:
            pass
        finally:
            if self.close_with is not None:
                await self._close(*self.close_with)
            self.closed = True
            self.detach_all()
            if self.queue and not writer.done():
                # let already-queued answers (e.g. the last error) go out briefly
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._drain(), timeout=0.5)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    def _rate_limited(self, msg: dict[str, Any]) -> None:
        """Answer a message over the rate limit (by id, so a client can retry) or close."""
        self.rate_dropped += 1
        if self.rate_dropped > self.server.config.rate_drop_limit:
            self.drop(1008, "rate limit exceeded", flush=True)
            return
        rid = _request_id(msg)
        if msg.get("t") == "submit" and rid is not None:
            self.send(
                {
                    "t": "refused",
                    "id": rid,
                    "table": msg.get("table"),
                    "seat": msg.get("seat"),
                    "code": "rate_limited",
                    "message": "Too many messages; try again in a moment.",
                }
            )
        else:
            self.send(error("rate_limited", "Too many messages; slow down.", rid))

    async def _drain(self) -> None:
        """Wait (callers bound it) until the queue is sent, or the socket is closing."""
        while self.queue and _is_open(self.ws):
            await asyncio.sleep(0.01)

    def on_frame(self, frame: bytes | str) -> None:
        from server import handlers

        limited = not self.bucket.take()
        msg: dict[str, Any] = {}
        try:
            msg = codec.decode(frame)
            if limited:
                self._rate_limited(msg)
                return
            kind = check_client_message(msg)
        except ProtocolError as exc:
            if limited:
                self._rate_limited(msg)
                return
            self.malformed += 1
            self.send(error(exc.code, exc.message, _request_id(msg)))
            if self.malformed >= self.server.config.malformed_limit:
                self.drop(1008, "too many malformed frames", flush=True)
            return
        try:
            handlers.dispatch(self, kind, msg)
        except ProtocolError as exc:
            self.send(error(exc.code, exc.message, _request_id(msg)))
        except Exception:
            log.exception("connection %d: handler for %r failed", self.id, kind)
            self.send(
                error("internal", "The server could not handle that message.", _request_id(msg))
            )


#: The messages that answer a request with why it failed: their ``message`` is for people.
_ERROR_TYPES = frozenset({"error", "refused"})


def _for_people(msg: dict[str, Any]) -> dict[str, Any]:
    """``msg`` as it goes out: an ``error`` or ``refused`` with its message kept short.

    Every error and refusal a connection sends passes here (the handlers', the rule
    set's, the rate limit's), and their messages may repeat what the peer sent in full
    (an unknown format or action kind of 4 KiB): cut here, once, not at each raise."""
    text = msg.get("message")
    if msg.get("t") not in _ERROR_TYPES or not isinstance(text, str):
        return msg
    short = short_message(text)
    return msg if short == text else {**msg, "message": short}


def _is_open(ws: Any) -> bool:
    protocol = getattr(ws, "protocol", None)
    return protocol is None or protocol.state is State.OPEN


def _can_write_directly(ws: Any) -> bool:
    """Whether ``ws`` exposes the sans-I/O protocol and the transport (websockets' asyncio
    connections do); otherwise every frame goes through the queue and ``ws.send``."""
    protocol, transport = getattr(ws, "protocol", None), getattr(ws, "transport", None)
    return (
        hasattr(protocol, "send_binary")
        and hasattr(protocol, "data_to_send")
        and hasattr(transport, "get_write_buffer_size")
    )


def _request_id(msg: dict[str, Any]) -> int | str | None:
    rid = msg.get("id")
    if isinstance(rid, bool) or not isinstance(rid, (int, str)):
        return None
    return rid if isinstance(rid, int) or len(rid) <= 64 else None

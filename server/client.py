"""A small protocol client: the reference for client authors, used by sim, tests, benches.

It does what ``docs/protocol.md`` asks of any client: hello first, requests matched to
replies by id, one ``(seq, doc)`` per ``(table, seat)`` kept by applying patches, a
full ``sync`` asked for on a sequence gap or a hash mismatch, never a local change to a
document. ``play_seat`` plays one seat with a policy until the game is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from shared.protocol import PROTOCOL_VERSION, ProtocolError, codec
from shared.protocol.diff import apply_ops, view_hash
from shared.protocol.windows import server_passes

Key = tuple[str, int | None]
Policy = Callable[[dict[str, Any], int], dict[str, Any]]

#: Seconds to wait before sending again a message the server refused as over its rate limit.
RATE_LIMIT_BACKOFF = 0.05


@dataclass
class SeatStream:
    seq: int = -1
    doc: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    resyncs: int = 0
    stamp: float = 0.0


class ProtocolClient:
    def __init__(
        self,
        url: str,
        name: str = "client",
        *,
        record: Callable[[dict[str, Any]], None] | None = None,
    ):
        self.url = url
        self.name = name
        self.record = record
        self.ws: ClientConnection | None = None
        self.streams: dict[Key, SeatStream] = {}
        self.tokens: dict[Key, str] = {}
        self.inbox: list[dict[str, Any]] = []
        self.notices: list[dict[str, Any]] = []
        self.errors: list[Exception] = []
        self._pending: dict[int | str, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()
        self._background: set[asyncio.Future[None]] = set()
        self.close_code: int | None = None

    async def connect(self, hello: bool = True) -> dict[str, Any] | None:
        self.ws = await connect(self.url, compression=None, max_size=codec.CLIENT_LIMITS.max_frame)
        self._reader = asyncio.create_task(self._read())
        if not hello:
            return None
        return await self.request(
            {"t": "hello", "v": PROTOCOL_VERSION, "name": self.name}, reply_type="welcome"
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    async def send_raw(self, data: bytes | str) -> None:
        assert self.ws is not None
        await self.ws.send(data)

    async def send(self, msg: dict[str, Any]) -> None:
        await self.send_raw(codec.encode(msg))

    async def request(
        self, msg: dict[str, Any], reply_type: str | None = None, timeout: float = 30.0
    ) -> dict[str, Any]:
        """Send ``msg`` and wait for the reply with the same id (``hello`` has none).

        A message the server refused as over its rate limit was not handled, so it is sent
        again after a short wait, as the server asks ("slow down"), until ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            reply = await self._request_once(msg, reply_type, max(deadline - time.monotonic(), 0))
            if reply.get("code") != "rate_limited" or time.monotonic() >= deadline:
                return reply
            await asyncio.sleep(RATE_LIMIT_BACKOFF)

    async def _request_once(
        self, msg: dict[str, Any], reply_type: str | None, timeout: float
    ) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        key: int | str
        if reply_type is not None:
            key = reply_type
        else:
            key = msg.setdefault("id", f"{self.name}-{next(self._ids)}")
        fut: asyncio.Future[dict[str, Any]] = loop.create_future()
        self._pending[key] = fut
        try:
            await self.send(msg)
            # asyncio.timeout, not wait_for: in Python 3.11 wait_for can drop a
            # cancellation that comes as the reply does (Ctrl+C then did not stop a sim)
            async with asyncio.timeout(timeout):
                return await fut
        except TimeoutError:  # asyncio's, in Python 3.11 and later the built-in one
            raise TimeoutError(f"no reply to {msg.get('t')!r} in {timeout} s") from None
        finally:
            self._pending.pop(key, None)

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                msg = codec.decode(frame, codec.CLIENT_LIMITS)
                if self.record is not None:
                    try:
                        self.record(msg)
                    except Exception as exc:  # a recorder must not stop the client
                        self.errors.append(exc)
                self._on_message(msg)
        except ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code
            self.closed.set()
            self._changed.set()
            for fut in self._pending.values():  # no reply will come now
                if not fut.done():
                    fut.set_exception(
                        ConnectionError(f"connection closed ({self.close_code}) before the reply")
                    )

    def _on_message(self, msg: dict[str, Any]) -> None:
        kind = msg["t"]
        if kind == "sync":
            self._on_sync(msg)
        elif kind == "patch":
            self._on_patch(msg)
        elif kind == "notice":
            self.notices.append(msg)
        elif kind == "seated" and msg.get("token"):
            self.tokens[(msg["table"], msg["seat"])] = msg["token"]
        else:
            self.inbox.append(msg)
        rid = msg.get("id")
        fut = (self._pending.get(rid) if rid is not None else None) or self._pending.get(kind)
        if fut is not None and not fut.done() and kind != "patch":
            fut.set_result(msg)
        self._changed.set()

    def _on_sync(self, msg: dict[str, Any]) -> None:
        stream = self.streams.setdefault((msg["table"], msg["seat"]), SeatStream())
        stream.seq, stream.doc, stream.stamp = msg["seq"], msg["doc"], time.perf_counter()
        if view_hash(stream.doc) != msg["hash"]:
            raise ProtocolError("bad_patch", "a sync's hash does not match its document")

    def _on_patch(self, msg: dict[str, Any]) -> None:
        key = (msg["table"], msg["seat"])
        stream = self.streams.get(key)
        if stream is None or stream.doc is None:
            return
        if msg["seq"] != stream.seq + 1:
            self._resync(key, stream)
            return
        try:
            doc = apply_ops(stream.doc, msg["ops"])
        except ProtocolError:
            self._resync(key, stream)
            return
        if msg["hash"] is not None and view_hash(doc) != msg["hash"]:
            self._resync(key, stream)
            return
        stream.doc, stream.seq, stream.stamp = doc, msg["seq"], time.perf_counter()
        stream.events.extend(msg["events"])

    def _resync(self, key: Key, stream: SeatStream) -> None:
        stream.doc = None
        stream.resyncs += 1
        table, seat = key
        req: dict[str, Any] = {"t": "sync", "table": table, "seat": seat}
        if seat is not None:
            req["token"] = self.tokens[key]
        self._background.add(asyncio.ensure_future(self.send(req)))

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 30.0) -> None:
        """Wait until ``predicate()`` holds (checked after every incoming message)."""
        deadline = time.monotonic() + timeout
        while not predicate():
            if self.closed.is_set():
                raise ConnectionError(f"connection closed ({self.close_code})")
            self._changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("condition not met in time")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):  # not wait_for: see request()
                    await self._changed.wait()

    def doc(self, table: str, seat: int | None) -> dict[str, Any] | None:
        stream = self.streams.get((table, seat))
        return None if stream is None else stream.doc

    # --- convenience ---------------------------------------------------------------

    async def create(
        self,
        game: str,
        setup: dict[str, Any],
        seats: list[dict[str, Any]],
        options: dict[str, Any] | None = None,
        claim: list[int] | None = None,
    ) -> dict[str, Any]:
        reply = await self.request(
            {
                "t": "create",
                "game": game,
                "setup": setup,
                "seats": seats,
                "options": options or {},
                "claim": claim or [],
            }
        )
        if reply["t"] == "created":
            for item in reply["tokens"]:
                self.tokens[(reply["table"], item["seat"])] = item["token"]
        return reply

    async def join(self, table: str, seat: int, token: str | None = None) -> dict[str, Any]:
        token = token or self.tokens[(table, seat)]
        self.tokens[(table, seat)] = token
        reply = await self.request({"t": "join", "table": table, "seat": seat, "token": token})
        if reply["t"] == "seated":
            await self.wait_for(lambda: self.doc(table, seat) is not None)
        return reply

    async def submit(
        self,
        table: str,
        seat: int,
        version: int,
        action: dict[str, Any],
        cmd_id: int | str | None = None,
    ) -> dict[str, Any]:
        msg: dict[str, Any] = {
            "t": "submit",
            "table": table,
            "seat": seat,
            "token": self.tokens[(table, seat)],
            "version": version,
            "action": action,
        }
        if cmd_id is not None:
            msg["id"] = cmd_id
        return await self.request(msg)


def deciding(client: ProtocolClient, table: str, seat: int, after: int) -> Callable[[], bool]:
    """Predicate: the game is over, or ``seat`` must decide at a version > ``after``."""

    def check() -> bool:
        doc = client.doc(table, seat)
        if doc is None:
            return False
        if doc["table"]["status"] == "over":
            return True
        view = doc["view"]
        if not (view and view.get("legal") and view["version"] > after):
            return False
        return not server_will_pass(doc)

    return check


def server_will_pass(doc: dict[str, Any]) -> bool:
    """Whether the server passes this decision for the seat, so a client need not answer
    it (``shared.protocol.windows``)."""
    return server_passes(doc["view"], doc["table"].get("settings"))


async def play_seat(
    client: ProtocolClient,
    table: str,
    seat: int,
    policy: Policy,
    latencies: list[float] | None = None,
    timeout: float = 60.0,
) -> dict[str, Any] | None:
    """Play ``seat`` until the game is over; returns the result."""
    last = -1
    while True:
        await client.wait_for(deciding(client, table, seat, last), timeout)
        doc = client.doc(table, seat)
        assert doc is not None
        if doc["table"]["status"] == "over":
            result: dict[str, Any] | None = doc["table"]["result"]
            return result
        view = doc["view"]
        version = view["version"]
        action = policy(view, seat)
        started = time.perf_counter()
        reply = await client.submit(table, seat, version, action)
        if reply["t"] == "accepted":
            last = version
            if latencies is not None:
                await client.wait_for(_moved(client, table, seat, version), timeout)
                latencies.append(time.perf_counter() - started)
        elif reply.get("code") not in ("stale", "not_your_turn", "game_over"):
            why, code = reply.get("message") or reply, reply.get("code")
            raise RuntimeError(f"seat {seat}: the server refused a command ({code}): {why}")
        else:
            last = version


def _moved(client: ProtocolClient, table: str, seat: int, version: int) -> Callable[[], bool]:
    def check() -> bool:
        doc = client.doc(table, seat)
        if doc is None or doc["view"] is None:
            return False
        return bool(doc["view"]["version"] > version or doc["table"]["status"] == "over")

    return check

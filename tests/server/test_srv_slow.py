"""Slow consumers: a frozen client is resynced, then dropped; the table never waits."""

from __future__ import annotations

import asyncio
from typing import Any

from server.client import ProtocolClient
from server.config import ServerConfig
from server.connection import WRITE_BUFFER_LIMIT, Connection
from tests.server.kit import open_table, play_game, toy_server


class FrozenSocket:
    """A websocket whose peer never reads: every send waits forever."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.closed_with: tuple[int, str] | None = None
        self.transport = self

    async def send(self, frame: bytes) -> None:
        self.sent.append(frame)
        await asyncio.Future()

    async def close(self, code: int, reason: str) -> None:
        self.closed_with = (code, reason)

    def abort(self) -> None:
        pass


class StubServer:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.tasks: list[asyncio.Task[Any]] = []

    def spawn(self, coro: Any) -> None:
        self.tasks.append(asyncio.ensure_future(coro))


async def test_overflow_resyncs_then_drops() -> None:
    config = ServerConfig(outbound_queue=4)
    server = StubServer(config)
    ws = FrozenSocket()
    conn = Connection(server, ws)  # type: ignore[arg-type]
    writer = asyncio.create_task(conn.writer())
    for i in range(4):
        conn.deliver(b"frame%d" % i)
    await asyncio.sleep(0)  # the writer takes one frame and blocks on the socket
    assert ws.sent == [b"frame0"]
    for i in range(4, 8):
        conn.deliver(b"frame%d" % i)
    assert len(conn.queue) <= config.outbound_queue
    assert conn.resync_pending and not conn.closed  # first overflow: resync later
    for i in range(8, 20):
        conn.deliver(b"frame%d" % i)
    assert conn.closed and conn.close_with is not None and conn.close_with[0] == 1013
    writer.cancel()
    await asyncio.gather(*server.tasks, return_exceptions=True)
    assert ws.closed_with is not None and ws.closed_with[0] == 1013


async def test_frozen_spectator_does_not_stall_the_game() -> None:
    srv = await toy_server(outbound_queue=4)
    try:
        holder, code = await open_table(srv.url, 2, join=False)
        await holder.close()
        watcher = ProtocolClient(srv.url, "frozen")
        await watcher.connect()
        await watcher.request({"t": "watch", "table": code})
        frozen = max(srv.server.connections, key=lambda c: c.id)

        async def never(frame: bytes) -> None:
            await asyncio.Future()

        # The peer stopped reading: its socket's buffer is full and every send waits.
        frozen.ws.transport.get_write_buffer_size = lambda: WRITE_BUFFER_LIMIT
        frozen.ws.send = never
        players = []
        for seat in (0, 1):
            client = ProtocolClient(srv.url, f"p{seat}")
            await client.connect()
            await client.join(code, seat, holder.tokens[(code, seat)])
            players.append(client)
        from server.client import play_seat
        from tests.server.kit import policy

        results = await asyncio.wait_for(
            asyncio.gather(*(play_seat(c, code, s, policy(1)) for s, c in enumerate(players))), 30
        )
        assert results[0] is not None
        assert frozen.closed and frozen.close_with is not None and frozen.close_with[0] == 1013
        for client in players:
            await client.close()
        await watcher.close()
    finally:
        await srv.stop()


async def test_many_spectators_and_players_finish(server: Any) -> None:
    code, result, clients = await play_game(server.url, 4, seed=77, watch=True)
    assert result is not None
    for client in clients:
        assert (
            client.streams[
                (code, None) if client.name == "watcher" else next(iter(client.streams))
            ].resyncs
            == 0
        )
        await client.close()


class DirectSocket:
    """A websocket with the sans-I/O protocol and transport the fast path writes to."""

    def __init__(self) -> None:
        from websockets.protocol import State

        self.protocol = self
        self.transport = self
        self.state = State.OPEN
        self.pending: list[bytes] = []
        self.writes: list[bytes] = []
        self.buffered = 0  # what the kernel has not taken yet
        self.sent: list[bytes] = []  # frames that went through ws.send (the queue)

    def send_binary(self, frame: bytes) -> None:
        self.pending.append(b"<" + frame + b">")

    def data_to_send(self) -> list[bytes]:
        data, self.pending = b"".join(self.pending), []
        return [data] if data else []

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def get_write_buffer_size(self) -> int:
        return self.buffered

    async def send(self, frame: bytes) -> None:
        self.sent.append(frame)


async def test_frames_of_one_pass_go_out_in_one_write_in_order() -> None:
    ws = DirectSocket()
    conn = Connection(StubServer(ServerConfig()), ws)  # type: ignore[arg-type]
    for i in range(3):
        conn.deliver(b"f%d" % i)
    assert ws.writes == []  # not before the table's critical section has returned
    await asyncio.sleep(0)
    assert ws.writes == [b"<f0><f1><f2>"] and not conn.queue
    conn.deliver(b"f3")
    await asyncio.sleep(0)
    assert ws.writes == [b"<f0><f1><f2>", b"<f3>"]


async def test_a_peer_that_stops_reading_gets_the_queue() -> None:
    from server.connection import WRITE_BUFFER_LIMIT

    ws = DirectSocket()
    conn = Connection(StubServer(ServerConfig()), ws)  # type: ignore[arg-type]
    writer = asyncio.create_task(conn.writer())
    conn.deliver(b"a")
    ws.buffered = WRITE_BUFFER_LIMIT  # the socket stopped taking data
    conn.deliver(b"b")
    conn.deliver(b"c")
    assert list(conn.queue) == [b"b", b"c"]
    await asyncio.sleep(0)
    assert ws.writes == [b"<a>"]  # written directly before the peer fell behind
    ws.buffered = 0
    for _ in range(3):
        await asyncio.sleep(0)
    assert ws.sent == [b"b", b"c"] and not conn.queue  # the writer drained the queue
    conn.deliver(b"d")  # caught up: straight to the socket again
    await asyncio.sleep(0)
    assert ws.writes[-1] == b"<d>"
    writer.cancel()

"""Bad frames: malformed, oversized, text, wrong version, floods. The server carries on."""

from __future__ import annotations

import msgpack
import pytest

from server.client import ProtocolClient
from server.local import LocalServer
from shared.protocol import codec
from tests.server.kit import open_table, toy_server, view


async def replies(client: ProtocolClient, count: int) -> list[dict]:
    await client.wait_for(
        lambda: len([m for m in client.inbox if m["t"] == "error"]) >= count, timeout=10
    )
    return [m for m in client.inbox if m["t"] == "error"]


@pytest.mark.parametrize(
    "frame",
    [
        b"\xc1",
        b"\x92\x01",
        msgpack.packb([1]),
        msgpack.packb({"t": 5}),
        msgpack.packb({"x": 1}),
        "text",
    ],
)
async def test_malformed_frame_gets_an_error_and_the_game_goes_on(
    server: LocalServer, frame: bytes | str
) -> None:
    holder, code = await open_table(server.url, 2)
    bad = ProtocolClient(server.url, "bad")
    await bad.connect()
    await bad.send_raw(frame)
    errors = await replies(bad, 1)
    assert errors[0]["code"] == "malformed"
    # the connection still works, and the table too
    assert (await bad.request({"t": "ping"}))["t"] == "pong"
    seat = view(holder, code, 0)["to_act"]
    action = view(holder, code, seat)["legal"][0]
    reply = await holder.submit(code, seat, view(holder, code, seat)["version"], action)
    assert reply["t"] == "accepted"
    await bad.close()
    await holder.close()


async def test_repeated_malformed_frames_close_the_connection(server: LocalServer) -> None:
    bad = ProtocolClient(server.url, "bad")
    await bad.connect()
    for _ in range(5):
        await bad.send_raw(b"\xc1")
    await bad.closed.wait()
    assert bad.close_code == 1008
    good = ProtocolClient(server.url, "good")
    await good.connect()
    assert (await good.request({"t": "list"}))["t"] == "tables"
    await good.close()


async def test_oversized_frame_closes_with_1009(server: LocalServer) -> None:
    bad = ProtocolClient(server.url, "big")
    await bad.connect()
    await bad.send_raw(codec.encode({"t": "chat", "text": "x" * 20_000}))
    await bad.closed.wait()
    assert bad.close_code == 1009


async def test_decoder_amplification_is_capped(server: LocalServer) -> None:
    bad = ProtocolClient(server.url, "amp")
    await bad.connect()
    # 16 KiB of empty maps inside one list: over the list-length cap
    await bad.send_raw(b"\x81\xa1t\xdc" + (16000).to_bytes(2, "big") + b"\x80" * 16000)
    errors = await replies(bad, 1)
    assert errors[0]["code"] == "malformed"
    await bad.close()


async def test_unknown_type_and_version_mismatch(server: LocalServer) -> None:
    client = ProtocolClient(server.url, "old")
    await client.connect()
    reply = await client.request({"t": "teleport"})
    assert reply["code"] == "unknown_type"
    await client.close()
    old = ProtocolClient(server.url, "old")
    await old.connect(hello=False)
    await old.send({"t": "hello", "v": 999, "name": "old"})
    await old.closed.wait()
    assert old.close_code == 1002
    assert any(m.get("code") == "version_mismatch" for m in old.inbox)
    older = ProtocolClient(server.url, "older")
    await older.connect(hello=False)
    with pytest.raises(ConnectionError, match=r"closed \(1002\) before the reply"):
        await older.request({"t": "hello", "v": 999, "name": "older"}, reply_type="welcome")


async def test_a_request_over_the_rate_limit_is_sent_again() -> None:
    """The server answers a message over its limit with ``rate_limited`` without handling
    it; the client waits and sends it again, so every request gets its real answer."""
    srv = await toy_server(rate=20.0, burst=2, rate_drop_limit=1000)
    try:
        client = ProtocolClient(srv.url, "eager")
        await client.connect()  # the hello takes one of the two tokens
        replies = [await client.request({"t": "ping"}) for _ in range(8)]
        assert [r["t"] for r in replies] == ["pong"] * 8
        assert any(m.get("code") == "rate_limited" for m in client.inbox)  # it was limited
        await client.close()
    finally:
        await srv.stop()


async def test_flood_is_rate_limited_then_dropped() -> None:
    srv = await toy_server(rate=5.0, burst=10, rate_drop_limit=50)
    try:
        client = ProtocolClient(srv.url, "flood")
        await client.connect()
        for i in range(200):
            if client.closed.is_set():
                break
            await client.send({"t": "ping", "id": i})
        await client.closed.wait()
        assert client.close_code == 1008
        assert any(m.get("code") == "rate_limited" for m in client.inbox)
        pongs = [m for m in client.inbox if m["t"] == "pong"]
        assert 1 <= len(pongs) <= 20
    finally:
        await srv.stop()

"""Hostile input gets short answers: an error or refusal repeats a long value of its
sender cut to ``VALUE_LENGTH`` characters and "…" (``shared.protocol.errors``), and a
second ``hello`` on a connection gets an error, the connection going on."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from server.client import ProtocolClient
from server.local import LocalServer, start_local_server
from shared.protocol import PROTOCOL_VERSION
from shared.protocol.errors import MESSAGE_LENGTH, VALUE_LENGTH

LONG = 4000


@pytest.fixture
async def realm_server() -> AsyncIterator[LocalServer]:
    srv = await start_local_server(allow_fixed_seeds=True)
    try:
        yield srv
    finally:
        await srv.stop()


def duel() -> list[dict[str, Any]]:
    return [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


async def test_an_unknown_format_is_repeated_cut(realm_server: LocalServer) -> None:
    client = ProtocolClient(realm_server.url, "tester")
    await client.connect()
    reply = await client.create("realm", {"format": "duel" + "Z" * LONG}, duel(), {}, claim=[])
    assert reply["t"] == "error" and reply["code"] == "bad_setup"
    cut = "'duel" + "Z" * (VALUE_LENGTH - 4) + "…'"
    assert reply["message"].startswith(f"unknown format {cut}; expected one of duel")
    assert len(reply["message"]) <= MESSAGE_LENGTH
    await client.close()


async def test_an_unknown_action_kind_is_repeated_cut(realm_server: LocalServer) -> None:
    client = ProtocolClient(realm_server.url, "tester")
    await client.connect()
    created = await client.create("realm", {"format": "duel"}, duel(), {"seed": 5}, claim=[0, 1])
    code = created["table"]
    for seat in (0, 1):
        await client.join(code, seat)
    await client.wait_for(lambda: (client.doc(code, 0) or {}).get("view") is not None)
    doc = client.doc(code, 0)
    assert doc is not None
    seat = doc["view"]["to_act"]
    version = client.doc(code, seat)["view"]["version"]  # type: ignore[index]
    reply = await client.submit(code, seat, version, {"kind": "x" * LONG})
    assert reply["t"] == "refused" and reply["code"] == "malformed"
    cut = "'" + "x" * VALUE_LENGTH + "…'"
    assert reply["message"] == f"Malformed command: unknown action kind {cut}."
    await client.close()


async def test_a_second_hello_is_an_error_and_the_connection_goes_on(
    realm_server: LocalServer,
) -> None:
    client = ProtocolClient(realm_server.url, "first")
    await client.connect()
    await client.send({"t": "hello", "v": PROTOCOL_VERSION, "name": "second"})
    # answered in order: once the ping's pong is here, the second hello's answer is too
    assert (await client.request({"t": "ping"}))["t"] == "pong"
    (said,) = [m for m in client.inbox if m["t"] == "error"]
    assert said["code"] == "malformed"
    assert said["message"] == "Hello was already said on this connection."
    assert len([m for m in client.inbox if m["t"] == "welcome"]) == 1  # the first hello's
    assert (await client.request({"t": "list"}))["t"] == "tables"
    await client.close()


async def test_an_unknown_message_type_is_repeated_cut_with_its_mark(
    realm_server: LocalServer,
) -> None:
    """The frame checks used to cut a name they repeat to 32 characters themselves, with
    no "…": now the one cut on the way out does it, as for every other value."""
    client = ProtocolClient(realm_server.url, "tester")
    await client.connect()
    reply = await client.request({"t": "Q" * LONG})
    assert reply["t"] == "error" and reply["code"] == "unknown_type"
    assert reply["message"] == "unknown message type '" + "Q" * VALUE_LENGTH + "…'"
    await client.close()

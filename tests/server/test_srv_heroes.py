"""The server refuses a table, or a joiner's hero, that would seat one hero twice
(docs/rulings.md, 46), saying which hero."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from server.client import ProtocolClient
from server.local import LocalServer, start_local_server


@pytest.fixture
async def server() -> AsyncIterator[LocalServer]:
    srv = await start_local_server()
    yield srv
    await srv.stop()


async def test_a_table_with_one_hero_at_three_seats_is_refused(server: LocalServer) -> None:
    client = ProtocolClient(server.url, "host")
    await client.connect()
    seats = [{"kind": "human"}] + [{"kind": "bot", "hero": "thedric_egen"} for _ in range(3)]
    reply = await client.create("realm", {"format": "ffa"}, seats, {"hotseat": True}, claim=[0])
    await client.close()
    assert reply["t"] == "error" and reply["code"] == "bad_setup"
    assert "Thedric Egen is chosen by seats 2, 3 and 4" in reply["message"]


async def test_a_joiner_cannot_take_the_hero_another_seat_chose(server: LocalServer) -> None:
    host = ProtocolClient(server.url, "host")
    await host.connect()
    seats = [{"kind": "human", "hero": "kael_morvane"}, {"kind": "human"}]
    created = await host.create("realm", {"format": "duel"}, seats, {}, claim=[0])
    assert created["t"] == "created"
    joiner = ProtocolClient(server.url, "joiner")
    await joiner.connect()
    reply = await joiner.request({"t": "join", "table": created["table"], "hero": "kael_morvane"})
    assert reply["t"] == "error" and reply["code"] == "bad_setup"
    assert "Kael Morvane is already taken by seat 1; choose another hero." in reply["message"]
    reply = await joiner.request({"t": "join", "table": created["table"], "hero": "nyx_valendra"})
    assert reply["t"] == "seated"
    await joiner.close()
    await host.close()

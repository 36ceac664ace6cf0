"""A joiner refused a hero another seat has is told who has it, not the seat count of
the setup check (docs/rulings.md, 46)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from server.client import ProtocolClient
from server.local import LocalServer, start_local_server


@pytest.fixture
async def server() -> AsyncIterator[LocalServer]:
    srv = await start_local_server()
    yield srv
    await srv.stop()


async def _table(server: LocalServer, seats: list[dict[str, Any]]) -> tuple[ProtocolClient, str]:
    host = ProtocolClient(server.url, "host")
    await host.connect()
    created = await host.create("realm", {"format": "ffa"}, seats, {}, claim=[0])
    assert created["t"] == "created", created
    return host, created["table"]


async def _join(server: LocalServer, code: str, hero: str, name: str) -> dict[str, Any]:
    joiner = ProtocolClient(server.url, name)
    await joiner.connect()
    reply = await joiner.request({"t": "join", "table": code, "hero": hero, "name": name})
    await joiner.close()
    return reply


async def test_a_hero_taken_by_a_player_names_that_player(server: LocalServer) -> None:
    seats = [{"kind": "human", "name": "Ann", "hero": "kael_morvane"}, {"kind": "human"},
             {"kind": "human"}]
    host, code = await _table(server, seats)
    reply = await _join(server, code, "kael_morvane", "Bob")
    assert reply["t"] == "error" and reply["code"] == "bad_setup"
    assert reply["message"] == (
        "Kael Morvane is already taken by Ann (seat 1); choose another hero."
    )
    assert (await _join(server, code, "nyx_valendra", "Bob"))["t"] == "seated"
    reply = await _join(server, code, "nyx_valendra", "Cid")
    assert reply["message"] == (
        "Nyx Valendra is already taken by Bob (seat 2); choose another hero."
    )
    await host.close()


async def test_a_hero_taken_by_a_bot_names_the_bot(server: LocalServer) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "hero": "hakor_dajet"}]
    host, code = await _table(server, seats)
    reply = await _join(server, code, "hakor_dajet", "Bob")
    assert reply["message"] == (
        "Hakor Dajet is already taken by Bot 3 (seat 3); choose another hero."
    )
    await host.close()


async def test_a_hero_the_host_set_for_a_free_seat_is_kept_for_it(server: LocalServer) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human", "hero": "thedric_egen"}]
    host, code = await _table(server, seats)
    reply = await _join(server, code, "thedric_egen", "Bob")  # takes seat 2
    assert reply["message"] == "Thedric Egen is kept for seat 3; choose another hero."
    await host.close()

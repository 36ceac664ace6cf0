"""``allegiance host --on ADDRESS`` with no server there: the sentence tells the host
how to have one (start a server, or serve from here), not a joiner's "is the game still
hosted?"."""

from __future__ import annotations

import asyncio
import socket

import pytest

from client.net.connection import Connection, unreachable
from client.net.session import ClientSession, Failed

URL = "ws://127.0.0.1:8799"


def test_the_host_is_told_to_start_a_server() -> None:
    said = unreachable(URL, ConnectionRefusedError(), making=True)
    assert said.startswith("Could not reach the server at 127.0.0.1:8799: nothing answers")
    assert "allegiance serve --port 8799" in said and "without --on" in said
    assert "still hosted" not in said


def test_a_server_on_another_machine_listens_on_every_network() -> None:
    said = unreachable("ws://192.168.1.20:9000", ConnectionRefusedError(), making=True)
    assert "'allegiance serve --host 0.0.0.0 --port 9000'" in said


def test_a_joiner_is_still_asked_whether_the_game_is_hosted() -> None:
    said = unreachable(URL, ConnectionRefusedError())
    assert "is the game still hosted, on that port?" in said and "allegiance serve" not in said


def free_port() -> int:
    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def fails(session: ClientSession, monkeypatch: pytest.MonkeyPatch) -> str:
    """What the connection says once it gives up on a port nobody listens on."""

    async def at_once(self: Connection, state: str, delay: float) -> None:
        return None  # the waits between attempts: none here

    monkeypatch.setattr(Connection, "_count_down", at_once)
    seen: list[object] = []
    port = free_port()
    await asyncio.wait_for(Connection(f"ws://127.0.0.1:{port}", session, seen.extend).run(), 30)
    failed = [u.text for u in seen if isinstance(u, Failed)]
    assert len(failed) == 1
    return failed[0].replace(str(port), "PORT")


async def test_making_a_table_where_nothing_listens(monkeypatch: pytest.MonkeyPatch) -> None:
    host = ClientSession(lambda m: None, "Hana")
    host.start_create({"format": "duel"}, [{"kind": "human"}, {"kind": "human"}], {}, [0])
    said = await fails(host, monkeypatch)
    assert "'allegiance serve --port PORT'" in said and "still hosted" not in said
    guest = ClientSession(lambda m: None, "Gus")
    guest.start_join("ABCDEF")
    assert "is the game still hosted" in await fails(guest, monkeypatch)
    watcher = ClientSession(lambda m: None, "Wes")
    watcher.start_watch("ABCDEF")
    assert "is the game still hosted" in await fails(watcher, monkeypatch)

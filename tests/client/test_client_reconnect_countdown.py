"""While the connection waits to try again, the header counts the seconds down
("retrying in 3s", "2s", "1s") instead of showing the first delay for the whole wait."""

from __future__ import annotations

import asyncio
import time

from client.net.connection import Connection, LinkState
from client.net.session import ClientSession


def a_connection(seen: list[object]) -> Connection:
    session = ClientSession(lambda m: None, "Alice")
    session.start_join("ABCDEF")
    return Connection("ws://127.0.0.1:9", session, seen.extend)


async def test_the_wait_before_the_next_attempt_counts_down_each_second() -> None:
    seen: list[object] = []
    conn = a_connection(seen)
    began = time.monotonic()
    await conn._count_down("reconnecting", 2.5)
    took = time.monotonic() - began
    details = [(u.state, u.detail) for u in seen if isinstance(u, LinkState)]
    assert details == [("reconnecting", f"retrying in {n}s") for n in (3, 2, 1)]
    assert 2.4 < took < 3.5


async def test_a_short_wait_says_one_second_and_closing_ends_the_count() -> None:
    seen: list[object] = []
    conn = a_connection(seen)
    await conn._count_down("connecting", 0.25)
    assert [u.detail for u in seen if isinstance(u, LinkState)] == ["retrying in 1s"]
    seen.clear()
    counting = asyncio.create_task(conn._count_down("reconnecting", 8.0))
    await asyncio.sleep(1.2)
    await conn.close()
    began = time.monotonic()
    await asyncio.wait_for(counting, 2)
    assert time.monotonic() - began < 1.5
    assert [u.detail for u in seen if isinstance(u, LinkState)] == [
        "retrying in 8s", "retrying in 7s"
    ]

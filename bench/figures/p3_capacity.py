"""P3: concurrent 2-player games one server core carries while p99 stays ≤ 50 ms.

The server runs as its own process (one core: asyncio is single-threaded; level-0 bots
would run in its thread pool, but here every seat is a websocket client). This process
keeps N Realm Divided duels going at once, each seat a websocket client that answers
its decisions after a person-like think time (0.5–1.5 s; decisions the server auto-passes
are not answered). Latency: ``submit`` sent → the acting client decoded the update with
the new version. N grows until the p99 passes 50 ms; the figure is the largest N that
stayed within it.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from bench.harness import Figure

LIMIT_MS = 50.0


async def _play(
    client: Any,
    code: str,
    seat: int,
    rng: random.Random,
    stop_at: float,
    warm_at: float,
    lat: list[float],
) -> None:
    """One seat with a person's pace until the game ends or the window closes."""
    from server.bots import random_choice
    from server.client import deciding

    last = -1
    while time.monotonic() < stop_at:
        try:
            await client.wait_for(
                deciding(client, code, seat, last), timeout=stop_at - time.monotonic()
            )
        except TimeoutError:
            return
        doc = client.doc(code, seat)
        if doc is None or doc["table"]["status"] == "over":
            return
        version = doc["view"]["version"]
        action = random_choice(doc["view"], rng.randrange(2**32), seat)
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        start = time.monotonic()
        reply = await client.submit(code, seat, version, action)
        last = version
        if reply["t"] == "accepted":
            await client.wait_for(_moved_on(client, code, seat, version))
            if start >= warm_at:
                lat.append(time.monotonic() - start)


def _moved_on(client: Any, code: str, seat: int, version: int) -> Any:
    def check() -> bool:
        doc = client.doc(code, seat)
        return bool(doc and (doc["table"]["status"] == "over" or doc["view"]["version"] > version))

    return check


async def _slot(
    url: str, rng: random.Random, stop_at: float, warm_at: float, lat: list[float]
) -> int:
    """Keep one duel going (a new one when it ends) until ``stop_at``."""
    from server.client import ProtocolClient

    games = 0
    while time.monotonic() < stop_at:
        clients = [ProtocolClient(url, f"cap{i}") for i in range(2)]
        for client in clients:
            await client.connect()
        created = await clients[0].create(
            "realm",
            {"format": "duel"},
            [{"kind": "human"}, {"kind": "human"}],
            {"pass_delay": 0, "spectators": False},
            claim=[0, 1],
        )
        code = created["table"]
        for seat, client in enumerate(clients):
            await client.join(code, seat, clients[0].tokens[(code, seat)])
        await asyncio.gather(
            *(_play(c, code, seat, rng, stop_at, warm_at, lat) for seat, c in enumerate(clients))
        )
        for client in clients:
            await client.close()
        games += 1
    return games


async def _load(url: str, n: int, seconds: float) -> list[float]:
    rng = random.Random(n)
    now = time.monotonic()
    ramp = min(5.0, 0.01 * n + 1.0)
    lat: list[float] = []
    slots = []
    for i in range(n):
        slots.append(
            asyncio.create_task(
                _slot(url, random.Random(rng.random()), now + ramp + seconds, now + ramp, lat)
            )
        )
        if i % 20 == 19:
            await asyncio.sleep(0.05)  # stagger the table creations
    await asyncio.gather(*slots, return_exceptions=True)
    return lat


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return (
        ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000 if ordered else float("inf")
    )


def measure(quick: bool) -> list[Figure]:
    from bench.figures.p2_latency import spawn_server, stop_server

    steps = [10, 40] if quick else [25, 50, 100, 200, 400, 800, 1600]
    seconds = 4.0 if quick else 15.0
    best, rows = 0, []
    proc, url, _ = spawn_server([])
    try:
        for n in steps:
            lat = asyncio.run(_load(url, n, seconds))
            p99 = _p99(lat)
            rows.append(f"N={n}: p99 {p99:.1f} ms over {len(lat)} actions")
            if p99 > LIMIT_MS or not lat:
                break
            best = n
    finally:
        stop_server(proc)
    notes: list[str] = rows
    if quick:
        notes.append("quick run: only small N tried")
    return [
        Figure(
            id="P3",
            name="concurrent 2-player games per server core, p99 ≤ 50 ms",
            value=float(best),
            unit="games",
            peer="— (p99 at that load in the notes)",
            peer_value=None,
            aim="≥ 2,000 games",
            notes="; ".join(notes),
        )
    ]

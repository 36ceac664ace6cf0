"""Bot-only games through a live server over websockets: ``allegiance sim``.

Every seat of every game is a separate websocket client that plays uniformly random
legal actions from its own view, exactly as a person's client would. It prints a result
per game and the latency of an action (submit sent → the acting client decoded the patch
with the new version). It is also the load generator of the bench figures.
"""

from __future__ import annotations

import asyncio
import secrets
import statistics
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from server.bots import random_choice
from server.client import ProtocolClient, play_seat

T = TypeVar("T")


@dataclass
class GameRun:
    table: str
    seats: int
    result: dict[str, Any] | None
    actions: int
    seconds: float


@dataclass
class SimReport:
    games: list[GameRun] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0


def default_setup(game: str, seats: int) -> dict[str, Any]:
    if game != "realm":
        return {}
    return {"format": "duel" if seats == 2 else "ffa"}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


async def play_one(url: str, game: str, seats: int, salt: int, latencies: list[float]) -> GameRun:
    creator = ProtocolClient(url, "sim")
    clients: list[ProtocolClient] = []
    try:
        await creator.connect()
        created = await creator.create(
            game,
            default_setup(game, seats),
            [{"kind": "human", "name": f"Sim {i + 1}"} for i in range(seats)],
            {"pass_delay": 0, "spectators": False},
            claim=list(range(seats)),
        )
        if created["t"] != "created":
            raise RuntimeError(f"the server refused the table: {created.get('message')}")
        code = created["table"]
        for seat in range(seats):
            client = ProtocolClient(url, f"sim{seat}")
            clients.append(client)
            await client.connect()
            await client.join(code, seat, creator.tokens[(code, seat)])
        await creator.close()
        started = time.perf_counter()
        before = len(latencies)

        def policy(view: dict[str, Any], seat: int) -> dict[str, Any]:
            action = random_choice(view, salt, seat)
            assert action is not None
            return action

        seats_play = [
            play_seat(c, code, seat, policy, latencies, timeout=120)
            for seat, c in enumerate(clients)
        ]
        results = await all_or_first_error(seats_play)
    finally:  # the creator again too, when the game stopped before it was closed
        await close_all([creator, *clients])
    return GameRun(code, seats, results[0], len(latencies) - before, time.perf_counter() - started)


async def all_or_first_error(coros: list[Coroutine[Any, Any, T]]) -> list[T]:
    """The results of ``coros`` run together; when one fails, or the caller is cancelled
    (Ctrl+C), the others are cancelled and waited for, and the error is raised (``gather``
    left them running, and each later failure printed a traceback as the program ended)."""
    tasks = [asyncio.ensure_future(c) for c in coros]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for task in done:
            error = None if task.cancelled() else task.exception()
            if error is not None:
                raise error
        return [t.result() for t in tasks]
    finally:
        await settle(tasks, cancel=True)


#: Seconds between two cancellations of a task that is still running after the first.
CANCEL_AGAIN = 0.25


async def settle(tasks: Sequence[asyncio.Future[Any]], *, cancel: bool) -> None:
    """Wait until every task of ``tasks`` is done, cancelling them first if ``cancel``.

    A task still running is cancelled again every ``CANCEL_AGAIN`` seconds: Python 3.11's
    ``asyncio.wait_for`` (in every wait of ``ProtocolClient``) drops a cancellation that
    arrives just as what it waits for completes, and the seat then waited for a move that
    never came (Ctrl+C left ``sim --connect`` idle with its connections open). A
    cancellation of the caller meanwhile is kept until the tasks are done, so that a
    game's clients are all closed; then it is raised."""
    interrupted = False
    pending = {t for t in tasks if not t.done()}
    while pending:
        if cancel:
            for task in pending:
                task.cancel()
        try:
            _, pending = await asyncio.wait(pending, timeout=CANCEL_AGAIN if cancel else None)
        except asyncio.CancelledError:
            interrupted = True
    for task in tasks:  # retrieved, so that asyncio does not log them as never retrieved
        if task.done() and not task.cancelled():
            task.exception()
    if interrupted:
        raise asyncio.CancelledError


async def close_all(clients: list[ProtocolClient]) -> None:
    """Close every client, at once; a cancellation meanwhile waits until they are closed."""
    await settle([asyncio.ensure_future(c.close()) for c in clients], cancel=False)


async def run_sim(
    url: str,
    games: int,
    seats: int,
    game: str = "realm",
    concurrency: int = 8,
    salt: int | None = None,
) -> SimReport:
    report = SimReport()
    salt = secrets.randbits(64) if salt is None else salt
    gate = asyncio.Semaphore(max(1, concurrency))
    started = time.perf_counter()

    async def one(i: int) -> GameRun:
        async with gate:
            return await play_one(url, game, seats, salt + i, report.latencies)

    report.games = await all_or_first_error([one(i) for i in range(games)])
    report.seconds = time.perf_counter() - started
    return report


def format_report(report: SimReport) -> str:
    lines = [
        f"{'table':<8} {'seats':>5} {'winners':<10} {'reason':<22} {'actions':>7} {'seconds':>8}"
    ]
    for run in report.games:
        winners = ",".join(str(w) for w in (run.result or {}).get("winners", [])) or "-"
        reason = str((run.result or {}).get("reason", "-"))[:22]
        row = f"{run.table:<8} {run.seats:>5} {winners:<10} {reason:<22}"
        lines.append(f"{row} {run.actions:>7} {run.seconds:>8.2f}")
    lat = [x * 1000 for x in report.latencies]
    total = sum(r.actions for r in report.games)
    lines.append("")
    lines.append(
        f"{len(report.games)} game{'' if len(report.games) == 1 else 's'}, "
        f"{total} actions in {report.seconds:.2f} s "
        f"({total / report.seconds if report.seconds else 0:.0f} actions/s)"
    )
    if lat:
        lines.append(
            "action latency ms: "
            f"p50 {percentile(lat, 50):.2f}  p90 {percentile(lat, 90):.2f}  "
            f"p99 {percentile(lat, 99):.2f}  max {max(lat):.2f}  mean {statistics.fmean(lat):.2f}"
        )
    return "\n".join(lines)

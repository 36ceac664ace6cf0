"""P3: concurrent 2-player games one server core carries while p99 stays ≤ 50 ms.

Three processes. The server (``python -m server``) is pinned to one CPU: asyncio runs
on one thread, so that CPU is "one server core". The load generator is a second process
pinned to the other CPU, so its work never takes the server's core (on a machine with
one CPU both share it, and the notes say so). This process only steers and samples.

The load generator keeps N Realm Divided duels going, every seat its own websocket
client (a full protocol client: it applies and hash-checks every patch). A seat answers
each decision the server does not auto-pass after a person's think time (0.5–1.5 s,
uniform) with a random legal action; a finished game is replaced by a new one. N grows
in steps over the same running games; each step ramps the new games in, lets them
settle, then measures for a fixed window: latency is ``submit`` sent → the acting client
applied the update with the new version. The figure is the largest N whose p99 stayed
within 50 ms. The notes give, for that N, the server's CPU use over the window (from
``/proc``), its CPU time per action (person-made actions; the automatic passes each one
sets off are part of its cost), and the generator's own CPU use (if it were near 100%,
the generator, not the server, would be the limit), and what that CPU cost per action
projects for a core kept 70% busy: on a machine shared with other work the measured N
can be far below it, because the server then waits for its CPU.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from bench.figures.p2_latency import cpu_seconds
from bench.harness import Figure
from server.loop import chosen_loop

LIMIT_MS = 50.0
ROOT = Path(__file__).resolve().parents[2]
THINK = (0.5, 1.5)


# --- the load generator (runs in its own process) -----------------------------------------


def _duel_seat(url: str, name: str, rng: random.Random, lat: list[float]) -> Any:
    from server.bots import random_choice
    from server.client import ProtocolClient, server_will_pass

    class DuelSeat(ProtocolClient):
        """Answers its decisions from the message handler (a timer per decision, no task
        per wait), and notes submit → applied update for each of its actions."""

        code = ""
        seat = 0
        answered = -1
        sent_at = 0.0
        timer: asyncio.TimerHandle | None = None
        over: asyncio.Event  # set when its game is over

        def _on_message(self, msg: dict[str, Any]) -> None:
            super()._on_message(msg)
            self.inbox.clear()  # nothing here reads them: keep memory flat
            if msg["t"] == "refused" and msg.get("seat") == self.seat:
                self.sent_at, self.answered = 0.0, -1  # decide again
            if msg["t"] in ("patch", "sync", "refused") and msg.get("seat") == self.seat:
                self.streams[(self.code, self.seat)].events.clear()
                self._react()

        def _react(self) -> None:
            doc = self.doc(self.code, self.seat)
            if doc is None or doc["view"] is None:
                return
            version = doc["view"]["version"]
            if self.sent_at and version > self.answered:
                lat.append(time.perf_counter() - self.sent_at)
                self.sent_at = 0.0
            if doc["table"]["status"] == "over":
                self.over.set()
                return
            mine = doc["view"].get("legal") and not server_will_pass(doc)
            if not mine or version <= self.answered:
                return
            if self.timer is None and not self.sent_at:
                self.timer = asyncio.get_running_loop().call_later(
                    rng.uniform(*THINK), self._decide
                )

        def _decide(self) -> None:
            self.timer = None
            doc = self.doc(self.code, self.seat)
            if doc is None or self.ws is None or doc["table"]["status"] == "over":
                return
            view = doc["view"]
            action = random_choice(view, rng.randrange(2**32), self.seat)
            self.answered = view["version"]
            self.sent_at = time.perf_counter()
            sending = asyncio.ensure_future(self._send_quietly(self._submit(view, action)))
            self._background.add(sending)
            sending.add_done_callback(self._background.discard)

        async def _send_quietly(self, msg: dict[str, Any]) -> None:
            with contextlib.suppress(ConnectionClosed):  # the game or the window ended
                await self.send(msg)

        def _submit(self, view: dict[str, Any], action: Any) -> dict[str, Any]:
            return {
                "t": "submit",
                "id": view["version"],
                "table": self.code,
                "seat": self.seat,
                "token": self.tokens[(self.code, self.seat)],
                "version": view["version"],
                "action": action,
            }

        def stop(self) -> None:
            if self.timer is not None:
                self.timer.cancel()

    seat = DuelSeat(url, name)
    seat.over = asyncio.Event()
    return seat


async def _slot(url: str, rng: random.Random, lat: list[float], stop: asyncio.Event) -> None:
    """Keep one duel going (a new one when it ends) until ``stop``."""
    while not stop.is_set():
        seats = [_duel_seat(url, f"cap{i}", rng, lat) for i in range(2)]
        for client in seats:
            await client.connect()
        created = await seats[0].create(
            "realm",
            {"format": "duel"},
            [{"kind": "human"}, {"kind": "human"}],
            {"pass_delay": 0, "spectators": False},
            claim=[0, 1],
        )
        code = created["table"]
        for i, client in enumerate(seats):
            client.code, client.seat = code, i
            await client.join(code, i, seats[0].tokens[(code, i)])
            client._react()
        over = asyncio.ensure_future(seats[0].over.wait())
        halted = asyncio.ensure_future(stop.wait())
        await asyncio.wait({over, halted}, return_when=asyncio.FIRST_COMPLETED)
        over.cancel()
        halted.cancel()
        for client in seats:
            client.stop()
            await client.close()


async def _generate(url: str, steps: list[int], ramp: float, settle: float, window: float) -> None:
    """Grow to each N in ``steps``; print one JSON line per step. The generator runs
    without the cyclic garbage collector: its pauses over thousands of live documents
    (a quarter of a second) would be counted as the server's latency."""
    gc.disable()
    rng = random.Random(3)
    lat: list[float] = []
    stop = asyncio.Event()
    slots: list[asyncio.Task[None]] = []
    for n in steps:
        new = n - len(slots)
        for _ in range(new):
            slots.append(asyncio.create_task(_slot(url, random.Random(rng.random()), lat, stop)))
            await asyncio.sleep(ramp / max(new, 1))
        await asyncio.sleep(settle)
        lat.clear()
        cpu0, t0 = cpu_seconds(os.getpid()), time.monotonic()
        print(json.dumps({"n": n, "phase": "window"}), flush=True)
        await asyncio.sleep(window)
        taken = sorted(lat)
        cpu = (cpu_seconds(os.getpid()) - cpu0) / (time.monotonic() - t0)
        print(json.dumps({"n": n, "phase": "done", "lat": _summary(taken), "cpu": cpu}), flush=True)
        if not taken or _pct(taken, 99) > LIMIT_MS:
            break
    stop.set()
    await asyncio.gather(*slots, return_exceptions=True)


def _pct(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] * 1000


def _summary(ordered: list[float]) -> dict[str, float]:
    if not ordered:
        return {"count": 0, "p50": float("inf"), "p99": float("inf")}
    return {"count": len(ordered), "p50": _pct(ordered, 50), "p99": _pct(ordered, 99)}


# --- steering (this process) ----------------------------------------------------------------


def _pin(pid: int, cpu: int) -> bool:
    """Keep ``pid`` on one CPU of this process's set (unless ``ALLEGIANCE_BENCH_PIN=0``:
    on a machine busy with other work a pinned server cannot move to a free CPU)."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2 or os.environ.get("ALLEGIANCE_BENCH_PIN") == "0":
        return False
    os.sched_setaffinity(pid, {cpus[cpu % len(cpus)]})
    return True


def _run_steps(url: str, server_pid: int, quick: bool) -> tuple[list[dict[str, Any]], bool]:
    steps = [50, 100] if quick else [50, 100, 250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000]
    timing = (2.0, 1.0, 3.0) if quick else (8.0, 3.0, 12.0)
    code = (
        "import sys; from bench.figures.p3_capacity import _generate; "
        "from server.loop import run; "
        f"run(_generate(sys.argv[1], {steps!r}, *{timing!r}))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    gen = subprocess.Popen(
        [sys.executable, "-c", code, url], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    pinned = _pin(server_pid, 0) and _pin(gen.pid, 1)
    rows: list[dict[str, Any]] = []
    cpu0 = t0 = 0.0
    assert gen.stdout is not None
    for line in gen.stdout:
        msg = json.loads(line)
        if msg["phase"] == "window":
            cpu0, t0 = cpu_seconds(server_pid), time.monotonic()
            continue
        elapsed = time.monotonic() - t0
        msg["server_cpu"] = (cpu_seconds(server_pid) - cpu0) / elapsed
        msg["actions_per_s"] = msg["lat"]["count"] / elapsed
        rows.append(msg)
    gen.wait(timeout=120)
    return rows, pinned


def measure(quick: bool) -> list[Figure]:
    from bench.figures.p2_latency import spawn_server, stop_server

    proc, url, _ = spawn_server([])
    try:
        rows, pinned = _run_steps(url, proc.pid, quick)
    finally:
        stop_server(proc)
    best = max((r for r in rows if r["lat"]["p99"] <= LIMIT_MS), key=lambda r: r["n"], default=None)
    notes = [
        f"N={r['n']}: p50 {r['lat']['p50']:.1f} ms, p99 {r['lat']['p99']:.1f} ms over "
        f"{r['lat']['count']} actions, server CPU {r['server_cpu']:.0%}, "
        f"generator CPU {r['cpu']:.0%}"
        for r in rows
    ]
    busiest = max(rows, key=lambda r: r["actions_per_s"], default=None)
    if busiest is not None and busiest["actions_per_s"] > 0:
        per_action = busiest["server_cpu"] / busiest["actions_per_s"]
        per_game = busiest["actions_per_s"] / busiest["n"]
        notes.append(
            f"at N={busiest['n']}: {busiest['actions_per_s']:.0f} actions/s "
            f"({per_game:.2f} per game per s), server CPU {per_action * 1e6:.0f} µs per "
            f"action (its automatic passes included): a core kept 70% busy would carry "
            f"about {0.7 / (per_action * per_game):.0f} games"
        )
    notes.append(
        "server and load generator pinned to separate CPUs"
        if pinned
        else "server and load generator not pinned: they may have shared a CPU"
    )
    notes.append(f"event loop: {chosen_loop()} (server and load generator)")
    if quick:
        notes.append("quick run: only small N tried")
    return [
        Figure(
            id="P3",
            name="concurrent 2-player games per server core, p99 ≤ 50 ms",
            value=float(best["n"] if best else 0),
            unit="games",
            peer="— (p99 at that load in the notes)",
            peer_value=None,
            aim="≥ 2,000 games",
            notes="; ".join(notes),
        )
    ]

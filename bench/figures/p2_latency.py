"""P2: action → every client decoded its update.

The server runs as its own process on loopback; four websocket clients (one per seat of
a 4-seat game) run in this process. For each action: the time from the acting client
sending ``submit`` until all four clients have decoded, patched and hash-checked the
update that carries the new version. Beside it, in the same run, the floor: a raw asyncio
TCP server that echoes a frame of the same size to four connected sockets.

- P2a: Realm Divided, free-for-all (the real rules: the view building is part of it).
- P2b: the same path with the tiny test rule set, i.e. the server and protocol alone.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.harness import Figure

ROOT = Path(__file__).resolve().parents[2]

_ECHO = """
import asyncio, sys
peers = []
async def handle(reader, writer):
    peers.append(writer)
    try:
        while True:
            head = await reader.readexactly(4)
            body = await reader.readexactly(int.from_bytes(head, "big"))
            for peer in peers:
                peer.write(head + body)
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()
asyncio.run(main())
"""


def spawn_server(extra: list[str]) -> tuple[subprocess.Popen[bytes], str, Path]:
    """``python -m server`` on a free loopback port; returns the process and its URL."""
    workdir = Path(tempfile.mkdtemp(prefix="allegiance-bench-"))
    log = workdir / "server.log"
    cmd = [
        sys.executable,
        "-m",
        "server",
        "--port",
        "0",
        "--db",
        str(workdir / "bench.db"),
        "--allow-fixed-seeds",
        "--log-level",
        "INFO",
        *extra,
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open(log, "wb") as sink:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stderr=sink, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = re.search(r"listening on (ws://\S+)", log.read_text())
        if found:
            return proc, found.group(1), workdir
        if proc.poll() is not None:
            raise RuntimeError(f"the server did not start: {log.read_text()[-500:]}")
        time.sleep(0.02)
    proc.kill()
    raise RuntimeError("the server did not start in time")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def _stamping_client(url: str, name: str) -> Any:
    from server.client import ProtocolClient

    class Stamping(ProtocolClient):
        """Notes when each view version was decoded and applied."""

        def __init__(self) -> None:
            super().__init__(url, name)
            self.arrivals: list[tuple[int, float]] = []

        def _on_message(self, msg: dict[str, Any]) -> None:
            super()._on_message(msg)
            if msg["t"] in ("patch", "sync"):
                stream = self.streams.get((msg["table"], msg["seat"]))
                if stream is not None and stream.doc is not None and stream.doc["view"]:
                    self.arrivals.append((stream.doc["view"]["version"], time.perf_counter()))

        def reached(self, version: int) -> float | None:
            for seen, stamp in self.arrivals:
                if seen >= version:
                    return stamp
            return None

    return Stamping()


async def _game_latencies(url: str, game: str, setup: dict[str, Any], actions: int) -> list[float]:
    """Latencies of up to ``actions`` client actions over as many 4-seat games as needed."""
    latencies: list[float] = []
    games = 0
    while len(latencies) < actions and games < 50:
        latencies += await _one_game(url, game, setup, actions - len(latencies), seed=42 + games)
        games += 1
    return latencies


async def _one_game(
    url: str, game: str, setup: dict[str, Any], actions: int, seed: int
) -> list[float]:
    from server.bots import random_choice
    from server.client import deciding

    seats = 4
    clients = [_stamping_client(url, f"bench{i}") for i in range(seats)]
    for client in clients:
        await client.connect()
    specs = [{"kind": "human"} for _ in range(seats)]
    options = {"pass_delay": 0, "seed": seed}
    created = await clients[0].create(game, setup, specs, options, claim=list(range(seats)))
    code = created["table"]
    for seat, client in enumerate(clients):
        await client.join(code, seat, clients[0].tokens[(code, seat)])
    sent: dict[int, float] = {}
    done = asyncio.Event()

    async def play(seat: int) -> None:
        client, last = clients[seat], -1
        while not done.is_set():
            await client.wait_for(deciding(client, code, seat, last), timeout=60)
            doc = client.doc(code, seat)
            if doc["table"]["status"] == "over":
                done.set()
                return
            view = doc["view"]
            last = view["version"]
            sent[last] = time.perf_counter()
            reply = await client.submit(code, seat, last, random_choice(view, 7, seat))
            if reply["t"] != "accepted":
                sent.pop(last, None)
            if len(sent) >= actions:
                done.set()

    tasks = [asyncio.create_task(play(seat)) for seat in range(seats)]
    waiter = asyncio.create_task(done.wait())
    await asyncio.wait([waiter, *tasks], return_when=asyncio.FIRST_COMPLETED)
    await asyncio.sleep(0.05)  # let the last updates land
    for task in [*tasks, waiter]:
        task.cancel()
    latencies = []
    for version, start in sent.items():
        stamps = [c.reached(version + 1) for c in clients]
        if all(s is not None for s in stamps):
            latencies.append(max(s for s in stamps if s is not None) - start)
    for client in clients:
        await client.close()
    return latencies


async def _echo_latencies(port: int, size: int, rounds: int) -> list[float]:
    conns = [await asyncio.open_connection("127.0.0.1", port) for _ in range(4)]
    await asyncio.sleep(0.05)
    payload = os.urandom(size)
    frame = len(payload).to_bytes(4, "big") + payload
    latencies = []
    for i in range(rounds):
        start = time.perf_counter()
        conns[i % 4][1].write(frame)
        for reader, _ in conns:
            head = await reader.readexactly(4)
            await reader.readexactly(int.from_bytes(head, "big"))
        latencies.append(time.perf_counter() - start)
    for _, writer in conns:
        writer.close()
    return latencies


def _echo_floor(size: int, rounds: int) -> list[float]:
    proc = subprocess.Popen([sys.executable, "-c", _ECHO], stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        return asyncio.run(_echo_latencies(port, size, rounds))
    finally:
        proc.kill()
        proc.wait()


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] * 1000


def _figures(tag: str, label: str, ours: list[float], floor: list[float]) -> list[Figure]:
    aim = "p50 within 5× the raw socket echo"
    note = f"{len(ours)} actions; p99 {_pct(ours, 99):.2f} ms vs echo p99 {_pct(floor, 99):.3f} ms"
    return [
        Figure(
            id=f"P2{tag}",
            name=f"action → 4 clients decoded, p50 ({label})",
            value=_pct(ours, 50),
            unit="ms",
            peer="raw loopback echo to 4 sockets, p50",
            peer_value=_pct(floor, 50),
            aim=aim,
            notes=note,
        ),
    ]


def measure(quick: bool) -> list[Figure]:
    actions = 60 if quick else 400
    floor = _echo_floor(200, 200 if quick else 1000)
    figures: list[Figure] = []
    proc, url, _ = spawn_server(["--ruleset", "toy=tests.server.toygame:RULESET"])
    try:
        realm = asyncio.run(_game_latencies(url, "realm", {"format": "ffa"}, actions))
        toy = asyncio.run(_game_latencies(url, "toy", {"target": 30, "max_turns": 40}, actions))
    finally:
        stop_server(proc)
    figures += _figures("a", "Realm Divided, 4 seats", realm, floor)
    figures += _figures("b", "server + protocol, toy rules", toy, floor)
    return figures

"""P2: action → every client decoded its update.

The server runs as its own process on loopback; four websocket clients (one per seat of
a 4-seat game) run in this process. For each action: the time from the acting client
sending ``submit`` until all four clients have decoded, patched and hash-checked the
update that carries the new version. Actions are measured one at a time (the next one is
chosen, untimed, only after all four clients have the last update), so neither a bot's
choice nor another action's traffic is counted. The four clients share this process, so
their decoding is serial, as the echo floor's four readers are. Beside it, in the same
run, the floor: a raw asyncio TCP server that echoes a frame to four connected sockets.
The server, the four clients and the echo all run on the event loop ``server.loop``
chooses (uvloop where installed), so the floor is the same loop's.

- P2a: Realm Divided, free-for-all (the real rules: the view building is part of it).
- P2b: the same path with the tiny test rule set, i.e. the server and protocol alone.
- P2c: the floor of the design itself: a websockets server (the same library and loop,
  no compression) that relays each frame it gets to the four clients, which decode it
  with msgpack; no tables, no rules, no store. What P2a and P2b add is above this line.
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
from server.loop import chosen_loop, run

ROOT = Path(__file__).resolve().parents[2]

_ECHO = """
import asyncio, sys
from server.loop import run
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
run(main())
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


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from ``/proc``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


class _Arrivals:
    """When every client has applied the update that carries a given version."""

    def __init__(self, clients: int) -> None:
        self.clients = clients
        self.target = 0
        self.stamps: dict[int, float] = {}
        self.done = asyncio.Event()

    def expect(self, version: int) -> None:
        self.target, self.stamps = version, {}
        self.done.clear()

    def saw(self, client: int, version: int) -> None:
        if version >= self.target > 0 and client not in self.stamps:
            self.stamps[client] = time.perf_counter()
            if len(self.stamps) == self.clients:
                self.done.set()


def _stamping_client(url: str, name: str, index: int, arrivals: _Arrivals) -> Any:
    from server.client import ProtocolClient

    class Stamping(ProtocolClient):
        """Notes when it has decoded, patched and hash-checked each view version."""

        def _on_message(self, msg: dict[str, Any]) -> None:
            super()._on_message(msg)
            if msg["t"] in ("patch", "sync"):
                stream = self.streams.get((msg["table"], msg["seat"]))
                if stream is not None and stream.doc is not None and stream.doc["view"]:
                    arrivals.saw(index, stream.doc["view"]["version"])

    return Stamping(url, name)


async def _game_latencies(
    url: str, game: str, setup: dict[str, Any], actions: int, pid: int
) -> tuple[list[float], float]:
    """Latencies of up to ``actions`` client actions over as many 4-seat games as needed,
    and the CPU time the server (process ``pid``) used while they were played."""
    latencies: list[float] = []
    cpu = 0.0
    games = 0
    while len(latencies) < actions and games < 50:
        more, used = await _one_game(
            url, game, setup, actions - len(latencies), seed=42 + games, pid=pid
        )
        latencies += more
        cpu += used
        games += 1
    return latencies, cpu


async def _one_game(
    url: str, game: str, setup: dict[str, Any], actions: int, seed: int, pid: int
) -> tuple[list[float], float]:
    """One action at a time: choose it (untimed), stamp, send the ``submit``, and wait
    until all four clients have applied the update; the next action starts only then, so
    no measurement overlaps another and no think time is counted."""
    from server.bots import random_choice

    seats = 4
    arrivals = _Arrivals(seats)
    clients = [_stamping_client(url, f"bench{i}", i, arrivals) for i in range(seats)]
    for client in clients:
        await client.connect()
    specs = [{"kind": "human"} for _ in range(seats)]
    options = {"pass_delay": 0, "seed": seed}
    created = await clients[0].create(game, setup, specs, options, claim=list(range(seats)))
    code = created["table"]
    for seat, client in enumerate(clients):
        await client.join(code, seat, clients[0].tokens[(code, seat)])
    latencies: list[float] = []
    cpu_start = cpu_seconds(pid)
    while len(latencies) < actions:
        doc = clients[0].doc(code, 0)
        if doc is None or doc["table"]["status"] == "over":
            break
        seat = doc["view"]["to_act"]
        view = clients[seat].doc(code, seat)["view"]
        action = random_choice(view, 7, seat)
        arrivals.expect(view["version"] + 1)
        start = time.perf_counter()
        reply = await clients[seat].submit(code, seat, view["version"], action)
        if reply["t"] != "accepted":
            break
        await asyncio.wait_for(arrivals.done.wait(), 30)
        latencies.append(max(arrivals.stamps.values()) - start)
    used = cpu_seconds(pid) - cpu_start
    for client in clients:
        await client.close()
    return latencies, used


_WS_RELAY = """
import asyncio
from websockets.asyncio.server import serve
from server.loop import run
peers = []
async def handle(ws):
    peers.append(ws)
    async for frame in ws:
        for peer in peers:
            await peer.send(frame)
async def main():
    async with serve(handle, "127.0.0.1", 0, compression=None) as server:
        print(next(iter(server.sockets)).getsockname()[1], flush=True)
        await server.serve_forever()
run(main())
"""


async def _relay_latencies(port: int, rounds: int) -> tuple[list[float], int]:
    """A patch-sized msgpack frame from one client to all four through the bare
    websockets relay, each client decoding it."""
    from websockets.asyncio.client import connect

    from shared.protocol import codec

    url = f"ws://127.0.0.1:{port}"
    conns = [await connect(url, compression=None) for _ in range(4)]
    await asyncio.sleep(0.05)
    frame = codec.encode(
        {"t": "patch", "table": "ABCDEF", "seat": 0, "seq": 1, "hash": None, "events": [],
         "ops": [["s", ["view", "version"], 7], ["s", ["view", "to_act"], 1],
                 ["s", ["view", "players", 0, "gold"], 4]] * 6}
    )
    latencies = []
    for i in range(rounds):
        start = time.perf_counter()
        await conns[i % 4].send(frame)
        for conn in conns:
            codec.decode(await conn.recv(), codec.CLIENT_LIMITS)
        latencies.append(time.perf_counter() - start)
    for conn in conns:
        await conn.close()
    return latencies, len(frame)


def _relay_floor(rounds: int) -> tuple[list[float], int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", _WS_RELAY], stdout=subprocess.PIPE, env=env)
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        return run(_relay_latencies(port, rounds))
    finally:
        proc.kill()
        proc.wait()


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
    """The echo runs on the server's event loop (``server.loop``), and so do its readers
    here, as do the server and the clients of the game: the floor and the figure compare
    the same loop."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", _ECHO], stdout=subprocess.PIPE, env=env)
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        return run(_echo_latencies(port, size, rounds))
    finally:
        proc.kill()
        proc.wait()


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] * 1000


def _figures(
    tag: str, label: str, ours: list[float], floor: list[float], cpu: float
) -> list[Figure]:
    aim = "p50 within 5× the raw socket echo"
    note = (
        f"{len(ours)} actions; p99 {_pct(ours, 99):.2f} ms vs echo p99 {_pct(floor, 99):.3f} ms; "
        f"server CPU {cpu / max(len(ours), 1) * 1e6:.0f} µs per action (/proc, while the "
        "actions were played; the automatic passes each one set off included); "
        f"event loop: {chosen_loop()} (server, clients and echo alike)"
    )
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
        realm, realm_cpu = run(_game_latencies(url, "realm", {"format": "ffa"}, actions, proc.pid))
        toy, toy_cpu = run(
            _game_latencies(url, "toy", {"target": 30, "max_turns": 40}, actions, proc.pid)
        )
    finally:
        stop_server(proc)
    relay, size = _relay_floor(200 if quick else 1000)
    figures += _figures("a", "Realm Divided, 4 seats", realm, floor, realm_cpu)
    figures += _figures("b", "server + protocol, toy rules", toy, floor, toy_cpu)
    figures.append(
        Figure(
            id="P2c",
            name="bare websockets relay → 4 clients decoded, p50 (the design's floor)",
            value=_pct(relay, 50),
            unit="ms",
            peer="raw loopback echo to 4 sockets, p50",
            peer_value=_pct(floor, 50),
            aim="— (what the aim of P2a and P2b leaves for everything above it)",
            notes=f"{len(relay)} frames of {size} B; p99 {_pct(relay, 99):.2f} ms; "
            "websockets (no compression) and msgpack, no tables, rules or store",
        )
    )
    return figures

"""Crash recovery: SIGKILL the server process at random points during 20+ games.

Players are websocket clients with deterministic choices (seeded per seat and version)
and deterministic command ids, so a re-sent command after a crash is recognised. After
every kill the server is restarted on the same database, the clients reconnect and
resume their seats, and every game is played to the end. Then each game's command log
and result must equal an uninterrupted run with the same seed and choices (the toy rules
driven directly), and every command a client saw acknowledged must be in the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from server.bots import random_choice
from server.client import ProtocolClient, deciding
from tests.server.kit import TOY
from tests.server.toygame import RULESET

ROOT = Path(__file__).resolve().parents[2]
GAMES = 21
ERRORS = (ConnectionError, OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError)


class ServerProcess:
    """The server as a child process; ``url`` is None while it is down."""

    def __init__(self, db: Path, logdir: Path) -> None:
        self.db = db
        self.logdir = logdir
        self.proc: subprocess.Popen[bytes] | None = None
        self.url: str | None = None
        self.generation = 0
        self.changed = asyncio.Event()
        self.kills = 0

    async def start(self) -> None:
        self.generation += 1
        log = self.logdir / f"server{self.generation}.log"
        cmd = [
            sys.executable,
            "-m",
            "server",
            "--port",
            "0",
            "--db",
            str(self.db),
            "--allow-fixed-seeds",
            "--ruleset",
            TOY,
            "--log-level",
            "INFO",
        ]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        with open(log, "wb") as sink:
            self.proc = subprocess.Popen(
                cmd, cwd=ROOT, env=env, stderr=sink, stdout=subprocess.DEVNULL
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            found = re.search(r"listening on (ws://\S+)", log.read_text())
            if found:
                self.url = found.group(1)
                self.changed.set()
                return
            assert self.proc.poll() is None, log.read_text()
            await asyncio.sleep(0.02)
        raise TimeoutError("the server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.url = None
        self.changed.clear()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.kills += 1

    async def wait_url(self) -> str:
        while self.url is None:
            await self.changed.wait()
        return self.url

    def stop(self) -> int:
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else 0
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=10)


def choose(view: dict[str, Any], salt: int, seat: int) -> dict[str, Any]:
    action = random_choice(view, salt, seat)
    assert action is not None
    return action


class Player:
    def __init__(
        self, server: ServerProcess, code: str, seat: int, token: str, salt: int, acks: list[str]
    ):
        self.server, self.code, self.seat, self.token, self.salt = server, code, seat, token, salt
        self.acks = acks
        self.pending: tuple[str, int, dict[str, Any]] | None = None

    async def run(self) -> dict[str, Any] | None:
        while True:
            url = await self.server.wait_url()
            client = ProtocolClient(url, f"{self.code}-{self.seat}")
            try:
                await client.connect()
                await client.join(self.code, self.seat, self.token)
                return await self._play(client)
            except ERRORS:
                pass
            finally:
                await _quiet_close(client)
            # Reconnect: to the same server if it is still up (the error was ours, e.g. a
            # slow machine), or to its next incarnation once it has restarted.
            await asyncio.sleep(0.01)

    async def _play(self, client: ProtocolClient) -> dict[str, Any] | None:
        if self.pending is not None:
            await self._send(client, *self.pending)
        last = -1
        while True:
            await client.wait_for(deciding(client, self.code, self.seat, last), timeout=30)
            doc = client.doc(self.code, self.seat)
            assert doc is not None
            if doc["table"]["status"] == "over":
                return doc["table"]["result"]  # type: ignore[no-any-return]
            version = doc["view"]["version"]
            action = choose(doc["view"], self.salt, self.seat)
            await self._send(client, f"s{self.seat}v{version}", version, action)
            last = version

    async def _send(
        self, client: ProtocolClient, cmd_id: str, version: int, action: dict[str, Any]
    ) -> None:
        self.pending = (cmd_id, version, action)
        reply = await client.submit(self.code, self.seat, version, action, cmd_id=cmd_id)
        self.pending = None
        if reply["t"] == "accepted":
            self.acks.append(cmd_id)
        else:
            assert reply["code"] in ("stale", "not_your_turn", "game_over"), reply


async def _quiet_close(client: ProtocolClient) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(client.close(), 2)


def reference_run(
    seats: int, seed: int, bots: set[int], salt: int, bot_seed: int
) -> tuple[list[Any], Any]:
    """The game as an uninterrupted server would play it: same seeds, same choices."""
    state = RULESET.new_game({"seats": seats}, seed)
    log = []
    while not RULESET.is_over(state):
        seat = RULESET.to_act(state)
        assert seat is not None
        view = RULESET.view_for(state, seat)
        legal = view["legal"]
        if seat in bots:
            action = random_choice(view, bot_seed, seat)
        elif all(a["kind"] == "pass" for a in legal):
            action = {"kind": "pass"}  # the server's auto-pass
        else:
            action = choose(view, salt, seat)
        assert action is not None
        log.append([seat, action])
        state, _ = RULESET.apply(state, seat, action)
    return log, RULESET.result(state)


async def test_sigkill_at_random_points_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(20261122)
    server = ServerProcess(tmp_path / "games.db", tmp_path)
    await server.start()
    acks: list[str] = []
    games = []
    try:
        creator = ProtocolClient(await server.wait_url(), "creator")
        await creator.connect()
        for i in range(GAMES):
            seats = 2 + i % 3
            bots = {seats - 1} if i % 3 == 1 else set()
            seed, bot_seed, salt = 1000 + i, 5000 + i, 9000 + i
            specs = [{"kind": "bot" if s in bots else "human"} for s in range(seats)]
            humans = [s for s in range(seats) if s not in bots]
            created = await creator.create(
                "toy",
                {},
                specs,
                {"seed": seed, "bot_seed": bot_seed, "pass_delay": 0},
                claim=humans,
            )
            code = created["table"]
            players = [
                Player(server, code, s, creator.tokens[(code, s)], salt, acks) for s in humans
            ]
            games.append((code, seats, seed, bots, salt, bot_seed, players))
        await creator.close()
        tasks = [asyncio.create_task(p.run()) for g in games for p in g[6]]
        kill_points = sorted(rng.sample(range(5, 260), 4))
        for point in kill_points:
            while len(acks) < point and not all(t.done() for t in tasks):
                await asyncio.sleep(0.001 * rng.randint(1, 5))
            if all(t.done() for t in tasks):
                break
            server.kill()
            await server.start()
        results = await asyncio.wait_for(asyncio.gather(*tasks), timeout=120)
        assert all(r is not None for r in results)
        assert server.kills >= 3
    finally:
        server.stop()
    db = sqlite3.connect(tmp_path / "games.db")
    logged_ids: set[str] = set()
    for code, seats, seed, bots, salt, bot_seed, _ in games:
        table_id, status, result = db.execute(
            "SELECT id, status, result FROM tables WHERE code = ?", (code,)
        ).fetchone()
        rows = db.execute(
            "SELECT seat, action, cmd_id FROM commands WHERE table_id = ? ORDER BY idx", (table_id,)
        ).fetchall()
        log = [[seat, json.loads(action)] for seat, action, _ in rows]
        logged_ids.update(json.loads(c) for _, _, c in rows if c is not None)
        expected_log, expected_result = reference_run(seats, seed, bots, salt, bot_seed)
        assert status == "over"
        assert log == expected_log, code
        assert json.loads(result) == expected_result
    missing = set(acks) - logged_ids
    assert not missing, f"acknowledged but not logged: {sorted(missing)[:5]}"


# --- the store's batches and checkpoints ----------------------------------------------------


def _store_with_table(path: Path) -> tuple[Any, int]:
    from server.store import Store

    store = Store(path)
    table_id = store.create_table("BATCH1", "toy", {}, {}, 1, 2, [])
    return store, table_id


def test_a_batch_commits_its_commands_together_or_not_at_all(tmp_path: Path) -> None:
    store, table_id = _store_with_table(tmp_path / "b.db")
    other = sqlite3.connect(tmp_path / "b.db")  # what a crash would leave on disk
    logged = "SELECT COUNT(*) FROM commands"
    with store.batch():
        for idx in range(3):
            store.append_command(table_id, idx, 0, None, {"kind": "pass"}, "auto")
        assert other.execute(logged).fetchone()[0] == 0  # nothing written yet
    assert other.execute(logged).fetchone()[0] == 3
    with contextlib.suppress(RuntimeError), store.batch():
        store.append_command(table_id, 3, 0, None, {"kind": "pass"}, "auto")
        raise RuntimeError("the rules failed half-way")
    assert [c.idx for c in store.commands(table_id)] == [0, 1, 2]
    store.append_command(table_id, 3, 0, 7, {"kind": "pass"}, "human")  # no batch: at once
    assert other.execute(logged).fetchone()[0] == 4
    other.close()
    store.close()


def test_checkpoints_leave_the_commits_and_copy_the_log(tmp_path: Path) -> None:
    store, table_id = _store_with_table(tmp_path / "c.db")
    store.defer_checkpoints()
    for idx in range(1500):  # more pages than SQLite's automatic checkpoint would allow
        store.append_command(table_id, idx, 0, None, {"kind": "pass", "n": idx}, "auto")
    wal, main = tmp_path / "c.db-wal", tmp_path / "c.db"
    # the commits did not checkpoint: the log grew past SQLite's 1000-page automatic
    # checkpoint and the database file still holds only the tables made at the start
    assert wal.stat().st_size > 1000 * 4096 and main.stat().st_size < 64 * 1024
    store.checkpoint()
    assert main.stat().st_size > 64 * 1024  # the commands' pages are in the file now
    store.close()
    fresh = sqlite3.connect(tmp_path / "c.db")
    assert fresh.execute("SELECT COUNT(*) FROM commands").fetchone()[0] == 1500
    fresh.close()


async def test_a_server_on_a_file_checkpoints_outside_its_commits(tmp_path: Path) -> None:
    from tests.server.kit import toy_server

    srv = await toy_server(db_path=str(tmp_path / "s.db"))
    try:
        store = srv.server.store
        assert store is not None
        assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        assert srv.server._checkpoints is not None and not srv.server._checkpoints.done()
    finally:
        await srv.stop()
    assert srv.server._checkpoints.done()

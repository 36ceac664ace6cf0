"""The server's event loop (``server.loop``): uvloop where installed, asyncio otherwise,
and the same server on either."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from server import loop
from server.client import ProtocolClient, deciding
from tests.server.kit import TOY, play_game, policy, toy_server, view

LOOPS = ["uvloop", "asyncio"]


def test_uvloop_is_chosen_where_it_is_a_dependency(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(loop.LOOP_ENV, raising=False)
    if sys.platform == "win32":  # not a dependency there
        assert loop.chosen_loop() == "asyncio"
        return
    assert loop.chosen_loop() == "uvloop"
    assert loop.run(_running_loop()) == "uvloop"


def test_the_environment_can_choose_asyncio(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(loop.LOOP_ENV, " AsyncIO ")
    assert loop.loop_factory() is None
    assert loop.run(_running_loop()) == "asyncio"


def test_without_uvloop_the_default_loop_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(loop.LOOP_ENV, raising=False)
    monkeypatch.setitem(sys.modules, "uvloop", None)  # makes `import uvloop` fail
    assert loop.loop_factory() is None and loop.chosen_loop() == "asyncio"
    assert loop.run(_running_loop()) == "asyncio"


async def _running_loop() -> str:
    return loop.loop_name()


@pytest.mark.parametrize("name", LOOPS)
def test_a_whole_game_on_each_loop(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two seats and a spectator play a toy game to its end on the chosen loop; the
    server's sockets send small frames at once (TCP_NODELAY) and it stops cleanly."""
    monkeypatch.setenv(loop.LOOP_ENV, name)

    async def game() -> tuple[str, dict | None, list[int]]:
        srv = await toy_server()
        try:
            _, result, clients = await asyncio.wait_for(
                play_game(srv.url, 2, seed=5, watch=True), 60
            )
            delays = [
                conn.ws.transport.get_extra_info("socket").getsockopt(
                    socket.IPPROTO_TCP, socket.TCP_NODELAY
                )
                for conn in srv.server.connections
            ]
            for client in clients:
                await client.close()
            return loop.loop_name(), result, delays
        finally:
            await srv.stop()

    running, result, nodelay = loop.run(game())
    assert running == name
    assert result is not None and result.get("winners") is not None
    assert nodelay and all(nodelay)


@pytest.mark.parametrize("name", LOOPS)
def test_ctrl_c_stops_the_server_process_cleanly(name: str, tmp_path: Path) -> None:
    """``python -m server`` on each loop says which loop it runs, serves moves against a
    bot of the worker-process pool, and stops on Ctrl-C (SIGINT to the whole process
    group, as a terminal sends it) with status 0 and no traceback from its workers."""
    root = Path(__file__).resolve().parents[2]
    log = tmp_path / "serve.log"
    command = [sys.executable, "-m", "server", "--port", "0", "--db", str(tmp_path / "t.db")]
    env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin", loop.LOOP_ENV: name}
    with open(log, "wb") as sink:
        proc = subprocess.Popen(
            [*command, "--ruleset", TOY, "--allow-fixed-seeds"],
            cwd=root, stderr=sink, env=env, start_new_session=True,
        )
    try:
        assert asyncio.run(asyncio.wait_for(_moves_against_a_pool_bot(proc, log), 90)) > 0
        assert f"{name} loop" in log.read_text()
        os.killpg(proc.pid, signal.SIGINT)
        assert proc.wait(timeout=20) == 0
        text = log.read_text()
        assert "stopped" in text and "Traceback" not in text, text
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


async def _moves_against_a_pool_bot(proc: subprocess.Popen[bytes], log: Path) -> int:
    """Realm Divided against a level-1 bot (it thinks in the worker-process pool): our
    seat moves until the bot has answered three times; returns the version reached."""
    while not (found := re.search(r"listening on (ws://\S+)", log.read_text())):
        assert proc.poll() is None, log.read_text()
        await asyncio.sleep(0.02)
    client = ProtocolClient(found.group(1), "player")
    await client.connect()
    seats = [{"kind": "human", "name": "P0"}, {"kind": "bot", "name": "B1", "level": 1}]
    options = {"seed": 3, "pass_delay": 0}
    created = await client.create("realm", {"format": "duel"}, seats, options, claim=[0])
    assert created["t"] == "created", created
    code = created["table"]
    await client.join(code, 0)
    choose, answered, last = policy(3), 0, -1
    while answered < 3:
        await client.wait_for(deciding(client, code, 0, last), 30)
        version = view(client, code, 0)["version"]
        answered += last >= 0 and version > last + 1  # someone else moved in between
        reply = await client.submit(code, 0, version, choose(view(client, code, 0), 0))
        assert reply["t"] == "accepted", reply
        last = version
    await client.close()
    return last

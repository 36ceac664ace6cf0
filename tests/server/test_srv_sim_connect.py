"""``allegiance sim --connect``: the address is checked before anything starts, and one
Ctrl+C (a cancellation of the run) ends it even when a seat drops the cancellation."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
from typing import Any

import pytest

from client import cli


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("ws://127.0.0.1:99999", "the port must be a number from 1 to 65535"),
        ("ws://127.0.0.1:abc", "the port must be a number from 1 to 65535"),
        ("ws://127.0.0.1:0", "the port must be a number from 1 to 65535"),
        ("ws://[::1", "a bracket is not closed"),
        ("ws://:19640", "the host is missing"),
    ],
)
def test_a_bad_address_is_one_line_and_status_2(
    address: str, why: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """These ended in a traceback from inside websockets (or, for port 0, in a connection
    to port 80)."""
    import server.sim

    def never(*args: Any) -> None:
        raise AssertionError("the run started")

    monkeypatch.setattr(server.sim, "run_sim", never)
    assert cli.main(["sim", "--connect", address, "--games", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"allegiance sim: error: --connect {address} is not a server address")
    assert why in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("address", "url"),
    [("127.0.0.1:19640", "ws://127.0.0.1:19640"), ("localhost", "ws://localhost:8765")],
)
def test_host_port_without_ws_is_taken_as_join_takes_it(
    address: str, url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """It was refused with "--connect wants ws://HOST:PORT"."""
    import server.sim

    asked: list[str] = []

    async def run_sim(url: str, *args: Any) -> server.sim.SimReport:
        asked.append(url)
        return server.sim.SimReport()

    monkeypatch.setattr(server.sim, "run_sim", run_sim)
    assert cli.main(["sim", "--connect", address, "--games", "1"]) == 0
    assert asked == [url]
    assert "0 games" in capsys.readouterr().out


def test_the_help_says_host_port_is_enough() -> None:
    from client.commands import sim

    parser = argparse.ArgumentParser()
    sim.add_arguments(parser)
    assert "HOST:PORT (or a ws:// or wss:// URL)" in " ".join(parser.format_help().split())


async def test_a_seat_that_drops_a_cancellation_is_cancelled_again() -> None:
    """Python 3.11's ``asyncio.wait_for`` (every wait of ``ProtocolClient``) drops a
    cancellation that arrives as what it waits for completes; the seat then waited for a
    move that never came, and Ctrl+C left ``sim --connect`` idle with its connections
    open. The run must end anyway, its games' clean-up done."""
    from server.sim import all_or_first_error, settle

    started = asyncio.Event()
    closed: list[str] = []

    async def drops_one_cancellation() -> int:
        started.set()
        with contextlib.suppress(asyncio.CancelledError):  # what wait_for did
            await asyncio.Event().wait()
        await asyncio.Event().wait()  # the move that never comes
        return 0

    async def close() -> None:
        for _ in range(3):  # a closing handshake: a few turns of the loop
            await asyncio.sleep(0)
        closed.append("closed")

    async def game() -> int:
        try:
            return (await all_or_first_error([drops_one_cancellation(), asyncio.sleep(3600)]))[0]
        finally:
            await settle([asyncio.ensure_future(close())], cancel=False)

    run = asyncio.ensure_future(all_or_first_error([game(), game()]))
    await started.wait()
    run.cancel()  # Ctrl+C: asyncio.run cancels the main task
    with pytest.raises(asyncio.CancelledError):
        async with asyncio.timeout(10):  # a guard only: without the fix it never ended
            await run
    assert closed == ["closed", "closed"]

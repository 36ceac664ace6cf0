"""The server's command-line front: flags, one-line errors, sim through a live server."""

from __future__ import annotations

import argparse
import asyncio

import pytest

from server.cli import add_serve_arguments, config_from_args
from server.sim import format_report, run_sim
from tests.server.kit import toy_server


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_serve_arguments(parser)
    return parser.parse_args(list(argv))


def test_serve_flags(tmp_path) -> None:  # type: ignore[no-untyped-def]
    config = config_from_args(
        parse("--host", "0.0.0.0", "--port", "0", "--db", str(tmp_path / "x.db"))
    )
    assert config.host == "0.0.0.0" and config.port == 0 and config.db_path.endswith("x.db")
    assert config.tune_gc and not config.allow_fixed_seeds


@pytest.mark.parametrize(
    "argv,words",
    [(("--port", "70000"), "--port"), (("--db", "/proc/no/such/dir/x.db"), "--db")],
)
def test_bad_flags_give_one_line(argv: tuple[str, ...], words: str) -> None:
    with pytest.raises(SystemExit) as info:
        config_from_args(parse(*argv))
    message = str(info.value)
    assert words in message and "\n" not in message


async def test_sim_through_a_live_server() -> None:
    srv = await toy_server()
    try:
        report = await asyncio.wait_for(
            run_sim(srv.url, 3, 3, game="toy", concurrency=2, salt=1), 60
        )
    finally:
        await srv.stop()
    assert len(report.games) == 3 and all(g.result for g in report.games)
    text = format_report(report)
    assert "p99" in text and "3 games" in text


async def test_a_failing_game_cancels_the_others_and_its_error_is_raised() -> None:
    """``sim --connect`` against a server that stops: one error, the other games and
    seats cancelled (``gather`` left them running to fail later, each with a traceback
    as the program ended)."""
    from server.sim import all_or_first_error

    cancelled: list[int] = []

    async def waits(n: int) -> int:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.append(n)
            raise
        return n

    async def fails() -> int:
        await asyncio.sleep(0)
        raise RuntimeError("seat 1 command refused: server_stopping")

    with pytest.raises(RuntimeError, match="server_stopping"):
        await all_or_first_error([waits(0), fails(), waits(2)])
    assert sorted(cancelled) == [0, 2]

    async def value(n: int) -> int:
        await asyncio.sleep(0)
        return n

    assert await all_or_first_error([value(3), value(1), value(2)]) == [3, 1, 2]

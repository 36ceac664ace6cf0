"""A server address that cannot be one (a port out of range or not a number, a bracket
left open) is refused at once with a sentence: by ``allegiance join``/``watch``, by the
Join screen, and, as a last word, by the connection (it used to hang at "connecting…")."""

from __future__ import annotations

import argparse
import asyncio

import pytest

from client.commands import join as join_command
from client.commands import watch as watch_command
from client.net.connection import Connection
from client.net.session import ClientSession, Failed
from client.screens.join import JoinPlan, JoinScreen, address_problem
from tests.client.helpers import make_app

BAD = {
    "127.0.0.1:99999": "the port must be a number from 1 to 65535",
    "127.0.0.1:abc": "the port must be a number from 1 to 65535",
    "127.0.0.1:0": "the port must be a number from 1 to 65535",
    "[::1": "a bracket is not closed",
    "::1": "an IPv6 address goes in brackets",
    ":8765": "the host is missing",
    "http://example.org:8765": "write it as HOST:PORT",
}


@pytest.mark.parametrize(("address", "why"), BAD.items())
def test_an_address_that_cannot_be_one_says_why(address: str, why: str) -> None:
    problem = address_problem(address) or ""
    assert problem.startswith(f"{address} is not a server address: {why}")


@pytest.mark.parametrize(
    "address", ["127.0.0.1:8765", "host", "[::1]:8765", "ws://h:1/x", "wss://h", " 10.0.0.5:9 "]
)
def test_good_addresses_pass(address: str) -> None:
    assert address_problem(address) is None


@pytest.mark.parametrize("command", [join_command, watch_command])
@pytest.mark.parametrize("address", ["127.0.0.1:99999", "127.0.0.1:abc", "[::1"])
def test_join_and_watch_refuse_a_bad_address_before_connecting(
    command: object, address: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setattr("client.app.run_app", lambda app: pytest.fail("the app was started"))
    args = argparse.Namespace(address=address, code="ABCDEF", name=None, hero=None)
    assert command.run(args) == 2  # type: ignore[attr-defined]
    out, err = capsys.readouterr()
    assert out == "" and f"{address} is not a server address" in err
    args = argparse.Namespace(address=address, code=None, name=None, hero=None)
    assert command.run(args) == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize("url", ["ws://127.0.0.1:99999", "ws://127.0.0.1:abc", "ws://[::1"])
async def test_the_connection_fails_at_once_on_an_address_it_cannot_use(url: str) -> None:
    session = ClientSession(lambda m: None, "Alice")
    session.start_join("ABCDEF")
    seen: list[object] = []
    await asyncio.wait_for(Connection(url, session, seen.extend).run(), 2)
    failed = [u for u in seen if isinstance(u, Failed)]
    assert len(failed) == 1 and "is not a server address" in failed[0].text


class NoLan:
    def __init__(self, listener: object) -> None:
        pass

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass


async def test_the_join_screen_keeps_a_bad_address_and_says_why() -> None:
    app = make_app()
    results: list[JoinPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = JoinScreen("127.0.0.1:99999", discovery=NoLan)
        await app.push_screen(screen, results.append)
        await pilot.pause()
        await pilot.press(*"abcdef", "enter")
        await pilot.pause()
        assert app.screen is screen and results == []
        notes = [n.message for n in app._notifications]
        assert any("the port must be a number from 1 to 65535" in n for n in notes)

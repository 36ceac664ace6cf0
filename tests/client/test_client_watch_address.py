"""The Join and Watch screens offer the address last typed on either, even when it was
left with Back (a player who typed it to join and goes to watch instead does not type it
again), as they offer the one of the last join or watch."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input

import client.screens.join as join
from client.app import AllegianceApp
from client.screens.join import JoinScreen
from tests.client.helpers import make_app

pytestmark = pytest.mark.asyncio


@pytest.fixture(autouse=True)
def _no_lan(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is looked for on the network: the screens say they cannot."""

    def nowhere(on_change: Any) -> Any:
        raise OSError("no network in tests")

    monkeypatch.setattr(join, "default_discovery", nowhere)


async def opened(app: AllegianceApp, pilot: Any, action: str) -> JoinScreen:
    await app.run_action(action)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, JoinScreen)
    return screen


async def type_then_back(app: AllegianceApp, pilot: Any, action: str, typed: str) -> None:
    screen = await opened(app, pilot, action)
    assert screen.focused is screen.query_one("#address", Input)
    await pilot.press(*typed)
    await pilot.press("escape")
    await pilot.pause()
    assert not isinstance(app.screen, JoinScreen)


@pytest.mark.parametrize(("first", "then"), [("join_game", "watch_game"),
                                             ("watch_game", "join_game"),
                                             ("join_game", "join_game")])  # fmt: skip
async def test_an_address_typed_then_left_is_offered_next(first: str, then: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await type_then_back(app, pilot, first, "10.0.0.5:8765")
        screen = await opened(app, pilot, then)
        assert screen.query_one("#address", Input).value == "10.0.0.5:8765"
        assert screen.focused is screen.query_one("#code", Input)  # the address is there


async def test_it_is_kept_as_a_join_keeps_it_with_the_default_port() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await type_then_back(app, pilot, "join_game", "10.0.0.5")
        assert app.settings.last_address == "10.0.0.5:8765"  # written with the next save


async def test_what_is_no_address_does_not_replace_the_one_kept() -> None:
    app = make_app()
    app.settings.last_address = "10.0.0.5:8765"
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot, "join_game")
        screen.query_one("#address", Input).value = "10.0.0.5:99999"  # no such port
        await pilot.press("escape")
        await pilot.pause()
        screen = await opened(app, pilot, "watch_game")
        assert screen.query_one("#address", Input).value == "10.0.0.5:8765"

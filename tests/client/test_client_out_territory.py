"""A player out of the game is one line on the board: their hero panel says they are
out, and their territory ("no units in play") is not drawn under it."""

from __future__ import annotations

from typing import Any

import pytest

from client.screens.table import TableScreen
from client.viewmodel.table import build_table
from client.widgets.territory import Territory
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

pytestmark = pytest.mark.asyncio

OFF = {"auto_pass": True, "stops": [], "hold": False, "skip": False}


def cid_out(out: bool) -> dict[str, Any]:
    """:func:`v.maneuver_four_players` with Cid (seat 2) out of the game, his units gone
    with him, when ``out``."""
    view = v.maneuver_four_players()
    if out:
        view["players"][2].update(health=0, alive=False, units=[])
    return view


async def test_an_out_players_territory_is_not_drawn() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, cid_out(False), settings=OFF)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        cid = screen._blocks[2].territory
        assert cid.display
        fake.show(0, cid_out(True), settings=OFF)  # a patch: Cid is out
        await pilot.pause()
        assert not cid.display
        assert "out of the game (defeated)" in str(screen._blocks[2].hero.visual)
        assert "no units in play" not in screen_text(app)  # everyone else has units
        assert all(block.territory.display for seat, block in screen._blocks.items() if seat != 2)


async def test_the_territory_comes_back_with_the_player() -> None:
    """A replay stepped back to before the player went out draws their units again."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        territory = Territory()
        await app.screen.mount(territory)
        territory.show(build_table(cid_out(True)).players[2])
        assert not territory.display
        territory.show(build_table(cid_out(False)).players[2])
        await pilot.pause()
        assert territory.display and "Infantry" in str(territory.visual)

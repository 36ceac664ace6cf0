"""The board shows the other players in turn order (the seating order), from the player
after you down to you: in a sworn enemy game, whose seats are rolled, not in seat order.
The ``↑`` line names the players it scrolled away in the same order."""

from __future__ import annotations

from typing import Any

from client.screens.table import TableScreen
from client.widgets.hero import HeroPanel
from client.widgets.opponents import OpponentsLine
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app
from tests.client.test_client_opponents import OFF, laid_out


def sworn_four(seat: int | None) -> dict[str, Any]:
    """:func:`v.maneuver_four_players` as a sworn enemy game seated Alice, Cid, Bob, Dee
    (Alice hunts Cid, Cid hunts Bob, …), Bob's turn: the seats are not the turn order."""
    view = v.maneuver_four_players()
    view.update(format="sworn", order=[0, 2, 1, 3], first=0, seat=seat)
    if seat != 0:
        view["players"][0]["hand"] = None
    return view


def board_names(app: Any) -> list[str]:
    """The players' names on the board, top to bottom."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    heroes = sorted(screen.query(HeroPanel), key=lambda hero: hero.region.y)
    by_hero = {block.hero: seat for seat, block in screen._blocks.items()}
    names = {p["seat"]: p["name"] for p in sworn_four(0)["players"]}
    return [names[by_hero[hero]] for hero in heroes]


async def test_the_board_and_the_line_follow_the_turn_order() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, sworn_four(0), settings=OFF)
        await laid_out(pilot)
        assert board_names(app) == ["Cid", "Bob", "Dee", "Alice"]  # was Bob, Cid, Dee
        line = app.screen.query_one(OpponentsLine)
        assert [s.name for s in line.summaries] == ["Cid", "Bob"]  # the two at the top
        assert [s.hunts for s in line.summaries] == ["Bob", "Dee"]


async def test_a_spectator_sees_the_board_from_the_first_player() -> None:
    app = make_app()
    async with app.run_test(size=(120, 50)) as pilot:
        fake = Fake(app, [None])
        view = sworn_four(None)
        view["first"] = 2  # Cid went first: Cid, Bob, Dee, Alice
        fake.show(None, view, settings=OFF)
        await laid_out(pilot)
        assert board_names(app) == ["Cid", "Bob", "Dee", "Alice"]


async def test_a_spectators_board_turns_once_the_first_player_is_chosen() -> None:
    app = make_app()
    async with app.run_test(size=(120, 50)) as pilot:
        fake = Fake(app, [None])
        view = sworn_four(None)
        view.update(phase="setup", turn=0, first=0, prompt={"kind": "first", "seat": 1})
        fake.show(None, view, settings=OFF)
        await laid_out(pilot)
        assert board_names(app) == ["Alice", "Cid", "Bob", "Dee"]  # the order's first seat
        view = sworn_four(None)
        view.update(phase="setup", turn=0, first=1, current=1, prompt={"kind": "equip", "seat": 1})
        fake.show(None, view, settings=OFF)
        await laid_out(pilot)
        assert board_names(app) == ["Bob", "Dee", "Alice", "Cid"]  # Bob goes first

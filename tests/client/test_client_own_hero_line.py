"""A long hand at 120×40 scrolls your own hero line away with the other players': the
``↑`` line names you too, with the ``↓`` after you, so your units at the top of the
board are not read as the last opponent's. Scrolled up, your hero line is under the
window, not up there: the line does not name you."""

from __future__ import annotations

from typing import Any

from client.screens.table import Board, TableScreen
from client.widgets.opponents import OpponentsLine
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text
from tests.client.test_client_opponents import OFF, laid_out
from tests.client.test_client_opponents_continued import scroll

MORE = ["infantry", "crossbowman", "battle_surge", "skilled_strike", "halberdier"]


def long_hand(extra: int) -> dict[str, Any]:
    """:func:`v.maneuver` with ``extra`` more cards in Alice's hand."""
    view = v.maneuver()
    hand = view["players"][0]["hand"]
    hand += [{"handle": 200 + i, "card": MORE[i]} for i in range(extra)]
    return view


async def test_a_long_hand_names_you_on_the_line_over_the_board() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        Fake(app, [0]).show(0, long_hand(5), settings=OFF)
        await laid_out(pilot)
        line = app.screen.query_one(OpponentsLine)
        assert [s.name for s in line.summaries] == ["Bob", "Alice"] and line.continued
        second = screen_text(app).splitlines()[1]
        assert "Alice (Thedric)" in second and second.split("▏")[0].rstrip().endswith("↓")


async def test_your_hero_line_on_the_board_or_under_it_is_not_named() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, long_hand(2), settings=OFF)  # your hero line shows
        await laid_out(pilot)
        line = app.screen.query_one(OpponentsLine)
        assert "Alice" not in [s.name for s in line.summaries]
        fake.show(0, long_hand(5), settings=OFF)
        await laid_out(pilot)
        assert "Alice" in [s.name for s in line.summaries]
        screen = app.screen
        assert isinstance(screen, TableScreen)
        scroll(screen.query_one(Board), 0)  # the top: Bob's panel shows, yours is below
        await laid_out(pilot)
        assert line.summaries == ()

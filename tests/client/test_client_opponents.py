"""The other players' essentials stay in sight: while the board, kept scrolled to its end,
shows no longer an opponent's hero line, a line under the status line names them with
their hero, health, gold and hand (and who is to act); it is hidden when the board fits."""

from __future__ import annotations

from typing import Any

from client.screens.table import Board
from client.widgets.opponents import OpponentsLine, Summary, opponents_content
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

OFF = {"auto_pass": True, "stops": [], "hold": False, "skip": False}


def four_players_bobs_turn() -> dict[str, Any]:
    """:func:`v.maneuver_four_players` on Bob's turn: Bob is to act."""
    view = v.maneuver_four_players()
    view.update(current=1, to_act=1, prompt={"kind": "priority", "seat": 1}, legal=[])
    return view


async def laid_out(pilot: Any) -> None:
    """Let the table draw, scroll and lay out again: a scroll, the layout pass it
    brings, the line shown or hidden after it and the pass that makes its room (each
    pause handles what is pending and lays out what asks for it)."""
    for _ in range(4):
        await pilot.pause()


def top_lines(app: Any, count: int) -> list[str]:
    return [line.rstrip() for line in screen_text(app).splitlines()[:count]]


async def test_a_board_taller_than_its_room_names_the_opponents_it_scrolled_away() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, four_players_bobs_turn(), settings=OFF)
        await laid_out(pilot)
        board = app.screen.query_one(Board)
        assert board.max_scroll_y > 0 and board.scroll_y == board.max_scroll_y  # at its end
        text = screen_text(app)
        assert "Bob · Principus Beledan Kind" not in text  # his hero line is scrolled away
        second = top_lines(app, 2)[1]
        assert second.startswith(" ↑ ▶ Bob (Beledan)  ♥ 37/38  2g  hand 4  ◆ to act")

        hurt = four_players_bobs_turn()  # a patch: Bob takes damage, the line follows
        hurt["players"][1]["health"] = 9
        fake.show(0, hurt, settings=OFF)
        await laid_out(pilot)
        assert "♥ 9/38" in top_lines(app, 2)[1]


async def test_the_line_goes_when_the_board_shows_their_heroes() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver_four_players(), settings=OFF)
        await laid_out(pilot)
        line = app.screen.query_one(OpponentsLine)
        assert line.display and [s.name for s in line.summaries] == ["Bob", "Cid"]
        await pilot.press("tab")  # the first strip (Bob's hero) scrolls into view
        await laid_out(pilot)
        board = app.screen.query_one(Board)
        assert board.scroll_y == 0  # Bob's and Cid's heroes show on the board now
        assert not line.display
        assert "↑" not in screen_text(app)
        await pilot.press("escape")  # back to the prompt, the board to its end
        await laid_out(pilot)
        assert board.scroll_y == board.max_scroll_y
        assert line.display and [s.name for s in line.summaries] == ["Bob", "Cid"]


async def test_a_board_that_fits_looks_as_before() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver(), settings=OFF)
        await laid_out(pilot)
        assert not app.screen.query_one(OpponentsLine).display
        assert top_lines(app, 2)[1].startswith("  Bob · Principus Beledan Kind  ♥ 37/38")


async def test_the_wide_layout_names_them_too() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver_four_players(), settings=OFF)
        await laid_out(pilot)
        line = app.screen.query_one(OpponentsLine)
        assert line.display and [s.name for s in line.summaries] == ["Bob", "Cid", "Dee"]
        assert "Dee (Beledan) ♥33/38 2g h4" in screen_text(app)


def summary(name: str, health: int, to_act: bool = False, out: str = "") -> Summary:
    return Summary(name, "Beledan", health, 38, 2, 4, False, to_act, out)


def test_opponents_that_do_not_fit_in_full_are_shortened_then_wrapped() -> None:
    one = opponents_content((summary("Bob", 37, to_act=True),), 78).plain
    assert one == "↑ Bob (Beledan)  ♥ 37/38  2g  hand 4  ◆ to act"
    two = opponents_content((summary("Bob", 37), summary("Cid", 9)), 78).plain
    assert two == "↑ Bob (Beledan)  ♥ 37/38  2g  hand 4  │  Cid (Beledan)  ♥ 9/38  2g  hand 4"
    three = (summary("Bob", 37), summary("Cid", 9, to_act=True), summary("Dee", 0, out="defeated"))
    rows = opponents_content(three, 84).plain.split("\n")
    assert rows == [
        "↑ Bob (Beledan) ♥37/38 2g h4 │ Cid (Beledan) ♥9/38 2g h4 ◆ │ Dee (Beledan) defeated"
    ]
    rows = opponents_content(three, 78).plain.split("\n")
    assert len(rows) == 2 and all(len(row) <= 78 for row in rows)

"""Lines at the top of the board that belong to a player named only on the ``↑`` line
(their hero line scrolled away, their weapon or units still in view) are marked theirs:
a ``↓`` after that player. A board whose top shows none of their lines has no mark."""

from __future__ import annotations

from typing import Any

from client.screens.table import Board, TableScreen
from client.widgets.opponents import OpponentsLine
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text
from tests.client.test_client_opponents import OFF, laid_out


def top_lines(app: Any, count: int) -> list[str]:
    return [line.rstrip() for line in screen_text(app).splitlines()[:count]]


def scroll(board: Board, y: int) -> None:
    """Scroll the board to line ``y`` at once, as the wheel does: it lets go of its end."""
    board.scroll_to(y=y, animate=False, immediate=True)  # lets go of the anchor
    board.scroll_y = y


async def test_three_players_a_long_prompt_marks_whose_lines_show_under_the_line() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.response_crowded(), settings=OFF)  # its long prompt pushes the board up
        await laid_out(pilot)
        second, third = top_lines(app, 3)[1:]
        assert second.startswith(" ↑ Bob (Beledan)") and "│  Cid (Beledan)" in second
        assert second.endswith("hand 4  ↓")  # the lines below are Cid's, not Bob's
        assert third.lstrip().startswith("⚔")  # Cid's weapon, with no name of its own
        line = app.screen.query_one(OpponentsLine)
        assert line.continued and line.size.height == 1  # one line at 80 columns


async def test_no_mark_when_the_board_shows_none_of_their_lines() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver_four_players(), settings=OFF)
        await laid_out(pilot)
        line = app.screen.query_one(OpponentsLine)
        assert [s.name for s in line.summaries] == ["Bob", "Cid"] and line.continued
        # scroll to the rule under Bob's units: Cid's hero line comes right after it
        screen = app.screen
        assert isinstance(screen, TableScreen)
        bob_rule = screen._blocks[1].widgets[-1]
        board = screen.query_one(Board)
        assert board._arrangement is not None
        rule = next(p for p in board._arrangement.placements if p.widget is bob_rule)
        scroll(board, rule.region.y)
        await laid_out(pilot)
        assert [s.name for s in line.summaries] == ["Bob"]
        assert not line.continued and top_lines(app, 2)[1].endswith("hand 4")
        scroll(board, rule.region.y - 1)  # Bob's units
        await laid_out(pilot)
        assert [s.name for s in line.summaries] == ["Bob"]
        assert line.continued and top_lines(app, 2)[1].endswith("hand 4  ↓")

"""Names that stay readable: a seat's name in New local game once its box was visited,
and a long hero name in the card browser's list (one line, the cost column kept), and
the help saying Ctrl+Q asks first during a game."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from client.screens.help import help_text
from client.screens.setup import LocalPlan, SeatPlan, SetupScreen
from tests.client.helpers import make_app, open_card_browser, screen_text

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_a_visited_name_box_shows_the_whole_default_name(size: tuple[int, int]) -> None:
    seats = (SeatPlan("human", "Alice", None), SeatPlan("human", "Player 2", None))
    plan = LocalPlan("duel", seats)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.push_screen(SetupScreen(plan))
        await pilot.pause()
        name = app.screen.query_one("#name-1", Input)
        name.focus()  # the cursor goes to the end of the name
        await pilot.pause()
        app.screen.query_one("#hero-1").focus()
        await pilot.pause()
        assert name.scroll_offset.x == 0
        line = next(line for line in screen_text(app).splitlines() if "Seat 2" in line)
        assert "Player 2" in line, line


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_a_long_hero_name_takes_one_line_of_the_list(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_card_browser(app, pilot)
        screen.query_one("#cb-search", Input).value = "Triarch"
        await pilot.pause()
        listing = screen.query_one("#cb-list", OptionList)
        hero = next(e.id for e in screen.shown if e.name.startswith("Last Triarch"))
        listing.highlighted = listing.get_option_index(hero)
        await pilot.pause()
        lines = [line.split("▕")[0] for line in screen_text(app).splitlines()]
        triarch = [i for i, line in enumerate(lines) if "Last Triarch" in line]
        assert triarch, "\n".join(lines)
        after = lines[triarch[0] + 1]
        assert "Pravus" not in after  # nothing wrapped under the cost column
        assert lines[triarch[0]].rstrip().endswith("…") or "Pravus" in lines[triarch[0]]


async def test_the_help_and_readme_say_ctrl_q_asks_first_during_a_game() -> None:
    assert "while it is being played, leaving and `ctrl+q` quitting are asked first" in (
        help_text({}))  # fmt: skip
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    words = " ".join(readme.split())  # however its lines are wrapped
    assert "Ctrl+L leaves the game and Ctrl+Q quits: while the game is being played each" in (
        words)  # fmt: skip

"""The help's legend explains the reserves line, the `↑` marks and the chain block, with
examples that read as the table's widgets draw them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.containers import VerticalScroll
from textual.widgets.markdown import MarkdownBlock

from client.screens.help import HelpScreen, help_text
from client.viewmodel.table import ChainLine, build_table
from client.widgets.chain import chain_content
from client.widgets.hero import hero_content
from client.widgets.opponents import Summary, opponents_content
from tests.client.fixtures import views as v
from tests.client.helpers import make_app, screen_text


def legend() -> str:
    text = help_text()
    return text[text.index("# Reading the table") : text.index("# The rules in short")]


def test_the_legend_explains_the_reserves_line_as_the_hero_panel_draws_it() -> None:
    alice = build_table(v.base(0)).players[0]
    drawn = hero_content(alice, wide=True).plain
    assert "   reserves: Militia Recruit ×2" in drawn
    entry = "- `reserves: Skeleton ×10` (wide layout): the hero's special cards not in play"
    assert entry in legend()


def test_the_legend_explains_the_chain_as_it_is_drawn() -> None:
    chain = (
        ChainLine(id=1, seat=0, who="Alice", label="Skilled Strike", targets="Halberdier (Bob)"),
        ChainLine(id=2, seat=1, who="Bob", label="Execute", targets="Infantry (Alice)"),
    )
    top = chain_content(chain).plain.splitlines()[0]
    assert top == "Chain ▶ 2. Execute (Bob) → Infantry (Alice)"
    assert f"- `{top}`: the maneuvers announced and not yet" in legend()
    assert "`▶`: the one that resolves next" in legend()


def test_the_legend_explains_both_arrows_up() -> None:
    bob = Summary("Bob", "Beledan", 37, 38, 2, 4, current=False, to_act=False)
    line = opponents_content((bob,), 80).plain
    assert line.startswith("↑ Bob (Beledan)  ♥ 37/38")
    text = legend()
    assert "- `↑ Bob (Beledan) ♥ 37/38 …` under the status line: the players whose hero" in text
    assert "`↑ 2 above` `↓ 3 more` under the prompt" in text


def test_the_legend_explains_the_team_and_sworn_enemy_marks_as_they_are_drawn() -> None:
    alice = build_table(v.base(0)).players[0]
    teamed = hero_content(replace(alice, team=0, hunts="Bob")).plain
    assert "team 1" in teamed and "hunts Bob" in teamed
    marks = (Summary("Bob", "Oswin", 30, 30, 0, 2, False, False, team=0),
             Summary("Cid", "Oswin", 30, 30, 0, 2, False, False, hunts="Bob"))  # fmt: skip
    roomy, tight = opponents_content(marks, 90).plain, opponents_content(marks, 70).plain
    assert " team 1 " in roomy and roomy.endswith("hunts Bob")  # in full where it fits
    assert " T1 │ " in tight and tight.endswith("→Bob")
    assert "- `team 1` (teams) · `hunts Bob` (sworn enemy) on a hero's line" in legend()
    assert "under the status line `T1`, `→Bob`" in legend()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "shown",
    ["reserves: Skeleton ×10", "Chain ▶ 2. Execute (Bob) → Infantry", "↑ Bob (Beledan)"],
)
async def test_the_help_shows_the_new_entries_at_80x24(shown: str) -> None:
    assert shown in await help_at(shown)  # the help scrolls to it, and it reads as written


async def help_at(start: str) -> str:
    """The help's screen at 80×24, scrolled to the entry that begins with ``start``."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(HelpScreen())
        await pilot.pause()
        entry = next(
            block
            for block in app.screen.query(MarkdownBlock)
            if block._content.plain.startswith(start)
        )
        app.screen.query_one("#help-box", VerticalScroll).scroll_to_widget(entry, animate=False)
        await pilot.pause()
        return screen_text(app)

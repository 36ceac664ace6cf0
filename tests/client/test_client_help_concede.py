"""The help says how to concede (the palette's "Concede this game") among the in-game
commands, and its legend explains the ``↓`` that marks whose lines top the board."""

from __future__ import annotations

import pytest

from client.screens.help import help_text
from client.widgets.opponents import Summary, opponents_content
from tests.client.test_client_help_legend import help_at


def test_the_help_names_the_palette_command_that_concedes() -> None:
    text = help_text({"table.leave": "ctrl+x"})
    keys = text[: text.index("# Reading the table")]  # with the keys, not the rules
    assert "**Conceding.** `ctrl+p`, then *Concede this game*" in keys
    assert "In a duel the other player\nwins; otherwise the others play on." in keys
    assert "Leaving (`ctrl+x`) is not conceding" in keys  # the player's own key


def test_the_legend_explains_the_mark_as_the_line_draws_it() -> None:
    cid = Summary("Cid", "Beledan", 30, 38, 2, 4, current=False, to_act=False)
    assert opponents_content((cid,), 78, continued=True).plain.endswith(" ↓")
    assert "- `Cid (Beledan) … ↓` on that line: the lines at the top of the board" in help_text()


@pytest.mark.asyncio
async def test_the_help_shows_conceding_at_80x24() -> None:
    assert "Conceding. ctrl+p, then Concede this game" in await help_at("Conceding.")

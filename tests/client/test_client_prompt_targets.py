"""The response prompt says what the maneuver on top of the chain targets: at 80×24 the
board may have scrolled the chain's own line out of sight."""

from __future__ import annotations

from typing import Any

import pytest

from client.screens.table import TableScreen
from client.viewmodel.prompt import TITLE_WIDTH, build_prompt
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text


def death_grip(*targets: str) -> dict[str, Any]:
    """The crowded free-for-all response window, with Bob's (De'Soth Pravus) Death Grip
    on top of the chain."""
    view = v.response_crowded()
    view["players"][1]["hero"] = "desoth_pravus"
    view["chain"] = [{"id": 12, "seat": 1, "kind": "ability", "source": "death_grip",
                      "targets": list(targets)}]  # fmt: skip
    return view


def test_the_title_names_the_target_of_the_top_entry() -> None:
    title = build_prompt(death_grip("u:32")).title
    assert title == "Respond to Death Grip (Bob) → Tax Collector (Cid) — or pass"


def test_a_title_with_many_targets_stays_on_one_line_at_80_columns() -> None:
    many = death_grip("u:31", "u:32", "u:33", "u:34", "u:11")
    title = build_prompt(many).title
    assert len(title) <= TITLE_WIDTH
    assert title.startswith("Respond to Death Grip (Bob) → Infantry")
    assert title.endswith(" — or pass")


def test_an_entry_without_targets_keeps_the_short_title() -> None:
    assert build_prompt(death_grip()).title == "Respond to Death Grip (Bob) — or pass"


@pytest.mark.asyncio
async def test_at_80x24_the_prompt_says_the_target_on_one_line() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, death_grip("u:32"))
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        lines = screen_text(app).splitlines()
        assert any(
            "Respond to Death Grip (Bob) → Tax Collector (Cid) — or pass" in line
            for line in lines
        )

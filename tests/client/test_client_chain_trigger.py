"""The chain names a unit's triggered effect as the response prompt does ("Tax
Collector's triggered effect (Bob)"), so it reads apart from enlisting the unit ("Tax
Collector (Bob)"); a line with no room for that says "Tax Collector's effect", as the
log does. A weapon's or armor's effect keeps its card's name and whose equipment it is."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from client.cards import default_book
from client.viewmodel.log import sentences
from client.viewmodel.prompt import build_prompt
from client.viewmodel.table import build_table
from client.widgets.chain import chain_content
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

BOOK = default_book()
View = dict[str, Any]


def enlisted(source: str = "tax_collector", targets: tuple[str, ...] = ()) -> View:
    """Bob enlisted a unit, whose triggered effect went on the chain above it; Alice
    may respond (Battle Surge, or pass)."""
    view = v.response()
    view["chain"] = [
        {"id": 8, "seat": 1, "kind": "enlist", "source": source, "targets": []},
        {"id": 9, "seat": 1, "kind": "trigger", "source": source, "targets": list(targets)},
    ]
    return view


def test_a_units_triggered_effect_reads_apart_from_enlisting_it() -> None:
    chain = build_table(enlisted()).chain
    assert [(c.label, c.who) for c in chain] == [
        ("Tax Collector", "Bob"),
        ("Tax Collector's triggered effect", "Bob"),
    ]
    assert chain[1].brief == "Tax Collector's effect" and chain[0].brief == "Tax Collector"
    rows = chain_content(chain).plain.splitlines()
    assert rows[0] == "Chain ▶ 2. Tax Collector's triggered effect (Bob)"
    assert rows[1].strip() == "1. Tax Collector (Bob)"


def test_the_chain_line_says_what_the_response_prompt_says() -> None:
    view = enlisted()
    top = build_table(view).chain[-1]
    title = build_prompt(view, BOOK).title
    assert title.startswith(f"Respond to {top.label} ({top.who})"), title


def test_a_weapons_triggered_effect_keeps_its_cards_name() -> None:
    view = copy.deepcopy(v.response())
    weapon = view["players"][0]["weapon"]["card"]
    view["chain"] = [{"id": 5, "seat": 0, "kind": "trigger", "source": weapon, "targets": []}]
    (line,) = build_table(view).chain
    name = BOOK.info(weapon).name
    assert (line.label, line.who) == (name, "Alice's weapon") and line.brief == name


def test_a_line_with_no_room_names_the_effect_briefly() -> None:
    chain = build_table(enlisted("knight_captain", ("u:11",))).chain
    full = "▶ 2. Knight Captain's triggered effect (Bob) → Militia Recruit 1 (Alice)"
    brief = "▶ 2. Knight Captain's effect (Bob) → Militia Recruit 1 (Alice)"
    assert chain_content(chain, width=100).plain.splitlines()[0] == f"Chain {full}"
    assert chain_content(chain, width=76).plain.splitlines()[0] == f"Chain {brief}"
    assert chain_content(chain).plain.splitlines()[0] == f"Chain {full}"  # width unknown


def test_the_log_names_the_same_entry_as_triggered() -> None:
    """The log needs no change: its line says the effect triggered, and its resolution
    names it as the effect of the unit, never as the unit."""
    view = enlisted()
    item = view["chain"][1]
    said = sentences([{"t": "announced", "item": item}, {"t": "resolved", "id": 9}], view, view)
    assert said == ["Tax Collector (Bob) triggered.", "Tax Collector's effect resolved."]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("size", "words"),
    [((80, 24), "Knight Captain's effect"), ((160, 40), "Knight Captain's triggered effect")],
)
async def test_the_board_shows_the_whole_line_on_one_row(size: tuple[int, int], words: str) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = Fake(app, [0])
        fake.show(0, enlisted("knight_captain", ("u:11",)))
        for _ in range(4):
            await pilot.pause()
        text = screen_text(app)
    row = next(r for r in text.splitlines() if "Chain ▶" in r)
    assert f"Chain ▶ 2. {words} (Bob) → Militia Recruit 1 (Alice)" in row, row
    assert "1. Knight Captain (Bob)" in text

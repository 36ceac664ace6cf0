"""A chain stays in view while it lasts at 80×24: a board that kept its end pushed the
chain out of sight above it when the list of responses under it grew (a big hand gives
many), so a player answered entries they could not see. The chain's first line sits at
the top of the board, what is under it as far as it goes; once the chain is empty the
board is back at its end."""

from __future__ import annotations

import copy
from typing import Any

from client.screens.table import Board, TableScreen
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text
from tests.client.test_client_opponents import OFF, laid_out

MORE = [
    "infantry", "crossbowman", "militia_recruit", "royal_guard", "pikeman", "shieldbearer",
    "hedge_wizard", "village_conscript",
]  # fmt: skip


def big_hand(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with eighteen cards in Alice's hand (five lines of it at 80 columns)."""
    hand = view["players"][0]["hand"]
    hand += [{"handle": 200 + i, "card": MORE[i % len(MORE)]} for i in range(14)]
    return view


def three_entries(legal: int) -> dict[str, Any]:
    """Three entries on the chain, Alice to respond with ``legal`` cards of her hand."""
    view = big_hand(v.response())
    entry = view["chain"][0]
    view["chain"] = [
        dict(entry, id=7, targets=["u:21"]),
        dict(entry, id=8, seat=0),
        entry,
    ]
    plays = [
        {"kind": "play", "card": 200 + i, "half": 0, "targets": ["u:21"]} for i in range(legal)
    ]
    view["legal"] = [*plays, {"kind": "pass"}]
    return view


async def test_the_chain_stays_in_view_as_the_responses_grow_then_the_end_comes_back() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        start = big_hand(v.maneuver())
        fake.show(0, start, settings=OFF)
        await laid_out(pilot)
        short = three_entries(0)
        short["version"] = start["version"] + 1
        fake.show(0, short, settings=OFF)
        await laid_out(pilot)
        long = copy.deepcopy(three_entries(8))  # eight lines: more than the list shows
        long["version"] = short["version"] + 1
        fake.show(0, long, settings=OFF)
        await laid_out(pilot)
        rows = screen_text(app).splitlines()
        assert rows[2].startswith("█ Chain ▶ 3."), rows  # its first line at the board's top
        assert any("(the top one resolves first)" in row for row in rows)
        assert any(row.startswith("▶ Alice") for row in rows)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        board = screen.query_one(Board)
        assert board.holding and board.scroll_y < board.max_scroll_y  # the end is not kept
        done = big_hand(v.maneuver())
        done["version"] = long["version"] + 1
        fake.show(0, done, settings=OFF)
        await laid_out(pilot)
        assert not board.holding and board.scroll_y == board.max_scroll_y
        assert "Chain" not in screen_text(app)

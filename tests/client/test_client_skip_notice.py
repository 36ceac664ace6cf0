"""``P`` at a table that shows no seat of this terminal's says why it does nothing: a
spectator has nothing to pass, nor the public view a hot-seat table shows while a bot
plays."""

from __future__ import annotations

import copy
from typing import Any

from client.screens.table import TableScreen
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app


def said(app: object) -> list[str]:
    return [str(n.message) for n in app._notifications]  # type: ignore[attr-defined]


async def test_p_when_watching_says_there_is_nothing_to_pass() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [None])  # type: ignore[list-item]
        fake.session.spectator = True
        fake.show(None, v.spectator())
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.watching
        await pilot.press("P")
        await pilot.pause()
        assert [m for m in fake.sent if m["t"] == "settings"] == []
        assert said(app) == ["You are watching: there is nothing to pass."]


def bots_turn(seat: int | None) -> dict[str, Any]:
    """:func:`v.base` for ``seat`` with a third player, Cid (seat 2, a bot), whose turn
    it is: nobody at this keyboard decides."""
    view = v.base(seat)
    cid = copy.deepcopy(view["players"][1])
    cid.update(seat=2, name="Cid", hand=None)
    view["players"].append(cid)
    view.update(format="ffa", current=2, to_act=2, prompt={"kind": "priority", "seat": 2})
    return view


async def test_p_on_the_public_view_says_it_works_once_your_table_is_back() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1, None])  # Alice and Bob at this keyboard, Cid a bot
        for seat in (None, 0, 1):
            fake.show(seat, bots_turn(seat))
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and not app.screen.watching
        assert app.screen.frame is not None and app.screen.frame.table.seat is None
        await pilot.press("P")
        await pilot.pause()
        assert [m for m in fake.sent if m["t"] == "settings"] == []
        assert said(app) == ["No seat of yours is shown now: P works once your table is back."]

"""``P`` ("pass until my turn") on the seat's own turn sends nothing and says why, in
the maneuver phase and while others respond in its end-of-turn window."""

from __future__ import annotations

from typing import Any

import pytest

from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app

OFF = {"auto_pass": True, "stops": [], "hold": False, "skip": False}


def end_of_turn_waiting() -> dict[str, Any]:
    """Alice's end-of-turn window: Bob may respond ("Waiting for Bob to respond…")."""
    view = v.waiting()
    view.update(phase="end", current=0, chain=[], prompt={"kind": "priority", "seat": 1})
    return view


@pytest.mark.asyncio
@pytest.mark.parametrize("own_turn", [v.maneuver, end_of_turn_waiting])
async def test_p_on_your_own_turn_says_plainly_why_not(own_turn: Any) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, own_turn(), settings=OFF)
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        assert [m for m in fake.sent if m["t"] == "settings" and "skip" in m] == []
        said = [str(n.message) for n in app._notifications]
        assert any(s.startswith("Not during your own turn") for s in said)
        assert any("Ask again once your turn has ended" in s for s in said)

"""Every press of ``P`` ("pass until my turn") says what it did: turned on, turned off
(also in a decision the server does not pass, such as choosing defenders, where nothing
else on the table shows it), or nothing on the seat's own turn."""

from __future__ import annotations

from typing import Any

from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app

OFF = {"auto_pass": True, "stops": [], "hold": False, "skip": False}
ON = {**OFF, "skip": True}
STARTED = ([True], ["Passing until your turn (P stops)."])


def bobs_turn_waiting() -> dict[str, Any]:
    """Bob's maneuver phase: Alice waits."""
    view = v.waiting()
    view.update(current=1, chain=[], prompt={"kind": "priority", "seat": 1})
    return view


def setup_bob_first() -> dict[str, Any]:
    """The setup: Alice chooses her equipment's faces; Bob plays first."""
    view = v.equip()
    view["current"] = 1
    return view


async def press_p(
    view: dict[str, Any], settings: dict[str, Any], seat: int = 0
) -> tuple[list[Any], list[str]]:
    """``P`` pressed at the table of ``seat`` showing ``view``: the skip requests sent,
    and what the app said."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [seat])
        fake.show(seat, view, settings=settings)
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        sent = [m["skip"] for m in fake.sent if m["t"] == "settings" and "skip" in m]
        return sent, [str(n.message) for n in app._notifications]


async def test_p_on_another_players_turn_says_it_passes_until_yours() -> None:
    assert await press_p(bobs_turn_waiting(), OFF) == STARTED


async def test_p_in_the_setup_while_another_plays_first_says_so_too() -> None:
    assert await press_p(setup_bob_first(), OFF) == STARTED


async def test_p_while_choosing_defenders_says_it_stopped() -> None:
    stopped = ([False], ["Stopped passing until your turn: you are asked again."])
    assert await press_p(v.assign(), ON, seat=1) == stopped  # Bob defends on Alice's turn
    assert await press_p(bobs_turn_waiting(), ON) == stopped  # a wait: its title said so


async def test_p_on_your_own_turn_still_says_why_not() -> None:
    sent, said = await press_p(v.maneuver(), OFF)
    assert sent == [] and len(said) == 1 and said[0].startswith("Not during your own turn")

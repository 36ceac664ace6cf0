""" "Pass until my turn" at the table: offered in a response window on another player's
turn (the prompt's last line, or ``P``), sent as the ``skip`` setting, shown while on,
and turned off again with ``P``."""

from __future__ import annotations

from typing import Any

from client.net.connection import LinkState
from client.screens.table import TableScreen
from client.viewmodel.prompt import SKIP_LABEL, as_the_server_passes, build_prompt
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text, sync

OFF = {"auto_pass": True, "stops": [], "hold": False, "skip": False}
ON = {**OFF, "skip": True}


def bobs_turn_response() -> dict[str, Any]:
    """:func:`v.response` on Bob's turn: Alice may respond to his Skilled Strike."""
    view = v.response()
    view["current"] = 1
    return view


def test_offered_only_in_a_response_window_on_another_players_turn() -> None:
    view = bobs_turn_response()
    prompt = as_the_server_passes(build_prompt(view), view, OFF)
    last = prompt.choices[-1]
    assert (last.label, last.command, last.action) == (SKIP_LABEL, "skip", None)
    assert prompt.pass_action == {"kind": "pass"}
    assert SKIP_LABEL not in [c.label for c in prompt.leaves()]  # not a game action
    for own_turn in (v.response(), v.maneuver()):  # Alice's own turn
        choices = as_the_server_passes(build_prompt(own_turn), own_turn, OFF).choices
        assert SKIP_LABEL not in [c.label for c in choices]


def test_while_on_a_window_shows_as_passing_and_a_wait_says_so() -> None:
    view = bobs_turn_response()
    prompt = as_the_server_passes(build_prompt(view), view, ON)
    assert (prompt.mode, prompt.choices) == ("wait", ())
    assert prompt.title == "Passing until your turn… (P stops)"
    waiting = v.waiting()
    shown = as_the_server_passes(build_prompt(waiting), waiting, ON)
    assert shown.mode == "wait" and shown.title.endswith("passing until your turn (P stops)")
    own = v.maneuver()  # on Alice's own turn her decisions are hers, skip or not
    assert as_the_server_passes(build_prompt(own), own, ON) == build_prompt(own)


def skips(fake: Fake) -> list[Any]:
    return [m.get("skip") for m in fake.sent if m["t"] == "settings"]


async def test_the_menu_line_and_the_key_send_skip_and_the_key_stops_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, bobs_turn_response(), settings=OFF)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert SKIP_LABEL in screen_text(app)
        await pilot.press("end", "enter")  # the menu's last line (it has no number: it passes)
        await pilot.pause()
        assert skips(fake) == [True]
        assert fake.submits() == []  # no game action was sent
        fake.show(0, bobs_turn_response(), settings=ON)  # the server says it is on
        await pilot.pause()
        assert "Passing until your turn" in screen_text(app)
        await pilot.press("P")
        await pilot.pause()
        assert skips(fake) == [True, False]


async def test_the_key_on_your_own_turn_explains_and_sends_nothing() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver(), settings=OFF)
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        assert skips(fake) == []
        assert any("for others' turns" in str(n.message) for n in app._notifications)


def test_a_window_the_server_passes_shows_as_passing() -> None:
    own_top = bobs_turn_response()  # Alice's own maneuver on top, responses at hand
    own_top["chain"].append({**own_top["chain"][0], "id": 10, "seat": 0})
    shown = as_the_server_passes(build_prompt(own_top), own_top, OFF)
    assert (shown.mode, shown.title) == ("wait", "Passing…")
    holding = {**OFF, "hold": True}  # she holds priority: she is asked
    assert as_the_server_passes(build_prompt(own_top), own_top, holding).mode == "menu"
    only_pass = v.response()
    only_pass["legal"] = [{"kind": "pass"}]
    assert as_the_server_passes(build_prompt(only_pass), only_pass, OFF).mode == "wait"
    no_auto = {**OFF, "auto_pass": False}
    assert as_the_server_passes(build_prompt(only_pass), only_pass, no_auto).mode == "menu"


async def test_the_seats_settings_are_sent_again_after_a_reconnect() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.controller.settings = {"auto_pass": False, "stops": ["battle"], "hold": True}
        fake.show(0, v.maneuver(), settings=OFF)
        await pilot.pause()
        sent = [m for m in fake.sent if m["t"] == "settings"]
        assert [(m["auto_pass"], m["stops"], m["hold"]) for m in sent] == [
            (False, ["battle"], True)
        ]
        fake.controller.apply([LinkState("reconnecting", "in 1 s"), LinkState("online")])
        fake.show(0, v.maneuver_one_unit_damaged(), settings=OFF)  # a restarted server
        await pilot.pause()
        assert len([m for m in fake.sent if m["t"] == "settings"]) == 2


async def resent_skips(turn_after: int) -> list[Any]:
    """Skip on at Bob's turn, the link drops, the client reconnects to a server that has
    forgotten it (a restart) and gets a full sync whose turn is ``turn_after``."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        before = bobs_turn_response()
        fake.show(0, before, settings=ON)
        await pilot.pause()
        fake.controller.apply([LinkState("reconnecting", "in 1 s"), LinkState("online")])
        after = {**bobs_turn_response(), "turn": turn_after}
        fake.feed(sync(0, after, seq=0, settings=OFF))
        await pilot.pause()
        return [m["skip"] for m in fake.sent if m["t"] == "settings" and "skip" in m]


async def test_skip_is_asked_again_after_a_reconnect_within_the_same_turn() -> None:
    turn = bobs_turn_response()["turn"]
    assert await resent_skips(turn) == [True]
    assert await resent_skips(turn + 1) == []  # a turn began: it may have been its own

"""The rules by which a client tells that the server passes its seat's decision."""

from __future__ import annotations

from typing import Any

from shared.protocol.windows import others_turn_window, own_on_top, server_passes

DEFAULTS = {"auto_pass": True, "stops": [], "hold": False, "skip": False}
PASS = {"kind": "pass"}
RESPONSE = {"kind": "play", "card": 7}


def view(current: int, top: int | None, legal: list[dict[str, Any]]) -> dict[str, Any]:
    chain = [] if top is None else [{"id": 1, "seat": 1 - top}, {"id": 2, "seat": top}]
    return {"seat": 0, "current": current, "chain": chain, "legal": legal}


def test_skip_passes_response_windows_on_others_turns_only() -> None:
    skip = {**DEFAULTS, "skip": True}
    assert server_passes(view(1, 1, [RESPONSE, PASS]), skip)
    assert server_passes(view(1, None, [RESPONSE, PASS]), skip)
    assert not server_passes(view(0, None, [RESPONSE, PASS]), skip)  # its own turn
    assert not server_passes(view(1, 1, [RESPONSE]), skip)  # not a window: no pass
    assert not server_passes(view(1, 1, [RESPONSE, PASS]), DEFAULTS)
    assert others_turn_window(view(1, None, [PASS])) and not others_turn_window({"legal": [PASS]})


def test_own_maneuver_on_top_is_passed_unless_the_seat_holds_priority() -> None:
    assert own_on_top(view(0, 0, [RESPONSE, PASS]))
    assert server_passes(view(0, 0, [RESPONSE, PASS]), DEFAULTS)
    assert not server_passes(view(0, 0, [RESPONSE, PASS]), {**DEFAULTS, "hold": True})
    assert not server_passes(view(0, 1, [RESPONSE, PASS]), DEFAULTS)  # another's on top
    assert not own_on_top(view(0, 0, [RESPONSE]))


def test_only_passes_are_passed_with_auto_pass_and_no_stop_or_hold() -> None:
    assert server_passes(view(0, 1, [PASS]), DEFAULTS)
    assert not server_passes(view(0, 1, [PASS]), {**DEFAULTS, "auto_pass": False})
    assert not server_passes(view(0, 1, [PASS]), {**DEFAULTS, "stops": ["chain"]})
    assert not server_passes(view(0, 1, [PASS]), {**DEFAULTS, "hold": True})
    assert not server_passes(view(0, None, []), DEFAULTS)  # nothing to decide

"""Which decisions the server passes for a seat, as its client can tell from its document.

The server passes a decision for a person (``docs/protocol.md``, "Response windows"):

* on another seat's turn, in a response window (passing is legal), while the seat's
  ``skip`` ("pass until my turn") is on;
* in a response window with the seat's own maneuver on top of the chain, unless it
  holds priority (``hold``);
* when only passes are legal, with ``auto_pass`` on and no stop or hold set.

A client uses this to show such a decision as passing instead of asking (the server may
wait a moment first, the timing-safe delay) and a bot client to leave it to the server.
The view keys read are ``legal``, ``seat``, ``current`` and ``chain`` (entries with a
``seat``, the last on top); a rule set whose view lacks one never passes by that rule.
With ``hold`` on the server still passes the only-pass decisions that do not follow the
seat's own announcement, which its document cannot tell: this answers False there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _can_pass(view: Mapping[str, Any]) -> bool:
    return any(a.get("kind") == "pass" for a in view.get("legal") or [])


def others_turn_window(view: Mapping[str, Any]) -> bool:
    """A response window (passing is legal) on another seat's turn: what ``skip`` passes."""
    current, seat = view.get("current"), view.get("seat")
    return (
        isinstance(current, int)
        and isinstance(seat, int)
        and current != seat
        and _can_pass(view)
    )


def own_on_top(view: Mapping[str, Any]) -> bool:
    """A response window whose chain has the seat's own maneuver (or trigger) on top:
    what a seat that does not hold priority is passed in."""
    chain = view.get("chain") or []
    top = chain[-1] if chain else None
    return (
        isinstance(top, Mapping)
        and top.get("seat") == view.get("seat")
        and _can_pass(view)
    )


def server_passes(view: Mapping[str, Any], settings: Mapping[str, Any] | None) -> bool:
    """Whether the server passes the seat's pending decision (see the module's rules)."""
    settings = settings or {}
    legal = view.get("legal") or []
    kinds = {a.get("kind") for a in legal}
    if "pass" not in kinds:
        return False
    if settings.get("skip") and others_turn_window(view):
        return True
    if settings.get("hold"):
        return False
    if own_on_top(view):
        return True
    return bool(settings.get("auto_pass")) and not settings.get("stops") and kinds == {"pass"}

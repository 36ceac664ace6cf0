"""Internal action tuples ↔ the plain-data actions of ``docs/realm-interface.md``.

Handles are looked up in the state, so an action decoded from the wire always names the
card the recipient saw. Anything that does not decode is ``Refused("malformed", …)``.
"""

from __future__ import annotations

from typing import Any

from shared.rules.base import Refused
from shared.rules.realm.engine import Action
from shared.rules.realm.state import (
    GameState,
    armor_ref,
    hero_ref,
    is_unit_ref,
    ref_seat,
    weapon_ref,
)


def ref_to_wire(g: GameState, ref: int) -> str:
    if is_unit_ref(ref):
        return f"u:{g.cards[ref].handle}"
    kind = "h" if ref > -100 else ("w" if ref > -200 else "r")
    return f"{kind}:{ref_seat(ref)}"


def ref_from_wire(g: GameState, text: Any) -> int:
    if not isinstance(text, str) or ":" not in text:
        raise _bad("a target reference looks like 'u:12' or 'h:0'")
    kind, _, num = text.partition(":")
    try:
        n = int(num)
    except ValueError:
        raise _bad(f"{text!r} is not a target reference") from None
    if kind == "u":
        return _uid(g, n)
    if not 0 <= n < len(g.players):
        raise _bad(f"no seat {n}")
    return {"h": hero_ref, "w": weapon_ref, "r": armor_ref}.get(kind, _reject)(n)


def _reject(n: int) -> int:
    raise _bad("unknown kind of target reference")


def _uid(g: GameState, handle: Any) -> int:
    if not isinstance(handle, int) or isinstance(handle, bool) or handle not in g.handles:
        raise _bad("no such card")
    return g.handles[handle]


def _bad(msg: str) -> Refused:
    return Refused("malformed", f"Malformed command: {msg}.")


def _targets_out(g: GameState, refs: tuple[int, ...]) -> list[str]:
    return [ref_to_wire(g, r) for r in refs]


def _targets_in(g: GameState, raw: Any) -> tuple[int, ...]:
    if not isinstance(raw, list):
        raise _bad("targets must be a list")
    return tuple(ref_from_wire(g, r) for r in raw)


def to_wire(g: GameState, a: Action) -> dict[str, Any]:
    k = a[0]
    if k in ("pass", "done", "decline", "concede"):
        return {"kind": k}
    if k == "equip":
        return {"kind": k, "weapon": a[1], "armor": a[2]}
    if k == "first":
        return {"kind": k, "seat": a[1]}
    if k == "draw":
        return {"kind": k, "deck": a[1]}
    if k == "unlock":
        return {"kind": k, "ability": a[1]}
    if k == "ability":
        return {"kind": k, "ability": a[1], "targets": _targets_out(g, a[2])}
    if k in ("enlist", "discard"):
        return {"kind": k, "card": g.cards[a[1]].handle}
    if k == "play":
        return {"kind": k, "card": g.cards[a[1]].handle, "half": a[2],
                "targets": _targets_out(g, a[3])}
    if k == "battle":
        return {"kind": k, "opponent": a[1]}
    if k == "activate":
        card: Any = g.cards[a[1]].handle if is_unit_ref(a[1]) else ref_to_wire(g, a[1])
        return {"kind": k, "card": card, "index": a[2], "targets": _targets_out(g, a[3])}
    if k == "attack":
        return {"kind": k, "attacker": ref_to_wire(g, a[1])}
    if k == "defend":
        return {"kind": k, "defender": ref_to_wire(g, a[1]), "attacker": ref_to_wire(g, a[2])}
    if k == "armor":
        return {"kind": k, "prevent": [[ref_to_wire(g, r), n] for r, n in a[1]]}
    if k in ("trigger", "choose"):
        return {"kind": k, ("index" if k == "trigger" else "option"): a[1]}
    if k == "targets":
        return {"kind": k, "targets": _targets_out(g, a[1])}
    raise ValueError(f"unknown action {a!r}")


def from_wire(g: GameState, d: Any) -> Action:
    """Decode a wire action; raises ``Refused('malformed')`` if it cannot mean anything."""
    if not isinstance(d, dict) or not isinstance(d.get("kind"), str):
        raise _bad("an action is a table with a 'kind'")
    k = d["kind"]
    try:
        action: Action = _DECODERS[k](g, d)
        return action
    except KeyError as exc:
        if k not in _DECODERS:
            raise _bad(f"unknown action kind {k!r}") from None
        raise _bad(f"missing field {exc.args[0]!r}") from None


def _int(d: dict[str, Any], key: str) -> int:
    v = d[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise _bad(f"{key} must be an integer")
    return v


def _str(d: dict[str, Any], key: str) -> str:
    v = d[key]
    if not isinstance(v, str):
        raise _bad(f"{key} must be a string")
    return v


def _card_ref(g: GameState, v: Any) -> int:
    return ref_from_wire(g, v) if isinstance(v, str) else _uid(g, v)


def _armor(g: GameState, d: dict[str, Any]) -> Action:
    raw = d["prevent"]
    if not isinstance(raw, list) or not all(isinstance(x, list) and len(x) == 2 for x in raw):
        raise _bad("prevent is a list of [attacker, amount] pairs")
    return ("armor", tuple((ref_from_wire(g, r), int(n)) for r, n in raw))


_DECODERS: dict[str, Any] = {
    "pass": lambda g, d: ("pass",),
    "concede": lambda g, d: ("concede",),
    "done": lambda g, d: ("done",),
    "decline": lambda g, d: ("decline",),
    "equip": lambda g, d: ("equip", _str(d, "weapon"), _str(d, "armor")),
    "first": lambda g, d: ("first", _int(d, "seat")),
    "draw": lambda g, d: ("draw", _str(d, "deck")),
    "unlock": lambda g, d: ("unlock", _str(d, "ability")),
    "ability": lambda g, d: ("ability", _str(d, "ability"), _targets_in(g, d.get("targets", []))),
    "enlist": lambda g, d: ("enlist", _uid(g, d["card"])),
    "discard": lambda g, d: ("discard", _uid(g, d["card"])),
    "play": lambda g, d: ("play", _uid(g, d["card"]), _int(d, "half"),
                          _targets_in(g, d.get("targets", []))),
    "battle": lambda g, d: ("battle", _int(d, "opponent")),
    "activate": lambda g, d: ("activate", _card_ref(g, d["card"]), _int(d, "index"),
                              _targets_in(g, d.get("targets", []))),
    "attack": lambda g, d: ("attack", ref_from_wire(g, d["attacker"])),
    "defend": lambda g, d: ("defend", ref_from_wire(g, d["defender"]),
                            ref_from_wire(g, d["attacker"])),
    "armor": _armor,
    "trigger": lambda g, d: ("trigger", _int(d, "index")),
    "targets": lambda g, d: ("targets", _targets_in(g, d.get("targets", []))),
    "choose": lambda g, d: ("choose", _int(d, "option")),
}

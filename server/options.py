"""Checking a ``create`` request: seats and table options, with one-sentence errors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server.config import ServerConfig
from server.matchplay import best_of_option
from shared.protocol import ProtocolError

POLICIES = ("wait", "bot", "concede")
STOPS = ("chain", "battle")
MAX_SEATS = 8


@dataclass
class SeatSpec:
    kind: str
    level: int
    name: str
    hero: str | None


def _bad(message: str) -> ProtocolError:
    return ProtocolError("bad_setup", message)


def _number(value: Any, field: str, default: float) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 86_400:
        raise _bad(f"option '{field}' must be a number of seconds between 0 and 86400")
    return float(value)


def _listed(value: Any) -> bool:
    """Whether ``list`` shows the table (and so its join code) to anyone who asks: only
    when its maker says so, since the code is what lets a stranger sit down."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise _bad("option 'listed' must be true or false")
    return value


def seat_specs(raw: Any) -> list[SeatSpec]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SEATS:
        raise _bad(f"'seats' must list 1 to {MAX_SEATS} seats")
    specs = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise _bad(f"seat {i} must be a map")
        kind = item.get("kind", "human")
        if kind not in ("human", "bot"):
            raise _bad(f"seat {i} has kind {str(kind)[:16]!r}; use 'human' or 'bot'")
        level = item.get("level", 0)
        name = item.get("name") or (f"Bot {i + 1}" if kind == "bot" else f"Seat {i + 1}")
        hero = item.get("hero")
        if not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= 10:
            raise _bad(f"seat {i} has a bad bot level")
        if not isinstance(name, str) or len(name) > 32:
            raise _bad(f"seat {i} has a bad name")
        if hero is not None and (not isinstance(hero, str) or len(hero) > 64):
            raise _bad(f"seat {i} has a bad hero id")
        specs.append(SeatSpec(kind, level, name, hero))
    return specs


def table_options(raw: Any, config: ServerConfig) -> dict[str, Any]:
    """Normalized options (every key present). Fixed seeds only when the server allows it."""
    raw = raw or {}
    if not isinstance(raw, dict):
        raise _bad("'options' must be a map")
    known = {"timer", "grace", "policy", "spectators", "pass_delay", "hotseat", "seed", "bot_seed",
             "best_of", "listed"}  # fmt: skip
    unknown = sorted(set(raw) - known)
    if unknown:
        raise _bad(f"unknown option {unknown[0]!r}")
    policy = raw.get("policy", "wait")
    if policy not in POLICIES:
        raise _bad("option 'policy' must be 'wait', 'bot' or 'concede'")
    options: dict[str, Any] = {
        "timer": _number(raw.get("timer"), "timer", 0.0),
        "grace": _number(raw.get("grace"), "grace", config.default_grace),
        "policy": policy,
        **spectator_options(raw.get("spectators")),
        "pass_delay": _number(raw.get("pass_delay"), "pass_delay", config.default_pass_delay),
        "hotseat": bool(raw.get("hotseat", False)),
        "best_of": best_of_option(raw.get("best_of")),  # a match: server/matchplay.py
        "listed": _listed(raw.get("listed")),
    }
    for key in ("seed", "bot_seed"):
        if raw.get(key) is not None:
            if not config.allow_fixed_seeds:
                raise ProtocolError("forbidden", "this server does not accept fixed seeds")
            value = raw[key]
            digits = isinstance(value, str) and value.isdigit() and len(value) <= 60
            if not digits and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
                raise _bad(f"option '{key}' must be a non-negative integer (or its digits)")
    return options


SPECTATOR_VIEWS = ("none", "public", "all")


def spectator_options(value: Any) -> dict[str, Any]:
    """``spectators`` (may anyone watch) and ``spectator_view`` (what they see) from the
    ``spectators`` option: ``"none"``, ``"public"`` (the default: no hand contents) or
    ``"all"`` (every hand, for teaching or streaming); ``true``/``false`` mean
    ``"public"``/``"none"``, as they always have."""
    if value is None or isinstance(value, bool):
        value = "none" if value is False else "public"
    if not isinstance(value, str) or value not in SPECTATOR_VIEWS:
        raise _bad("option 'spectators' must be 'none', 'public', 'all', true or false")
    return {"spectators": value != "none", "spectator_view": value}


def spectator_view(options: dict[str, Any]) -> str:
    """What spectators of a table see; tables stored before ``spectator_view`` existed
    had only the boolean."""
    view = options.get("spectator_view")
    if view in SPECTATOR_VIEWS:
        return str(view)
    return "public" if options.get("spectators", True) else "none"


def response_settings(raw: dict[str, Any], current: dict[str, Any]) -> dict[str, Any]:
    """A seat's response-window settings after a ``settings`` message."""
    settings = dict(current)
    if raw.get("auto_pass") is not None:
        settings["auto_pass"] = bool(raw["auto_pass"])
    if raw.get("hold") is not None:
        settings["hold"] = bool(raw["hold"])
    if raw.get("skip") is not None:
        settings["skip"] = bool(raw["skip"])
    if raw.get("stops") is not None:
        stops = raw["stops"]
        bad = [s for s in stops if s not in STOPS]
        if bad:
            raise ProtocolError("malformed", f"unknown stop {bad[0]!r}; known: chain, battle")
        settings["stops"] = sorted(set(stops))
    return settings


DEFAULT_SETTINGS: dict[str, Any] = {"auto_pass": True, "stops": [], "hold": False, "skip": False}

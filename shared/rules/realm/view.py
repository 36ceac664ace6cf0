"""What each seat may know: the one place that decides hidden information.

A view is *built from* visibility rules, never filtered by deletion: each field below is
public unless it is taken from the viewer's own hand. Deck order, other seats' hand
contents, the RNG and the handles of hidden cards never appear. Events pass through
``events_for``, which drops every ``secret`` not addressed to the recipient.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from shared.rules.realm import chain, ops
from shared.rules.realm.engine import legal_actions
from shared.rules.realm.state import BattleStep, GameState, Player
from shared.rules.realm.wire import ref_to_wire, to_wire

_STEP_NAMES = {s: s.name.lower() for s in BattleStep}


def view_for(g: GameState, seat: int | None) -> dict[str, Any]:
    """The view of one seat: the shared public part plus that seat's own hand and options.

    The public part is built once per state version and shared between the seats'
    views, so callers must treat views as immutable snapshots (the server does)."""
    public = _public(g)
    players = public["players"]
    if seat is not None and 0 <= seat < len(players):
        players = list(players)
        mine = dict(players[seat])
        p = g.players[seat]
        mine["hand"] = [{"handle": g.cards[u].handle, "card": g.cards[u].card} for u in p.hand]
        players[seat] = mine
    view = dict(public)
    view["seat"] = seat
    view["players"] = players
    view["legal"] = [to_wire(g, a) for a in legal_actions(g, seat)] if seat is not None else []
    return view


def _public(g: GameState) -> dict[str, Any]:
    cached = g.view_cache
    if cached is not None and cached[0] == g.version:
        return cached[1]
    pr = g.prompt
    public: dict[str, Any] = {
        "game": "realm",
        "version": g.version,
        "seat": None,
        "format": g.format,
        "turn": g.turn,
        "current": g.current,
        "first": g.first_player,
        "order": list(g.order),
        "phase": g.phase.name.lower(),
        "to_act": None if g.result is not None or pr is None else pr.seat,
        "priority": g.window.priority if g.window is not None and pr is not None
        and pr.kind == "priority" else None,
        "battle": _battle(g),
        "chain": [chain.describe(g, it) for it in g.chain],
        "prompt": _prompt(g),
        "legal": [],
        "decks": {d: {"count": len(g.decks[d]),
                      "discard": [g.cards[u].card for u in reversed(g.discards[d])]}
                  for d in ("basic", "elite", "action")},
        "players": [_player(g, p) for p in g.players],
        "result": dict(g.result) if g.result is not None else None,
    }
    g.view_cache = (g.version, public)
    return public


def _battle(g: GameState) -> dict[str, Any] | None:
    b = g.battle
    if b is None:
        return None
    return {
        "attacker": b.attacker, "defender": b.defender, "step": _STEP_NAMES[b.step],
        "attackers": [ref_to_wire(g, a) for a in b.attackers if ops.in_play(g, a)],
        "pairs": [[ref_to_wire(g, a), ref_to_wire(g, d)] for a, d in b.pairs.items()
                  if ops.in_play(g, a) and ops.in_play(g, d)],
    }


def _prompt(g: GameState) -> dict[str, Any] | None:
    pr = g.prompt
    if pr is None or g.result is not None:
        return None
    out: dict[str, Any] = {"kind": pr.kind, "seat": pr.seat}
    if pr.kind == "choose":
        out["options"] = list(pr.data["options"])
        out["why"] = pr.data.get("why", "")
    elif pr.kind == "draw":
        out["decks"] = list(pr.data["decks"])
    elif pr.kind == "targets":
        t = g.pending[pr.data["index"]]
        out["source"] = t.card_id
        out["optional"] = chain.trigger_def(g, pr.data["index"]).optional
    elif pr.kind == "trigger":
        out["sources"] = [g.pending[i].card_id for i in pr.data["indices"]]
    elif pr.kind == "armor" and g.battle is not None:
        out["armor_left"] = ops.armor_left(g, g.battle.defender)
    return out


def _player(g: GameState, p: Player) -> dict[str, Any]:
    cat = g.ctx.catalog
    hero = cat.heroes[p.hero]
    counts = {"basic": 0, "elite": 0, "action": 0}
    for uid in p.hand:
        deck = cat.cards[g.cards[uid].card].deck
        if deck is not None:
            counts[deck] += 1
    return {
        "seat": p.seat, "name": p.name, "hero": p.hero, "team": p.team, "alive": p.alive,
        "health": p.health, "max_health": p.max_health, "gold": p.gold,
        "production": p.production, "shield": p.shield,
        "weapon": {"card": p.weapon, "attack": ops.weapon_attack(g, p.seat) if p.weapon else 0,
                   "exhausted": p.weapon_exhausted, "faces": list(hero.weapons)},
        "armor": {"card": p.armor, "rating": cat.cards[p.armor].armor if p.armor else 0,
                  "left": ops.armor_left(g, p.seat) if p.armor else 0,
                  "exhausted": p.armor_exhausted, "faces": list(hero.armors)},
        "abilities": [{"id": a.id, "level": a.level, "unlocked": a.id in p.abilities,
                       "cooldown": p.abilities.get(a.id, 0),
                       "ready": p.abilities.get(a.id, -1) == 0} for a in hero.abilities],
        "hand_count": counts,
        "hand": None,                       # filled in only for the seat itself
        "units": [_unit(g, u) for u in p.units],
        "reserves": {k: v for k, v in p.reserves.items() if v},
        "counters": dict(p.counters),
        "turns_taken": p.turns_taken,
    }


def _unit(g: GameState, uid: int) -> dict[str, Any]:
    c = g.cards[uid]
    return {
        "handle": c.handle, "card": c.card, "attack": ops.unit_attack(g, uid),
        "health": ops.unit_max_health(g, uid) - c.damage,
        "max_health": ops.unit_max_health(g, uid), "damage": c.damage,
        "augments": c.augments, "exhausted": c.exhausted,
        "entered": c.entered_turn == g.turn, "shield": c.shield,
        "attachments": [{"handle": g.cards[a].handle, "card": g.cards[a].card}
                        for a in c.attachments],
        "counters": dict(c.counters),
    }


def events_for(events: Sequence[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for e in events:
        if "secret" not in e:
            out.append(e)
            continue
        shown = {k: v for k, v in e.items() if k not in ("secret", "to")}
        if seat is not None and e.get("to") == seat:
            shown.update(e["secret"])
        out.append(shown)
    return out


# --------------------------------------------------------------------------- hashing


def state_hash(g: GameState) -> str:
    """blake2b of a canonical rendering of the whole state (catalog and events excluded)."""
    h = hashlib.blake2b(digest_size=16)
    h.update(repr(_canon(g)).encode())
    return h.hexdigest()


def _canon(x: Any) -> Any:
    if is_dataclass(x) and not isinstance(x, type):
        return tuple(_canon(getattr(x, f.name)) for f in fields(x)
                     if f.name not in ("ctx", "events", "view_cache"))
    if isinstance(x, Enum):
        return int(x.value) if isinstance(x.value, int) else str(x.value)
    if isinstance(x, dict):
        return tuple((_canon(k), _canon(v)) for k, v in x.items())
    if isinstance(x, (list, tuple)):
        return tuple(_canon(v) for v in x)
    return x

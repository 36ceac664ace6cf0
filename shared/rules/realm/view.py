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
from shared.rules.realm.engine import legal_memo
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
    view["legal"] = list(legal_wire(g, seat)) if seat is not None else []
    return view


def window_view(g: GameState, seat: int) -> dict[str, Any]:
    """The keys of ``seat``'s view that say whether the server passes its decision
    (``shared.protocol.windows``: ``seat``, ``current``, ``chain`` with each entry's
    ``seat``, ``legal``), with the same values as in :func:`view_for`, without building
    the rest: the server checks each automatic pass of a chain of them, and the views of
    the states in between are never sent."""
    return {
        "seat": seat,
        "current": g.current,
        "chain": [{"seat": item.seat} for item in g.chain],
        "legal": list(legal_wire(g, seat)),
    }


def legal_wire(g: GameState, seat: int) -> tuple[dict[str, Any], ...]:
    """``seat``'s legal actions as plain data, converted once per state version (shared,
    read-only: the seat's view, the server's auto-pass and timeout choices)."""
    memo = legal_memo(g, seat)
    if memo is None:
        return ()
    if memo.wire is None:
        memo.wire = tuple(to_wire(g, a) for a in memo.actions)
    return memo.wire


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
    if cached is not None:
        _keep_unchanged(public, cached[1])
    g.view_cache = (g.version, public)
    return public


#: The parts of the public view that often stay the same from one version to the next.
_SECTIONS = ("order", "battle", "chain", "prompt", "decks")
_PLAYER_PARTS = ("weapon", "armor", "abilities", "hand_count")
#: A player's maps whose key order follows the game's history, not the code.
_HISTORY_ORDERED = ("reserves", "counters")


def _keep_unchanged(public: dict[str, Any], before: dict[str, Any]) -> None:
    """Where a part of the new public view equals the previous version's, keep the
    previous object: the server's diff and document hash then skip the part by identity
    instead of comparing or encoding it once per recipient. Equal means ``==`` and the
    same key order in every map (``==`` ignores it; a document's bytes do not)."""
    for key in _SECTIONS:  # maps built here, in a fixed order
        old = before[key]
        if old is not None and public[key] == old:
            public[key] = old
    result, old_result = public["result"], before["result"]
    if old_result is not None and result == old_result and list(result) == list(old_result):
        public["result"] = old_result
    players, old_players = public["players"], before["players"]
    if len(players) != len(old_players):
        return
    for i, (new, old) in enumerate(zip(players, old_players, strict=True)):
        if new == old and _same_order(new, old):
            players[i] = old
        else:
            _keep_player_parts(new, old)
    if all(new is old for new, old in zip(players, old_players, strict=True)):
        public["players"] = old_players


def _same_order(new: dict[str, Any], old: dict[str, Any]) -> bool:
    """For two equal player entries: whether their history-ordered maps agree in order."""
    for key in _HISTORY_ORDERED:
        if not _same_keys(new[key], old[key]):
            return False
    for a, b in zip(new["units"], old["units"], strict=True):
        if not _same_keys(a["counters"], b["counters"]):
            return False
    return True


def _same_keys(new: dict[str, Any], old: dict[str, Any]) -> bool:
    """For two equal maps: whether their keys come in the same order. Most are empty or
    hold one key, which can come in one order only: no lists are made for them."""
    return len(new) < 2 or list(new) == list(old)


def _keep_player_parts(new: dict[str, Any], old: dict[str, Any]) -> None:
    for key in _PLAYER_PARTS:
        if new[key] == old[key]:
            new[key] = old[key]
    for key in _HISTORY_ORDERED:
        if new[key] == old[key] and _same_keys(new[key], old[key]):
            new[key] = old[key]
    units, old_units = new["units"], old["units"]
    if units == old_units and all(
        _same_keys(a["counters"], b["counters"]) for a, b in zip(units, old_units, strict=True)
    ):  # the common case (gold or health changed, not the units): no walk by handle
        new["units"] = old_units
        return
    seen = {u["handle"]: u for u in old_units}
    for j, unit in enumerate(units):
        kept = seen.get(unit["handle"])
        if kept is not None and kept == unit and _same_keys(kept["counters"], unit["counters"]):
            units[j] = kept
    if len(units) == len(old_units) and all(
        a is b for a, b in zip(units, old_units, strict=True)
    ):
        new["units"] = old_units


def _battle(g: GameState) -> dict[str, Any] | None:
    b = g.battle
    if b is None:
        return None
    return {
        "attacker": b.attacker, "defender": b.defender, "step": _STEP_NAMES[b.step],
        "attackers": [ref_to_wire(g, a) for a in b.attackers if ops.fights(g, a, b.attacker)],
        "pairs": [[ref_to_wire(g, a), ref_to_wire(g, d)] for a, d in b.pairs.items()
                  if ops.fights(g, a, b.attacker) and ops.fights(g, d, b.defender)],
        # defended attackers whose defender left play or changed sides: still blocked
        # (docs/rulings.md 8, 44)
        "blocked": [ref_to_wire(g, a) for a, d in b.pairs.items()
                    if ops.fights(g, a, b.attacker) and not ops.fights(g, d, b.defender)],
        # units still in play that changed sides during the battle: out of it for good
        "left": [ref_to_wire(g, u) for u in b.left if ops.in_play(g, u)],
        # the blocked attackers whose defender changed sides (rather than left play)
        "switched": [[ref_to_wire(g, a), ref_to_wire(g, d)] for a, d in b.pairs.items()
                     if d in b.left and ops.in_play(g, d) and ops.fights(g, a, b.attacker)],
    }


def _prompt(g: GameState) -> dict[str, Any] | None:
    pr = g.prompt
    if pr is None or g.result is not None:
        return None
    out: dict[str, Any] = {"kind": pr.kind, "seat": pr.seat}
    if pr.kind == "choose":
        out["options"] = list(pr.data["options"])
        out["why"] = pr.data.get("why", "")
        if g.resolution is not None:  # what resolves and asks: the chain entry's terms
            out["resolving"] = chain.describe(g, g.resolution.item)
    elif pr.kind == "draw":
        out["decks"] = list(pr.data["decks"])
    elif pr.kind == "targets":
        t = g.pending[pr.data["index"]]
        out["source"] = t.card_id
        out["optional"] = chain.trigger_def(g, pr.data["index"]).optional
    elif pr.kind == "trigger":
        out["triggers"] = [_pending_trigger(g, i) for i in pr.data["indices"]]
    elif pr.kind == "discard" and "source" in pr.data:  # what makes the seat discard
        out.update(source=pr.data["source"], by=pr.data["by"], ability=pr.data["ability"])
    elif pr.kind == "armor" and g.battle is not None:
        out["armor_left"] = ops.armor_left(g, g.battle.defender)
    return out


def _pending_trigger(g: GameState, index: int) -> dict[str, Any]:
    """One triggered effect waiting to be ordered: the action's index, its card, and the
    card in play it comes from (two Tax Collectors are told apart by their handles)."""
    t = g.pending[index]
    item: dict[str, Any] = {"index": index, "card": t.card_id}
    if t.card >= 0 and ops.in_play(g, t.card):
        item["ref"] = ops.wire_ref(g, t.card)
    return item


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
        "conceded": p.conceded,
    }


def _unit(g: GameState, uid: int) -> dict[str, Any]:
    c = g.cards[uid]
    max_health = ops.unit_max_health(g, uid)
    return {
        "handle": c.handle, "card": c.card, "attack": ops.unit_attack(g, uid),
        "health": max_health - c.damage,
        "max_health": max_health, "damage": c.damage,
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
                     if f.name not in ("ctx", "events", "view_cache", "legal_cache"))
    if isinstance(x, Enum):
        return int(x.value) if isinstance(x.value, int) else str(x.value)
    if isinstance(x, dict):
        return tuple((_canon(k), _canon(v)) for k, v in x.items())
    if isinstance(x, (list, tuple)):
        return tuple(_canon(v) for v in x)
    return x

"""The easy and medium bots: functions of (view, rng, budget) only.

Both return one element of ``view["legal"]`` (the very dict, not a copy). They never see a
game state; everything they know comes from the view and the public catalog.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from server.botplay.battle import attack_value, plan_attack, plan_defense, ready_attackers
from server.botplay.know import (
    WIN,
    Action,
    Board,
    View,
    card_by_name,
    card_unit_value,
    catalog,
    effect_score,
    equip_score,
    score_program,
    scored,
    worn,
)

Policy = Callable[[View, random.Random, Any], Action]

SPEND_KINDS = ("enlist", "unlock", "play", "ability", "activate")


# --------------------------------------------------------------------------- shared


def _free_win(board: Board, legal: list[Action]) -> Action | None:
    """An action that wins outright or kills an enemy hero, if there is one."""
    for a in legal:
        if a["kind"] in ("play", "ability", "activate"):
            s = effect_score(board, a)
            if s is not None and s >= WIN / 2:
                return a
    kinds = {a["kind"] for a in legal}
    if "attack" in kinds and board.battle is not None:
        cands = [a["attacker"] for a in legal if a["kind"] == "attack"]
        plan = plan_attack(
            board, int(board.battle["defender"]), cands, list(board.battle["attackers"])
        )
        if len(plan) == len(cands):  # plan_attack sends everything when lethal
            d = int(board.battle["defender"])
            blocks = [u for u in board.players[d]["units"] if not u["exhausted"]]
            atks = sorted(
                (board.attack_of(r) for r in cands + list(board.battle["attackers"])), reverse=True
            )
            if sum(atks[len(blocks) :]) - int(board.players[d]["armor"]["left"]) >= board.hero_hp(
                d
            ):
                return next(a for a in legal if a["kind"] == "attack")
    if "battle" in kinds:
        for a in legal:
            if a["kind"] == "battle" and attack_value(board, int(a["opponent"])) >= 1000:
                return a
    return None


def _equip_score(a: Action) -> float:
    return equip_score(str(a["weapon"]), str(a["armor"]))


def _changes_faces(board: Board, legal: list[Action]) -> list[Action]:
    """The equip options that change what the hero wears (all of them during setup).

    Once the game is under way, putting the same faces back on only spends the ability."""
    if board.view.get("phase") == "setup":
        return legal
    now = worn(board)
    return [a for a in legal if (str(a["weapon"]), str(a["armor"])) != now] or legal


def _hand_value(board: Board, handle: int) -> float:
    cid = board.hand.get(handle)
    cdef = catalog().cards.get(cid or "")
    if cdef is None:
        return 0.0
    if cdef.is_unit:
        return card_unit_value(cdef)
    return 3.0 + max((h.cost for h in cdef.halves), default=0) * 0.5


def _trigger_score(board: Board, a: Action) -> float:
    prompt = board.view.get("prompt") or {}
    cdef = catalog().cards.get(str(prompt.get("source", "")))
    if cdef is None or a["kind"] != "targets":
        return 0.0
    best = None
    for trig in cdef.triggers:
        if trig.program.targets:
            s = score_program(board, trig.program, list(a.get("targets", [])))
            best = s if best is None else max(best, s)
    return best or 0.0


# --------------------------------------------------------------------------- easy


def easy(view: View, rng: random.Random, budget: Any = None) -> Action:
    """Random legal play with light sense."""
    legal: list[Action] = list(view["legal"])
    if len(legal) == 1:
        return legal[0]
    board = Board(view)
    win = _free_win(board, legal)
    if win is not None:
        return win
    kind = (view.get("prompt") or {}).get("kind")
    sane = [a for a in legal if not _harmful(board, a)] or legal
    if kind == "choose":
        return rng.choice(real_options(board, legal))
    if kind == "targets":
        scored = [(_trigger_score(board, a), i) for i, a in enumerate(legal)]
        ok = [legal[i] for s, i in scored if s >= 0]
        return rng.choice(ok or legal)
    if kind == "attack":
        return rng.choice(_declarations(board, legal))
    if kind == "equip":
        return _e_equip(board, legal, rng)
    if kind == "priority":
        if board.my_turn_free():
            spend = [a for a in sane if a["kind"] in SPEND_KINDS]
            if spend and rng.random() < 0.85:
                return rng.choice(spend)
            battles = [a for a in sane if a["kind"] == "battle"]
            if battles and _can_hit(board) and rng.random() < 0.6:
                return rng.choice(battles)
            return _pass(legal)
        others = [a for a in sane if a["kind"] != "pass"]
        if others and rng.random() < 0.2:
            return rng.choice(others)
        return _pass(legal)
    return rng.choice(sane)


def _harmful(board: Board, a: Action) -> bool:
    """Whether an effect would hurt my side or do it no good at all.

    A heal aimed at an undamaged or enemy target, or an Equip with nothing better to put
    on, scores below zero (``know.score_program``), so it is dropped like self-harm."""
    if a["kind"] not in ("play", "ability", "activate"):
        return False
    s = effect_score(board, a)
    return s is not None and s < 0


def pointless(board: Board, a: Action) -> bool:
    """An action no level should take: an effect that hurts my side or does it no good,
    or a battle in which the medium plan would declare no attacker."""
    if a["kind"] == "battle":
        return attack_value(board, int(a["opponent"])) <= 0
    return _harmful(board, a)


def _can_hit(board: Board) -> bool:
    """Whether a battle I start now could declare an attacker that deals damage."""
    return any(board.attack_of(r) > 0 for r in ready_attackers(board))


def _declarations(board: Board, legal: list[Action]) -> list[Action]:
    """The attack declarations open to the easy bot. While none is declared yet, only
    attackers, those that deal damage if there are any: "done" then would make starting
    the battle a wasted maneuver."""
    declared = board.battle is not None and bool(board.battle["attackers"])
    attacks = [a for a in legal if a["kind"] == "attack"]
    if declared or not attacks:
        return legal
    hitting = [a for a in attacks if board.attack_of(str(a["attacker"])) > 0]
    return hitting or attacks


def _e_equip(board: Board, legal: list[Action], rng: random.Random) -> Action:
    """A random pair of faces; after setup, one that changes something and is no worse
    than the worn pair when there is such a one."""
    changes = _changes_faces(board, legal)
    if board.view.get("phase") == "setup":
        return rng.choice(changes)
    now = equip_score(*worn(board))
    better = [a for a in changes if _equip_score(a) >= now]
    return rng.choice(better or changes)


def _pass(legal: list[Action]) -> Action:
    for a in legal:
        if a["kind"] == "pass":
            return a
    return legal[0]


# --------------------------------------------------------------------------- medium


def medium(view: View, rng: random.Random, budget: Any = None) -> Action:
    """A heuristic player: spends well, attacks when favourable, defends sensibly."""
    legal: list[Action] = list(view["legal"])
    if len(legal) == 1:
        return legal[0]
    board = Board(view)
    kind = (view.get("prompt") or {}).get("kind")
    handler = _MEDIUM.get(str(kind))
    if handler is not None:
        return handler(board, legal, rng)
    return legal[0]


def _m_priority(board: Board, legal: list[Action], rng: random.Random) -> Action:
    win = _free_win(board, legal)
    if win is not None:
        return win
    best, best_s = rank_priority(board, legal)[0]
    return best if best_s > 0 else _pass(legal)


def rank_priority(board: Board, legal: list[Action]) -> list[tuple[Action, float]]:
    """Every priority action with the medium bot's score, best first (pass scores 0)."""
    free = board.my_turn_free()
    me = board.mine
    gold = int(me["gold"])
    cat = catalog()
    hero = cat.heroes[str(me["hero"])]
    out: list[tuple[Action, float]] = []
    for a in legal:
        k = a["kind"]
        s = 0.0
        if k == "pass":
            s = 0.0
        elif k == "enlist":
            cdef = cat.cards.get(board.hand.get(int(a["card"]), ""))
            s = 2.0 + (card_unit_value(cdef) if cdef else 0.0)
        elif k == "unlock":
            ab = hero.ability(str(a["ability"]))
            s = {1: 6.0, 2: 7.5, 3: 10.0, 4: 14.0}.get(ab.level, 4.0)
            if gold - ab.cost < 0:
                s = -1
        elif k in ("play", "ability", "activate"):
            e = effect_score(board, a)
            cost = _gold_cost(board, a)
            if e is None:
                s = -1.0
            else:
                s = e - 0.35 * cost
                threshold = 1.5 if free else 2.5
                if a["kind"] == "ability":
                    threshold = 1.0
                s = s - threshold
        elif k == "battle":
            v = attack_value(board, int(a["opponent"]))
            s = 0.5 + v * 0.1 if v > 0 else -1.0
            if v >= 1000:
                s = 1000.0
        out.append((a, s))
    out.sort(key=lambda t: -t[1])
    # spend before battling: units enlisted now defend on the next turns
    if free:
        spend = [t for t in out if t[0]["kind"] != "battle" and t[1] > 0]
        if spend and out[0][0]["kind"] == "battle" and out[0][1] < 1000:
            first = spend[0]
            out.remove(first)
            out.insert(0, first)
    return out


def _gold_cost(board: Board, a: Action) -> int:
    return scored(board, a)[1]


def _m_attack(board: Board, legal: list[Action], rng: random.Random) -> Action:
    assert board.battle is not None
    cands = [a["attacker"] for a in legal if a["kind"] == "attack"]
    plan = plan_attack(board, int(board.battle["defender"]), cands, list(board.battle["attackers"]))
    for a in legal:
        if a["kind"] == "attack" and a["attacker"] in plan:
            return a
    return _done(legal)


def _m_defend(board: Board, legal: list[Action], rng: random.Random) -> Action:
    plan = plan_defense(board)
    for d, att in plan:
        for a in legal:
            if a["kind"] == "defend" and a["defender"] == d and a["attacker"] == att:
                return a
    return _done(legal)


def _done(legal: list[Action]) -> Action:
    for a in legal:
        if a["kind"] == "done":
            return a
    return legal[-1]


def _m_draw(board: Board, legal: list[Action], rng: random.Random) -> Action:
    decks = {a["deck"]: a for a in legal}
    me = board.mine
    hero = catalog().heroes[str(me["hero"])]
    if "no_unit_draws" in hero.special_rules and "action" in decks:
        return decks["action"]
    cards = catalog().cards
    units = [c for c in board.hand.values() if cards[c].is_unit]
    actions = len(board.hand) - len(units)
    income = int(me["gold"]) + int(me["production"]) + 1
    if len(units) < 2 or actions >= 2:
        if income >= 9 and "elite" in decks:
            return decks["elite"]
        if "basic" in decks:
            return decks["basic"]
    if "action" in decks:
        return decks["action"]
    return legal[0]


def _m_equip(board: Board, legal: list[Action], rng: random.Random) -> Action:
    return max(_changes_faces(board, legal), key=_equip_score)


def _m_first(board: Board, legal: list[Action], rng: random.Random) -> Action:
    for a in legal:
        if a.get("seat") == board.me:
            return a
    return legal[0]


NONE_LABELS = ("None", "No more")


def real_options(board: Board, legal: list[Action]) -> list[Action]:
    """The options of a "choose" prompt other than "None"/"No more" (all if none other).

    A bot prefers a real pick: it announced the effect because it wanted one."""
    labels: list[str] = list((board.view.get("prompt") or {}).get("options", []))
    real = [
        a
        for a in legal
        if a.get("kind") != "choose"
        or int(a["option"]) >= len(labels)
        or labels[int(a["option"])] not in NONE_LABELS
    ]
    return real or legal


def _m_choose(board: Board, legal: list[Action], rng: random.Random) -> Action:
    prompt = board.view.get("prompt") or {}
    labels: list[str] = list(prompt.get("options", []))
    why = str(prompt.get("why", ""))
    legal = real_options(board, legal)
    best, best_s = legal[0], -1e9
    for a in legal:
        i = int(a["option"])
        label = labels[i] if i < len(labels) else ""
        cdef = card_by_name(label)
        if cdef is not None:
            s = card_unit_value(cdef) if cdef.is_unit else 1.0
        elif label in ("No more", "None"):
            s = -5.0
        elif "elite" in label:
            s = 2.0
        else:
            s = 0.0
        if "destroy a unit you control" in why:
            s = -s
        if s > best_s:
            best, best_s = a, s
    return best


def _m_discard(board: Board, legal: list[Action], rng: random.Random) -> Action:
    return min(legal, key=lambda a: _hand_value(board, int(a["card"])))


def _m_targets(board: Board, legal: list[Action], rng: random.Random) -> Action:
    best, best_s = None, -1e9
    for a in legal:
        if a["kind"] == "decline":
            continue
        s = _trigger_score(board, a)
        if s > best_s:
            best, best_s = a, s
    decline = next((a for a in legal if a["kind"] == "decline"), None)
    if best is None or (decline is not None and best_s < 0.3):
        return decline or legal[0]
    return best


def _first(board: Board, legal: list[Action], rng: random.Random) -> Action:
    return legal[0]


_MEDIUM: Mapping[str, Callable[[Board, list[Action], random.Random], Action]] = {
    "priority": _m_priority,
    "attack": _m_attack,
    "defend": _m_defend,
    "draw": _m_draw,
    "equip": _m_equip,
    "first": _m_first,
    "choose": _m_choose,
    "discard": _m_discard,
    "targets": _m_targets,
    "trigger": _first,
    "armor": _first,
}

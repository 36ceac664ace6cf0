"""The public core: ``new_game``, ``legal_actions``, ``apply``.

Internal actions are tuples (fast to build and compare); ``wire.py`` converts them to the
plain dicts of ``docs/realm-interface.md``. At every moment exactly one seat has a pending
decision (``g.prompt``); ``advance`` runs the automatic parts of the game until the next
decision is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shared.rules.base import Refused, SetupError
from shared.rules.realm import chain, effects, flow, ops, rng
from shared.rules.realm.catalog import Catalog, Program, load_catalog
from shared.rules.realm.state import (
    FORMATS,
    ChainItem,
    Ctx,
    GameState,
    Phase,
    Player,
    Prompt,
    Zone,
    armor_ref,
    is_armor_ref,
    is_unit_ref,
    ref_seat,
    weapon_ref,
)
from shared.rules.realm.targets import (
    announced_ok,
    are_enemies,
    fully_listed,
    target_options,
    trigger_target_options,
)

Action = tuple[Any, ...]
PASS: Action = ("pass",)
#: Conceding: never among the legal actions; see ``RealmRuleSet.concede_action``.
CONCEDE: Action = ("concede",)
DONE: Action = ("done",)


# --------------------------------------------------------------------------- setup


def new_game(setup: Mapping[str, Any], seed: int, catalog: Catalog | None = None) -> GameState:
    """A new game from ``setup`` (format, seats, options) and an integer seed."""
    cat = catalog or load_catalog()
    fmt, seats = _check_setup(setup, cat)
    state = rng.seed_state(seed)
    heroes, state = _pick_heroes(seats, cat, state)
    players = [
        Player(seat=i, name=str(s.get("name") or f"Player {i + 1}"), hero=h,
               team=s.get("team"), health=cat.heroes[h].health,
               max_health=cat.heroes[h].health)
        for i, (s, h) in enumerate(zip(seats, heroes, strict=True))
    ]
    g = GameState(format=fmt, players=players, cards=[], rng=state,
                  decks={d: [] for d in ("basic", "elite", "action")},
                  discards={d: [] for d in ("basic", "elite", "action")},
                  options=dict(setup.get("options", {})))
    g.ctx = Ctx(cat)
    g.order = _seating(g)
    _build_decks(g, cat)
    _deal(g)
    _choose_first(g, setup)
    ops.emit(g, "game_started", format=fmt, seats=len(players))
    advance(g)
    return g


def _check_setup(setup: Mapping[str, Any], cat: Catalog) -> tuple[str, list[dict[str, Any]]]:
    fmt = setup.get("format", "duel")
    if fmt not in FORMATS:
        raise SetupError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    seats = setup.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise SetupError("seats must be a list of tables")
    n = len(seats)
    wanted = {"duel": (2, 2), "ffa": (3, 4), "sworn": (3, 4), "team": (4, 4)}[fmt]
    if not wanted[0] <= n <= wanted[1]:
        raise SetupError(f"format {fmt} needs {wanted[0]}–{wanted[1]} seats, not {n}")
    for s in seats:
        hero = s.get("hero", "random")
        if hero not in ("random", None) and (not isinstance(hero, str) or hero not in cat.heroes):
            raise SetupError(f"unknown hero {hero!r}")
    _check_one_seat_each(seats, cat)
    if fmt == "team":
        seats = _teams(seats)
    return fmt, seats


def _check_one_seat_each(seats: list[dict[str, Any]], cat: Catalog) -> None:
    """A hero is chosen by one seat at most: the game has one board per hero (ruling 46).
    Random heroes are drawn from those no seat chose (``_pick_heroes``)."""
    held: dict[str, list[int]] = {}
    for i, s in enumerate(seats):
        hero = s.get("hero", "random")
        if hero not in ("random", None):
            held.setdefault(str(hero), []).append(i + 1)
    for hero, numbers in held.items():
        if len(numbers) > 1:
            listed = ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
            raise SetupError(f"{cat.heroes[hero].name} is chosen by seats {listed}; "
                             "a hero can be at one seat only")


def _teams(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats of a team game with their teams: as given, or, when no seat names one,
    alternating by seat (seats 1 and 3 against 2 and 4; rulings: setup)."""
    teams = [s.get("team") for s in seats]
    if all(t is None for t in teams):
        return [{**s, "team": i % 2} for i, s in enumerate(seats)]
    if sorted(t if type(t) is int else -1 for t in teams) != [0, 0, 1, 1]:
        raise SetupError("a team game needs two seats with team 0 and two with team 1")
    return seats


def _pick_heroes(seats: list[dict[str, Any]], cat: Catalog, state: int) -> tuple[list[str], int]:
    chosen = [s.get("hero") for s in seats]
    pool = [h for h in sorted(cat.heroes) if h not in chosen]
    out: list[str] = []
    for h in chosen:
        if h in (None, "random"):
            if not pool:
                raise SetupError("not enough heroes for random picks")
            state, i = rng.below(state, len(pool))
            h = pool.pop(i)
        out.append(str(h))
    return out, state


def _seating(g: GameState) -> list[int]:
    n = len(g.players)
    order = list(range(n))
    if g.format == "sworn":
        g.rng = rng.shuffle(g.rng, order)      # seated from highest roll to lowest
    elif g.format == "team":
        a = [p.seat for p in g.players if p.team == 0]
        b = [p.seat for p in g.players if p.team == 1]
        order = [a[0], b[0], a[1], b[1]]
    return order


def _build_decks(g: GameState, cat: Catalog) -> None:
    for deck in ("basic", "elite", "action"):
        ids = cat.deck_list(deck)
        uids = [ops.new_card(g, cid, -1, Zone.DECK).uid for cid in ids]
        g.rng = rng.shuffle(g.rng, uids)
        g.decks[deck] = uids
    for p in g.players:
        hero = cat.heroes[p.hero]
        p.abilities[hero.abilities[0].id] = 0      # the initial ability starts ready
        for cid, n in hero.specials.items():
            p.reserves[cid] = n
        if "starts_focused" in hero.special_rules:
            p.counters["focus"] = 2


def _deal(g: GameState) -> None:
    for seat in g.order:
        hero = g.ctx.catalog.heroes[g.players[seat].hero]
        if "starting_hand_two_actions" in hero.special_rules:
            hand = ["action", "action"]
        else:
            hand = ["basic", "basic", "elite", "action"]
        for deck in hand:
            ops.draw(g, seat, deck)


def _choose_first(g: GameState, setup: Mapping[str, Any]) -> None:
    chooser = setup.get("options", {}).get("first_chooser")
    if chooser is not None:
        g.prompt = Prompt(kind="first", seat=int(chooser),
                          data={"seats": list(range(len(g.players)))})
        return
    if g.format == "team":
        g.rng, t = rng.below(g.rng, 2)
        team = [s for s in g.order if g.players[s].team == t]
        ops.emit(g, "team_roll", team=t, seat=team[0])  # ruling 23: its first seat chooses
        g.prompt = Prompt(kind="first", seat=team[0], data={"seats": team})
        return
    if g.format == "sworn":
        first = g.order[0]
    else:
        g.rng, first = rng.below(g.rng, len(g.players))
    _set_first(g, first)


def _set_first(g: GameState, first: int) -> None:
    g.first_player = first
    g.current = first
    ops.emit(g, "first_player", seat=first)
    i = g.order.index(first)
    g.setup_queue = g.order[i:] + g.order[:i]
    _next_equip(g)


def _next_equip(g: GameState) -> None:
    if g.setup_queue:
        g.prompt = Prompt(kind="equip", seat=g.setup_queue[0])
        return
    flow.begin_turn(g, g.first_player)


# --------------------------------------------------------------------------- advancing


def advance(g: GameState) -> None:
    """Run the game until a seat must decide (``g.prompt``) or it is over."""
    while g.prompt is None and g.result is None:
        if not g.players[g.current].alive and g.phase != Phase.SETUP:
            _current_fell(g)
            continue
        if g.resolution is not None:
            if not g.players[g.resolution.item.seat].alive:
                g.resolution = None
                chain.open_window(g)
                continue
            chain.continue_resolution(g)
            continue
        if g.window is not None and g.pending:
            chain.place_triggers(g)
            continue
        if g.window is not None:
            if not g.players[g.window.priority].alive:
                g.window.priority = g.next_alive(g.window.priority)
            g.prompt = Prompt(kind="priority", seat=g.window.priority)
            return
        raise AssertionError("the game has no decision pending and nothing to do")


def _current_fell(g: GameState) -> None:
    """The current player was eliminated: the rest of their turn does not happen."""
    g.resolution = None
    g.chain.clear()
    flow.end_turn(g)


# --------------------------------------------------------------------------- legal actions


def legal_actions(g: GameState, seat: int) -> list[Action]:
    pr = g.prompt
    if pr is None or pr.seat != seat or g.result is not None:
        return []
    return _BY_PROMPT[pr.kind](g, pr)


class LegalMemo:
    """The deciding seat's legal actions at one state version, kept on the state
    (``g.legal_cache``) so that the server's auto-pass check, its authority check, the
    seat's view and its timeout action share one computation. ``wire`` is filled in by
    the first caller that needs the plain-data form. Both are read-only."""

    __slots__ = ("actions", "seat", "version", "wire")

    def __init__(self, version: int, seat: int, actions: tuple[Action, ...]) -> None:
        self.version = version
        self.seat = seat
        self.actions = actions
        self.wire: tuple[dict[str, Any], ...] | None = None


def legal_memo(g: GameState, seat: int) -> LegalMemo | None:
    """``legal_actions(g, seat)`` computed once per state version, or None when ``seat``
    has no decision pending. A state changes only through ``apply_action``, which counts
    its version up, so the version tells whether the memo still holds (as for the views'
    cache, ``view.py``)."""
    pr = g.prompt
    if pr is None or pr.seat != seat or g.result is not None:
        return None
    memo: LegalMemo | None = g.legal_cache
    if memo is None or memo.version != g.version or memo.seat != seat:
        memo = g.legal_cache = LegalMemo(g.version, seat, tuple(_BY_PROMPT[pr.kind](g, pr)))
    return memo


def legal_now(g: GameState, seat: int) -> tuple[Action, ...]:
    """The legal actions of ``seat`` as a read-only tuple, computed once per version."""
    memo = legal_memo(g, seat)
    return () if memo is None else memo.actions


def is_legal(g: GameState, seat: int, action: Action) -> bool:
    """Whether ``seat`` may take ``action`` now: it is listed in ``legal_now``, or it
    announces a target tuple that a capped list of target options left out
    (``targets.MAX_COMBOS``, a safety net no program of the catalog reaches) and that
    the rules allow. The list is for menus; a choice is judged by the rules."""
    legal = legal_now(g, seat)
    return action in legal or _unlisted_targets_ok(g, action, legal)


def _unlisted_targets_ok(g: GameState, a: Action, legal: tuple[Action, ...]) -> bool:
    """``a`` names a target tuple left out of ``legal``: the same announce is listed with
    other targets (so its source, costs and timing are fine), its program's options were
    cut short, and the rules allow these targets."""
    if not isinstance(a, tuple) or len(a) < 2:
        return False
    head = a[:-1]
    if not any(len(b) == len(a) and b[:-1] == head for b in legal):
        return False
    found = _announced_program(g, a)
    if found is None:
        return False
    prog, seat, source, trigger = found
    return (not fully_listed(g, prog, seat, source)
            and announced_ok(g, prog, seat, source, a[-1], trigger))


def _announced_program(g: GameState, a: Action) -> tuple[Program, int, int, bool] | None:
    """The program whose targets ``a`` announces, with the seat and source its target
    options are listed for (as in ``_priority_actions`` and ``_trigger_target_actions``)
    and whether it is a trigger's; ``a`` is known to be listed but for its targets."""
    pr = g.prompt
    assert pr is not None
    cat = g.ctx.catalog
    p = g.players[pr.seat]
    kind = a[0]
    if kind == "targets":
        t = g.pending[pr.data["index"]]
        return chain.trigger_def(g, pr.data["index"]).program, t.seat, t.card, True
    if kind == "play":
        return cat.cards[g.cards[a[1]].card].halves[a[2]].program, pr.seat, a[1], False
    if kind == "ability":
        return cat.heroes[p.hero].ability(a[1]).program, pr.seat, -1, False
    if kind == "activate":
        ref, index = a[1], a[2]
        if is_unit_ref(ref):
            return cat.cards[g.cards[ref].card].activated[index].program, pr.seat, ref, False
        face = p.armor if is_armor_ref(ref) else p.weapon
        return cat.cards[face].activated[index].program, pr.seat, -1, False
    return None


def _priority_actions(g: GameState, pr: Prompt) -> list[Action]:
    seat = pr.seat
    out: list[Action] = [PASS]
    full = chain.can_full_maneuver(g, seat)
    if not (full or chain.can_react(g)):
        return out
    p = g.players[seat]
    cat = g.ctx.catalog
    for uid in p.hand:
        cdef = cat.cards[g.cards[uid].card]
        if cdef.type == "action":
            for h, half in enumerate(cdef.halves):
                if half.cost <= p.gold:
                    out.extend(("play", uid, h, t)
                               for t in target_options(g, half.program, seat, uid))
        elif full and cdef.cost <= p.gold:
            out.append(("enlist", uid))
    _ability_actions(g, seat, full, out)
    _activated_actions(g, seat, out)
    if full:
        out.extend(("battle", s) for s in g.clockwise_from(seat)
                   if s != seat and are_enemies(g, seat, s))
    return out


def _ability_actions(g: GameState, seat: int, full: bool, out: list[Action]) -> None:
    p = g.players[seat]
    hero = g.ctx.catalog.heroes[p.hero]
    unlocked = p.abilities
    if not full:               # a response window: only ready reaction abilities
        for ab in hero.reactions:
            if unlocked.get(ab.id) == 0:
                out.extend(("ability", ab.id, t) for t in target_options(g, ab.program, seat))
        return
    levels = {a.level for a in hero.abilities if a.id in unlocked}
    for ab in hero.abilities:
        cd = p.abilities.get(ab.id)
        if cd is None:
            if full and ab.cost <= p.gold and (ab.level - 1) in levels:
                out.append(("unlock", ab.id))
        elif cd == 0 and (full or ab.reaction):
            out.extend(("ability", ab.id, t) for t in target_options(g, ab.program, seat))


def _activated_actions(g: GameState, seat: int, out: list[Action]) -> None:
    p = g.players[seat]
    cat = g.ctx.catalog
    has_activated = cat.activated_ids
    for uid in p.units:
        c = g.cards[uid]
        if c.card not in has_activated:
            continue
        for i, act in enumerate(cat.cards[c.card].activated):
            if (act.exhaust and c.exhausted) or act.gold > p.gold:
                continue
            out.extend(("activate", uid, i, t)
                       for t in target_options(g, act.program, seat, uid))
    for face, exhausted, ref in ((p.weapon, p.weapon_exhausted, weapon_ref(seat)),
                                 (p.armor, p.armor_exhausted, armor_ref(seat))):
        if face not in has_activated:
            continue
        for i, act in enumerate(cat.cards[face].activated):
            if (act.exhaust and exhausted) or act.gold > p.gold:
                continue
            out.extend(("activate", ref, i, t) for t in target_options(g, act.program, seat))


def _equip_actions(g: GameState, pr: Prompt) -> list[Action]:
    return [("equip", w, a) for w, a in effects.equip_options(g, pr.seat)]


def _first_actions(g: GameState, pr: Prompt) -> list[Action]:
    return [("first", s) for s in pr.data["seats"]]


def _draw_actions(g: GameState, pr: Prompt) -> list[Action]:
    return [("draw", d) for d in pr.data["decks"]]


def _attack_actions(g: GameState, pr: Prompt) -> list[Action]:
    return [("attack", r) for r in flow.attack_options(g)] + [DONE]


def _defend_actions(g: GameState, pr: Prompt) -> list[Action]:
    return [("defend", d, a) for d, a in flow.defend_options(g)] + [DONE]


def _armor_actions(g: GameState, pr: Prompt) -> list[Action]:
    return [("armor", alloc) for alloc in flow.armor_allocations(g)]


def _trigger_order_actions(g: GameState, pr: Prompt) -> list[Action]:
    return [("trigger", i) for i in pr.data["indices"]]


def _trigger_target_actions(g: GameState, pr: Prompt) -> list[Action]:
    i = pr.data["index"]
    t = g.pending[i]
    trig = chain.trigger_def(g, i)
    out: list[Action] = [("targets", tt)
                         for tt in trigger_target_options(g, trig.program, t.seat, t.card)]
    if trig.optional:
        out.append(("decline",))
    return out


def _choose_actions(g: GameState, pr: Prompt) -> list[Action]:
    return [("choose", i) for i in range(len(pr.data["options"]))]


def _discard_actions(g: GameState, pr: Prompt) -> list[Action]:
    return [("discard", uid) for uid in g.players[pr.seat].hand]


_BY_PROMPT = {
    "priority": _priority_actions, "equip": _equip_actions, "first": _first_actions,
    "draw": _draw_actions, "attack": _attack_actions, "defend": _defend_actions,
    "armor": _armor_actions, "trigger": _trigger_order_actions,
    "targets": _trigger_target_actions, "choose": _choose_actions,
    "discard": _discard_actions,
}


# --------------------------------------------------------------------------- apply


def apply_action(
    g: GameState, seat: int, action: Action, check: bool = True
) -> list[dict[str, Any]]:
    """Apply one decision to ``g`` in place; returns the events. Refuses illegal ones."""
    if g.result is not None:
        raise Refused("game_over", "The game has ended.")
    if g.prompt is None or g.prompt.seat != seat:
        raise Refused("not_your_turn", "Another player must decide now.")
    if check and not is_legal(g, seat, action):
        raise Refused("illegal", "The rules do not allow that now.")
    g.events = []
    pr = g.prompt
    g.prompt = None
    g.version += 1
    _HANDLERS[pr.kind](g, pr, action)
    advance(g)
    return g.events


def _on_priority(g: GameState, pr: Prompt, a: Action) -> None:
    kind = a[0]
    if kind == "pass":
        chain.on_pass(g, pr.seat)
        return
    if kind == "concede":  # eliminated as at 0 health; the window goes on without it
        ops.emit(g, "conceded", seat=pr.seat)
        g.players[pr.seat].conceded = True
        ops.defeat(g, pr.seat)
        chain.after_leaving(g)
        return
    chain.push(g, _announce(g, pr.seat, a))


def _announce(g: GameState, seat: int, a: Action) -> ChainItem:
    """Pay costs, take the card out of the hand, select targets: uninterruptible."""
    p = g.players[seat]
    cat = g.ctx.catalog
    kind = a[0]
    item = ChainItem(id=g.next_item, seat=seat, kind=kind, source="")
    g.next_item += 1
    if kind == "unlock":
        ab = cat.heroes[p.hero].ability(a[1])
        p.gold -= ab.cost
        item.source = ab.id
    elif kind == "ability":
        ab = cat.heroes[p.hero].ability(a[1])
        p.abilities[ab.id] = ab.delay
        item.source, item.targets = ab.id, a[2]
    elif kind in ("enlist", "play"):
        c = g.cards[a[1]]
        cdef = cat.cards[c.card]
        p.gold -= cdef.halves[a[2]].cost if kind == "play" else cdef.cost
        ops.detach_from_zone(g, c)
        c.zone = Zone.CHAIN
        ops.rekey(g, c)
        item.card, item.source = c.uid, c.card
        if kind == "play":
            item.half, item.targets = a[2], a[3]
    elif kind == "battle":
        item.opponent, item.source = a[1], p.hero
    elif kind == "activate":
        _pay_activation(g, seat, a, item)
    item.data["handles"] = [g.cards[r].handle if is_unit_ref(r) else 0 for r in item.targets]
    return item


def _pay_activation(g: GameState, seat: int, a: Action, item: ChainItem) -> None:
    p = g.players[seat]
    cat = g.ctx.catalog
    ref, index, targets = a[1], a[2], a[3]
    if is_unit_ref(ref):
        c = g.cards[ref]
        act = cat.cards[c.card].activated[index]
        if act.exhaust:
            c.exhausted = True
        item.card, item.source = ref, c.card
    elif is_armor_ref(ref):
        act = cat.cards[p.armor].activated[index]
        p.armor_exhausted = p.armor_exhausted or act.exhaust
        item.source = p.armor
    else:
        act = cat.cards[p.weapon].activated[index]
        p.weapon_exhausted = p.weapon_exhausted or act.exhaust
        item.source = p.weapon
    p.gold -= act.gold
    item.index, item.targets = index, targets


def _on_equip(g: GameState, pr: Prompt, a: Action) -> None:
    if g.resolution is not None:
        g.resolution.answer = (a[1], a[2])
        return
    effects.set_equipment(g, pr.seat, a[1], a[2])
    g.setup_queue.pop(0)
    _next_equip(g)


def _on_first(g: GameState, pr: Prompt, a: Action) -> None:
    _set_first(g, a[1])


def _on_draw(g: GameState, pr: Prompt, a: Action) -> None:
    if g.resolution is not None:
        g.resolution.answer = a[1]
        return
    flow.after_draw(g, a[1])


def _on_attack(g: GameState, pr: Prompt, a: Action) -> None:
    if a[0] == "done":
        flow.finish_declare(g)
    else:
        flow.declare_attacker(g, a[1])


def _on_defend(g: GameState, pr: Prompt, a: Action) -> None:
    if a[0] == "done":
        flow.finish_assign(g)
    else:
        flow.assign_defender(g, a[1], a[2])


def _on_armor(g: GameState, pr: Prompt, a: Action) -> None:
    flow.deal_battle_damage(g, dict(a[1]))


def _on_trigger(g: GameState, pr: Prompt, a: Action) -> None:
    chain.prepare_trigger(g, a[1])


def _on_targets(g: GameState, pr: Prompt, a: Action) -> None:
    i = pr.data["index"]
    if a[0] == "decline":
        t = g.pending.pop(i)
        ops.emit(g, "trigger_declined", seat=t.seat, source=t.card_id)
        return
    chain.add_trigger(g, i, a[1])


def _on_choose(g: GameState, pr: Prompt, a: Action) -> None:
    assert g.resolution is not None
    g.resolution.answer = pr.data["values"][a[1]]


def _on_discard(g: GameState, pr: Prompt, a: Action) -> None:
    assert g.resolution is not None
    g.resolution.answer = a[1]


_HANDLERS = {
    "priority": _on_priority, "equip": _on_equip, "first": _on_first, "draw": _on_draw,
    "attack": _on_attack, "defend": _on_defend, "armor": _on_armor,
    "trigger": _on_trigger, "targets": _on_targets, "choose": _on_choose,
    "discard": _on_discard,
}


def to_act(g: GameState) -> int | None:
    return None if g.result is not None or g.prompt is None else g.prompt.seat


def seat_of_ref(ref: int) -> int:
    return ref_seat(ref)

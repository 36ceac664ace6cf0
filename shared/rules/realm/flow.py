"""Turn and battle flow: the phases of a turn and the steps of a battle.

Production, refresh and draw run without maneuvers; the maneuver phase and the end of
turn phase are windows (``chain.py``). A battle's three steps (declare attackers, assign
defenders, deal battle damage) take no maneuvers; each is followed by a window.
"""

from __future__ import annotations

from itertools import product

from shared.rules.realm import chain, ops
from shared.rules.realm.state import (
    BattleStep,
    GameState,
    Phase,
    Prompt,
    hero_ref,
    is_unit_ref,
    ref_seat,
    weapon_ref,
)


def is_first_turn(g: GameState, seat: int) -> bool:
    return g.players[seat].turns_taken == 1 and g.current == seat


def begin_turn(g: GameState, seat: int) -> None:
    g.current = seat
    g.turn += 1
    p = g.players[seat]
    p.turns_taken += 1
    for q in g.players:
        q.armor_used = 0
    ops.emit(g, "turn_began", seat=seat, turn=g.turn)
    duel_opening = g.format == "duel" and seat == g.first_player and p.turns_taken == 1
    g.phase = Phase.PRODUCTION
    if not duel_opening:
        p.production += 1
        ops.emit(g, "production_rose", seat=seat, production=p.production)
    p.gold += p.production
    ops.emit(g, "gold_gained", seat=seat, amount=p.production)
    g.phase = Phase.REFRESH
    _refresh(g, seat)
    g.phase = Phase.DRAW
    if duel_opening:
        begin_maneuver(g)
        return
    decks = [d for d in ("basic", "elite", "action") if ops.can_draw(g, d)]
    if not decks:
        begin_maneuver(g)
        return
    g.prompt = Prompt(kind="draw", seat=seat, data={"decks": decks})


def _refresh(g: GameState, seat: int) -> None:
    p = g.players[seat]
    for aid, cd in p.abilities.items():
        if cd > 0:
            p.abilities[aid] = cd - 1
    p.weapon_exhausted = False
    p.armor_exhausted = False
    for uid in p.units:
        g.cards[uid].exhausted = False
    ops.emit(g, "refreshed_all", seat=seat)


def after_draw(g: GameState, deck: str) -> None:
    ops.draw(g, g.current, deck)
    begin_maneuver(g)


def begin_maneuver(g: GameState) -> None:
    g.phase = Phase.MANEUVER
    ops.emit(g, "phase_began", phase="maneuver")
    ops.queue_global_triggers(g, "start_of_turn", {})
    chain.open_window(g)


def on_window_closed(g: GameState) -> None:
    b = g.battle
    if b is not None:
        if not g.players[b.defender].alive:     # the defending hero fell mid-battle
            end_battle(g)
            return
        if b.step == BattleStep.AFTER_DECLARE:
            start_assign(g)
        elif b.step == BattleStep.AFTER_ASSIGN:
            start_damage(g)
        else:
            end_battle(g)
        return
    if g.phase == Phase.MANEUVER:
        g.phase = Phase.END
        ops.emit(g, "phase_began", phase="end")
        ops.queue_global_triggers(g, "end_of_turn", {})
        chain.open_window(g)
        return
    end_turn(g)


def end_turn(g: GameState) -> None:
    """Effects that last until the end of the turn finish; the next player begins."""
    for c in g.cards:
        c.temp_attack = 0
        c.battle_attack = 0    # a battle cut short (its attacker fell) ends with the turn
        c.shield = 0
    for p in g.players:
        p.weapon_temp_attack = 0
        p.weapon_battle_attack = 0
        p.shield = 0
    g.temporary.clear()
    g.battle = None
    g.window = None
    ops.return_removed(g)      # their enter-play triggers wait for the next window
    ops.emit(g, "turn_ended", seat=g.current)
    begin_turn(g, g.next_alive(g.current))


# --------------------------------------------------------------------------- battles


def attack_options(g: GameState) -> list[int]:
    """Units and the weapon the attacking player may still declare as attackers."""
    b = g.battle
    assert b is not None
    seat = b.attacker
    p = g.players[seat]
    out = [u for u in p.units
           if not g.cards[u].exhausted and g.cards[u].entered_turn != g.turn
           and u not in b.attackers]
    w = weapon_ref(seat)
    if not p.weapon_exhausted and w not in b.attackers and not _weapon_barred(g, seat):
        out.append(w)
    return out


def _weapon_barred(g: GameState, seat: int) -> bool:
    """No weapon attacks on the opening turn (2 players) / anyone's first turn (more)."""
    if g.players[seat].turns_taken != 1:
        return False
    return g.format != "duel" or seat == g.first_player


def start_declare(g: GameState) -> None:
    b = g.battle
    assert b is not None
    b.step = BattleStep.DECLARE
    if attack_options(g):
        g.prompt = Prompt(kind="attack", seat=b.attacker)
    else:
        finish_declare(g)


def declare_attacker(g: GameState, ref: int) -> None:
    b = g.battle
    assert b is not None
    b.attackers.append(ref)
    if not attack_options(g):
        finish_declare(g)
    else:
        g.prompt = Prompt(kind="attack", seat=b.attacker)


def finish_declare(g: GameState) -> None:
    """The declared attackers exhaust and attack together; their triggers wait."""
    b = g.battle
    assert b is not None
    for ref in b.attackers:
        if is_unit_ref(ref):
            g.cards[ref].exhausted = True
            ops.queue_card_triggers(g, g.cards[ref], "declared_attacker", {})
        else:
            p = g.players[b.attacker]
            p.weapon_exhausted = True
            _queue_equipment_trigger(g, b.attacker, p.weapon, "declared_attacker")
        ops.emit(g, "attacker_declared", attacker=ops.wire_ref(g, ref))
    if b.attackers:
        ops.queue_global_triggers(g, "attacked", {}, b.defender)
    else:  # said as the step ends, so the window after it does not wait to show it
        ops.emit(g, "no_attackers_declared", seat=b.attacker)
    b.step = BattleStep.AFTER_DECLARE
    chain.open_window(g)


def _queue_equipment_trigger(g: GameState, seat: int, face: str, event: str) -> None:
    from shared.rules.realm.state import PendingTrigger

    for i, trig in enumerate(g.ctx.catalog.cards[face].triggers):
        if trig.on == event:
            g.pending.append(PendingTrigger(seat=seat, card=-1, card_id=face, index=i))


def leave_battle(g: GameState, uid: int) -> bool:
    """A unit that changes sides leaves the battle for good (ruling 44): it is marked as
    having left (``Battle.left``), so it never attacks or defends in this battle again,
    even if control comes back. An attacker no longer attacks (the unit defending it, if
    any, is free and deals no damage); a defender no longer defends, and its attacker stays
    defended against, as when a defender leaves play (rulebook: Assign Defenders) —
    ``ops.fights`` leaves both out of battle damage. True if the unit was in the battle."""
    b = g.battle
    if b is None or uid in b.left:
        return False
    if uid in b.attackers:
        b.attackers.remove(uid)
        b.pairs.pop(uid, None)
    elif uid not in b.pairs.values():
        return False
    b.left += (uid,)
    return True


def defend_options(g: GameState) -> list[tuple[int, int]]:
    b = g.battle
    assert b is not None
    free_attackers = [a for a in b.attackers
                      if a not in b.pairs and ops.fights(g, a, b.attacker)]
    used = set(b.pairs.values())
    used.update(b.left)       # a unit that changed sides does not come back (ruling 44)
    cards = g.ctx.catalog.cards
    defenders = [u for u in g.players[b.defender].units
                 if u not in used and (not g.cards[u].exhausted
                                       or cards[g.cards[u].card].statics.get("defends_exhausted"))]
    return list(product(defenders, free_attackers))


def start_assign(g: GameState) -> None:
    b = g.battle
    assert b is not None
    b.step = BattleStep.ASSIGN
    if defend_options(g):
        g.prompt = Prompt(kind="defend", seat=b.defender)
    else:
        finish_assign(g)


def assign_defender(g: GameState, defender: int, attacker: int) -> None:
    b = g.battle
    assert b is not None
    b.pairs[attacker] = defender
    ops.emit(g, "defender_assigned", defender=ops.wire_ref(g, defender),
             attacker=ops.wire_ref(g, attacker))
    ops.queue_card_triggers(g, g.cards[defender], "defender_assigned", {})
    if defend_options(g):
        g.prompt = Prompt(kind="defend", seat=b.defender)
    else:
        finish_assign(g)


def finish_assign(g: GameState) -> None:
    """The defenders are assigned. When there were attackers and none is defended
    against, an event says so as the step ends (nothing else would show it)."""
    b = g.battle
    assert b is not None
    if b.attackers and not b.pairs:
        ops.emit(g, "no_defenders_assigned", seat=b.defender)
    b.step = BattleStep.AFTER_ASSIGN
    chain.open_window(g)


def unblocked(g: GameState) -> list[tuple[int, int]]:
    """(attacker, damage) of attackers still in play, not defended, dealing damage."""
    b = g.battle
    assert b is not None
    out = []
    for a in b.attackers:
        if a in b.pairs or not ops.fights(g, a, b.attacker):
            continue
        dmg = max(0, ops.attack_of(g, a))
        if dmg > 0:
            out.append((a, dmg))
    return out


def armor_allocations(g: GameState) -> list[tuple[tuple[int, int], ...]]:
    """Every way to split the armor left among the unblocked sources (if it matters)."""
    b = g.battle
    assert b is not None
    sources = unblocked(g)
    left = ops.armor_left(g, b.defender)
    total = sum(d for _, d in sources)
    if left <= 0 or len(sources) < 2 or total <= left:
        return []
    spend = min(left, total)
    out: list[tuple[tuple[int, int], ...]] = []
    _split(sources, 0, spend, (), out)
    return out


def _split(sources: list[tuple[int, int]], i: int, left: int,
           acc: tuple[tuple[int, int], ...], out: list[tuple[tuple[int, int], ...]]) -> None:
    if i == len(sources) - 1:
        ref, dmg = sources[i]
        if left <= dmg:
            out.append(tuple(x for x in (*acc, (ref, left)) if x[1] > 0))
        return
    ref, dmg = sources[i]
    for k in range(min(dmg, left), -1, -1):
        _split(sources, i + 1, left - k, (*acc, (ref, k)), out)


def start_damage(g: GameState) -> None:
    b = g.battle
    assert b is not None
    b.step = BattleStep.DAMAGE
    if armor_allocations(g):
        g.prompt = Prompt(kind="armor", seat=b.defender)
        return
    sources = unblocked(g)
    left = ops.armor_left(g, b.defender)
    prevent = {}
    for ref, dmg in sources:
        k = min(dmg, left)
        if k:
            prevent[ref] = k
            left -= k
    deal_battle_damage(g, prevent)


def deal_battle_damage(g: GameState, prevent: dict[int, int]) -> None:
    """Attackers and defenders deal battle damage simultaneously."""
    b = g.battle
    assert b is not None
    hits: list[tuple[int, int, int]] = []     # (target ref, amount, source ref)
    for a in b.attackers:
        if not ops.fights(g, a, b.attacker):
            continue
        power = max(0, ops.attack_of(g, a))
        if a in b.pairs:
            d = b.pairs[a]
            if not ops.fights(g, d, b.defender):   # still defended against (ruling 8)
                continue
            hits.append((d, power, a))
            if is_unit_ref(a):
                hits.append((a, max(0, ops.unit_attack(g, d)), d))
        else:
            stop = prevent.get(a, 0)
            if stop:
                g.players[b.defender].armor_used += stop
                ops.emit(g, "armor_prevented", seat=b.defender, amount=stop,
                         source=ops.wire_ref(g, a))
            hits.append((hero_ref(b.defender), power - stop, a))
    _apply_hits(g, hits)
    if g.result is not None:
        return
    if g.battle is not None:
        g.battle.step = BattleStep.AFTER_DAMAGE
    chain.open_window(g)


def _apply_hits(g: GameState, hits: list[tuple[int, int, int]]) -> None:
    """Damage lands all at once; then lethal units are destroyed together; then a hero
    brought to 0 is defeated (ruling 10). Each ``damaged`` event names its source (the
    attacker or defender that dealt it): several attackers hit the hero at once."""
    doomed: list[int] = []
    fallen: list[int] = []
    for ref, amount, source in hits:
        if amount <= 0 or not ops.in_play(g, ref):
            continue
        if is_unit_ref(ref):
            c = g.cards[ref]
            if c.shield:
                stop = min(c.shield, amount)
                c.shield -= stop
                amount -= stop
                ops.emit(g, "prevented", target=ops.wire_ref(g, ref), amount=stop)
            if amount > 0:
                c.damage += amount
                ops.emit(g, "damaged", target=ops.wire_ref(g, ref), amount=amount, battle=True,
                         source=ops.wire_ref(g, source))
                if c.damage >= ops.unit_max_health(g, ref) and ref not in doomed:
                    doomed.append(ref)
        else:
            ops.deal_damage(g, ref, amount, battle=True, defeat_now=False, source=source)
            seat = ref_seat(ref)
            if g.players[seat].health <= 0 and seat not in fallen:
                fallen.append(seat)
    for ref in doomed:
        ops.destroy(g, ref)
    ops.defeat_together(g, [s for s in fallen if g.players[s].health <= 0])


def end_battle(g: GameState) -> None:
    b = g.battle
    if b is None:
        return
    for c in g.cards:
        c.battle_attack = 0
    for p in g.players:
        p.weapon_battle_attack = 0
    g.temporary = [t for t in g.temporary if t[0] != "battle"]
    g.battle = None
    ops.emit(g, "battle_ended", seat=b.attacker, opponent=b.defender)
    chain.open_window(g)

"""Primitive game operations: moving cards between zones, drawing, damage, healing,
destroying, eliminating. Effects, battles and turns are built from these.

Every operation appends past-tense events to ``g.events``. Lethal damage destroys a unit
at once and a hero at 0 health is defeated at once (rulebook: Damage, Healing Damage),
except where damage lands simultaneously (battle damage, an effect's damage to several
heroes): there the caller defeats the heroes at 0 together (``defeat_together``).
"""

from __future__ import annotations

from typing import Any

from shared.rules.realm import rng
from shared.rules.realm.catalog import CardDef
from shared.rules.realm.state import (
    Card,
    GameState,
    PendingTrigger,
    Zone,
    hero_ref,
    is_hero_ref,
    is_unit_ref,
    is_weapon_ref,
    ref_seat,
)

RESHUFFLE_KEEP = 10


# --------------------------------------------------------------------------- refs


def wire_ref(g: GameState, ref: int) -> str:
    if is_unit_ref(ref):
        return f"u:{g.cards[ref].handle}"
    if is_weapon_ref(ref):
        return f"w:{ref_seat(ref)}"
    if ref <= -201:
        return f"r:{ref_seat(ref)}"
    return f"h:{ref_seat(ref)}"


def emit(g: GameState, t: str, **fields: Any) -> None:
    fields["t"] = t
    g.events.append(fields)


def emit_secret(g: GameState, t: str, to: int, secret: dict[str, Any], **fields: Any) -> None:
    fields["t"] = t
    fields["to"] = to
    fields["secret"] = secret
    g.events.append(fields)


# --------------------------------------------------------------------------- zones


def rekey(g: GameState, c: Card) -> None:
    """Give a card a new opaque handle (it changed zone)."""
    g.handles.pop(c.handle, None)
    c.handle = g.next_handle
    g.next_handle += 1
    g.handles[c.handle] = c.uid


def new_card(g: GameState, card_id: str, owner: int, zone: Zone) -> Card:
    c = Card(uid=len(g.cards), card=card_id, owner=owner, zone=zone)
    g.cards.append(c)
    rekey(g, c)
    return c


def detach_from_zone(g: GameState, c: Card) -> None:
    """Remove a card's uid from whatever list holds it."""
    z = c.zone
    if z == Zone.HAND:
        g.players[c.owner].hand.remove(c.uid)
    elif z == Zone.PLAY:
        g.players[c.controller].units.remove(c.uid)
    elif z == Zone.ATTACHED and c.host >= 0:
        host = g.cards[c.host]
        if c.uid in host.attachments:
            host.attachments.remove(c.uid)
    elif z == Zone.DECK:
        deck = g.decks[_deck_of(g, c)]
        deck.remove(c.uid)
    elif z == Zone.DISCARD:
        g.discards[_deck_of(g, c)].remove(c.uid)


def _deck_of(g: GameState, c: Card) -> str:
    d = g.ctx.catalog.cards[c.card].deck
    assert d is not None
    return d


def to_discard(g: GameState, c: Card) -> None:
    detach_from_zone(g, c)
    c.reset_in_play()
    c.zone = Zone.DISCARD
    c.controller = -1
    g.discards[_deck_of(g, c)].append(c.uid)
    rekey(g, c)


def fights(g: GameState, ref: int, side: int) -> bool:
    """Is the attacker or defender still in the battle, for ``side`` (the attacking or
    defending player)? A unit that left play is not; nor is one that changed sides during
    the battle, even once it is back with ``side`` (ruling 44)."""
    if not in_play(g, ref):
        return False
    if not is_unit_ref(ref):
        return True
    b = g.battle
    return g.cards[ref].controller == side and (b is None or ref not in b.left)


def to_reserves(g: GameState, c: Card) -> None:
    """A special card permanently leaves play: back to its owner's reserves.

    A stand-in (put into play when the reserves were empty) is no card: the reserves
    never hold more than the printed copies less those still in play, so a printed copy
    that leaves while a stand-in is in play takes the stand-in's place (rulebook: Special
    Cards, placeholder objects)."""
    detach_from_zone(g, c)
    c.reset_in_play()
    c.zone = Zone.RESERVES
    c.controller = -1
    owner = g.players[c.owner]
    have = owner.reserves.get(c.card, 0)
    owner.reserves[c.card] = min(have + 1, max(have, _unused_copies(g, c.card)))
    rekey(g, c)


def _unused_copies(g: GameState, card_id: str) -> int:
    """Printed copies of a special card that are not in play (a large number for a card
    no hero prints a count of)."""
    cdef = g.ctx.catalog.cards[card_id]
    hero = g.ctx.catalog.heroes.get(cdef.hero) if cdef.hero is not None else None
    if hero is None or card_id not in hero.specials:
        return 1 << 30
    out = [c for c in g.cards if c.card == card_id
           and (c.zone in (Zone.PLAY, Zone.ATTACHED) or c.uid in g.removed)]
    return hero.specials[card_id] - len(out)


def to_deck_bottom(g: GameState, c: Card) -> None:
    detach_from_zone(g, c)
    c.reset_in_play()
    c.zone = Zone.DECK
    c.controller = -1
    g.decks[_deck_of(g, c)].insert(0, c.uid)
    rekey(g, c)


def leave_play(g: GameState, c: Card) -> None:
    """Where a card goes when it leaves play for good (destroyed, discarded from play)."""
    cdef = g.ctx.catalog.cards[c.card]
    for a in list(c.attachments):
        leave_play(g, g.cards[a])
    if cdef.is_special or cdef.deck is None:
        to_reserves(g, c)
    elif cdef.is_unit and _buries_units(g, c.controller):
        to_deck_bottom(g, c)
    else:
        to_discard(g, c)


def _buries_units(g: GameState, seat: int) -> bool:
    if seat < 0 or not g.players[seat].alive:
        return False
    hero = g.ctx.catalog.heroes[g.players[seat].hero]
    return "units_to_deck_bottom" in hero.special_rules


def take_special(g: GameState, seat: int, card_id: str) -> Card:
    """Take a special card from its hero's reserves (a stand-in if none is left there).

    Any player may put another hero's special card into play (rulebook: Special Cases);
    it returns to the reserves of the player whose hero it belongs to, or, if that hero
    is not in the game, to the reserves of the player who put it into play."""
    cdef = g.ctx.catalog.cards[card_id]
    owner = seat
    if cdef.hero is not None:
        for q in g.players:
            if q.hero == cdef.hero:
                owner = q.seat
                break
    p = g.players[owner]
    if p.reserves.get(card_id, 0) > 0:
        p.reserves[card_id] -= 1
    return new_card(g, card_id, owner, Zone.RESERVES)


def enter_play(g: GameState, c: Card, seat: int) -> None:
    """A unit enters ``seat``'s territory, refreshed; its enter-play triggers wait."""
    c.zone = Zone.PLAY
    c.controller = seat
    c.entered_turn = g.turn
    c.exhausted = False
    g.players[seat].units.append(c.uid)
    rekey(g, c)
    emit(g, "entered_play", seat=seat, card=c.card, handle=c.handle)
    queue_card_triggers(g, c, "enters_play", {})


def remove_temporarily(g: GameState, c: Card) -> None:
    """Out of play until the end of the turn; attachments leave for good."""
    for a in list(c.attachments):
        leave_play(g, g.cards[a])
    seat = c.controller
    ops_target = wire_ref(g, c.uid)
    detach_from_zone(g, c)
    c.reset_in_play()
    c.zone = Zone.REMOVED
    c.controller = seat
    g.removed.append(c.uid)
    rekey(g, c)
    emit(g, "removed_from_play", target=ops_target, card=c.card)


def return_removed(g: GameState) -> None:
    """End of turn: temporarily removed units come back as newly played cards."""
    back, g.removed = g.removed, []
    for uid in back:
        c = g.cards[uid]
        if c.zone == Zone.REMOVED and g.players[c.controller].alive:
            enter_play(g, c, c.controller)
        elif c.zone == Zone.REMOVED:
            leave_play(g, c)


def add_temporary(g: GameState, what: str, ref: int, amount: int, seat: int) -> None:
    """A temporary change made by ``seat``'s effect: ``turn``/``battle`` attack modifiers
    or a ``shield`` (prevent the next N damage). Logged with its origin, so that it stops
    applying if that player is eliminated (rulebook: General Multiplayer Rules)."""
    _temporary(g, what, ref, amount)
    g.temporary.append((what, ref, amount, seat))


def _temporary(g: GameState, what: str, ref: int, amount: int) -> None:
    if is_unit_ref(ref):
        c = g.cards[ref]
        if what == "turn":
            c.temp_attack += amount
        elif what == "battle":
            c.battle_attack += amount
        else:
            c.shield = max(0, c.shield + amount)
        return
    p = g.players[ref_seat(ref)]
    if what == "turn":
        p.weapon_temp_attack += amount
    elif what == "battle":
        p.weapon_battle_attack += amount
    else:
        p.shield = max(0, p.shield + amount)


def undo_temporary_of(g: GameState, seat: int) -> None:
    """An eliminated player's temporary effects no longer apply."""
    keep = []
    for what, ref, amount, origin in g.temporary:
        if origin != seat:
            keep.append((what, ref, amount, origin))
        elif in_play(g, ref):
            _temporary(g, what, ref, -amount)
    g.temporary = keep


def attach(g: GameState, c: Card, host: Card) -> None:
    c.zone = Zone.ATTACHED
    c.host = host.uid
    c.controller = host.controller
    host.attachments.append(c.uid)
    rekey(g, c)
    emit(g, "attached", card=c.card, handle=c.handle, to=wire_ref(g, host.uid))


# --------------------------------------------------------------------------- triggers


def queue_card_triggers(g: GameState, c: Card, event: str, data: dict[str, Any]) -> None:
    cdef = g.ctx.catalog.cards[c.card]
    seat = c.controller
    for i, trig in enumerate(cdef.triggers):
        if trig.on == event and seat >= 0 and g.players[seat].alive:
            g.pending.append(PendingTrigger(seat=seat, card=c.uid, card_id=c.card,
                                            index=i, event=data))


def queue_global_triggers(g: GameState, event: str, data: dict[str, Any],
                          owner_of_subject: int = -1) -> None:
    """Triggers of every card in play listening to a global event."""
    for p in g.players:
        if not p.alive:
            continue
        for uid in p.units:
            _queue_if(g, g.cards[uid], event, data, owner_of_subject)
            for a in g.cards[uid].attachments:
                _queue_if(g, g.cards[a], event, data, owner_of_subject)
        for face in (p.weapon, p.armor):
            cdef = g.ctx.catalog.cards[face]
            for i, trig in enumerate(cdef.triggers):
                if _listens(trig.on, event, p.seat, owner_of_subject, g):
                    g.pending.append(PendingTrigger(seat=p.seat, card=-1, card_id=face,
                                                    index=i, event=data))


def _queue_if(g: GameState, c: Card, event: str, data: dict[str, Any], subj: int) -> None:
    cdef = g.ctx.catalog.cards[c.card]
    for i, trig in enumerate(cdef.triggers):
        if _listens(trig.on, event, c.controller, subj, g):
            g.pending.append(PendingTrigger(seat=c.controller, card=c.uid, card_id=c.card,
                                            index=i, event=data))


def _listens(on: str, event: str, seat: int, subj: int, g: GameState) -> bool:
    if on == event and event in ("end_of_turn", "unit_destroyed"):
        return True
    if event == "end_of_turn" and on == "end_of_your_turn":
        return seat == g.current
    if event == "start_of_turn" and on == "start_of_your_turn":
        return seat == g.current
    if event == "unit_destroyed" and on == "own_unit_destroyed":
        return seat == subj
    if event == "attacked" and on == "attacked":
        return seat == subj
    return False


# --------------------------------------------------------------------------- drawing


def draw(g: GameState, seat: int, deck: str) -> None:
    """``seat`` draws the top card of ``deck`` (reshuffling the discard pile if empty)."""
    pile = g.decks[deck]
    if not pile and not reshuffle(g, deck):
        emit(g, "draw_failed", seat=seat, deck=deck)
        return
    p = g.players[seat]
    c = g.cards[pile.pop()]
    hero = g.ctx.catalog.heroes[p.hero]
    if deck != "action" and "no_unit_draws" in hero.special_rules:
        c.zone = Zone.DISCARD
        g.discards[deck].append(c.uid)
        rekey(g, c)
        emit(g, "milled", seat=seat, deck=deck, card=c.card, handle=c.handle)
        return
    c.zone = Zone.HAND
    c.controller = -1
    c.owner = seat
    p.hand.append(c.uid)
    rekey(g, c)
    emit_secret(g, "drew", seat, {"card": c.card, "handle": c.handle}, seat=seat, deck=deck)


def reshuffle(g: GameState, deck: str) -> bool:
    """Shuffle a deck's discard pile, except its top 10 cards, back into the deck."""
    pile = g.discards[deck]
    if len(pile) <= RESHUFFLE_KEEP:
        return False
    moved = pile[:-RESHUFFLE_KEEP]
    del pile[:-RESHUFFLE_KEEP]
    for uid in moved:
        c = g.cards[uid]
        c.zone = Zone.DECK
        rekey(g, c)
    g.rng = rng.shuffle(g.rng, moved)
    g.decks[deck][:0] = moved
    emit(g, "deck_reshuffled", deck=deck, count=len(moved))
    return True


def can_draw(g: GameState, deck: str) -> bool:
    return bool(g.decks[deck]) or len(g.discards[deck]) > RESHUFFLE_KEEP


def mill(g: GameState, deck: str) -> int:
    """Put the top card of ``deck`` into its discard pile; the uid, or -1."""
    pile = g.decks[deck]
    if not pile and not reshuffle(g, deck):
        return -1
    c = g.cards[pile.pop()]
    c.zone = Zone.DISCARD
    g.discards[deck].append(c.uid)
    rekey(g, c)
    emit(g, "milled", deck=deck, card=c.card, handle=c.handle)
    return c.uid


def discard_from_hand(g: GameState, seat: int, uid: int) -> None:
    c = g.cards[uid]
    to_discard(g, c)
    emit(g, "discarded", seat=seat, card=c.card, handle=c.handle)


# --------------------------------------------------------------------------- stats


def card_def(g: GameState, uid: int) -> CardDef:
    return g.ctx.catalog.cards[g.cards[uid].card]


def unit_max_health(g: GameState, uid: int) -> int:
    c = g.cards[uid]
    return g.ctx.catalog.cards[c.card].health + c.augments + _static_bonus(g, c, "health")


def unit_attack(g: GameState, uid: int) -> int:
    c = g.cards[uid]
    base = g.ctx.catalog.cards[c.card].attack
    return base + c.augments + c.temp_attack + c.battle_attack + _static_bonus(g, c, "attack")


def _static_bonus(g: GameState, c: Card, stat: str) -> int:
    """Bonuses from static abilities of other cards in play (``statics`` in card files)."""
    statics = g.ctx.catalog.static_ids
    if not statics or c.zone != Zone.PLAY:
        return 0
    cards = g.ctx.catalog.cards
    bonus = 0
    key = f"allies_{stat}"
    for uid in g.players[c.controller].units:
        cid = g.cards[uid].card
        if cid in statics and uid != c.uid:
            bonus += cards[cid].statics.get(key, 0)
    for a in c.attachments:
        cid = g.cards[a].card
        if cid in statics:
            bonus += cards[cid].statics.get(f"host_{stat}", 0)
    return bonus


def weapon_attack(g: GameState, seat: int) -> int:
    p = g.players[seat]
    base = g.ctx.catalog.cards[p.weapon].attack
    return base + p.weapon_temp_attack + p.weapon_battle_attack


def attack_of(g: GameState, ref: int) -> int:
    if is_unit_ref(ref):
        return unit_attack(g, ref)
    return weapon_attack(g, ref_seat(ref))


def armor_left(g: GameState, seat: int) -> int:
    p = g.players[seat]
    rating = g.ctx.catalog.cards[p.armor].armor
    return max(0, rating - p.armor_used)


def in_play(g: GameState, ref: int) -> bool:
    """Is the object a reference points at still in the game?"""
    if is_unit_ref(ref):
        return g.cards[ref].zone == Zone.PLAY
    return g.players[ref_seat(ref)].alive


# --------------------------------------------------------------------------- damage


def deal_damage(g: GameState, ref: int, amount: int, *, battle: bool = False,
                defeat_now: bool = True, source: int | None = None) -> int:
    """Deal damage (prevention applies); destroy/defeat at once (``defeat_now`` False:
    a hero brought to 0 is defeated by the caller, battle damage being simultaneous).
    ``source``: the attacker or defender that deals battle damage, named by the
    ``damaged`` event. Returns damage dealt."""
    more: dict[str, Any] = {} if source is None else {"source": wire_ref(g, source)}
    if amount <= 0 or not in_play(g, ref):
        return 0
    if is_unit_ref(ref):
        c = g.cards[ref]
        amount = _apply_shield(g, ref, c, amount)
        if amount <= 0:
            return 0
        c.damage += amount
        emit(g, "damaged", target=wire_ref(g, ref), amount=amount, battle=battle, **more)
        if c.damage >= unit_max_health(g, ref):
            destroy(g, ref)
        return amount
    p = g.players[ref_seat(ref)]
    if p.shield:
        stop = min(p.shield, amount)
        p.shield -= stop
        amount -= stop
        emit(g, "prevented", target=wire_ref(g, ref), amount=stop)
        if amount <= 0:
            return 0
    p.health -= amount
    emit(g, "damaged", target=wire_ref(g, ref), amount=amount, battle=battle, **more)
    if p.health <= 0:
        p.health = 0
        if defeat_now:
            defeat(g, p.seat)
    return amount


def _apply_shield(g: GameState, ref: int, c: Card, amount: int) -> int:
    if c.shield:
        stop = min(c.shield, amount)
        c.shield -= stop
        emit(g, "prevented", target=wire_ref(g, ref), amount=stop)
        return amount - stop
    return amount


def heal(g: GameState, ref: int, amount: int) -> int:
    if amount <= 0 or not in_play(g, ref):
        return 0
    if is_unit_ref(ref):
        c = g.cards[ref]
        healed = min(c.damage, amount)
        c.damage -= healed
    else:
        p = g.players[ref_seat(ref)]
        healed = min(p.max_health - p.health, amount)
        p.health += healed
    if healed:
        emit(g, "healed", target=wire_ref(g, ref), amount=healed)
    return healed


def destroy(g: GameState, uid: int) -> bool:
    c = g.cards[uid]
    if c.zone != Zone.PLAY:
        return False
    seat = c.controller
    emit(g, "destroyed", target=wire_ref(g, uid), card=c.card, seat=seat)
    queue_card_triggers(g, c, "destroyed", {"card": c.card})
    leave_play(g, c)
    queue_global_triggers(g, "unit_destroyed", {"card": c.card, "seat": seat}, seat)
    return True


# --------------------------------------------------------------------------- defeat


def defeat(g: GameState, seat: int) -> None:
    """A hero's health reached 0: the player is eliminated (multiplayer) or loses."""
    defeat_together(g, [seat])


def defeat_together(g: GameState, seats: list[int]) -> None:
    """Heroes brought to 0 by the same damage are defeated at the same moment: all are
    out before anyone is found to have won, so the last heroes falling together leave
    no winner (ruling 25)."""
    fallen = [s for s in dict.fromkeys(seats) if g.players[s].alive]
    for seat in fallen:
        _eliminate(g, seat)
    if fallen:
        _check_game_over(g, fallen)


def _eliminate(g: GameState, seat: int) -> None:
    """The player leaves the game with everything they control (ruling 26)."""
    p = g.players[seat]
    p.alive = False
    emit(g, "eliminated", seat=seat)
    undo_temporary_of(g, seat)
    for uid in list(p.units):
        leave_play(g, g.cards[uid])
    for q in g.players:
        for uid in q.units:
            for a in list(g.cards[uid].attachments):
                if g.cards[a].owner == seat:
                    leave_play(g, g.cards[a])
    for q in g.players:    # a unit that lost a health bonus may now hold lethal damage
        for uid in list(q.units):
            if g.cards[uid].damage >= unit_max_health(g, uid):
                destroy(g, uid)
    for uid in list(p.hand):
        to_discard(g, g.cards[uid])
    for it in g.chain:     # its announced cards leave with it (to their discard piles)
        if it.seat == seat and it.card >= 0 and g.cards[it.card].zone == Zone.CHAIN:
            leave_play(g, g.cards[it.card])
    g.chain[:] = [it for it in g.chain if it.seat != seat]
    g.pending[:] = [t for t in g.pending if t.seat != seat]


def _check_game_over(g: GameState, fallen: list[int]) -> None:
    alive = g.alive_seats()
    winners: list[int] | None = None
    if g.format == "sworn":
        n = len(g.order)
        left = {g.order[i]: g.order[(i + 1) % n] for i in range(n)}
        winners = [s for s in g.order if g.players[s].alive and not g.players[left[s]].alive]
        reason = "sworn_enemy_defeated"
        if not winners and len(alive) <= 1:
            winners = alive
    elif g.format == "team":
        teams = {g.players[s].team for s in alive}
        reason = "opposing_team_defeated"
        if len(teams) <= 1:
            winners = [p.seat for p in g.players if p.team in teams]
    else:
        reason = "last_hero_standing"
        if len(alive) <= 1:
            winners = alive
    if winners and any(g.players[s].conceded for s in fallen):  # ended by a concession
        reason = "sworn_enemy_conceded" if g.format == "sworn" else "opponent_conceded"
    if winners is not None:
        finish(g, winners, reason if winners else "all_defeated")


def finish(g: GameState, winners: list[int], reason: str) -> None:
    from shared.rules.realm.state import Phase

    if g.result is not None:
        return
    g.result = {"winners": sorted(winners), "reason": reason}
    g.phase = Phase.OVER
    g.prompt = None
    g.window = None
    emit(g, "game_over", winners=sorted(winners), reason=reason)


def hero_of(seat: int) -> int:
    return hero_ref(seat)


def is_hero(ref: int) -> bool:
    return is_hero_ref(ref)

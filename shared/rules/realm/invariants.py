"""Invariants that hold after every command; used by the random-playout tests and soak."""

from __future__ import annotations

from shared.rules.realm import ops
from shared.rules.realm.engine import legal_actions
from shared.rules.realm.state import GameState, Zone


class InvariantBroken(AssertionError):
    pass


def check(g: GameState, legal_known: bool = False, zones: bool = True) -> None:
    """Raise InvariantBroken naming the first invariant that does not hold.

    ``legal_known``: the caller already saw the seat to act has a legal action.
    ``zones``: run the card census (a command whose only event is ``passed`` moved only
    priority, so playouts skip the census after those)."""
    if zones:
        _zones(g)
    for p in g.players:
        if p.gold < 0:
            raise InvariantBroken(f"seat {p.seat} has negative gold {p.gold}")
        if p.health > p.max_health:
            raise InvariantBroken(f"seat {p.seat} health {p.health} above {p.max_health}")
        if p.alive and p.health <= 0:
            raise InvariantBroken(f"seat {p.seat} alive at {p.health} health")
        for uid in p.units:
            if g.cards[uid].damage >= ops.unit_max_health(g, uid):
                raise InvariantBroken(f"unit {g.cards[uid].card} in play with lethal damage")
    if g.result is None:
        pr = g.prompt
        if pr is None:
            raise InvariantBroken("no decision pending in a running game")
        if not legal_known and not legal_actions(g, pr.seat):
            raise InvariantBroken(f"seat {pr.seat} must decide ({pr.kind}) but has no option")
        if not g.players[pr.seat].alive:
            raise InvariantBroken(f"eliminated seat {pr.seat} asked to decide")


_LISTED = (Zone.DECK, Zone.DISCARD, Zone.HAND, Zone.PLAY, Zone.ATTACHED)


def _zones(g: GameState) -> None:
    """Every card is in exactly one zone: listed once, or in an unlisted zone."""
    listed: list[int] = []
    for d in g.decks.values():
        listed += d
    for d in g.discards.values():
        listed += d
    cards = g.cards
    for p in g.players:
        listed += p.hand
        listed += p.units
        for uid in p.units:
            listed += cards[uid].attachments
    seen = set(listed)
    expected = {c.uid for c in cards if c.zone in _LISTED}
    if len(seen) != len(listed) or seen != expected:
        dup = [u for u in seen if listed.count(u) > 1]
        stray = sorted(seen ^ expected)
        raise InvariantBroken(f"cards in more than one place {dup} or zone mismatch {stray}")
    chain_cards = {it.card for it in g.chain if it.card >= 0}
    for c in cards:
        if c.zone == Zone.CHAIN and c.uid not in chain_cards:
            raise InvariantBroken(f"card {c.card} is on the chain without a chain item")


def turn_ended_with_empty_chain(events: list[dict[str, object]], g: GameState) -> None:
    """No maneuver announced before the last turn began is still on the chain (triggers
    of the new turn, such as "at the start of your turn", may be)."""
    began = [i for i, e in enumerate(events) if e["t"] == "turn_began"]
    if not began or not g.chain or g.result is not None:
        return
    fresh = set()
    for e in events[began[-1]:]:
        item = e.get("item")
        if e["t"] == "announced" and isinstance(item, dict):
            fresh.add(item.get("id"))
    if any(it.id not in fresh for it in g.chain):
        raise InvariantBroken("a turn began with maneuvers still on the chain")

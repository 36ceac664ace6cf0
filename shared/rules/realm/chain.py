"""The chain and the response windows: one explicit state machine.

Theory of operation
===================

Players may play maneuvers only inside a **window** (``g.window``). A window exists in the
maneuver phase, in the end of turn phase, and in the three "chance to play reaction
maneuvers" moments of a battle. Outside windows (production, refresh, draw, and the three
battle steps themselves) nobody may play maneuvers, and triggered effects that fire there
wait in ``g.pending`` until the next window (rulebook: Triggered Effects).

Inside a window exactly one seat holds **priority** (``window.priority``). It may pass or
announce a maneuver. Announcing pushes a ``ChainItem`` on ``g.chain`` (costs are paid and
targets selected first, uninterruptibly) and gives priority to the announcer, starting a
new round of responses ("in clockwise order, starting with the player that announced").
``window.passes`` counts consecutive passes; when every living seat has passed in turn:

* the chain is not empty → the top item (announced last) **resolves**, uninterrupted
  (``g.resolution``; its "choose" prompts are not response windows). Then pending
  triggers go on the chain and a new round starts with the current player;
* the chain is empty → the window **closes** and the turn/battle moves on
  (``flow.on_window_closed``).

Which maneuvers the holder may announce: every kind only when it is the current player,
in its maneuver phase, with the chain empty and no battle under way; otherwise reaction
maneuvers only (action cards, reaction abilities, activated abilities).

Before a seat is given priority, **pending triggers are put on the chain**: the current
player's first, then clockwise; a player with several orders them (prompt ``trigger``),
and chooses each one's targets as it is added (prompt ``targets``; optional ones may be
declined). Then the round starts with the controller of the last trigger added.

Transition table (state → input → next state)
---------------------------------------------

===========================  =======================  =====================================
state                        input                    next
===========================  =======================  =====================================
window, triggers pending     (automatic)              trigger placed on chain (or prompt)
window, priority P           ``pass``, not all passed priority → next living seat
window, priority P           ``pass``, all passed,    resolving top item
                             chain non-empty
window, priority P           ``pass``, all passed,    window closed → flow moves on
                             chain empty
window, priority P           announce maneuver M      M on chain; priority P; passes 0
resolving item               step needs a choice      prompt ``choose``/``draw``/…
resolving item               program finished         item leaves chain; new round from
                                                      the current player (or the battle
                                                      starts, for an initiated battle)
===========================  =======================  =====================================

An illegal input raises ``Refused`` before anything changes (``engine.apply``).
"""

from __future__ import annotations

from typing import Any

from shared.rules.realm import effects, ops
from shared.rules.realm.catalog import Program
from shared.rules.realm.state import (
    Battle,
    ChainItem,
    GameState,
    Phase,
    Prompt,
    Resolution,
    Window,
    Zone,
)


def open_window(g: GameState, start: int | None = None) -> None:
    seat = g.current if start is None else start
    if not g.players[seat].alive:
        seat = g.next_alive(seat)
    g.window = Window(priority=seat)


def can_full_maneuver(g: GameState, seat: int) -> bool:
    return (seat == g.current and g.phase == Phase.MANEUVER and not g.chain
            and g.battle is None and g.window is not None)


def can_react(g: GameState) -> bool:
    return g.window is not None and g.phase in (Phase.MANEUVER, Phase.END)


def push(g: GameState, item: ChainItem) -> None:
    """An announced maneuver joins the chain; its announcer responds first."""
    g.chain.append(item)
    ops.emit(g, "announced", item=describe(g, item))
    g.window = Window(priority=item.seat)


def on_pass(g: GameState, seat: int) -> None:
    w = g.window
    assert w is not None
    ops.emit(g, "passed", seat=seat)
    w.passes += 1
    if w.passes < len(g.alive_seats()):
        w.priority = g.next_alive(w.priority)
        return
    all_passed(g)


def all_passed(g: GameState) -> None:
    """Every living seat passed in turn: the top of the chain resolves, or the window
    closes and the flow moves on."""
    if g.chain:
        begin_resolution(g)
    else:
        g.window = None
        from shared.rules.realm import flow

        flow.on_window_closed(g)


def after_leaving(g: GameState) -> None:
    """A seat with priority left the game (it conceded): the window goes on without it.
    When every seat still in it had passed already, that is the last pass (ruling 41);
    otherwise the next living seat has priority (``advance`` gives it)."""
    w = g.window
    if g.result is None and w is not None and w.passes >= len(g.alive_seats()):
        all_passed(g)


def begin_resolution(g: GameState) -> None:
    item = g.chain[-1]
    g.window = None
    res = Resolution(item=item)
    g.resolution = res
    prog = program_of(g, item)
    # Canceled when it targeted one or more objects and none is left; announced with no
    # target ("up to two": none chosen), it resolves (ruling 42).
    if prog is not None and item.targets and not _any_target_left(g, item):
        g.chain.pop()
        g.resolution = None
        ops.emit(g, "fizzled", id=item.id)
        _after_item_left(g, item, resolved=False)
        return
    if prog is not None and prog.targets:
        item.data["groups"] = _live_groups(g, item)


def _any_target_left(g: GameState, item: ChainItem) -> bool:
    return any(_live_groups(g, item).values())


def _live_groups(g: GameState, item: ChainItem) -> dict[str, list[int]]:
    from shared.rules.realm.targets import live_targets

    prog = program_of(g, item)
    assert prog is not None
    return live_targets(g, prog, item.targets, item.data.get("handles", []))


def continue_resolution(g: GameState) -> None:
    """Run the resolving item until it finishes or waits for a choice."""
    res = g.resolution
    assert res is not None
    item = res.item
    done = _resolve_item(g, res)
    if not done:
        return
    if g.chain and g.chain[-1] is item:
        g.chain.pop()
    g.resolution = None
    ops.emit(g, "resolved", id=item.id)
    _after_item_left(g, item, resolved=True)


def _after_item_left(g: GameState, item: ChainItem, resolved: bool) -> None:
    card = g.cards[item.card] if item.card >= 0 else None
    if card is not None and card.zone == Zone.CHAIN:
        ops.leave_play(g, card)   # an action card goes to its discard pile
    if g.result is not None:
        return
    if resolved and item.kind == "battle" and g.players[item.opponent].alive:
        g.battle = Battle(attacker=item.seat, defender=item.opponent)
        ops.emit(g, "battle_began", seat=item.seat, opponent=item.opponent)
        from shared.rules.realm import flow

        flow.start_declare(g)
        return
    open_window(g)


def _resolve_item(g: GameState, res: Resolution) -> bool:
    item = res.item
    kind = item.kind
    if kind == "unlock":
        p = g.players[item.seat]
        p.abilities[item.source] = 0
        ops.emit(g, "unlocked", seat=item.seat, ability=item.source)
        return True
    if kind == "enlist":
        c = g.cards[item.card]
        ops.enter_play(g, c, item.seat)
        ops.emit(g, "enlisted", seat=item.seat, card=c.card, handle=c.handle)
        return True
    if kind == "battle":
        return True
    prog = program_of(g, item)
    assert prog is not None
    return effects.run_program(g, res, prog)


def program_of(g: GameState, item: ChainItem) -> Program | None:
    cat = g.ctx.catalog
    if item.kind == "ability":
        hero = cat.heroes[g.players[item.seat].hero]
        return hero.ability(item.source).program
    if item.kind == "play":
        return cat.cards[item.source].halves[item.half].program
    if item.kind == "activate":
        return cat.cards[item.source].activated[item.index].program
    if item.kind == "trigger":
        return cat.cards[item.source].triggers[item.index].program
    return None


def describe(g: GameState, item: ChainItem) -> dict[str, Any]:
    """A chain entry as plain data (for views and events)."""
    handles: list[int] = item.data.get("handles", [])
    targets = []
    for ref, h in zip(item.targets, handles, strict=False):
        if ref < 0:
            targets.append(ops.wire_ref(g, ref))
        else:   # a unit that left play is shown as gone, not by a stale handle
            targets.append(f"u:{h}" if g.cards[ref].handle == h else "gone")
    out: dict[str, Any] = {"id": item.id, "seat": item.seat, "kind": item.kind,
                           "source": item.source, "targets": targets}
    if item.kind == "play" and g.ctx.catalog.cards[item.source].is_split:
        out["half"] = item.half
    if item.kind == "battle":
        out["opponent"] = item.opponent
    return out


# --------------------------------------------------------------------------- triggers


def place_triggers(g: GameState) -> None:
    """Put the next pending trigger on the chain, or ask its controller to decide."""
    seat = _next_trigger_seat(g)
    mine = [i for i, t in enumerate(g.pending) if t.seat == seat]
    if len(mine) > 1 and not _all_same(g, mine):
        g.prompt = Prompt(kind="trigger", seat=seat, data={"indices": mine})
        return
    prepare_trigger(g, mine[0])


def _all_same(g: GameState, idx: list[int]) -> bool:
    first = g.pending[idx[0]]
    return all(g.pending[i].card_id == first.card_id and g.pending[i].index == first.index
               and not trigger_def(g, i).program.targets for i in idx)


def _next_trigger_seat(g: GameState) -> int:
    seats = {t.seat for t in g.pending}
    for s in g.clockwise_from(g.current):
        if s in seats:
            return s
    return g.pending[0].seat


def trigger_def(g: GameState, i: int) -> Any:
    t = g.pending[i]
    return g.ctx.catalog.cards[t.card_id].triggers[t.index]


def prepare_trigger(g: GameState, i: int) -> None:
    """Trigger ``i`` is added next: choose targets (or decline) as it is added."""
    from shared.rules.realm.targets import trigger_target_options

    trig = trigger_def(g, i)
    t = g.pending[i]
    if not trig.program.targets and not trig.optional:
        add_trigger(g, i, ())
        return
    if trig.program.targets and not trigger_target_options(g, trig.program, t.seat, t.card):
        g.pending.pop(i)
        ops.emit(g, "trigger_skipped", seat=t.seat, source=t.card_id)
        return
    g.prompt = Prompt(kind="targets", seat=t.seat, data={"index": i})


def add_trigger(g: GameState, i: int, targets: tuple[int, ...]) -> None:
    t = g.pending.pop(i)
    item = ChainItem(id=g.next_item, seat=t.seat, kind="trigger", source=t.card_id,
                     card=t.card, index=t.index, targets=targets,
                     data={"handles": [g.cards[r].handle if r >= 0 else 0 for r in targets],
                           "event": t.event})
    g.next_item += 1
    if t.card >= 0 and g.cards[t.card].zone not in (Zone.PLAY, Zone.ATTACHED):
        item.card = -1           # the source left play; the effect still resolves
    g.chain.append(item)
    ops.emit(g, "announced", item=describe(g, item))
    g.window = Window(priority=t.seat)

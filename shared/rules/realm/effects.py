"""The effect vocabulary: the verbs card files use, their arguments, and how they resolve.

A program runs step by step with a program counter (``Resolution.pc``). A step that
needs a "choose" (rulebook: Choose vs. Select Target) sets a prompt and returns False;
the answer arrives in ``Resolution.answer`` and the same step runs again to use it.
Choices are made while the effect resolves and cannot be responded to.

Each verb's arguments are validated when a card file loads (``validate_step``); a unique
effect is a named function reached with the verb ``call``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from shared.rules.realm import ops
from shared.rules.realm.catalog import Catalog, CatalogError, Program, Step
from shared.rules.realm.state import (
    GameState,
    Player,
    Prompt,
    Resolution,
    Zone,
    hero_ref,
    is_unit_ref,
    ref_seat,
)

# Selectors usable as a step's ``target`` besides the program's own target names.
SELECTORS = (
    "self",              # the card whose ability this is (a unit)
    "host",              # the unit this card is attached to
    "my_hero",           # the hero of the player resolving it
    "each_enemy_hero", "each_hero",
    "each_unit", "each_enemy_unit", "each_own_unit", "each_other_unit",
)

STATICS = ("allies_attack", "allies_health", "host_attack", "host_health", "defends_exhausted")

StepFn = Callable[[GameState, Resolution, Step], bool]

# verb -> {argument: (type, required)}
_INT, _STR, _BOOL, _LIST = int, str, bool, list
SCHEMAS: dict[str, dict[str, tuple[type, bool]]] = {
    "damage": {"target": (_STR, True), "amount": (_INT, True), "per": (_STR, False)},
    "heal": {"target": (_STR, True), "amount": (_INT, True), "per": (_STR, False)},
    "prevent": {"target": (_STR, True), "amount": (_INT, True), "per": (_STR, False)},
    "augment": {"target": (_STR, True), "amount": (_INT, False), "per": (_STR, False)},
    "counter": {"target": (_STR, True), "name": (_STR, True), "amount": (_INT, False)},
    "remove_counters": {"target": (_STR, True), "name": (_STR, True), "amount": (_INT, False),
                        "remember": (_STR, False)},
    "modify_attack": {"target": (_STR, True), "amount": (_INT, True), "until": (_STR, False)},
    "destroy": {"target": (_STR, True)},
    "exhaust": {"target": (_STR, True)},
    "refresh": {"target": (_STR, True)},
    "draw": {"count": (_INT, False), "deck": (_STR, False)},
    "gain_gold": {"amount": (_INT, True)},
    "production_gap": {"remember": (_STR, True)},
    "unit_gap": {"remember": (_STR, True)},
    "discard": {"who": (_STR, True), "count": (_INT, False)},
    "put_special": {"card": (_STR, True), "count": (_INT, False), "per": (_STR, False)},
    "attach_special": {"card": (_STR, True), "target": (_STR, True)},
    "attach_this": {"target": (_STR, True)},
    "recruit_from_discard": {"decks": (_LIST, True), "count": (_INT, False),
                             "up_to": (_BOOL, False)},
    "bury_from_discard": {"count": (_INT, False), "up_to": (_BOOL, False),
                          "remember": (_STR, False)},
    "mill": {"decks": (_LIST, True), "times": (_INT, False)},
    "equip": {},
    "move_cooldown": {"amount": (_INT, False)},
    "ready_ability": {},
    "destroy_own_unit": {"up_to": (_BOOL, False), "remember": (_STR, False)},
    "take_control": {"target": (_STR, True)},
    "remove_until_end_of_turn": {"target": (_STR, True)},
    "call": {"fn": (_STR, True), "target": (_STR, False), "amount": (_INT, False)},
}
#: ``together``: the step happens at the same moment as the one before it (the card's
#: text joins them with "and", not "then"), so heroes they bring to 0 fall together.
COMMON_ARGS: dict[str, tuple[type, bool]] = {"verb": (_STR, True), "if": (_STR, False),
                                             "together": (_BOOL, False)}
#: Chain items that come from a hero ability (named from the hero, not the catalog).
_ABILITY = frozenset(("ability", "unlock"))
_UNTIL = ("turn", "battle")
_WHO = ("self", "each_opponent", "target_player")


def validate_step(raw: dict[str, Any], target_names: set[str], where: str) -> Step:
    verb = raw.get("verb")
    if not isinstance(verb, str) or verb not in SCHEMAS:
        raise CatalogError(f"{where}: field 'verb': unknown verb {verb!r}")
    schema = {**COMMON_ARGS, **SCHEMAS[verb]}
    for key, value in raw.items():
        if key not in schema:
            raise CatalogError(f"{where}: field {key!r}: unknown field for verb {verb!r}")
        kind, _ = schema[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise CatalogError(f"{where}: field {key!r}: must be {kind.__name__}")
    for key, (_, required) in schema.items():
        if required and key not in raw:
            raise CatalogError(f"{where}: field {key!r}: is required for verb {verb!r}")
    _check_values(raw, target_names, where)
    args = {k: v for k, v in raw.items() if k != "verb"}
    return Step(verb=verb, args=args)


def _check_values(raw: dict[str, Any], names: set[str], where: str) -> None:
    target = raw.get("target")
    if target is not None and target not in names and target not in SELECTORS:
        raise CatalogError(f"{where}: field 'target': {target!r} is neither a declared "
                           f"target nor a selector ({', '.join(SELECTORS)})")
    if raw.get("until", "turn") not in _UNTIL:
        raise CatalogError(f"{where}: field 'until': expected one of {', '.join(_UNTIL)}")
    if raw.get("who", "self") not in _WHO:
        raise CatalogError(f"{where}: field 'who': expected one of {', '.join(_WHO)}")
    for d in raw.get("decks", []):
        if d not in ("basic", "elite", "action"):
            raise CatalogError(f"{where}: field 'decks': unknown deck {d!r}")
    if raw.get("verb") == "call" and raw["fn"] not in NAMED:
        raise CatalogError(f"{where}: field 'fn': unknown named effect {raw['fn']!r}")


def check_card_refs(prog: Program, catalog: Catalog, where: str) -> None:
    for step in prog.steps:
        card = step.args.get("card")
        if card is not None and card not in catalog.cards:
            raise CatalogError(f"{where}: effect names card {card!r}, which no file defines")


# --------------------------------------------------------------------------- running


def run_program(g: GameState, res: Resolution, prog: Program) -> bool:
    """Run steps from ``res.pc``; False when a step waits for a choice.

    Heroes a step brings to 0 are defeated once the step is over, together with those
    of the steps joined to it by ``together`` (ruling 43)."""
    steps = prog.steps
    while res.pc < len(steps):
        step = steps[res.pc]
        cond = step.args.get("if")
        if (cond is None or res.memo.get(cond)) and not VERBS[step.verb](g, res, step):
            _defeat_fallen(g, res)   # nobody is asked to choose while a hero stands at 0
            return False
        res.pc += 1
        res.answer = None
        if res.pc == len(steps) or not steps[res.pc].args.get("together"):
            _defeat_fallen(g, res)
        if g.result is not None or not g.players[res.item.seat].alive:
            return True   # its player was eliminated: the rest of the effect disappears
    return True


_FALLEN = "_fallen"   # memo: seats whose hero the running steps brought to 0


def _hit(g: GameState, res: Resolution, ref: int, amount: int) -> None:
    """Deal an effect's damage; a hero brought to 0 waits for ``_defeat_fallen``."""
    ops.deal_damage(g, ref, amount, defeat_now=False)
    if not is_unit_ref(ref) and g.players[ref_seat(ref)].health <= 0:
        res.memo.setdefault(_FALLEN, []).append(ref_seat(ref))


def _defeat_fallen(g: GameState, res: Resolution) -> None:
    fallen: list[int] = res.memo.pop(_FALLEN, [])
    ops.defeat_together(g, [s for s in fallen if g.players[s].health <= 0])


def resolve_refs(g: GameState, res: Resolution, sel: str) -> list[int]:
    """The objects a ``target`` argument means now (gone targets are left out)."""
    item = res.item
    seat = item.seat
    groups: dict[str, list[int]] = item.data.get("groups", {})
    if sel in groups:
        return [r for r in groups[sel] if ops.in_play(g, r)]
    if sel == "self":
        return [item.card] if item.card >= 0 and g.cards[item.card].zone == Zone.PLAY else []
    if sel == "host":
        host = g.cards[item.card].host if item.card >= 0 else -1
        return [host] if host >= 0 and g.cards[host].zone == Zone.PLAY else []
    if sel == "my_hero":
        return [hero_ref(seat)] if g.players[seat].alive else []
    return _each(g, sel, seat, item.card)


def _each(g: GameState, sel: str, seat: int, source: int) -> list[int]:
    from shared.rules.realm.targets import are_enemies

    if sel == "each_hero":
        return [hero_ref(p.seat) for p in g.players if p.alive]
    if sel == "each_enemy_hero":
        return [hero_ref(p.seat) for p in g.players if p.alive and are_enemies(g, seat, p.seat)]
    out: list[int] = []
    for p in g.players:
        if not p.alive:
            continue
        if sel == "each_enemy_unit" and not are_enemies(g, seat, p.seat):
            continue
        if sel == "each_own_unit" and p.seat != seat:
            continue
        out.extend(u for u in p.units if not (sel == "each_other_unit" and u == source))
    return out


def _for_each(fn: Callable[[GameState, int, int], object]) -> StepFn:
    def verb(g: GameState, res: Resolution, step: Step) -> bool:
        amount = int(step.args.get("amount", 1))
        per = step.args.get("per")
        if per is not None:            # "for each …": times a remembered number
            amount *= int(res.memo.get(per, 0))
        for ref in resolve_refs(g, res, step.args["target"]):
            fn(g, ref, amount)
        return True
    return verb


def _augment(g: GameState, ref: int, n: int) -> None:
    if is_unit_ref(ref):
        g.cards[ref].augments += n
        ops.emit(g, "augmented", target=ops.wire_ref(g, ref), amount=n)


def _destroy(g: GameState, ref: int, _: int) -> None:
    if is_unit_ref(ref):
        ops.destroy(g, ref)


def _exhaust(g: GameState, ref: int, _: int) -> None:
    if is_unit_ref(ref):
        g.cards[ref].exhausted = True
    else:
        g.players[ref_seat(ref)].weapon_exhausted = True
    ops.emit(g, "exhausted", target=ops.wire_ref(g, ref))


def _refresh(g: GameState, ref: int, _: int) -> None:
    if is_unit_ref(ref):
        g.cards[ref].exhausted = False
    else:
        g.players[ref_seat(ref)].weapon_exhausted = False
    ops.emit(g, "refreshed", target=ops.wire_ref(g, ref))


def v_damage(g: GameState, res: Resolution, step: Step) -> bool:
    """Deal damage to every object the target means, all at the same moment."""
    amount = int(step.args.get("amount", 1))
    per = step.args.get("per")
    if per is not None:            # "for each …": times a remembered number
        amount *= int(res.memo.get(per, 0))
    for ref in resolve_refs(g, res, step.args["target"]):
        _hit(g, res, ref, amount)
    return True


def _heal(g: GameState, ref: int, n: int) -> None:
    ops.heal(g, ref, n)


def v_counter(g: GameState, res: Resolution, step: Step) -> bool:
    name = step.args["name"]
    amount = int(step.args.get("amount", 1))
    for ref in resolve_refs(g, res, step.args["target"]):
        counters = g.cards[ref].counters if is_unit_ref(ref) else \
            g.players[ref_seat(ref)].counters
        counters[name] = max(0, counters.get(name, 0) + amount)
        ops.emit(g, "counter_added", target=ops.wire_ref(g, ref), name=name, amount=amount)
    return True


def v_remove_counters(g: GameState, res: Resolution, step: Step) -> bool:
    """Remove counters of one kind (all of them unless ``amount``); remember how many."""
    name = step.args["name"]
    limit = step.args.get("amount")
    removed = 0
    for ref in resolve_refs(g, res, step.args["target"]):
        counters = g.cards[ref].counters if is_unit_ref(ref) else \
            g.players[ref_seat(ref)].counters
        have = counters.get(name, 0)
        n = have if limit is None else min(have, int(limit))
        if n <= 0:
            continue
        counters[name] = have - n
        if counters[name] == 0:
            del counters[name]
        removed += n
        ops.emit(g, "counter_removed", target=ops.wire_ref(g, ref), name=name, amount=n)
    key = step.args.get("remember")
    if key is not None:
        res.memo[key] = res.memo.get(key, 0) + removed
    return True


def v_modify_attack(g: GameState, res: Resolution, step: Step) -> bool:
    amount = int(step.args["amount"])
    until = step.args.get("until", "turn")
    for ref in resolve_refs(g, res, step.args["target"]):
        ops.add_temporary(g, until, ref, amount, res.item.seat)
        ops.emit(g, "attack_modified", target=ops.wire_ref(g, ref), amount=amount, until=until)
    return True


def v_prevent(g: GameState, res: Resolution, step: Step) -> bool:
    amount = int(step.args.get("amount", 1))
    per = step.args.get("per")
    if per is not None:
        amount *= int(res.memo.get(per, 0))
    for ref in resolve_refs(g, res, step.args["target"]):
        ops.add_temporary(g, "shield", ref, amount, res.item.seat)
        ops.emit(g, "shielded", target=ops.wire_ref(g, ref), amount=amount)
    return True


def v_gain_gold(g: GameState, res: Resolution, step: Step) -> bool:
    p = g.players[res.item.seat]
    p.gold += int(step.args["amount"])
    ops.emit(g, "gold_gained", seat=p.seat, amount=int(step.args["amount"]))
    return True


def _remember_gap(g: GameState, res: Resolution, step: Step,
                  measure: Callable[[Player], int]) -> bool:
    """Remember by how much the opponent highest in ``measure`` is above the resolving
    player (0 if none is), under the step's ``remember`` name, for a later ``if``."""
    from shared.rules.realm.targets import are_enemies

    seat = res.item.seat
    own = measure(g.players[seat])
    gap = max(
        (measure(p) - own for p in g.players if p.alive and are_enemies(g, seat, p.seat)),
        default=0,
    )
    res.memo[str(step.args["remember"])] = max(gap, 0)
    return True


def v_unit_gap(g: GameState, res: Resolution, step: Step) -> bool:
    """"If an opponent controls more units than you, …" is ``if`` on the remembered name."""
    return _remember_gap(g, res, step, lambda p: len(p.units))


def v_production_gap(g: GameState, res: Resolution, step: Step) -> bool:
    """"If an opponent's production rating is higher than yours, …" is ``if`` on the
    remembered name."""
    return _remember_gap(g, res, step, lambda p: p.production)


# --------------------------------------------------------------------------- choices


def ask(g: GameState, seat: int, labels: list[str], values: list[Any], why: str) -> bool:
    """Set a "choose" prompt; always returns False (the step waits)."""
    g.prompt = Prompt(kind="choose", seat=seat,
                      data={"options": labels, "values": values, "why": why})
    return False


_NONE = -1   # the value of a "No more" / "None" option (None means "not answered yet")


def _counter_key(res: Resolution, name: str) -> str:
    return f"_{res.pc}_{name}"


def v_draw(g: GameState, res: Resolution, step: Step) -> bool:
    seat = res.item.seat
    count = int(step.args.get("count", 1))
    key = _counter_key(res, "drawn")
    while res.memo.get(key, 0) < count:
        fixed = step.args.get("deck")
        if fixed is not None:
            ops.draw(g, seat, fixed)
        elif res.answer is None:
            decks = [d for d in ("basic", "elite", "action") if ops.can_draw(g, d)]
            if not decks:
                return True
            g.prompt = Prompt(kind="draw", seat=seat, data={"decks": decks})
            return False
        else:
            ops.draw(g, seat, res.answer)
            res.answer = None
        res.memo[key] = res.memo.get(key, 0) + 1
    return True


def v_discard(g: GameState, res: Resolution, step: Step) -> bool:
    """Players discard cards of their choice (each opponent in clockwise order)."""
    from shared.rules.realm.targets import are_enemies

    seat = res.item.seat
    who = step.args["who"]
    if who == "self":
        order = [seat]
    else:
        order = [s for s in g.clockwise_from(g.current) if are_enemies(g, seat, s)]
    count = int(step.args.get("count", 1))
    key = _counter_key(res, "done")
    done: int = res.memo.get(key, 0)
    while done < len(order) * count:
        chooser = order[done // count]
        if res.answer is None:
            hand = g.players[chooser].hand
            if not hand:
                done += count - done % count
                res.memo[key] = done
                continue
            item = res.item  # what makes the seat discard, for the prompt to say
            why = {"source": item.source, "by": item.seat, "ability": item.kind in _ABILITY}
            g.prompt = Prompt(kind="discard", seat=chooser, data=why)
            return False
        ops.discard_from_hand(g, chooser, res.answer)
        res.answer = None
        done += 1
        res.memo[key] = done
    return True


def v_put_special(g: GameState, res: Resolution, step: Step) -> bool:
    seat = res.item.seat
    count = int(step.args.get("count", 1))
    per = step.args.get("per")
    if per is not None:
        count *= int(res.memo.get(per, 0))
    for _ in range(count):
        c = ops.take_special(g, seat, step.args["card"])
        ops.enter_play(g, c, seat)
    return True


def v_attach_special(g: GameState, res: Resolution, step: Step) -> bool:
    for ref in resolve_refs(g, res, step.args["target"]):
        if is_unit_ref(ref):
            c = ops.take_special(g, res.item.seat, step.args["card"])
            ops.attach(g, c, g.cards[ref])
    return True


def v_attach_this(g: GameState, res: Resolution, step: Step) -> bool:
    refs = [r for r in resolve_refs(g, res, step.args["target"]) if is_unit_ref(r)]
    card = res.item.card
    if refs and card >= 0 and g.cards[card].zone == Zone.CHAIN:
        ops.attach(g, g.cards[card], g.cards[refs[0]])
        res.memo["_attached"] = True
    return True


def _discard_units(g: GameState, decks: list[str]) -> list[int]:
    out: list[int] = []
    for d in decks:
        pile = g.discards[d]
        out.extend(uid for uid in reversed(pile)
                   if g.ctx.catalog.cards[g.cards[uid].card].is_unit)
    return out


def _pick_many(g: GameState, res: Resolution, step: Step, options: list[int],
               why: str) -> tuple[bool, int | None]:
    """One pick of a "choose up to N" loop: (finished, picked uid or None)."""
    count = int(step.args.get("count", 1))
    up_to = bool(step.args.get("up_to", False))
    key = _counter_key(res, "n")
    n = res.memo.get(key, 0)
    if n >= count or not options:
        return True, None
    if res.answer is None:
        labels = [g.ctx.catalog.cards[g.cards[u].card].name for u in options]
        values: list[Any] = list(options)
        if up_to:
            labels.append("No more")
            values.append(_NONE)
        ask(g, res.item.seat, labels, values, why)
        return False, None
    picked = res.answer
    res.answer = None
    if picked == _NONE:
        res.memo[key] = count
        return True, None
    res.memo[key] = n + 1
    return False, int(picked)


def v_recruit_from_discard(g: GameState, res: Resolution, step: Step) -> bool:
    while True:
        done, uid = _pick_many(g, res, step, _discard_units(g, step.args["decks"]),
                               "put into play from a discard pile")
        if uid is not None:
            c = g.cards[uid]
            ops.detach_from_zone(g, c)
            ops.enter_play(g, c, res.item.seat)
            continue
        return done


def v_bury_from_discard(g: GameState, res: Resolution, step: Step) -> bool:
    remember = step.args.get("remember", "moved")
    while True:
        done, uid = _pick_many(g, res, step, _discard_units(g, ["basic", "elite"]),
                               "put on the bottom of its deck")
        if uid is not None:
            c = g.cards[uid]
            ops.to_deck_bottom(g, c)
            ops.emit(g, "buried", card=c.card)
            res.memo[remember] = res.memo.get(remember, 0) + 1
            continue
        return done


def v_mill(g: GameState, res: Resolution, step: Step) -> bool:
    decks: list[str] = step.args["decks"]
    times = int(step.args.get("times", 1))
    key = _counter_key(res, "milled")
    while res.memo.get(key, 0) < times:
        if len(decks) == 1:
            ops.mill(g, decks[0])
        elif res.answer is None:
            usable = [d for d in decks if ops.can_draw(g, d)]
            if not usable:
                return True
            labels = [f"{d} unit deck" if d != "action" else "action deck" for d in usable]
            why = "put the top card of a deck into its discard pile"  # the rulebook's words
            return ask(g, res.item.seat, labels, list(usable), why)
        else:
            ops.mill(g, res.answer)
            res.answer = None
        res.memo[key] = res.memo.get(key, 0) + 1
    return True


def equip_options(g: GameState, seat: int) -> list[tuple[str, str]]:
    hero = g.ctx.catalog.heroes[g.players[seat].hero]
    weapons = list(dict.fromkeys(hero.weapons))
    armors = list(dict.fromkeys(hero.armors))
    return [(w, a) for w in weapons for a in armors]


def set_equipment(g: GameState, seat: int, weapon: str, armor: str) -> None:
    p = g.players[seat]
    p.weapon = weapon
    p.armor = armor
    ops.emit(g, "equipped", seat=seat, weapon=weapon, armor=armor)


def v_equip(g: GameState, res: Resolution, step: Step) -> bool:
    seat = res.item.seat
    if res.answer is None:
        g.prompt = Prompt(kind="equip", seat=seat, data={})
        return False
    weapon, armor = res.answer
    set_equipment(g, seat, weapon, armor)
    return True


def _cooldown_choices(g: GameState, res: Resolution) -> list[str]:
    p = g.players[res.item.seat]
    source = res.item.source
    return [a for a, cd in p.abilities.items() if cd > 0 and a != source]


def v_move_cooldown(g: GameState, res: Resolution, step: Step) -> bool:
    """Move another of your hero's cooldown counters closer to ready (choose on resolve)."""
    options = _cooldown_choices(g, res)
    if not options:
        return True
    if res.answer is None:
        hero = g.ctx.catalog.heroes[g.players[res.item.seat].hero]
        return ask(g, res.item.seat, [hero.ability(a).name for a in options], options,
                   "move a cooldown counter closer to ready")
    p = g.players[res.item.seat]
    aid = res.answer
    p.abilities[aid] = max(0, p.abilities[aid] - int(step.args.get("amount", 1)))
    ops.emit(g, "cooldown_moved", seat=p.seat, ability=aid, cooldown=p.abilities[aid])
    return True


def v_ready_ability(g: GameState, res: Resolution, step: Step) -> bool:
    options = _cooldown_choices(g, res)
    if not options:
        return True
    if res.answer is None:
        hero = g.ctx.catalog.heroes[g.players[res.item.seat].hero]
        return ask(g, res.item.seat, [hero.ability(a).name for a in options], options,
                   "ready a hero ability")
    p = g.players[res.item.seat]
    p.abilities[res.answer] = 0
    ops.emit(g, "ability_readied", seat=p.seat, ability=res.answer)
    return True


def v_destroy_own_unit(g: GameState, res: Resolution, step: Step) -> bool:
    seat = res.item.seat
    units = list(g.players[seat].units)
    if not units:
        return True
    if res.answer is None:
        labels = [g.ctx.catalog.cards[g.cards[u].card].name for u in units]
        values: list[Any] = list(units)
        if step.args.get("up_to", True):
            labels.append("None")
            values.append(_NONE)
        return ask(g, seat, labels, values, "destroy a unit you control")
    if res.answer != _NONE and ops.destroy(g, int(res.answer)):
        res.memo[step.args.get("remember", "destroyed")] = 1
    return True


def v_take_control(g: GameState, res: Resolution, step: Step) -> bool:
    """Target units switch to the resolving player's territory (they entered it now);
    one attacking or defending leaves the battle for good (ruling 44), and its
    ``control_changed`` event says so (``left_battle``)."""
    from shared.rules.realm import flow

    seat = res.item.seat
    for ref in resolve_refs(g, res, step.args["target"]):
        if is_unit_ref(ref) and g.cards[ref].controller != seat:
            c = g.cards[ref]
            old = c.controller
            left = flow.leave_battle(g, ref)
            g.players[old].units.remove(c.uid)
            g.players[seat].units.append(c.uid)
            c.controller = seat
            c.entered_turn = g.turn
            for a in c.attachments:
                g.cards[a].controller = seat
            ops.emit(g, "control_changed", target=ops.wire_ref(g, ref), seat=seat, old=old,
                     left_battle=left)
    return True


def v_remove_until_end_of_turn(g: GameState, res: Resolution, step: Step) -> bool:
    """Target units leave play; at the end of the turn each returns to its most recent
    controller's territory as a newly played card (rulebook: Territories and Control)."""
    for ref in resolve_refs(g, res, step.args["target"]):
        if is_unit_ref(ref):
            ops.remove_temporarily(g, g.cards[ref])
    return True


def v_call(g: GameState, res: Resolution, step: Step) -> bool:
    return NAMED[step.args["fn"]](g, res, step)


# --------------------------------------------------------------------------- named effects


def fx_syphon_life(g: GameState, res: Resolution, step: Step) -> bool:
    """Destroy target unit; heal your hero by that unit's maximum health."""
    for ref in resolve_refs(g, res, step.args.get("target", "target")):
        if is_unit_ref(ref):
            amount = ops.unit_max_health(g, ref)
            ops.destroy(g, ref)
            ops.heal(g, hero_ref(res.item.seat), amount)
    return True


def fx_damage_per_curse(g: GameState, res: Resolution, step: Step) -> bool:
    """Deal damage to the target equal to the curse counters on it."""
    for ref in resolve_refs(g, res, step.args.get("target", "target")):
        counters = g.cards[ref].counters if is_unit_ref(ref) else \
            g.players[ref_seat(ref)].counters
        _hit(g, res, ref, counters.get("curse", 0))
    return True


def fx_damage_cursed(g: GameState, res: Resolution, step: Step) -> bool:
    """Deal ``amount`` damage to each enemy unit or hero that has a curse counter on it
    (an enemy hero without one is not hit)."""
    from shared.rules.realm.targets import are_enemies

    amount = int(step.args.get("amount", 1))
    seat = res.item.seat
    for p in g.players:
        if not p.alive or not are_enemies(g, seat, p.seat):
            continue
        for uid in list(p.units):
            if g.cards[uid].counters.get("curse", 0) > 0:
                _hit(g, res, uid, amount)
        if p.counters.get("curse", 0) > 0:
            _hit(g, res, hero_ref(p.seat), amount)
    return True


NAMED: dict[str, StepFn] = {
    "syphon_life": fx_syphon_life,
    "damage_per_curse": fx_damage_per_curse,
    "damage_cursed": fx_damage_cursed,
}

VERBS: Mapping[str, StepFn] = {
    "damage": v_damage,
    "heal": _for_each(_heal),
    "prevent": v_prevent,
    "augment": _for_each(_augment),
    "counter": v_counter,
    "remove_counters": v_remove_counters,
    "modify_attack": v_modify_attack,
    "destroy": _for_each(_destroy),
    "exhaust": _for_each(_exhaust),
    "refresh": _for_each(_refresh),
    "draw": v_draw,
    "gain_gold": v_gain_gold,
    "production_gap": v_production_gap,
    "unit_gap": v_unit_gap,
    "discard": v_discard,
    "put_special": v_put_special,
    "attach_special": v_attach_special,
    "attach_this": v_attach_this,
    "recruit_from_discard": v_recruit_from_discard,
    "bury_from_discard": v_bury_from_discard,
    "mill": v_mill,
    "equip": v_equip,
    "move_cooldown": v_move_cooldown,
    "ready_ability": v_ready_ability,
    "destroy_own_unit": v_destroy_own_unit,
    "take_control": v_take_control,
    "remove_until_end_of_turn": v_remove_until_end_of_turn,
    "call": v_call,
}

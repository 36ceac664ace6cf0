"""Plain sentences for the game log, made from past-tense events (pure; no Textual).

Events carry no prose (``docs/realm-interface.md``); words are made here, at the edge.
An event this module does not know yet still gets a sentence (its type and fields), so
the log never drops anything the server sent this seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from client.viewmodel.prompt import DECK_NAMES
from client.viewmodel.refs import Namer, UnitNumbers
from client.viewmodel.table import PHASE_NAMES, STEP_NAMES, chain_label
from client.viewmodel.words import possessive

Event = Mapping[str, Any]


def _who(e: Event, n: Namer) -> str:
    return n.seat(e.get("seat"))


def _whose(e: Event, n: Namer) -> str:
    """"Alice's", "Agnes'": the seat of the event, as the prompt writes a possessive."""
    return possessive(_who(e, n))


def _thing(e: Event, n: Namer) -> str:
    """The object of an event: a target ref, a handle or a card id."""
    if e.get("target") is not None:
        return n.ref(str(e["target"]))
    if e.get("ref") is not None:
        return n.ref(str(e["ref"]))
    if e.get("unit") is not None:
        return n.ref(str(e["unit"]))
    if e.get("card") is not None:
        card = e["card"]
        return n.handle(card) if isinstance(card, int) else n.card(str(card))
    if e.get("handle") is not None:
        return n.handle(int(e["handle"]))
    return "a card"


def _drew(e: Event, n: Namer) -> str:
    deck = DECK_NAMES.get(str(e.get("deck")), str(e.get("deck", "a deck")))
    card = e.get("card")
    if card is not None:
        name = n.card(str(card)) if isinstance(card, str) else n.handle(int(card))
        return f"{_who(e, n)} drew {name} from the {deck}."
    return f"{_who(e, n)} drew a card from the {deck}."


def _announced(e: Event, n: Namer) -> str:
    item = e.get("item") or {}
    who = n.seat(item.get("seat", e.get("seat")))
    if item.get("kind") == "battle" and item.get("opponent") is not None:
        return f"{who} announced a battle against {n.seat(item['opponent'])}."
    label = chain_label(item, n)
    if item.get("kind") == "unlock":
        return f"{who} announced {label[:1].lower()}{label[1:]}."
    targets = item.get("targets") or []
    on = f" targeting {n.refs(list(targets))}" if targets else ""
    if item.get("kind") == "trigger":  # added to the chain by itself: nobody chose it
        # whose it is: "Alice", or "Alice's weapon" as the line of its attack names it
        return f"{label} ({n.entry_owner(item) or who}) triggered{',' if on else ''}{on}."
    return f"{who} announced {log_label(item, n)}{on}."


def log_label(item: Mapping[str, Any], n: Namer) -> str:
    """How the log names a chain entry: a triggered effect as "Robe of the Warden's
    effect" (its card did nothing a player chose), any other entry as the chain shows it
    (a card's activated ability: "High Cleric's ability")."""
    label = chain_label(item, n)
    if item.get("kind") == "trigger":
        return f"{possessive(label)} effect"
    return label


#: How long an attack power modifier lasts, in the cards' words.
_UNTIL = {"turn": " until the end of the turn", "battle": " for this battle"}


def _attack_modified(e: Event, n: Namer) -> str:
    """"Scout Outrider (Bob) gets +2 attack power until the end of the turn.", as the
    cards say it."""
    amount = e.get("amount", "?")
    signed = f"{amount:+d}" if isinstance(amount, int) else str(amount)
    until = _UNTIL.get(str(e.get("until")), "")
    return f"{_thing(e, n)} gets {signed} attack power{until}."


def _damaged(e: Event, n: Namer) -> str:
    """"Infantry (Alice) dealt 3 battle damage to Halberdier (Bob).": by its source
    when the event names one (battle damage: the attacker or defender that dealt it)
    the log can name (a sync's earlier events may name a unit no view or event shows)."""
    kind = " battle" if e.get("battle") else ""
    amount = e.get("amount", "?")
    source = e.get("source")
    if _nameable(source, n):
        return f"{n.ref(str(source))} dealt {amount}{kind} damage to {_thing(e, n)}."
    return f"{_thing(e, n)} was dealt {amount}{kind} damage."


def _nameable(source: object, n: Namer) -> bool:
    """Whether the log can name ``source`` (a unit a sync's earlier events name may be
    one no view or event shows: not named "card #…")."""
    return isinstance(source, str) and (not source.startswith("u:") or bool(n.card_of(source)))


def _armor_prevented(e: Event, n: Namer) -> str:
    """"Bob's armor prevented 2 battle damage from Infantry (Alice).": the unblocked
    attacker whose damage it was, when the event names one the log can name."""
    line = f"{_whose(e, n)} armor prevented {e.get('amount', '?')} battle damage"
    source = e.get("source")
    return f"{line} from {n.ref(str(source))}." if _nameable(source, n) else f"{line}."


def _game_over(e: Event, n: Namer) -> str:
    winners = [n.seat(s) for s in e.get("winners") or []]
    who = " and ".join(winners) or "Nobody"
    return f"Game over: {who} {'win' if len(winners) > 1 else 'wins'}."


def _battle_began(e: Event, n: Namer) -> str:
    attacker = e.get("attacker", e.get("seat"))
    defender = e.get("opponent", e.get("defender"))
    return f"{n.seat(attacker)} began a battle against {n.seat(defender)}."


def _card_of(e: Event, n: Namer) -> str:
    """A card named by its id (events about cards that changed zone carry it)."""
    if isinstance(e.get("card"), str):
        return n.card(str(e["card"]))
    return _thing(e, n)


def _unit(e: Event, n: Namer) -> str:
    """A unit as the board labels it ("Imp 2" when its controller has two Imps): by its
    reference or handle (a unit that just left play keeps the label it had), else by
    its card."""
    target = e.get("target")
    if target is not None and n.card_of(str(target)) is not None:
        return n.thing(str(target))
    handle = e.get("handle")
    if isinstance(handle, int) and n.handle_card(handle) is not None:
        return n.handle(handle)
    return _card_of(e, n)


def _ability(e: Event, n: Namer) -> str:
    return n.ability(int(e.get("seat", 0)), str(e.get("ability", "?")))


def _deck(e: Event) -> str:
    return DECK_NAMES.get(str(e.get("deck")), "deck")


def _control_changed(e: Event, n: Namer) -> str:
    """"Bob took control of Alice's Infantry; it leaves the battle.": the unit by its card
    (the view already shows it on its new side), whose it was and who has it now."""
    taker = n.seat(e.get("seat", e.get("to")))
    old = e.get("old")
    whose = f"{possessive(n.seat(old))} " if isinstance(old, int) and old >= 0 else ""
    line = f"{taker} took control of {whose}{_unit(e, n)}"
    if e.get("left_battle"):  # docs/rulings.md 44
        return f"{line}; it leaves the battle."
    return f"{line}."


def _chain_label(e: Event, n: Namer) -> str:
    label = e.get("label") or n.chain_label(e.get("id"))
    return str(label) if label else "A maneuver"


def _fizzled(e: Event, n: Namer, targets: list[str] | None = None) -> str:
    """A chain entry canceled as it was to resolve (docs/rulings.md 6). ``targets``: what
    it targeted, when known. Targets all still in play were canceled for no longer being
    legal ("target damaged unit" healed in response), and the line says so: "had no
    target left" would read as if they had left play."""
    label = _chain_label(e, n)
    if not targets or not _all_in_play(targets, n):
        return f"{label} had no target left and was canceled."
    if len(targets) == 1:
        return f"{label} was canceled: {n.ref(targets[0])} is no longer a legal target."
    return f"{label} was canceled: none of its targets is still a legal target."


def _all_in_play(targets: list[str], n: Namer) -> bool:
    """Whether every target is a unit the view still shows in play (a unit that left
    play and came back has another handle; only a unit can turn illegal while it stays:
    a hero, a weapon or an armor target is canceled only by leaving)."""
    units = {
        f"u:{unit.get('handle')}"
        for player in n.view.get("players") or []
        for unit in player.get("units") or []
    }
    return all(str(t) in units for t in targets)


_SENTENCES: dict[str, Callable[[Event, Namer], str]] = {
    "game_started": lambda e, n: "The game began.",
    "first_player": lambda e, n: f"{_who(e, n)} plays first.",
    "team_roll": lambda e, n: (
        f"Team {int(e.get('team', 0)) + 1} won the roll: {_who(e, n)} chooses which of "
        "its players goes first."
    ),
    "refreshed_all": lambda e, n: f"{_whose(e, n)} cards were refreshed.",
    "cooldown_moved": lambda e, n: (
        f"{_whose(e, n)} {_ability(e, n)} cooldown is at {e.get('cooldown', '?')}."
        if e.get("cooldown")
        else f"{_whose(e, n)} {_ability(e, n)} is ready."
    ),
    "armor_prevented": _armor_prevented,
    "shielded": lambda e, n: (
        f"The next {e.get('amount', '?')} damage to {_thing(e, n)} will be prevented."
    ),
    "milled": lambda e, n: f"{_card_of(e, n)} went from the {_deck(e)} to its discard pile.",
    "buried": lambda e, n: f"{_card_of(e, n)} went to the bottom of its deck.",
    "draw_failed": lambda e, n: (
        f"{_who(e, n)} could not draw: the {DECK_NAMES.get(str(e.get('deck')), 'deck')} is empty."
    ),
    "trigger_declined": lambda e, n: (
        f"{_who(e, n)} did not use {possessive(n.card(str(e.get('source', '?'))))} effect."
    ),
    "trigger_skipped": lambda e, n: (
        f"{possessive(n.card(str(e.get('source', '?'))))} effect had no target and was skipped."
    ),
    "battle_ended": lambda e, n: (
        f"The battle between {_who(e, n)} and {n.seat(e.get('opponent'))} ended."
    ),
    "equipped": lambda e, n: (
        f"{_who(e, n)} equipped {n.card(str(e.get('weapon', '?')))}"
        f" and {n.card(str(e.get('armor', '?')))}."
    ),
    "timed_out": lambda e, n: f"{_who(e, n)} ran out of time.",
    "bot_took_over": lambda e, n: f"{_who(e, n)} is away: a bot plays for them until they return.",
    "away_conceded": lambda e, n: f"{_who(e, n)} was away too long.",
    "turn_began": lambda e, n: (
        f"— Turn {e.get('turn', '')}: {_who(e, n)} —" + _opening(e, n)
    ),
    "production_rose": lambda e, n: (
        f"{_whose(e, n)} production rose to {e.get('production', e.get('to', '?'))}."
    ),
    "gold_gained": lambda e, n: f"{_who(e, n)} gained {e.get('amount', '?')} gold.",
    "cooldowns_moved": lambda e, n: f"{_whose(e, n)} cooldowns moved closer to ready.",
    "refreshed": lambda e, n: (
        f"{_thing(e, n) if 'target' in e or 'card' in e else _whose(e, n) + ' cards'} refreshed."
    ),
    "drew": _drew,
    "deck_reshuffled": lambda e, n: (
        f"The {DECK_NAMES.get(str(e.get('deck')), 'deck')} was reshuffled."
    ),
    "announced": _announced,
    "passed": lambda e, n: f"{_who(e, n)} passed.",
    "resolved": lambda e, n: f"{_chain_label(e, n)} resolved.",
    "fizzled": _fizzled,
    "unlocked": lambda e, n: (
        f"{_who(e, n)} unlocked {n.ability(int(e.get('seat', 0)), str(e.get('ability', '?')))}."
    ),
    "enlisted": lambda e, n: f"{_who(e, n)} enlisted {_card_of(e, n)}.",
    "entered_play": lambda e, n: f"{_unit(e, n)} entered play for {_who(e, n)}.",
    "damaged": _damaged,
    "prevented": lambda e, n: f"{e.get('amount', '?')} damage to {_thing(e, n)} was prevented.",
    # said of what was healed, as "was dealt … damage" is: "X healed 3 damage" read as
    # if X did the healing
    "healed": lambda e, n: f"{_thing(e, n)} was healed of {e.get('amount', '?')} damage.",
    "destroyed": lambda e, n: f"{_unit(e, n)} ({_who(e, n)}) was destroyed.",
    "removed_from_play": lambda e, n: f"{_unit(e, n)} was removed from play until the end of turn.",
    "augmented": lambda e, n: (
        f"{_thing(e, n)} got {e.get('amount', 1)} augment "
        f"counter{'' if e.get('amount', 1) == 1 else 's'}."
    ),
    "counter_added": lambda e, n: (
        f"{_thing(e, n)} got a {e.get('counter', e.get('name', ''))} counter."
    ),
    "counter_removed": lambda e, n: (
        f"{_thing(e, n)} lost a {e.get('counter', e.get('name', ''))} counter."
    ),
    "exhausted": lambda e, n: f"{_thing(e, n)} was exhausted.",
    "attached": lambda e, n: f"{_card_of(e, n)} was attached to {n.ref(str(e.get('to', '?')))}.",
    "discarded": lambda e, n: f"{_who(e, n)} discarded {_card_of(e, n)}.",
    "battle_began": _battle_began,
    "attacker_declared": lambda e, n: f"{n.ref(str(e.get('attacker', '?')))} attacks.",
    "defender_assigned": lambda e, n: (
        f"{n.ref(str(e.get('defender', '?')))} defends against "
        f"{n.ref(str(e.get('attacker', '?')))}."
    ),
    "no_attackers_declared": lambda e, n: "No attackers were declared.",
    "no_defenders_assigned": lambda e, n: "No defenders were assigned.",
    "attack_modified": _attack_modified,
    "ability_readied": lambda e, n: f"{_whose(e, n)} {_ability(e, n)} is ready.",
    "control_changed": _control_changed,
    "conceded": lambda e, n: f"{_who(e, n)} conceded.",
    "eliminated": lambda e, n: f"{_who(e, n)} was eliminated.",
    "phase_began": lambda e, n: (
        f"{PHASE_NAMES.get(str(e.get('phase')), str(e.get('phase')))} phase"
        + (f" ({STEP_NAMES.get(str(e.get('step')), '')})" if e.get("step") else "")
        + "."
    ),
    "turn_ended": lambda e, n: f"{_whose(e, n)} turn ended.",
    "game_over": _game_over,
}


def sentence(event: Event, namer: Namer) -> str:
    """One line for one event."""
    kind = str(event.get("t", "?"))
    make = _SENTENCES.get(kind)
    if make is not None:
        try:
            return make(event, namer)
        except (KeyError, TypeError, ValueError):
            pass
    fields = ", ".join(f"{k} {v}" for k, v in event.items() if k != "t")
    return f"{kind.replace('_', ' ')}" + (f": {fields}" if fields else "")


class LogMemory:
    """What the log of one seat remembers from one batch of events to the next (pass
    the same one to every :func:`sentences` call of a game): the unit numbers the board
    shows too, so a unit keeps its name from one line to the next."""

    def __init__(self, numbers: UnitNumbers | None = None) -> None:
        self.numbers = numbers if numbers is not None else UnitNumbers()


def _did_nothing(event: Event, previous: Event | None, items: Mapping[int, Event]) -> bool:
    """Whether a ``resolved`` item did nothing: it resolved right after the last pass
    that began its resolution, with no event of its effect between (an effect that
    changes anything says so in events before its ``resolved``). A battle is left out:
    what it does (the battle) comes after its ``resolved``."""
    if previous is None or previous.get("t") != "passed":
        return False
    item_id = event.get("id")
    item = items.get(item_id) if isinstance(item_id, int) else None
    return item is not None and str(item.get("kind", "")) != "battle"


def sentences(
    events: list[Event],
    view: Mapping[str, Any],
    earlier: Mapping[str, Any] | None = None,
    memory: LogMemory | None = None,
) -> list[str]:
    """Lines for a batch of events, named with the view they led to (and the one before,
    for cards that left play). ``memory``: the game's :class:`LogMemory`; without it the
    batch is read on its own."""
    namer = Namer(view, earlier=earlier, numbers=memory.numbers if memory else None)
    namer.learn(events)
    # "resolved" and "fizzled" name the item by its id: it may have left the chain (or
    # been announced and resolved) within this very change
    items = [*((earlier or {}).get("chain") or []), *(view.get("chain") or [])]
    items += [e.get("item") for e in events if e.get("t") == "announced"]
    chained: dict[int, Event] = {}  # the items by id, as last seen
    for item in items:
        if isinstance(item, Mapping) and namer.chain_label(item.get("id")) is None:
            namer.remember_chain(item.get("id"), log_label(item, namer))
        if isinstance(item, Mapping) and isinstance(item.get("id"), int):
            chained[int(item["id"])] = item
    lines: list[str] = []
    previous: Event | None = None
    for i, event in enumerate(events):
        if not _said_next(event, events[i + 1] if i + 1 < len(events) else None):
            lines.append(_line(event, previous, namer, chained))
        previous = event
    return [line for line in lines if line]


def _said_next(event: Event, following: Event | None) -> bool:
    """Whether the next event's line says this one too: an enlisted unit enters play
    first ("Ann enlisted Sellsword." says it came into play; a unit put into play by an
    effect keeps its "entered play" line)."""
    return (
        following is not None
        and event.get("t") == "entered_play"
        and following.get("t") == "enlisted"
        and event.get("handle") == following.get("handle")
    )


def _opening(event: Event, namer: Namer) -> str:
    """What the first turn of a duel leaves out, said as it begins (the rulebook's
    opening turn: no production rise, no draw, no weapon attack), so the log does not
    seem to have lost them; with three or four players, what each player's first turn
    leaves out (no weapon attack: the battle option says "nothing can attack now")."""
    turn = event.get("turn")
    if namer.view.get("format") != "duel":  # each player's first turn: the first round
        first = isinstance(turn, int) and 1 <= turn <= len(namer.view.get("players") or ())
        return " (their first turn: no weapon attack)" if first else ""
    if turn != 1:
        return ""
    return " (a duel's opening turn: no production rise, no draw, no weapon attack)"


def _line(event: Event, previous: Event | None, namer: Namer, items: Mapping[int, Event]) -> str:
    """The line of one event of a batch ("" for none), with what the batch tells about it
    (``items``: the chain entries it knows, by id)."""
    kind = event.get("t")
    if kind == "phase_began" and not event.get("phase"):
        return ""
    if kind == "resolved" and _did_nothing(event, previous, items):
        return f"{_chain_label(event, namer)} resolved (it did nothing)."
    if kind == "fizzled" and isinstance(event.get("id"), int) and event["id"] in items:
        targets = items[event["id"]].get("targets")
        return _fizzled(event, namer, [str(t) for t in targets or []])
    return sentence(event, namer)

"""The details of one card on the table, for the details panel and popup (pure; no Textual).

A card is named by the reference the table's widgets use (the same shapes as the view's
target references, ``docs/realm-interface.md``):

- ``"u:<handle>"`` a unit in a territory; ``"c:<handle>"`` a card in your hand (or, for
  a spectator who sees every hand, in a player's hand);
- ``"h:<seat>"`` a hero; ``"w:<seat>"`` / ``"r:<seat>"`` its weapon / armor face;
- ``"a:<seat>:<ability>"`` a hero ability;
- ``"k:<id>"`` an entry of the chain (what it comes from, who announced it, its
  targets);
- ``"card:<id>"`` a card by its catalog id alone, nowhere on the table (an equipment
  face not chosen yet); ``"d:<deck>:<id>"`` a card of that deck's discard pile;
- several references joined by ``+`` (:func:`together`): the cards one prompt line
  names, shown one after the other (an equipment line's weapon and armor faces).

Everything shown comes from the :class:`~client.viewmodel.table.TableModel` of the
displayed seat (itself built from that seat's view) and the public card catalog: a card
that is not in that model (another seat's hand, a deck) has no details.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from client.cards import UNIT_KINDS, CardBook, CardInfo, default_book
from client.viewmodel.table import (
    AbilityLine,
    ChainLine,
    DeckLine,
    Equipment,
    HandCard,
    PlayerPanel,
    TableModel,
    UnitLine,
)

_KIND_NAMES = {
    "basic": "Basic unit",
    "elite": "Elite unit",
    "special_basic": "Special basic unit",
    "special_elite": "Special elite unit",
    "action": "Action",
    "special": "Special card",
    "weapon": "Weapon",
    "armor": "Armor",
}


@dataclass(frozen=True)
class CardDetails:
    """What the details panel shows about one card, in words."""

    ref: str
    name: str
    kind: str  # "Elite unit", "Action", "Weapon", "Hero ability (level 2)", "Hero"
    where: str  # "Your hand", "Bob's territory", "Alice's weapon"
    cost: str = ""  # "5g", "Ember 3g / Frost 2g", "5g · cooldown 3"
    stats: tuple[str, ...] = ()  # "Attack 5 (printed 3)", "Health 2/4"
    text: tuple[str, ...] = ()  # the card's rules text, one paragraph a line
    state: tuple[str, ...] = ()  # its current modifiers: damage, augments, exhausted…
    #: The cards attached to it, one a line with its text ("Attached: Decree of Valor —
    #: …"): an attached card is never selected itself, so its text is read here.
    attached: tuple[str, ...] = ()
    flavor: str = ""
    #: Shown only in full (the popup, key ``i``), not in the wide layout's panel: a
    #: hero's every ability with its text and the decks (the compact layout shows
    #: neither on the board); the cards a card or ability makes or attaches, with their
    #: text (:func:`made_lines`).
    more: tuple[str, ...] = ()
    #: The other cards of the same reference (:func:`together`), shown after this one.
    also: tuple[CardDetails, ...] = ()


def together(refs: tuple[str, ...] | list[str]) -> str:
    """One reference for several cards, shown together (the first one's details, then
    the others')."""
    return "+".join(refs)


def card_details(table: TableModel, ref: str, book: CardBook | None = None) -> CardDetails | None:
    """The details of ``ref`` as the table's seat sees it; None if it is not on the table."""
    book = book or default_book()
    if "+" in ref:
        return _together(table, ref.split("+"), book)
    kind, _, rest = ref.partition(":")
    try:
        if kind == "card":  # a card by its id alone (a prompt line about a card not in play)
            return _catalog_card(rest, book)
        if kind == "d":  # a card of a discard pile: its printed facts, and which pile
            deck, _, card_id = rest.partition(":")
            found = _catalog_card(card_id, book)
            return None if found is None else replace(found, ref=ref, where=_pile(deck))
        if kind == "c":
            return _hand_card(table, int(rest), book)
        if kind == "u":
            return _unit(table, int(rest), book)
        if kind in ("h", "w", "r"):
            panel = _panel(table, int(rest))
            if panel is None:
                return None
            if kind == "h":
                return _hero(table, panel, book)
            return _equipment(panel, panel.weapon if kind == "w" else panel.armor, kind, book)
        if kind == "k":
            line = next((c for c in table.chain if c.id == int(rest)), None)
            return None if line is None else _chain_entry(table, line, book)
        if kind == "a":
            seat, _, ability_id = rest.partition(":")
            panel = _panel(table, int(seat))
            for ability in panel.abilities if panel else ():
                if ability.id == ability_id:
                    assert panel is not None
                    return _ability(panel, ability, book)
    except ValueError:
        return None
    return None


def _together(table: TableModel, refs: list[str], book: CardBook) -> CardDetails | None:
    """The details of each of ``refs`` that is on the table, the first with the others
    as its :attr:`~CardDetails.also`; None when none is."""
    found = [d for d in (card_details(table, r, book) for r in refs) if d is not None]
    if not found:
        return None
    return replace(found[0], also=tuple(found[1:]))


#: The discard piles in words, by deck.
_PILES = {
    "basic": "the basic unit discard pile",
    "elite": "the elite unit discard pile",
    "action": "the action discard pile",
}


def _pile(deck: str) -> str:
    """Where a card of ``deck``'s discard pile is: "In the basic unit discard pile"."""
    return f"In {_PILES.get(deck, 'a discard pile')}"


#: What each kind of chain entry is, in words.
_CHAIN_KINDS = {
    "play": "Action, announced",
    "enlist": "Unit, being enlisted",
    "ability": "Hero ability, announced",
    "unlock": "Unlocking a hero ability",
    "activate": "Activated ability",
    "trigger": "Triggered effect",
    "battle": "Initiating a battle",
}


def _chain_entry(table: TableModel, line: ChainLine, book: CardBook) -> CardDetails:
    """A chain entry: the text of what it comes from (card, ability or equipment face),
    who announced it and what it targets."""
    panel = _panel(table, line.seat)
    info = _chain_source(line, panel.hero_id if panel else "", book)
    text = _text(info) if line.kind != "battle" else ()
    if line.half is not None and info.halves and 0 <= line.half < len(info.halves):
        name, _cost, half_text = info.halves[line.half]
        text = (f"{name}: {half_text}",)
    state = [f"Targets: {line.targets}"] if line.targets else []
    position = [c.id for c in table.chain].index(line.id)
    state.append("Resolves next" if position == len(table.chain) - 1 else
                 f"Resolves after {len(table.chain) - 1 - position} other entr"
                 f"{'y' if len(table.chain) - 1 - position == 1 else 'ies'}")  # fmt: skip
    return CardDetails(
        ref=line.ref,
        name=line.label,
        kind=_CHAIN_KINDS.get(line.kind, "On the chain"),
        where=_chain_where(line),
        stats=_printed_stats(info) if line.kind == "enlist" else (),
        text=text,
        state=tuple(state),
        flavor=info.flavor,
        # what resolving it makes (unlocking an ability or a battle makes nothing)
        more=made_lines(info, book) if line.kind not in ("unlock", "battle") else (),
    )


def _chain_where(line: ChainLine) -> str:
    """Who put a chain entry there: a triggered effect is added by itself (nobody chose
    it; the log says "Robe of the Warden (Bob's armor) triggered."), the others are
    announced."""
    if line.kind == "trigger":
        return f"On the chain, triggered ({line.who})"
    return f"On the chain, announced by {line.who}"


def _chain_source(line: ChainLine, hero_id: str, book: CardBook) -> CardInfo:
    """What a chain entry comes from: a hero ability, or a card or equipment face (a
    trigger's source that is no card is one of its hero's abilities)."""
    if line.kind in ("ability", "unlock"):
        return book.ability(hero_id, line.source)
    info = book.info(line.source)
    if not info.kind and line.kind == "trigger" and hero_id:
        return book.ability(hero_id, line.source)
    return info


def _panel(table: TableModel, seat: int) -> PlayerPanel | None:
    for panel in table.players:
        if panel.seat == seat:
            return panel
    return None


def _owner(panel: PlayerPanel) -> str:
    return "Your" if panel.is_you else f"{panel.name}'s"


def _text(info: CardInfo) -> tuple[str, ...]:
    if info.halves:
        return tuple(f"{name} ({cost}g): {text}" for name, cost, text in info.halves)
    return tuple(line for line in info.text.splitlines() if line.strip())


def _hand_card(table: TableModel, handle: int, book: CardBook) -> CardDetails | None:
    card: HandCard | None = next((c for c in table.hand if c.handle == handle), None)
    where = "Your hand"
    for panel in table.players if card is None else ():  # hands a spectator sees
        card = next((c for c in panel.open_hand or () if c.handle == handle), None)
        if card is not None:
            where = f"{panel.name}'s hand"
            break
    if card is None:
        return None
    info = book.info(card.card)
    stats = _printed_stats(info)
    cost = (
        " / ".join(f"{name} {c}g" for name, c, _ in info.halves) if info.halves else card.cost_label
    )
    own = where == "Your hand"
    state = (_playability(table, card, info),) if own else ()
    return CardDetails(
        ref=card.ref,
        name=card.name,
        kind=_kind(info, card.kind),
        where=where,
        cost=cost,
        stats=stats,
        text=_text(info),
        state=state,
        flavor=info.flavor,
        more=made_lines(info, book),
    )


def _playability(table: TableModel, card: HandCard, info: CardInfo) -> str:
    """Whether a card of your hand can be played now and, when it cannot, the likely
    reason, as far as your own view tells it.

    Decision: only reasons the view shows for certain are given: another player is to
    act, the printed cost is more than your gold (a cost changed by an effect is not in
    the view: then the cost is not given as the reason), a card that is no reaction
    maneuver (a unit; every action card is one) outside your maneuver phase or while the
    chain or a battle is on. A unit limit or a missing legal target cannot be read
    reliably: "Not playable now", and for a card that must target something, what (a
    fact of the card, not a claim that nothing on the table fits)."""
    if card.playable:
        return "Playable now"
    you = table.you()
    if you is None:
        return "Not playable now"
    if not (you.has_priority or you.is_to_act):
        return "Not playable now: another player is to act"
    cost = _least_cost(card, info)
    if cost is not None and cost > you.gold:
        return f"Not playable now: costs {cost} gold; you have {you.gold}"
    if info.kind in UNIT_KINDS and not info.reaction:  # action cards are reactions
        if not (you.is_current and table.phase == "maneuver"):
            return "Not playable now: not your maneuver phase (only reaction maneuvers now)"
        if table.chain or table.battle is not None:
            return "Not playable now: only reaction maneuvers now"
    if info.needs:
        return f"Not playable now (it needs {info.needs} to target)"
    return "Not playable now"


def _least_cost(card: HandCard, info: CardInfo) -> int | None:
    """The gold the card needs at least: its cost, or its cheaper half's."""
    if info.halves:
        return min(cost for _name, cost, _text in info.halves)
    return card.cost


def _printed_stats(info: CardInfo) -> tuple[str, ...]:
    if info.kind not in UNIT_KINDS or (info.attack is None and info.health is None):
        return ()  # an action or special card has no attack or health to show
    return (f"Attack {info.attack or 0} · Health {info.health or 0}",)


def _kind(info: CardInfo, fallback: str = "") -> str:
    kind = info.kind or fallback
    if info.reaction:
        return f"{_KIND_NAMES.get(kind, kind.title())} (reaction)"
    return _KIND_NAMES.get(kind, kind.title() or "Card")


def _catalog_card(card_id: str, book: CardBook) -> CardDetails | None:
    """A card named by its id alone: an equipment face not chosen yet (a card of a
    discard pile says its pile instead of "Not in play"). Its printed facts; None for
    an id the cards do not have (an armor face may have no text: its rating is enough)."""
    info = book.info(card_id)
    if not (info.kind or info.text or info.attack or info.armor):
        return None
    stats, kind = _printed_stats(info), _kind(info)
    if info.kind == "weapon" or (not info.kind and info.attack):  # an equipment face
        stats, kind = (f"Attack {info.attack or 0}",), "Weapon"
    elif info.kind == "armor" or (not info.kind and info.armor):
        stats, kind = (f"Armor {info.armor or 0}",), "Armor"
    if info.halves:
        cost = " / ".join(f"{name} {c}g" for name, c, _ in info.halves)
    else:
        cost = f"{info.cost}g" if info.kind and info.cost else ""
    return CardDetails(ref=f"card:{card_id}", name=info.name, kind=kind, where="Not in play",
                       cost=cost, stats=stats, text=_text(info), flavor=info.flavor,
                       more=made_lines(info, book))  # fmt: skip


def _unit(table: TableModel, handle: int, book: CardBook) -> CardDetails | None:
    for panel in table.players:
        for unit in panel.units:
            if unit.handle == handle:
                return _unit_details(panel, unit, book)
    return None


def _unit_details(panel: PlayerPanel, unit: UnitLine, book: CardBook) -> CardDetails:
    info = book.info(unit.card) if unit.card else CardInfo(unit.card, unit.name)
    attack = f"Attack {unit.attack}"
    if info.attack is not None and info.attack != unit.attack:
        attack += f" (printed {info.attack})"
    # its maximum health, as "3/5" and the board's "3/5 dmg 2" mean it (the rulebook's
    # reading): the damage on it and what is left are its state
    health = f"Health {unit.max_health}"
    if info.health is not None and info.health != unit.max_health:
        health += f" (printed {info.health})"
    return CardDetails(
        ref=unit.ref,
        name=unit.name,
        kind=_kind(info, "unit"),
        where=f"{_owner(panel)} territory",
        cost=f"{info.cost}g" if info.cost else "",
        stats=(f"{attack} · {health}",),
        text=_text(info),
        state=unit_state(unit),
        attached=attached_lines(unit, book),
        flavor=info.flavor,
        more=made_lines(info, book),
    )


def unit_state(unit: UnitLine) -> tuple[str, ...]:
    """A unit's current modifiers, one a line ("Ready" when it has none)."""
    out = []
    if unit.damage:
        out.append(f"{unit.damage} damage ({unit.health} health left)")
    if unit.augments:
        plural = "s" if unit.augments != 1 else ""
        out.append(f"{unit.augments} augment counter{plural} (+{unit.augments}/+{unit.augments})")
    if unit.shield:
        out.append(f"Prevents the next {unit.shield} damage this turn")
    out.append("Exhausted" if unit.exhausted else "Refreshed")
    if unit.entered:
        out.append("Entered play this turn: cannot attack")
    # its attached cards are :func:`attached_lines`, each with its text
    out += [f"{name.replace('_', ' ').capitalize()} counters: {n}" for name, n in unit.counters]
    return tuple(out)


def attached_lines(unit: UnitLine, book: CardBook) -> tuple[str, ...]:
    """The cards attached to a unit, one a line with its text: "Attached: Decree of
    Valor — Decree. Attach to a unit. …" (the name alone for a card the catalog lacks)."""
    out = []
    for name in unit.attachments:
        info = book.by_name(name)
        out.append(f"Attached: {name}" if info is None else f"Attached: {_named_card(info)}")
    return tuple(out)


#: What a card does with a card its effects name, by the effect's verb; every other
#: verb with a card (``put_special``) puts that card into play.
_MAKES_WORDS = {"attach_special": "Attaches"}


def made_lines(info: CardInfo, book: CardBook) -> tuple[str, ...]:
    """The cards ``info``'s effects put into play or attach, one a line with their text
    ("Attaches: Decree of Valor — …", "Makes: Militia Recruit (Attack 2 · Health 2)"):
    its own text names them only."""
    return tuple(
        f"{_MAKES_WORDS.get(verb, 'Makes')}: {_named_card(book.info(card))}"
        for verb, card in info.makes
    )


def _named_card(info: CardInfo) -> str:
    """A card named in another's details: its name, its printed attack and health if it
    is a unit, and its text."""
    stats = _printed_stats(info)
    line = f"{info.name} ({stats[0]})" if stats else info.name
    text = " ".join(_text(info))
    return f"{line} — {text}" if text else line


def _hero(table: TableModel, panel: PlayerPanel, book: CardBook) -> CardDetails:
    info = book.info(panel.hero_id) if panel.hero_id else CardInfo("", panel.hero)
    state = [
        f"Health {panel.health}/{panel.max_health}",
        f"Gold {panel.gold} (+{panel.production})",
    ]
    if panel.shield:
        state.append(f"Prevents the next {panel.shield} damage this turn")
    state += [f"{name.replace('_', ' ').capitalize()} counters: {n}" for name, n in panel.counters]
    state.append(panel.hand_summary.capitalize())
    if panel.reserves:
        state.append("Reserves: " + ", ".join(f"{n} ×{c}" for n, c in panel.reserves))
    if not panel.alive:
        state.append(panel.out_word.capitalize())
    return CardDetails(
        ref=panel.hero_ref,
        name=panel.hero,
        kind=f"Hero{f', {info.title}' if info.title else ''}",
        where=f"{panel.name}'s hero",
        text=info.rules,
        state=tuple(state),
        flavor=info.flavor,
        more=(*hero_abilities(panel, book), *deck_lines(table.decks)),
    )


def hero_abilities(panel: PlayerPanel, book: CardBook) -> tuple[str, ...]:
    """Every ability of the hero, one a line: level, unlock cost, delay, its state and
    its text. The compact layout shows only the unlocked ones on the board; this is
    where the locked ones' text is read (the hero's details, key ``i``)."""
    if not panel.abilities:
        return ()
    return ("Abilities:", *(_ability_line(panel, a, book) for a in panel.abilities))


def _ability_line(panel: PlayerPanel, ability: AbilityLine, book: CardBook) -> str:
    info = book.ability(panel.hero_id, ability.id)
    facts = [f"level {ability.level}" if ability.level else "initial"]
    if info.reaction:
        facts.append("reaction")
    if info.cost:
        facts.append(f"unlock {info.cost}g")
    if info.delay is not None:
        facts.append(f"delay {info.delay}")
    facts.append(_ability_state(ability).lower())
    text = " ".join(_text(info))
    return f"• {ability.name} ({', '.join(facts)})" + (f": {text}" if text else "")


def deck_lines(decks: tuple[DeckLine, ...]) -> tuple[str, ...]:
    """The shared decks and the top of each discard pile, one a line.

    Decision: the compact layout (below 120 columns) has no room for the wide layout's
    decks line on the board; every hero's details (key ``i`` on a hero) end with them,
    as the abilities that read the discard piles (Hakor Dajet's) are read there too."""
    if not decks:
        return ()
    rows = ["Decks:"]
    rows += [f"• {d.deck} {d.count} ({d.pile})" for d in decks]
    return tuple(rows)


def _equipment(
    panel: PlayerPanel, item: Equipment | None, kind: str, book: CardBook
) -> CardDetails | None:
    if item is None:
        return None
    info = book.info(item.card) if item.card else CardInfo("", item.name)
    what = "weapon" if kind == "w" else "armor"
    printed = info.attack if kind == "w" else info.armor
    value = f"{'Attack' if kind == 'w' else 'Armor'} {item.value}"
    if printed is not None and printed != item.value:
        value += f" (printed {printed})"
    state = []
    if item.left is not None:
        state.append(f"Armor left this turn: {item.left}")
    state.append("Exhausted" if item.exhausted else "Refreshed")
    if item.other_face:
        state.append(f"Other face: {item.other_face}")
    return CardDetails(
        ref=item.ref,
        name=item.name,
        kind=what.capitalize(),
        where=f"{panel.name}'s {what}",
        stats=(value,),
        text=_text(info),
        state=tuple(state),
        flavor=info.flavor,
        more=made_lines(info, book),
    )


def _ability(panel: PlayerPanel, ability: AbilityLine, book: CardBook) -> CardDetails:
    info = book.ability(panel.hero_id, ability.id)
    # the rulebook's levels: initial, level 1 … level 4 (the hero's ability lines say so too)
    kind = f"Hero ability, level {ability.level}" if ability.level else "Initial hero ability"
    if info.reaction:
        kind += " (reaction)"
    cost = []
    if info.cost:
        cost.append(f"unlock {info.cost}g")
    if info.delay is not None:
        cost.append(f"delay {info.delay} after each use")
    return CardDetails(
        ref=ability.ref,
        name=ability.name,
        kind=kind,
        where=f"{panel.name}'s {panel.hero}",
        cost=" · ".join(cost),
        text=_text(info),
        state=(_ability_state(ability),),
        more=(*made_lines(info, book), *_initial_lines(ability)),
    )


#: What the initial ability, Equip, does in the rulebook's words (Equipping Weapons and
#: Armor): its printed text says only "Equip armor and a weapon."
EQUIP_LINES = (
    "Choose which face of your weapon card and of your armor card is up: each may be "
    "turned over or kept as it is.",
    "A weapon or armor that was exhausted stays exhausted on its new face.",
)


def _initial_lines(ability: AbilityLine) -> tuple[str, ...]:
    """Every hero's initial ability is Equip (its id is the hero's own)."""
    return EQUIP_LINES if ability.level == 0 and ability.name == "Equip" else ()


def _ability_state(ability: AbilityLine) -> str:
    """"Locked", "Ready" or how many turns it still cools down."""
    if not ability.unlocked:
        return "Locked"
    if ability.ready:
        return "Ready"
    return f"Cooling down: {ability.cooldown} turn{'s' if ability.cooldown != 1 else ''}"

"""The catalog as a searchable list: one entry per card and hero, and the filters the card
browser and ``allegiance cards`` share (text, deck, hero, gold cost). No Textual here, so
the command line loads it without the interface.

Costs are the gold paid to play a card (each half of a split card); special and equipment
cards have none, so a cost filter hides them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from client.cards import DECKS

#: The list's groups, in the order shown, and what the deck filter calls them.
GROUPS: dict[str, str] = {
    "basic": "Basic deck",
    "elite": "Elite deck",
    "action": "Action deck",
    "special": "Special cards",
    "equipment": "Equipment",
    "hero": "Heroes",
}


def card_group(card_type: str) -> str:
    """The deck filter's group of a card type (as ``allegiance cards --deck``)."""
    if card_type.startswith("special"):
        return "special"
    if card_type in ("weapon", "armor"):
        return "equipment"
    return card_type


@dataclass(frozen=True)
class Entry:
    """One line of the list: a card or a hero."""

    id: str
    name: str
    group: str
    hero: str | None  # the hero a special or equipment card belongs to
    costs: tuple[int, ...]  # gold to play it (each half of a split card); () for none
    search: str  # lower-case text the search looks in

    @property
    def cost_text(self) -> str:
        return "/".join(f"{c}g" for c in self.costs)


@dataclass(frozen=True)
class Filters:
    text: str = ""
    group: str | None = None
    hero: str | None = None
    cost: int | None = None

    def keep(self, entry: Entry) -> bool:
        if self.group is not None and entry.group != self.group:
            return False
        if self.hero is not None and self.hero not in (entry.hero, entry.id):
            return False
        if self.cost is not None and self.cost not in entry.costs:
            return False
        words = self.text.lower().split()
        return all(word in entry.search for word in words)


def card_entry(card: Any) -> Entry:
    group = card_group(card.type)
    if card.halves:
        costs = tuple(int(h.cost) for h in card.halves)
    elif card.type in DECKS:
        costs = (int(card.cost),)
    else:
        costs = ()
    halves = " ".join(f"{h.name} {h.text}" for h in card.halves)
    search = f"{card.id} {card.name} {card.text} {halves}".lower()
    return Entry(card.id, card.name, group, card.hero, costs, search)


def hero_entry(hero: Any) -> Entry:
    abilities = " ".join(f"{a.name} {a.text}" for a in hero.abilities)
    rules = " ".join(hero.rules_text)
    search = f"{hero.id} {hero.name} {hero.title} {abilities} {rules}".lower()
    return Entry(hero.id, hero.name, "hero", hero.id, (), search)


def catalog_entries(catalog: Any) -> list[Entry]:
    """Every card and hero of ``catalog``, in the list's order."""
    order = list(GROUPS)
    cards = sorted(
        (card_entry(c) for c in catalog.cards.values()),
        key=lambda e: (order.index(e.group), e.costs or (0,), e.name.lower()),
    )
    heroes = sorted((hero_entry(h) for h in catalog.heroes.values()), key=lambda e: e.name)
    return cards + heroes

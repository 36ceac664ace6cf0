"""``allegiance cards``: list and search the card catalog."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shared.rules.realm.catalog import CardDef, Catalog

NAME = "cards"
HELP = "list, filter and search the cards and heroes"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", nargs="?", default="",
                        help="show cards whose name or text contains this")
    parser.add_argument("--deck", choices=["basic", "elite", "action", "special", "equipment"],
                        help="only this deck (special: hero special cards; equipment: "
                             "weapon and armor faces)")
    parser.add_argument("--hero", help="only cards belonging to this hero (part of its id or name)")
    parser.add_argument("--cost", type=int, help="only cards of this gold cost")
    parser.add_argument("--heroes", action="store_true",
                        help="list heroes and abilities (with --hero: that hero only)")
    parser.add_argument("--summary", action="store_true",
                        help="print the counts per deck, special and equipment cards")


def run(args: argparse.Namespace) -> int:
    from shared.rules.realm.catalog import CatalogError, load_catalog

    try:
        cat = load_catalog()
    except CatalogError as exc:
        print(f"allegiance: bad card data: {exc}", file=sys.stderr)
        return 2
    if args.summary:
        _summary(cat)
        return 0
    heroes = _heroes_matching(cat, args.hero) if args.hero else None
    if heroes is not None and not heroes:
        names = ", ".join(sorted(h.id for h in cat.heroes.values()))
        print(f"allegiance: no hero matches {args.hero!r} (heroes: {names})", file=sys.stderr)
        return 2
    if args.heroes:
        _heroes(cat, args.text, heroes)
        return 0
    shown = 0
    for c in sorted(cat.cards.values(), key=lambda c: (c.type, c.cost, c.name)):
        if _keep(c, args, heroes):
            print(_line(c))
            shown += 1
    print(f"{shown} card{'' if shown == 1 else 's'}")
    return 0


def _keep(c: CardDef, args: argparse.Namespace, heroes: set[str] | None) -> bool:
    group = {"special_basic": "special", "special_elite": "special", "weapon": "equipment",
             "armor": "equipment"}.get(c.type, c.type)
    if args.deck and group != args.deck:
        return False
    if heroes is not None and c.hero not in heroes:
        return False
    costs = {h.cost for h in c.halves} if c.is_split else {c.cost}  # either half of a split
    if args.cost is not None and args.cost not in costs:
        return False
    t = args.text.lower()
    texts = [c.name, c.text, c.id, *(h.name + " " + h.text for h in c.halves)]
    return not t or any(t in x.lower() for x in texts)


def _line(c: CardDef) -> str:
    stats = ""
    if c.is_unit:
        stats = f" {c.attack}/{c.health}"
    elif c.type == "weapon":
        stats = f" attack {c.attack}"
    elif c.type == "armor":
        stats = f" armor {c.armor}"
    cost = f"{c.cost:>2}g" if c.type in ("basic", "elite", "action") and not c.is_split else \
        "   "
    copies = f" x{c.copies}" if c.copies > 1 else ""
    text = f" — {c.text}" if c.text else ""
    if c.is_split:
        text = " — " + " // ".join(f"{h.name} ({h.cost}g): {h.text}" for h in c.halves)
    return f"{cost} {c.name} [{c.type}{stats}]{copies}{text}"


def _summary(cat: Catalog) -> None:
    def count(types: tuple[str, ...]) -> int:
        return sum(c.copies for c in cat.cards.values() if c.type in types)

    specials = sum(n for h in cat.heroes.values() for n in h.specials.values())
    equipment = sum(1 for h in cat.heroes.values() for _ in (h.weapons, h.armors))
    print(f"heroes:          {len(cat.heroes)}")
    print(f"basic units:     {count(('basic',))}")
    print(f"elite units:     {count(('elite',))}")
    print(f"action cards:    {count(('action',))}")
    print(f"special cards:   {specials}")
    print(f"equipment cards: {equipment} (double-sided)")


def _heroes_matching(cat: Catalog, text: str) -> set[str]:
    """Heroes whose id or name contains ``text`` (any case): ``--hero desoth`` works."""
    t = text.lower().replace("'", "")
    return {h.id for h in cat.heroes.values()
            if t in h.id or t in h.name.lower().replace("'", "")}


def _heroes(cat: Catalog, text: str, only: set[str] | None = None) -> None:
    for h in sorted(cat.heroes.values(), key=lambda h: h.name):
        if text and text.lower() not in (h.name + h.title + h.id).lower():
            continue
        if only is not None and h.id not in only:
            continue
        w = " / ".join(cat.cards[f].name for f in dict.fromkeys(h.weapons))
        a = " / ".join(cat.cards[f].name for f in dict.fromkeys(h.armors))
        print(f"{h.name}, {h.title} — health {h.health}; weapon {w}; armor {a}")
        for rule in h.rules_text:
            print(f"    rule: {rule}")
        for ab in h.abilities:
            lvl = "initial" if ab.level == 0 else f"level {ab.level}, {ab.cost} gold"
            react = ", reaction" if ab.reaction else ""
            print(f"    {ab.name} ({lvl}, delay {ab.delay}{react}): {ab.text}")

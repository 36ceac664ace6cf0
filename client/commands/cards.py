"""``allegiance cards``: list and search the card catalog."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from client.cardindex import Filters, card_entry, hero_entry

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
    parser.add_argument("--cost", type=_cost, help="only cards of this gold cost")
    parser.add_argument("--heroes", action="store_true",
                        help="list heroes and abilities (with --hero: that hero only)")
    parser.add_argument("--summary", action="store_true",
                        help="print the counts per deck, special and equipment cards")


def _cost(text: str) -> int:
    """A gold cost for --cost: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError("a cost is 0 or more")
    return value


def run(args: argparse.Namespace) -> int:
    from server.cli import FAILED, error
    from shared.rules.realm.catalog import CatalogError, load_catalog

    try:
        cat = load_catalog()
    except CatalogError as exc:  # the installed card data: not a mistake in the command
        return error(NAME, f"bad card data: {exc}", FAILED)
    if args.summary:
        ignored = [flag for flag, value in (("search text", args.text), ("--deck", args.deck),
                   ("--hero", args.hero), ("--cost", args.cost), ("--heroes", args.heroes))
                   if value not in (None, "", False)]  # fmt: skip
        if ignored:
            return error(NAME, f"--summary counts every card; it takes no "
                               f"{' or '.join(ignored)}")  # fmt: skip
        _summary(cat)
        return 0
    hero = _one_hero(cat, args.hero) if args.hero is not None else None
    if hero == "":
        return 2
    if args.heroes:
        if args.deck is not None or args.cost is not None:
            return error(NAME, "--heroes lists heroes and their abilities; --deck and --cost "
                               "filter cards")  # fmt: skip
        shown = _heroes(cat, Filters(text=args.text, hero=hero))
        print(f"{shown} hero{'' if shown == 1 else 'es'}")
        return 0
    keep = Filters(text=args.text, group=args.deck, hero=hero, cost=args.cost)
    entries = [(c, card_entry(c)) for c in cat.cards.values()]
    listed = sorted(((c, e) for c, e in entries if keep.keep(e)),
                    key=lambda ce: (ce[0].type, ce[1].costs or (0,), ce[0].name))
    # the cost column as wide as its widest cost ("2g/1g" for a split card), at least
    # three characters, so lines of cards without a cost keep their indent
    width = max([3, *(len(e.cost_text) for _, e in listed)])
    for c, e in listed:
        print(_line(c, e.cost_text.rjust(width)))
    print(f"{len(listed)} card{'' if len(listed) == 1 else 's'}")
    return 0


# the card types in the rulebook's words
_KIND = {"basic": "basic unit", "elite": "elite unit", "special_basic": "special basic unit",
         "special_elite": "special elite unit"}


def _line(c: CardDef, cost: str) -> str:
    """One card's line: ``cost`` is its cost column, already aligned (the browser's
    cost: ``2g``, ``2g/1g`` for a split card's halves, blank for none)."""
    stats = ""
    if c.is_unit:
        stats = f" · {c.attack}/{c.health}"
    elif c.type == "weapon":
        stats = f" · attack {c.attack}"
    elif c.type == "armor":
        stats = f" · armor {c.armor}"
    copies = f" x{c.copies}" if c.copies > 1 else ""
    text = f" — {c.text}" if c.text else ""
    if c.is_split:
        text = " — " + " // ".join(f"{h.name} ({h.cost}g): {h.text}" for h in c.halves)
    return f"{cost} {c.name} [{_KIND.get(c.type, c.type)}{stats}]{copies}{text}"


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


def _one_hero(cat: Catalog, text: str) -> str:
    """The hero whose id or name contains ``text`` (``--hero desoth``; as ``sim --heroes``
    and ``join --hero`` take it), or "" after saying why there is none or more than one."""
    from server.cli import error
    from server.simulate import FlagError, UnknownHero, hero_named

    if not text.strip():  # "" is part of every name: say so rather than match them all
        error(NAME, "--hero needs part of a hero's name or id")
        return ""
    try:
        return hero_named(text.strip(), sorted(cat.heroes))
    except UnknownHero:
        names = ", ".join(sorted(cat.heroes))
        error(NAME, f"--hero: no hero matches {text!r} (heroes: {names})")
    except FlagError as exc:  # more than one, named
        error(NAME, f"--hero: {exc}")
    return ""


def _heroes(cat: Catalog, keep: Filters) -> int:
    """Print the heroes ``keep`` keeps, with their abilities; how many."""
    shown = 0
    for h in sorted(cat.heroes.values(), key=lambda h: h.name):
        if not keep.keep(hero_entry(h)):
            continue
        shown += 1
        w = " / ".join(cat.cards[f].name for f in dict.fromkeys(h.weapons))
        a = " / ".join(cat.cards[f].name for f in dict.fromkeys(h.armors))
        print(f"{h.name}, {h.title} — health {h.health}; weapon {w}; armor {a}")
        for rule in h.rules_text:
            print(f"    rule: {rule}")
        for ab in h.abilities:
            lvl = "initial" if ab.level == 0 else f"level {ab.level}, {ab.cost} gold"
            react = ", reaction" if ab.reaction else ""
            print(f"    {ab.name} ({lvl}, delay {ab.delay}{react}): {ab.text}")
    return shown

"""``allegiance join``: take a seat at a table on another machine (or resume yours)."""

from __future__ import annotations

import argparse

NAME = "join"
HELP = "join a game on a server: allegiance join HOST:PORT CODE (alone: pick a LAN game)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?", default=None,
                        help="the server, as HOST:PORT or a ws:// URL (none: the Join screen, "
                             "with the games found on the LAN)")
    parser.add_argument("code", nargs="?", default=None,
                        help="the table's join code (none: the Join screen asks for it)")
    parser.add_argument("--name", default=None, help="your player name (default: from settings)")
    parser.add_argument("--hero", default=None, metavar="HERO",
                        help="the hero to play, by id or name (see 'allegiance cards --heroes'), "
                             "or random (default: the one the table gives the seat, or random)")


#: What ``--hero`` takes for no hero chosen: the rules draw one when the game starts.
RANDOM = "random"


def hero_id(given: str) -> str | None:
    """The catalog's id of the hero named ``given``: its id, its name or a part of one
    that names one hero only (any case, accents and apostrophes aside), as ``allegiance
    cards --hero`` and ``sim --heroes`` take it. None for no such hero (and for
    ``random``, which names none)."""
    return hero_flag(given)[0]


def hero_flag(given: str) -> tuple[str | None, str]:
    """What ``--hero given`` asks for: the hero's id, or None for ``random`` (any case);
    and why it cannot be had ("" when it can)."""
    from client.cards import default_book
    from server.simulate import FlagError, UnknownHero, hero_named

    wanted = given.strip().casefold()
    if wanted == RANDOM:
        return None, ""
    for hero, label in default_book().heroes():  # a whole name with its title
        if wanted in (hero.casefold(), label.casefold(), label.split(",")[0].casefold()):
            return hero, ""
    try:
        return hero_named(given.strip(), [hero for hero, _ in default_book().heroes()]), ""
    except UnknownHero:
        return None, f"no hero is called {given!r}; 'allegiance cards --heroes' lists them"
    except FlagError as exc:  # more than one: named
        return None, str(exc)


def run(args: argparse.Namespace) -> int:
    from client.app import AllegianceApp, run_app
    from client.screens.join import JoinPlan, address_problem, server_url
    from server.cli import error
    from shared.protocol.messages import clean_name

    problem = address_problem(args.address) if args.address is not None else None
    if problem is not None:
        return error(NAME, problem)
    hero = None
    if args.hero is not None:
        hero, problem = hero_flag(args.hero)
        if problem:
            return error(NAME, problem)
    if args.code is None:
        app = AllegianceApp()
        app.join_screen_start = (args.address, False)
        app.join_hero = hero
    else:
        code = args.code.strip().upper()
        if not code.isalnum() or len(code) > 16:
            return error(NAME, f"{args.code!r} is not a join code (letters and digits)")
        app = AllegianceApp(start=JoinPlan(server_url(args.address), code, hero=hero))
    if args.name is not None:  # cleaned as the server cleans it; nothing left: settings'
        app.settings.name = clean_name(args.name, app.settings.name)
    return run_app(app)

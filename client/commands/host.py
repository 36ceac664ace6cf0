"""``allegiance host``: make a table and play in it, served from here on the LAN or
made on a server of one's own (``--on``).

Without ``--on`` the server runs in this process (bound to ``--host``, default all
interfaces), is advertised on the LAN with zeroconf, and a table is created; with
``--on ADDRESS`` the table is made on the server there instead. Either way this terminal
takes the first seat and the lobby shows the command and join code the other players
type.
``--no-play`` only serves and advertises (like ``allegiance serve``, plus the LAN); the
table's flags are refused with it, as no table is made.
``--spectators`` decides who may watch the table and what they see (the lobby says it).
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import AsyncIterator
from typing import Any, NoReturn

from client.commands.play import LEVELS
from client.viewmodel.words import listed

NAME = "host"
HELP = ("host a game and play in it: served from here on the LAN, or made on a server "
        "with --on (the others use 'allegiance join')")

SEATS = {"duel": (2, 2), "ffa": (3, 4), "sworn": (3, 4), "team": (4, 4)}
#: Each format as a refusal names it (the rulebook's words).
FORMAT_WORDS = {"duel": "a duel", "ffa": "a free-for-all", "sworn": "a sworn enemy game",
                "team": "a team game"}  # fmt: skip
SPECTATORS = ("none", "public", "all")
POLICIES = ("wait", "bot", "concede")  # the table's reconnect policy (docs/protocol.md)


def _seconds(text: str) -> float:
    """A number of seconds for --timer and --grace (what the server accepts)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 86_400:
        raise argparse.ArgumentTypeError("seconds must be between 0 and 86400")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from server.cli import add_serve_arguments

    add_serve_arguments(parser)
    parser.set_defaults(host="0.0.0.0", command=NAME)  # command: its error lines name it
    parser.add_argument(
        "--name", default=None, help="name shown to players on the LAN (default: this host)"
    )
    parser.add_argument("--player", default=None, metavar="NAME",
                        help="your player name at the table (default: from settings)")
    parser.add_argument("--hero", default=None, metavar="HERO",
                        help="the hero you play, by id or name (see 'allegiance cards "
                             "--heroes'), or random (default: random)")
    # The table's flags default to None, so that --no-play can tell which were given
    # (it refuses them all); _table_flags fills in the defaults the help names.
    parser.add_argument("--format", choices=tuple(SEATS), default=None,
                        help="the game's format (default: duel)")
    parser.add_argument("--players", type=int, default=None,
                        help="seats in all (default: the format's smallest table)")
    parser.add_argument("--bots", type=int, default=None,
                        help="how many of the seats bots take (default 0)")
    parser.add_argument("--bot-level", choices=tuple(LEVELS), default=None,
                        help="strength of those bots (default: medium; random plays any "
                             "legal move); one standing in for an away player (--if-away "
                             "bot) is never random, but medium then")
    parser.add_argument("--best-of", type=int, choices=(1, 3, 5), default=None,
                        metavar="{1,3,5}",
                        help="a duel as one game (default) or a best-of-3/5 match: random "
                             "heroes each game, the loser chooses who plays first next")
    parser.add_argument("--spectators", choices=SPECTATORS, default=None,
                        help="who may watch the table ('allegiance watch') and what they see: "
                             "none; public (default: anyone with the code, no hands); all "
                             "(anyone with the code sees every hand: teaching, streaming)")
    parser.add_argument("--timer", type=_seconds, default=None, metavar="SECONDS",
                        help="time for each decision; when it runs out the seat passes "
                             "(default: Settings → decision timer; 0 = no timer)")
    parser.add_argument("--grace", type=_seconds, default=None, metavar="SECONDS",
                        help="how long a player who lost the connection has to come back "
                             "before --if-away applies (default: 60)")
    parser.add_argument("--if-away", choices=POLICIES, default=None,
                        help="what happens to a player still away after the grace: wait "
                             "(default: the table waits; a --timer still runs for them), bot "
                             "(a bot plays the seat until they return) or concede (they are "
                             "out of the game)")
    parser.add_argument("--on", default=None, metavar="ADDRESS",
                        help="make the table on the server at ADDRESS (HOST:PORT; one that "
                             "runs 'allegiance serve', say, on a machine the others can "
                             "reach) instead of serving here; you take the first seat")
    parser.add_argument("--no-play", action="store_true",
                        help="only serve and advertise; do not open the game here")


#: The flags of the hosted table, by their ``args`` names, and their defaults.
TABLE_FLAGS: dict[str, object] = {
    "format": "duel", "players": None, "bots": 0, "bot_level": "medium", "best_of": 1,
    "spectators": None, "timer": None, "grace": None, "if_away": None, "player": None,
    "hero": None,
}


def run(args: argparse.Namespace) -> int:
    from client.commands.serve import check_db_folder
    from shared.protocol.messages import clean_name

    check_db_folder(args, NAME)
    if args.on is not None:
        _check_remote(args)
    if not 0 <= args.port <= 65535:  # as 'allegiance serve' says it, before the game opens
        _refuse(f"--port must be 0–65535, not {args.port}")
    if args.name is not None:  # the LAN's name for this game: cleaned as players' names are
        args.name = clean_name(args.name, "") or None
    if args.no_play:
        given = [f"--{name.replace('_', '-')}" for name in TABLE_FLAGS
                 if getattr(args, name) is not None]  # fmt: skip
        if given:
            what = "is an option" if len(given) == 1 else "are options"
            _refuse(f"{listed(given)} {what} of the hosted table; with --no-play no table "
                    "is made")  # fmt: skip
        return _serve_only(args)
    args.table_flags = [f"--{name.replace('_', '-')}" for name in TABLE_FLAGS
                        if getattr(args, name) is not None]  # fmt: skip
    _table_flags(args)
    low, high = SEATS[args.format]
    players = args.players if args.players is not None else low
    if not low <= players <= high:
        _refuse(f"{_seat_counts(args.format)}, not {players}")
    if args.bots < 0:
        _refuse(f"--bots must be 0 or more, not {args.bots}")
    if args.bots >= players:
        _refuse("--bots must leave at least one seat for you")
    if args.best_of > 1 and (args.format != "duel" or players != 2):
        _refuse("--best-of is for two-player duels only")
    args.hero = _hero(args)
    return _host_and_play(args, players)


def _hero(args: argparse.Namespace) -> str | None:
    """The hero ``--hero`` names for the host's seat, as ``allegiance join --hero`` takes
    it (None: random); refused when there is no such hero, or in a match (its games deal
    random heroes)."""
    from client.commands.join import hero_flag

    if args.hero is None:
        return None
    hero, problem = hero_flag(args.hero)
    if problem:
        _refuse(problem)
    if hero is not None and args.best_of > 1:
        _refuse("--hero is for one game: a best-of match deals random heroes each game")
    return hero


def _seat_counts(fmt: str) -> str:
    """How many seats a format has, in words: "a free-for-all has 3 or 4 seats"."""
    low, high = SEATS[fmt]
    counts = str(low) if low == high else f"{low} or {high}" if high == low + 1 else f"{low}–{high}"
    return f"{FORMAT_WORDS[fmt]} has {counts} seats"


def _table_flags(args: argparse.Namespace) -> None:
    """The defaults of the table's flags that were not given."""
    for name, default in TABLE_FLAGS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)


def _refuse(message: str) -> NoReturn:
    """A flag of ``allegiance host`` that cannot be used: one line, exit status 2."""
    from server.cli import refuse

    refuse(NAME, message)


def _host_and_play(args: argparse.Namespace, players: int) -> int:
    from client.app import AllegianceApp, lan_name, run_app
    from client.screens.setup import LocalPlan, SeatPlan
    from shared.protocol.messages import clean_name

    app = AllegianceApp()
    if args.player is not None:  # cleaned as the server cleans it; nothing left: settings'
        app.settings.name = clean_name(args.player, app.settings.name)
    level = LEVELS[args.bot_level]
    humans = players - args.bots
    seats = [SeatPlan("human", app.settings.name, args.hero)]  # the host's own seat
    seats += [SeatPlan("human", f"Player {i + 1}", None) for i in range(1, humans)]
    seats += [SeatPlan("bot", f"Bot {i + 1}", None, level) for i in range(humans, players)]
    options: dict[str, object] = {"spectators": args.spectators or "public"}
    if args.best_of > 1:
        options["best_of"] = args.best_of
    given = {"timer": args.timer, "grace": args.grace, "policy": args.if_away}
    options.update({k: v for k, v in given.items() if v is not None})  # else the defaults
    plan = LocalPlan(args.format, tuple(seats), options)
    if args.on is not None:
        app.remote_host_start = (plan, args.on)
        # As if set up in the Host form: a table that could not be made there (no server
        # answers, say) brings the form back with these choices and that address, to
        # correct them or serve the game from here (as a failed join brings back the Join
        # screen with its address and code); the menu's Host a game offers them too.
        app.last_host_plan, app.last_host_server = plan, args.on
    else:
        app.host_start = (plan, args.host, args.port, args.db, args.name or lan_name())
        app.host_flags = getattr(args, "table_flags", [])  # said if a game is resumed
    return run_app(app)


#: Flags of the server this process would run, by their ``args`` names and defaults:
#: with ``--on`` nothing is served here.
SERVE_FLAGS: dict[str, object] = {"host": "0.0.0.0", "port": 8765, "db": None, "name": None}


def _check_remote(args: argparse.Namespace) -> None:
    """``--on``: the address must be one, and the flags of a server here are refused."""
    from client.screens.join import address_problem

    problem = address_problem(args.on)
    if problem is not None:
        _refuse(problem)
    if args.no_play:
        _refuse("--on makes a table to play at; --no-play would make none")
    given = [f"--{name}" for name, default in SERVE_FLAGS.items()
             if getattr(args, name, default) != default]  # fmt: skip
    if given:
        what = "is an option" if len(given) == 1 else "are options"
        _refuse(f"{listed(given)} {what} of a server here; with --on the table is made "
                "on that server")  # fmt: skip


def _serve_only(args: argparse.Namespace) -> int:
    import logging
    import socket

    from server.cli import run_serve
    from server.lan import Advertiser

    @contextlib.asynccontextmanager
    async def advertise(server: Any) -> AsyncIterator[None]:
        name = args.name or f"Allegiance on {socket.gethostname().split('.')[0]}"
        advertiser = Advertiser(name, args.host, server.port, lobby=server.lobby)
        try:
            await advertiser.start()
        except Exception as exc:  # the server still works without the advertisement
            logging.getLogger("allegiance.lan").warning("cannot advertise on the LAN: %s", exc)
        try:
            yield
        finally:
            with contextlib.suppress(Exception):
                await advertiser.close()

    return run_serve(args, advertise)

"""``allegiance watch``: spectate a table: its public information, or every hand on a
table created with ``spectators: "all"`` (the title then says "all hands shown"). The
table's chat, earlier lines included, is shown; spectators cannot write in it."""

from __future__ import annotations

import argparse

NAME = "watch"
HELP = "watch a game on a server: allegiance watch HOST:PORT CODE (alone: pick a LAN game)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?", default=None,
                        help="the server, as HOST:PORT or a ws:// URL (none: the Watch screen, "
                             "with the games found on the LAN)")
    parser.add_argument("code", nargs="?", default=None,
                        help="the table's join code (none: the Watch screen asks for it)")


def run(args: argparse.Namespace) -> int:
    from client.app import AllegianceApp, run_app
    from client.screens.join import JoinPlan, address_problem, server_url
    from server.cli import error

    problem = address_problem(args.address) if args.address is not None else None
    if problem is not None:
        return error(NAME, problem)
    if args.code is None:
        app = AllegianceApp()
        app.join_screen_start = (args.address, True)
        return run_app(app)
    code = args.code.strip().upper()
    if not code.isalnum() or len(code) > 16:
        return error(NAME, f"{args.code!r} is not a join code (letters and digits)")
    return run_app(AllegianceApp(start=JoinPlan(server_url(args.address), code, watch=True)))

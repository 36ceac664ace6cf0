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


def run(args: argparse.Namespace) -> int:
    from client.app import AllegianceApp
    from client.screens.join import JoinPlan, server_url

    if args.code is None:
        app = AllegianceApp()
        app.join_screen_start = (args.address, False)
    else:
        code = args.code.strip().upper()
        if not code.isalnum() or len(code) > 16:
            print(f"allegiance join: {args.code!r} is not a join code (letters and digits)")
            return 2
        app = AllegianceApp(start=JoinPlan(server_url(args.address), code))
    if args.name:
        app.settings.name = args.name.strip()[:32] or app.settings.name
    return int(app.run() or 0)

"""``allegiance join``: take a seat at a table on another machine (or resume yours)."""

from __future__ import annotations

import argparse

NAME = "join"
HELP = "join a game on a server: allegiance join HOST:PORT CODE"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", help="the server, as HOST:PORT or a ws:// URL")
    parser.add_argument("code", help="the table's join code")
    parser.add_argument("--name", default=None, help="your player name (default: from settings)")


def run(args: argparse.Namespace) -> int:
    from client.app import AllegianceApp
    from client.screens.join import JoinPlan, server_url

    code = args.code.strip().upper()
    if not code.isalnum() or len(code) > 16:
        print(f"allegiance join: {args.code!r} is not a join code (letters and digits)")
        return 2
    app = AllegianceApp(start=JoinPlan(server_url(args.address), code))
    if args.name:
        app.settings.name = args.name.strip()[:32] or app.settings.name
    return int(app.run() or 0)

"""``allegiance watch``: spectate a table (public information only)."""

from __future__ import annotations

import argparse

NAME = "watch"
HELP = "watch a game on a server: allegiance watch HOST:PORT CODE"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", help="the server, as HOST:PORT or a ws:// URL")
    parser.add_argument("code", help="the table's join code")


def run(args: argparse.Namespace) -> int:
    from client.app import AllegianceApp
    from client.screens.join import JoinPlan, server_url

    code = args.code.strip().upper()
    if not code.isalnum() or len(code) > 16:
        print(f"allegiance watch: {args.code!r} is not a join code (letters and digits)")
        return 2
    return int(AllegianceApp(start=JoinPlan(server_url(args.address), code, watch=True)).run() or 0)

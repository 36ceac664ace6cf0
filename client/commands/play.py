"""``allegiance play``: open the game (main menu), or start a local game at once."""

from __future__ import annotations

import argparse

NAME = "play"
HELP = "play in this terminal: the main menu, or a local game against bots or hot-seat"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--vs", choices=("bot", "hotseat"), default=None,
        help="start a duel at once: against a bot, or two people at this keyboard",
    )  # fmt: skip
    parser.add_argument(
        "--format", choices=("duel", "ffa", "sworn", "team"), default="duel",
        help="format of the game started with --vs (default: duel)",
    )  # fmt: skip
    parser.add_argument("--name", default=None, help="your player name (default: from settings)")


def run(args: argparse.Namespace) -> int:
    from client.app import AllegianceApp
    from client.screens.setup import LocalPlan, SeatPlan

    app = AllegianceApp()
    if args.name:
        app.settings.name = args.name.strip()[:32] or app.settings.name
    if args.vs is not None:
        count = {"duel": 2, "ffa": 3, "sworn": 3, "team": 4}[args.format]
        seats = [SeatPlan("human", app.settings.name, None)]
        for i in range(1, count):
            human = args.vs == "hotseat"
            seats.append(
                SeatPlan(
                    "human" if human else "bot",
                    f"Player {i + 1}" if human else f"Bot {i + 1}",
                    None,
                )
            )
        app.start = LocalPlan(args.format, tuple(seats))
        app.last_plan = app.start
    return int(app.run() or 0)

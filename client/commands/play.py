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
    parser.add_argument(
        "--best-of", type=int, choices=(1, 3, 5), default=1, metavar="{1,3,5}",
        help="a duel as one game (default) or a best-of-3/5 match: random heroes each game, "
             "the loser of a game chooses who plays first in the next; with --vs it starts "
             "at once, else the new-game screen offers it",
    )  # fmt: skip
    parser.add_argument("--name", default=None, help="your player name (default: from settings)")


def run(args: argparse.Namespace) -> int:
    from client.app import AllegianceApp, run_app
    from client.screens.setup import LocalPlan, SeatPlan, default_plan
    from shared.protocol.messages import clean_name

    if args.best_of > 1 and args.format != "duel":
        raise SystemExit("allegiance play: error: --best-of is for duels (--format duel) only")
    options: dict[str, object] = {"best_of": args.best_of} if args.best_of > 1 else {}
    app = AllegianceApp()
    if args.name is not None:  # cleaned as the server cleans it; nothing left: settings'
        app.settings.name = clean_name(args.name, app.settings.name)
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
        app.start = LocalPlan(args.format, tuple(seats), options)
        app.last_plan = app.start
    elif options:  # the new-game screen opens on a match
        plan = default_plan(app.settings.name)
        app.last_plan = LocalPlan(plan.format, plan.seats, options)
    return run_app(app)

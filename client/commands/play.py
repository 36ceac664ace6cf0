"""``allegiance play``: open the game (main menu), or start a local game at once."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from client.screens.setup import SeatPlan

NAME = "play"
#: the bot levels by name (``SeatPlan.level``)
LEVELS = {"random": 0, "easy": 1, "medium": 2, "hard": 3}
HELP = "play in this terminal: the main menu, or a local game against bots or hot-seat"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--vs", choices=("bot", "hotseat"), default=None,
        help="start a duel at once: against a bot, or two people at this keyboard",
    )  # fmt: skip
    parser.add_argument(
        "--format", choices=("duel", "ffa", "sworn", "team"), default=None,
        help="format of the game (default: duel): started at once with --vs, else the menu's "
             "New local game starts from it",
    )  # fmt: skip
    parser.add_argument(
        "--best-of", type=int, choices=(1, 3, 5), default=1, metavar="{1,3,5}",
        help="a duel as one game (default) or a best-of-3/5 match: random heroes each game, "
             "the loser of a game chooses who plays first in the next; with --vs it starts "
             "at once, else the new-game screen offers it",
    )  # fmt: skip
    parser.add_argument(
        "--bot-level", choices=tuple(LEVELS), default=None,
        help="with --vs bot: the bots' strength (default: medium, as on a hosted table)",
    )  # fmt: skip
    parser.add_argument("--name", default=None, help="your player name (default: from settings)")


def run(args: argparse.Namespace) -> int:
    from client.app import AllegianceApp, run_app
    from client.screens.setup import LocalPlan, default_plan
    from server.cli import refuse
    from shared.protocol.messages import clean_name

    fmt = args.format or "duel"
    if args.bot_level is not None and args.vs != "bot":
        refuse(NAME, "--bot-level goes with --vs bot (the new-game screen sets each bot's "
                     "level)")  # fmt: skip
    if args.best_of > 1 and fmt != "duel":
        refuse(NAME, "--best-of is for duels (--format duel) only")
    options: dict[str, object] = {"best_of": args.best_of} if args.best_of > 1 else {}
    app = AllegianceApp()
    if args.name is not None:  # cleaned as the server cleans it; nothing left: settings'
        app.settings.name = clean_name(args.name, app.settings.name)
    if args.vs is not None:
        level = LEVELS[args.bot_level or "medium"]
        seats = _seats(fmt, app.settings.name, args.vs == "hotseat", level)
        app.start = LocalPlan(fmt, seats, options)
        app.last_plan = app.start
    elif options or args.format is not None:  # the new-game screen opens on them
        plan = default_plan(app.settings.name)
        seats = plan.seats if fmt == plan.format else _seats(fmt, app.settings.name, False)
        app.last_plan = LocalPlan(fmt, seats, options)
    return run_app(app)


def _seats(fmt: str, name: str, hotseat: bool, level: int = 2) -> tuple[SeatPlan, ...]:
    """The seats of a format's smallest table: you, then people (hot-seat) or bots of
    ``level``, named as the New local game form names them: its first plan's bot for
    the second seat ("Bot"), the form's default names for the others ("Bot 3",
    "Player 2"), so a bot is called the same however the game was started."""
    from client.screens.setup import SeatPlan, default_name, first_plan

    count = {"duel": 2, "ffa": 3, "sworn": 3, "team": 4}[fmt]
    kind = "human" if hotseat else "bot"
    seats = [SeatPlan("human", name, None)]
    for i in range(1, count):
        label = default_name(kind, i)
        if kind == "bot" and i == 1:
            label = first_plan(name).seats[1].name
        seats.append(SeatPlan(kind, label, None, level))
    return tuple(seats)

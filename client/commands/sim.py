"""``allegiance sim``: bot games and their statistics.

- With ``--connect HOST:PORT`` (or a ``ws://`` URL): bot-only games through a live server,
  every seat a websocket client; prints a result per game and the action latency
  percentiles. The address is checked before anything starts, as ``join`` checks it.
- Without it: headless local games of the bots against each other (``server.simulate``).
"""

from __future__ import annotations

import argparse

NAME = "sim"
HELP = "play bot games (locally, or through a live server with --connect) and print results"


#: The --connect flags a local run refuses, and what it has instead. Decision: a local
#: run's table is its --format (ffa3, sworn4…), so --seats is not mapped onto a format.
LOCAL_INSTEAD = {
    "--seats": "a local run picks its table with --format (e.g. --format ffa3 for 3 seats)",
    "--concurrency": "a local run plays games at once with --jobs",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    try:
        from server.simulate import add_sim_arguments
    except ImportError:
        parser.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    else:
        add_sim_arguments(parser)
    group = parser.add_argument_group("through a live server")
    group.add_argument(
        "--connect", metavar="URL", default=None,
        help="play through the server at HOST:PORT (or a ws:// or wss:// URL)",
    )  # fmt: skip
    # None when not given, so that a local run can tell they were (it refuses them)
    group.add_argument(
        "--seats", type=int, default=None, choices=[2, 3, 4], help="seats per game (default 2)"
    )
    group.add_argument(
        "--concurrency", type=int, default=None, help="games played at once (default 8)"
    )
    group.add_argument("--game", default="realm", help=argparse.SUPPRESS)
    parser.epilog = (
        "Ctrl+C stops a run (exit status 130), and so does SIGTERM (143); a local run "
        "then prints the games it finished."
    )


def run(args: argparse.Namespace) -> int:
    from server.cli import error

    if args.connect is None:
        for flag, instead in LOCAL_INSTEAD.items():
            if getattr(args, flag[2:]) is not None:
                return error(NAME, f"{flag} goes with --connect (games through a server); "
                                   f"{instead}")  # fmt: skip
        try:
            from server.simulate import run_sim as run_local
        except ImportError:
            return error(NAME, "--connect ws://HOST:PORT is required")
        return run_local(args)
    given = _local_flags_given(args)
    if given:
        verb = "is" if len(given) == 1 else "are"
        return error(NAME, f"{', '.join(given)} {verb} for a local run (without --connect); "
                           "through a server the games are bot games of --seats seats, set "
                           "by --seats, --games and --concurrency")  # fmt: skip
    args.seats = 2 if args.seats is None else args.seats
    args.concurrency = 8 if args.concurrency is None else args.concurrency
    return _run_connected(args)


def _local_flags_given(args: argparse.Namespace) -> list[str]:
    """The local run's flags given to a ``--connect`` run, which would ignore them
    (``--record`` would record nothing, ``--format all`` play one game): refused."""
    try:
        from server.simulate import add_sim_arguments
    except ImportError:
        return []
    local = argparse.ArgumentParser(add_help=False)
    add_sim_arguments(local)
    return [
        action.option_strings[0]
        for action in local._actions  # argparse has no public view
        if action.dest != "games" and getattr(args, action.dest, action.default) != action.default
    ]


def _run_connected(args: argparse.Namespace) -> int:
    import asyncio

    from websockets.exceptions import WebSocketException

    from client.net.connection import unreachable
    from client.screens.join import address_problem, server_url
    from server.cli import FAILED, error
    from server.sim import format_report, run_sim

    # A port out of range or an unclosed bracket would otherwise fail only inside the
    # websockets library, as a traceback, after the run had started.
    problem = address_problem(args.connect)
    if problem is not None:
        return error(NAME, f"--connect {problem}")
    url = server_url(args.connect)
    if args.games < 1 or args.concurrency < 1:
        return error(NAME, "--games and --concurrency must be at least 1")
    try:
        report = asyncio.run(run_sim(url, args.games, args.seats, args.game, args.concurrency))
    except (OSError, TimeoutError) as exc:  # in the words 'allegiance join' shows
        return error(NAME, unreachable(url, exc), FAILED)  # made a clause by error()
    except WebSocketException as exc:  # a handshake refused, a connection broken off
        return error(NAME, f"the connection to {url} failed: {exc}", FAILED)
    except RuntimeError as exc:  # the server refused the table: its words
        return error(NAME, str(exc), FAILED)
    print(format_report(report))
    return 0

"""``allegiance serve``: the headless authoritative server."""

from __future__ import annotations

import argparse

NAME = "serve"
HELP = "run a headless game server (logs to stderr)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from server.cli import add_serve_arguments

    add_serve_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from server.cli import run_serve

    check_db_folder(args)
    return run_serve(args)


def check_db_folder(args: argparse.Namespace) -> None:
    """Refuse a ``--db`` under a file in one line that says so, before the server tries
    to make its folder (``mkdir`` would only say "File exists"); and one whose folder
    does not exist (exit status 2): a typo in the path would make folders."""
    from server.cli import missing_folder, refuse
    from server.store import folder_problem

    if not args.db:
        return
    problem = folder_problem(args.db)
    if problem is not None:
        raise SystemExit(f"allegiance: error: cannot create the folder of --db {args.db}: "
                         f"{problem}")  # fmt: skip
    missing = missing_folder(args.db)
    if missing is not None:
        refuse(f"allegiance: error: --db {args.db}: {missing}")

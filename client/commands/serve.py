"""``allegiance serve``: the headless authoritative server."""

from __future__ import annotations

import argparse

NAME = "serve"
HELP = "run a headless game server (logs to stderr)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from server.cli import add_serve_arguments

    add_serve_arguments(parser)
    parser.set_defaults(command=NAME)  # its error lines name it (server.cli.command_of)


def run(args: argparse.Namespace) -> int:
    from server.cli import run_serve

    check_db_folder(args, NAME)
    return run_serve(args)


def check_db_folder(args: argparse.Namespace, command: str) -> None:
    """Refuse a ``--db`` that cannot be used (under a file, or in a folder that does not
    exist) in one line, exit status 2, before anything starts; ``command`` is the
    subcommand the line names."""
    from server.cli import check_db

    if args.db:
        check_db(args.db, command)

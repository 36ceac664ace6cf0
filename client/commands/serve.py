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

    return run_serve(args)

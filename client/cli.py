"""The ``allegiance`` command: one console script, one subcommand per module.

Each subcommand lives in its own module (``client/commands/<name>.py``) listed in
:data:`SUBCOMMANDS`. A subcommand module defines:

- ``NAME: str`` — the word typed after ``allegiance``;
- ``HELP: str`` — one line shown by ``allegiance --help``;
- ``add_arguments(parser: argparse.ArgumentParser) -> None`` — its flags;
- ``run(args: argparse.Namespace) -> int`` — does the work, returns the exit status.

A module imports heavy things (Textual, websockets, the rules core) inside ``run``, so
``allegiance --help`` stays fast. Only subcommands that work are listed: an issue that
builds one adds its module here in the same change.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, NoReturn

#: Module paths of the registered subcommands, in the order ``--help`` lists them.
SUBCOMMANDS: list[str] = [
    # one line each, e.g. "client.commands.play",
    "client.commands.play",
    "client.commands.join",
    "client.commands.watch",
    "client.commands.replay",
    "client.commands.serve",
    "client.commands.host",
    "client.commands.sim",
    "client.commands.scenario",
    "client.commands.cards",
]

#: Every subcommand name the project plans; scripts and docs may rely on these.
PLANNED = ("play", "host", "serve", "join", "watch", "replay", "cards", "sim", "scenario")

#: The subcommand that a bare ``allegiance`` runs.
DEFAULT_SUBCOMMAND = "play"

PROG = "allegiance"


class Subcommand(NamedTuple):
    """One registered subcommand, checked when it is loaded. (A NamedTuple, not a
    dataclass: importing dataclasses costs ~10 ms of every start.)"""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    module: str


class SubcommandError(Exception):
    """A registered subcommand module is missing or does not follow the protocol."""


def version() -> str:
    """The installed distribution's version, or a marker when run from a bare checkout."""
    from importlib import metadata  # ~30 ms to import: only when asked

    try:
        return metadata.version(PROG)
    except metadata.PackageNotFoundError:
        return "0+unknown"


class _VersionAction(argparse.Action):
    """``--version``, looking the version up only when the flag is given."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> NoReturn:
        print(f"{PROG} {version()}")
        parser.exit()


def load_subcommand(module_path: str) -> Subcommand:
    """Import one subcommand module and check it defines the four names."""
    try:
        module = importlib.import_module(module_path)
    except Exception as exc:
        raise SubcommandError(f"{module_path}: cannot be imported: {exc}") from exc
    missing = [n for n in ("NAME", "HELP", "add_arguments", "run") if not hasattr(module, n)]
    if missing:
        raise SubcommandError(f"{module_path}: does not define {', '.join(missing)}")
    name, help_text = module.NAME, module.HELP
    if not isinstance(name, str) or not isinstance(help_text, str):
        raise SubcommandError(f"{module_path}: NAME and HELP must be strings")
    if not callable(module.add_arguments) or not callable(module.run):
        raise SubcommandError(f"{module_path}: add_arguments and run must be functions")
    return Subcommand(name, help_text, module.add_arguments, module.run, module_path)


def load_subcommands(module_paths: Sequence[str]) -> list[Subcommand]:
    """Load every registered subcommand; a broken one is reported on stderr and skipped,
    so one half-built subcommand cannot take the whole command down."""
    loaded: list[Subcommand] = []
    for path in module_paths:
        try:
            loaded.append(load_subcommand(path))
        except SubcommandError as exc:
            print(f"{PROG}: warning: skipping a subcommand: {exc}", file=sys.stderr)
    return loaded


class OneLineParser(argparse.ArgumentParser):
    """A parser whose mistakes read as every other error of the command (docs/
    development.md, "Command-line errors"): one line, ``allegiance <command>: error:
    <what>; see 'allegiance <command> --help'``, exit status 2, without the usage block
    argparse prints above its line."""

    def error(self, message: str) -> NoReturn:
        from server.cli import parser_error  # only on a mistake: keeps the start fast

        parser_error(self.prog, message)


class CommandParser(OneLineParser):
    """A subcommand's parser: a flag or word it does not know is its own error
    (``allegiance play: error: unrecognized arguments: --foo``).

    argparse parses a subcommand's arguments with ``parse_known_args`` and hands what is
    left to the top-level parser, which would report it under its own usage and name.
    A subcommand's own subcommands (``scenario run``) are parsers of this class too
    (``add_subparsers`` makes its children of its parser's class), so the innermost one
    reports."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def build_parser(subcommands: Sequence[Subcommand]) -> argparse.ArgumentParser:
    """The top-level parser with one subparser per loaded subcommand."""
    parser = OneLineParser(
        prog=PROG,
        description="Allegiance: A Realm Divided, in the terminal: "
        "online, on a LAN and hot-seat, with bots.",
        epilog=_epilog(subcommands),
    )
    parser.add_argument("--version", action=_VersionAction)
    if not subcommands:
        return parser
    sub = parser.add_subparsers(
        dest="command", title="commands", metavar="COMMAND", parser_class=CommandParser
    )
    for cmd in subcommands:
        child = sub.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        cmd.add_arguments(child)
        child.set_defaults(_run=cmd.run)
    return parser


def _epilog(subcommands: Sequence[Subcommand]) -> str:
    if not subcommands:
        return "No commands are available in this version yet."
    text = f"Run '{PROG} COMMAND --help' for a command's flags."
    if DEFAULT_SUBCOMMAND in {cmd.name for cmd in subcommands}:
        text = f"Run without a command to {DEFAULT_SUBCOMMAND}. {text}"
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``allegiance`` console script; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    subcommands = load_subcommands(SUBCOMMANDS)
    parser = build_parser(subcommands)
    names = {cmd.name for cmd in subcommands}
    if not args_list:
        if DEFAULT_SUBCOMMAND not in names:
            print(
                f"{PROG}: the game screen is not built yet, so there is nothing to open.\n"
                f"Run '{PROG} --help' to see what this version can do.",
                file=sys.stderr,
            )
            return 1
        args_list = [DEFAULT_SUBCOMMAND]
    if args_list[0] in PLANNED and args_list[0] not in names:
        print(
            f"{PROG}: error: '{args_list[0]}' is not built yet; see '{PROG} --help'",
            file=sys.stderr,
        )
        return 2
    args = parser.parse_args(args_list)
    run: Callable[[argparse.Namespace], int] | None = getattr(args, "_run", None)
    if run is None:  # flags without a command: nothing to run
        parser.error("a command is needed")
    try:
        status = run(args)
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `allegiance cards | head`): stop quietly, as other
        # command-line tools do, and keep Python from complaining again at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())

"""Command-line front of the server: ``allegiance serve`` and ``python -m server``."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from server.config import ServerConfig, default_db_path
from server.store import DatabaseInUse, NotOurDatabase, folder_problem


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default %(default)s; 0.0.0.0 for every network, "
        "127.0.0.1 for this machine only)",
    )
    parser.add_argument(
        "--port", type=int, default=8765, help="port to listen on (default 8765; 0 = any free port)"
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        default=None,
        help="SQLite database file, in a folder that exists (default: the user data dir)",
    )
    parser.add_argument(
        "--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="how much the server logs to stderr (default: INFO)",
    )
    parser.add_argument(
        "--ruleset", action="append", default=[], metavar="NAME=MODULE:OBJ", help=argparse.SUPPRESS
    )
    parser.add_argument("--allow-fixed-seeds", action="store_true", help=argparse.SUPPRESS)


def config_from_args(args: argparse.Namespace) -> ServerConfig:
    """The server's configuration from its flags; a flag that cannot be used is refused
    in one line (exit status 2), naming the command ``args`` were parsed for."""
    command = command_of(args)
    if not 0 <= args.port <= 65535:
        refuse(command, f"--port must be 0–65535, not {args.port}")
    bad = [spec for spec in args.ruleset if "=" not in spec or ":" not in spec]
    if bad:
        refuse(command, f"--ruleset wants NAME=MODULE:OBJECT, not {bad[0]!r}")
    db_path = Path(args.db) if args.db else default_db_path()
    # A --db given is a mistake in the command line; the default data folder that cannot
    # be made is a failure of this machine (no flag to correct).
    named, leave = (f"--db {db_path}", refuse) if args.db else (str(db_path), fail)
    if args.db:
        check_db(args.db, command)
    elif (problem := folder_problem(db_path)) is not None:
        fail(command, f"cannot create the folder of {named}: {problem}")
    elif db_path.is_dir():  # SQLite would only say "unable to open database file"
        fail(command, f"{named} {IS_A_FOLDER}")
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        leave(command, f"cannot create the folder of {named}: {exc.strerror}")
    return ServerConfig(
        host=args.host,
        port=args.port,
        db_path=str(db_path),
        rulesets=tuple(args.ruleset),
        allow_fixed_seeds=args.allow_fixed_seeds,
        tune_gc=True,
    )


#: What a database path that names a folder is told (SQLite would only say "unable to
#: open database file").
IS_A_FOLDER = (
    "is a folder, not a database file (a server keeps its games in one file, e.g. allegiance.db)"
)


def check_db(db: str, command: str) -> None:
    """Refuse a ``--db`` that cannot be used, in one line (exit status 2), before a server
    tries to make its folder: one under a file (``mkdir`` would only say "File exists"),
    one whose folder does not exist (a typo in the path would make folders), and a folder
    itself."""
    if Path(db).is_dir():
        refuse(command, f"--db {db} {IS_A_FOLDER}")
    problem = folder_problem(db)
    if problem is not None:
        refuse(command, f"cannot create the folder of --db {db}: {problem}")
    missing = missing_folder(db)
    if missing is not None:
        refuse(command, f"--db {db}: {missing}")


def missing_folder(db: str | Path) -> str | None:
    """Why a ``--db`` given by hand is refused: its folder does not exist, and a typo in
    the path would make folders; None when it exists. The default data folder is made
    when it is missing, as it is for the default database."""
    folder = Path(db).parent
    if folder.exists():  # a file there instead: folder_problem says so
        return None
    from server.local import data_dir

    if _same_folder(folder, default_db_path().parent) or _same_folder(folder, data_dir()):
        return None
    return f"the folder {folder} does not exist (make it first, or correct the path)"


def _same_folder(a: Path, b: Path) -> bool:
    return os.path.abspath(a) == os.path.abspath(b)


# --------------------------------------------------------------------------- errors
# Every command's errors (docs/development.md, "Command-line errors"): one line on
# stderr, "allegiance <command>: error: <what and why>"; exit status 2 for a mistake in
# the command line (as argparse's own errors), 1 for a failure while running.

PROG = "allegiance"
#: The server run as a module: its errors name it as its parser does.
SERVER_MODULE = "python -m server"
#: The exit status of a mistake in the command line: a flag's value, a combination of
#: flags, a path that cannot be used (argparse's own errors exit with it too).
USAGE = 2
#: The exit status of a failure while running: a server not reached, a database in use
#: by another server or not ours.
FAILED = 1


def program(command: str) -> str:
    """The program as typed, for its error lines: ``allegiance <command>`` (``command``
    is the subcommand, e.g. ``serve`` or ``scenario run``; "" for ``allegiance`` itself),
    or ``python -m server``."""
    if command == SERVER_MODULE or not command:
        return command or PROG
    return f"{PROG} {command}"


def command_of(args: argparse.Namespace) -> str:
    """The subcommand ``args`` were parsed for (``serve``, ``host``), or
    :data:`SERVER_MODULE` for ``python -m server``, whose parser names none."""
    return getattr(args, "command", None) or SERVER_MODULE


def error_line(command: str, message: str) -> str:
    """The one line of an error of ``command``; ``message`` says what and why, as a
    clause (:func:`clause`) whatever its source wrote."""
    return f"{program(command)}: error: {clause(message)}"


#: Words that begin a sentence of the project's messages (its own, a server's, the
#: system's) and are not names: :func:`clause` writes them in lower case. A first word
#: not listed keeps its capital, so a name ("Bob is already seated", "SQLite …") is
#: never lower-cased; a sentence left capitalised reads better than a name that is not.
_ORDINARY_WORDS = (
    "a an the this that these those there here it its no not nothing none nobody cannot "
    "can could would should will may might must is are was were be been has have had do "
    "does did your you we our some every each all any only too already still unknown "
    "invalid missing bad wrong step game server table seat connection say watch resuming "
    "failed unable expected give use choose try please when while after before if on in "
    "at for with without from to of by as but and or so what which who why how database "
    "file folder port address code token replay record name hero player card permission "
    "operation temporary"
)
ORDINARY = frozenset(_ORDINARY_WORDS.split())


def clause(message: str) -> str:
    """``message`` as the clause after "error:", as argparse writes its own: without a
    final full stop, and with its first word in lower case when it is an ordinary word
    (:data:`ORDINARY`), capitalised only because it began a sentence for people
    ("Could not reach …." → "could not reach …")."""
    text = message.strip()
    if text.endswith(".") and not text.endswith(".."):  # an ellipsis stays
        text = text[:-1]
    first = text.split(" ", 1)[0].rstrip(",:;")
    if first[:1].isupper() and first[1:].islower() and first.lower() in ORDINARY:
        text = text[:1].lower() + text[1:]
    return text


def parser_error(prog: str, message: str) -> NoReturn:
    """A command line argparse cannot parse, as every other mistake in one: one line and
    exit status 2, with the help to read instead of the usage argparse prints above it.
    ``prog`` is the parser's (``allegiance scenario run``, ``python -m server``)."""
    command = prog if prog == SERVER_MODULE else prog.removeprefix(PROG).strip()
    refuse(command, f"{message}; see '{prog} --help'")


class ServerParser(argparse.ArgumentParser):
    """``python -m server``'s parser: its mistakes in one line (:func:`parser_error`)."""

    def error(self, message: str) -> NoReturn:
        parser_error(self.prog, message)


def error(command: str, message: str, status: int = USAGE) -> int:
    """Print the error line of ``command`` on stderr; ``status``, for a ``run`` that
    returns its exit status."""
    print(error_line(command, message), file=sys.stderr)
    return status


class CommandLineError(SystemExit):
    """An error whose line is printed, leaving with its exit status; the exception's text
    is the line (tests match it)."""

    def __init__(self, line: str, status: int) -> None:
        super().__init__(line)
        self.code = status


def refuse(command: str, message: str) -> NoReturn:
    """A mistake in the command line: print its line and exit with status 2."""
    _leave(command, message, USAGE)


def fail(command: str, message: str) -> NoReturn:
    """A failure while running: print its line and exit with status 1."""
    _leave(command, message, FAILED)


def _leave(command: str, message: str, status: int) -> NoReturn:
    error(command, message, status)
    raise CommandLineError(error_line(command, message), status)


def run_serve(args: argparse.Namespace, extra: Callable[[Any], Any] | None = None) -> int:
    """Serve until a signal; ``extra(server)`` is an async context manager run alongside.
    A server that cannot start (its port, its database) says why in one line: exit 1."""
    from server import loop
    from server.app import configure_logging, serve_until_signalled

    command = command_of(args)
    configure_logging(args.log_level)
    config = config_from_args(args)
    try:
        return loop.run(serve_until_signalled(config, extra))
    except OSError as exc:
        why = exc.strerror or str(exc)
        return error(command, f"cannot listen on {config.host}:{config.port}: {why}", FAILED)
    except (DatabaseInUse, NotOurDatabase) as exc:  # it names the database, and why
        return error(command, str(exc), FAILED)
    except sqlite3.Error as exc:
        return error(command, f"cannot use the database {config.db_path}: {exc}", FAILED)


def main(argv: list[str] | None = None) -> int:
    parser = ServerParser(prog=SERVER_MODULE, description="Run the Allegiance server.")
    add_serve_arguments(parser)
    return run_serve(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())

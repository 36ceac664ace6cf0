"""Command-line front of the server: ``allegiance serve`` and ``python -m server``."""

from __future__ import annotations

import argparse
import logging
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
    if not 0 <= args.port <= 65535:
        raise SystemExit(f"allegiance: error: --port must be 0–65535, not {args.port}")
    bad = [spec for spec in args.ruleset if "=" not in spec or ":" not in spec]
    if bad:
        raise SystemExit(f"allegiance: error: --ruleset wants NAME=MODULE:OBJECT, not {bad[0]!r}")
    db_path = Path(args.db) if args.db else default_db_path()
    problem = folder_problem(db_path)
    if problem is not None:
        raise SystemExit(f"allegiance: error: --db {db_path}: {problem}")
    missing = missing_folder(args.db) if args.db else None
    if missing is not None:
        refuse(f"allegiance: error: --db {args.db}: {missing}")
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SystemExit(
            f"allegiance: error: cannot create the folder of --db {db_path}: {exc.strerror}"
        ) from None
    return ServerConfig(
        host=args.host,
        port=args.port,
        db_path=str(db_path),
        rulesets=tuple(args.ruleset),
        allow_fixed_seeds=args.allow_fixed_seeds,
        tune_gc=True,
    )


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


class UsageError(SystemExit):
    """A refused flag: exit status 2, as argparse's own errors; the exception's text is
    the line printed (tests match it)."""

    def __init__(self, line: str) -> None:
        super().__init__(line)
        self.code = 2


def refuse(line: str) -> NoReturn:
    """Print ``line`` (one line, naming the flag) and exit with status 2."""
    print(line, file=sys.stderr)
    raise UsageError(line)


def run_serve(args: argparse.Namespace, extra: Callable[[Any], Any] | None = None) -> int:
    """Serve until a signal; ``extra(server)`` is an async context manager run alongside."""
    from server import loop
    from server.app import configure_logging, serve_until_signalled

    configure_logging(args.log_level)
    config = config_from_args(args)
    try:
        return loop.run(serve_until_signalled(config, extra))
    except OSError as exc:
        logging.getLogger("allegiance.server").error(
            "cannot listen on %s:%s: %s", config.host, config.port, exc
        )
        return 1
    except (DatabaseInUse, NotOurDatabase) as exc:  # it names the database, and why
        logging.getLogger("allegiance.server").error("%s", exc)
        return 1
    except sqlite3.Error as exc:
        logging.getLogger("allegiance.server").error(
            "cannot use the database %s: %s", config.db_path, exc
        )
        return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m server", description="Run the Allegiance server."
    )
    add_serve_arguments(parser)
    return run_serve(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())

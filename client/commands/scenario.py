"""``allegiance scenario run FILE...``: run scenario files, print pass/fail per file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shared.rules.realm.catalog import Catalog
    from shared.rules.realm.scenario import Outcome

NAME = "scenario"
HELP = "run Realm Divided scenario files (set up a position, play a script, check it)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION",
                                help="run: run scenario files")
    run = sub.add_parser("run", help="run scenario files or folders of them",
                         description="Run scenario files; print PASS/FAIL per file with the "
                                     "first difference. Exit status 1 if any fails, 2 if a "
                                     "path is missing or a folder holds no scenario files.")
    run.add_argument("paths", nargs="+", metavar="FILE",
                     help="a scenario .toml file, or a folder searched for them")
    run.add_argument("--events", action="store_true",
                     help="also print the events each passing scenario produced")


#: The command its error lines name (``allegiance scenario run: error: …``, as argparse's).
COMMAND = f"{NAME} run"


def run(args: argparse.Namespace) -> int:
    from server.cli import FAILED, error
    from shared.rules.realm.catalog import CatalogError, load_catalog
    from shared.rules.realm.scenario import find_files

    try:
        catalog = load_catalog()
    except CatalogError as exc:  # the installed card data: not a mistake in the command
        return error(COMMAND, f"bad card data: {exc}", FAILED)
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        return error(COMMAND, f"no such file or folder: {missing[0]}")
    empty = [p for p in args.paths if Path(p).is_dir() and not find_files([Path(p)])]
    if empty:  # a run of nothing would read as a pass
        return error(COMMAND, f"no scenario files in {empty[0]}")
    files = find_files([Path(p) for p in args.paths])
    failed = 0
    for path in files:
        outcome = _outcome(path, catalog)
        mark = "PASS" if outcome.passed else "FAIL"
        print(f"{mark}  {path}  ({outcome.name})" if outcome.passed else f"{mark}  {path}")
        if not outcome.passed:
            failed += 1
            print(f"      {outcome.message}")
        elif args.events:
            for e in outcome.events:
                print(f"      {e}")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _outcome(path: Path, catalog: Catalog) -> Outcome:
    """One file's outcome. A bad file is a failed outcome with the reason (``run_file``);
    an unexpected error is one too, so that the files after it still run."""
    from shared.rules.realm.scenario import Outcome, run_file

    try:
        return run_file(path, catalog)
    except Exception as exc:  # reported as this file's failure
        return Outcome(str(path), path.stem, False,
                       f"{path}: internal error: {type(exc).__name__}: {exc}")

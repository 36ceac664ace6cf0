"""``allegiance replay``: step through a recorded game forwards and backwards.

Sources (``docs/replays.md``): the local games recorded on this machine (the default
list, or one by its join code; the list offers the games joined elsewhere too, opened
from their servers), a ``sim --record`` file or folder, a server's database
(``--db``), or the finished games of a live server (``--connect``). Games not finished
are listed and replayed too, except from a server (they are the user's own files). A
join code whose table played several games (a best-of match, rematches) opens the list
of its games; ``--game N`` opens its game N. Everything that can be checked before the
screen opens is checked here, so a bad file, id or flag is one line on stderr: exit
status 2 for a mistake in the command line, 1 for a server not reached, a server's
refusal or a file that cannot be read or replayed (:func:`status_of`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

NAME = "replay"
HELP = (
    "step through a recorded game: your local games, a sim file or a database (unfinished "
    "games too), or a server's finished games"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game", nargs="?", default=None, metavar="GAME",
        help="a 'sim --record' file (.jsonl) or folder, or a game's join code (in your "
        "local games, the --db database or on the --connect server); default: the list",
    )  # fmt: skip
    parser.add_argument(
        "--db", metavar="PATH", default=None,
        help="a server's SQLite database (e.g. 'allegiance serve --db PATH') instead of "
        "your local games; GAME is then a join code or table id",
    )  # fmt: skip
    parser.add_argument(
        "--connect", metavar="URL", default=None,
        help="a live server (ws://HOST:PORT or HOST:PORT): its finished games, or those of "
        "the table GAME; you see the public view, or your seat's with its token",
    )  # fmt: skip
    parser.add_argument(
        "--game", type=int, default=None, metavar="N", dest="index",
        help="with a join code whose table played several games (a best-of match, "
        "rematches): open its game N (1, 2, …) instead of the list of its games",
    )  # fmt: skip
    parser.add_argument(
        "--token", default=None,
        help="with --connect: your seat's token, to see the game from your seat "
        "(default: the token this client kept when you played there)",
    )  # fmt: skip


#: What a :class:`ReplayError` of these codes says is a failure while running (exit
#: status 1): the server was not reached or sent a broken replay, the file or database
#: named is unreadable, damaged or not ours. Every other one of a local source is a
#: mistake in the command line (exit status 2): a path that does not exist, a code or
#: game number that names no game there.
FAILURES = frozenset({"unreachable", "bad_replay", "unreadable", "bad_file", "bad_database",
                      "bad_record"})  # fmt: skip

#: What is checked here, before a ``--connect`` server is asked: a mistake in the command
#: line (exit status 2) though the source is a server.
CHECKED_HERE = frozenset({"bad_code", "bad_address"})


def status_of(code: str, connect: bool) -> int:
    """The exit status of a :class:`ReplayError` of ``code``: 1 for a failure while
    running (:data:`FAILURES`), and for every answer of a ``--connect`` server (no table
    of that code, a token refused): the server's tables come and go, so the command line
    was not known to be wrong until it answered; 2 for a mistake in the command line."""
    from server.cli import FAILED, USAGE

    if code in FAILURES or (connect and code not in CHECKED_HERE):
        return FAILED
    return USAGE


def _fail(message: str, code: str = "", connect: bool = False) -> int:
    """Say why in one line, with the exit status of its kind (:func:`status_of`)."""
    from server.cli import error

    return error(NAME, message, status_of(code, connect))


def run(args: argparse.Namespace) -> int:
    from client.replay import ReplayError

    if args.db and args.connect:
        return _fail("give --db or --connect, not both")
    if args.token and not args.connect:
        return _fail("--token needs --connect (a local replay needs no token)")
    if args.index is not None and args.index < 1:
        return _fail(f"--game must be a game number (1, 2, …), not {args.index}")
    if args.index is not None and args.game is None:
        return _fail("--game needs a join code: game N of which table")
    try:
        screen = _start_screen(args)
    except ReplayError as exc:
        return _fail(exc.message, exc.code, args.connect is not None)
    from client.app import AllegianceApp, run_app

    # Leaving the replay (q, Escape) goes to the main menu, not back to the shell, even
    # for one game opened here by its code or file: every command that opens something
    # at once does the same (`play --vs bot` ends on the game-over screen, whose `m`
    # goes to the menu; `join CODE` and `watch CODE` leave to the menu), so the keys
    # mean the same wherever the program was started from, and Ctrl+Q quits from any
    # screen.
    app = AllegianceApp()
    app.replay_start = screen
    return run_app(app)


def _code(text: str) -> str:
    from client.replay import ReplayError

    code = text.strip().upper()
    if not code.isalnum() or len(code) > 16:
        raise ReplayError("bad_code", f"{text!r} is not a join code (letters and digits)")
    return code


def _start_screen(args: argparse.Namespace) -> Any:
    """The screen to open (a list, or one game), or :class:`ReplayError`."""
    from client.replay import ReplayError, StoreCatalog, check_database
    from client.screens.replay import ReplayListScreen

    if args.connect:
        return _from_server(args)
    if args.db:
        path = Path(args.db)
        if path.is_dir():  # check_database would call it "no such database"
            inside = _databases_in(path)
            hint = (f"its database is {inside[0]}: use --db {inside[0]}" if inside else
                    "a server keeps its games in one file, e.g. allegiance.db")  # fmt: skip
            raise ReplayError("not_a_file", f"--db {path} is a folder, not a database "
                              f"file ({hint})")  # fmt: skip
        try:
            check_database(path)
        except ReplayError as exc:
            if exc.code == "bad_database" and path.suffix.lower() == ".jsonl":
                # a replay file given to --db: it opens without the flag
                raise ReplayError(exc.code, f"{exc.message}: a replay file opens without "
                                  f"--db (allegiance replay {path})") from None  # fmt: skip
            raise
        catalog = StoreCatalog(path, "db")
        if args.game is None:
            return ReplayListScreen(catalog)
        return _table_screen(catalog, args.game.strip(), args.index)
    if args.game is None:
        from client.screens.replay import local_games_list

        return local_games_list()
    return _from_path_or_code(args.game, args.index)


def _table_screen(catalog: Any, key: str, index: int | None) -> Any:
    """Game ``index`` of a table of a database; without it, the list of the table's games
    when it played several (a match, rematches), else its one game."""
    from client.replay import StoreCatalog
    from client.screens.replay import ReplayListScreen, ReplayScreen

    if index is None and catalog.game_count(key) > 1:
        title = "your local games" if catalog.source == "local" else ""
        table = StoreCatalog(catalog.path, catalog.source, title, table=key.upper())
        return ReplayListScreen(table)
    return ReplayScreen(catalog.open_now(key, index))


def _from_path_or_code(game: str, index: int | None) -> Any:
    from client.replay import FolderCatalog, ReplayError, StoreCatalog, check_database
    from client.screens.replay import ReplayListScreen, ReplayScreen
    from server.local import local_games_path

    path = Path(game)
    if (path.is_dir() or path.is_file()) and index is not None:
        raise ReplayError("bad_flag", "--game is for a table of several games (a join code)")
    if path.is_dir():
        _refuse_database_folder(path)
        return ReplayListScreen(FolderCatalog(path))
    if path.is_file():
        return ReplayScreen(_open_replay_file(path))
    if path.suffix or "/" in game or not game.strip().isalnum():
        raise ReplayError("not_found", f"no such file or folder: {game}")
    local = local_games_path()
    if not local.exists():
        raise ReplayError("not_found", f"no such file, and no local games yet: {game}")
    check_database(local)
    return _table_screen(StoreCatalog(local, "local"), _code(game), index)


#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"

#: The endings of a database's file name (``allegiance serve --db games.db``,
#: ``local-games.db``).
DATABASE_SUFFIXES = frozenset({".db", ".sqlite", ".sqlite3"})


def _databases_in(path: Path) -> list[Path]:
    """The database files of a folder, by their names' endings, in name order."""
    return sorted(f for f in path.iterdir() if f.suffix.lower() in DATABASE_SUFFIXES)


def _refuse_database_folder(path: Path) -> None:
    """A folder with no replay files but a database (the data folder, with its
    ``local-games.db``) is refused with the flag that lists the database's games: shown
    as a folder of replay files it said "No recorded games yet", and the games are
    recorded."""
    from client.replay import ReplayError

    if any(path.glob("*.jsonl")):
        return
    databases = _databases_in(path)
    if databases:
        raise ReplayError("database_folder", f"{path} holds no replay files but a database: "
                          f"use --db {databases[0]} to list its games")  # fmt: skip


def _open_replay_file(path: Path) -> Any:
    """The replay of a ``sim --record`` file. A database given in its place (the local
    games' ``local-games.db``, a server's ``--db`` file) is refused with the flag that
    opens it: read as a replay it was "not a text file", or "not valid JSON" at line 1,
    which says nothing of the mistake."""
    from client.replay import ReplayError, open_file

    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError:
        head = b""  # open_file says why it cannot be read
    if head == SQLITE_HEADER:  # a mistake in the command line: the wrong flag
        raise ReplayError("database_file", f"{path} is a database, not a replay file: use "
                          f"--db {path} to list its games")  # fmt: skip
    try:
        return open_file(path)
    except ReplayError as exc:
        if path.suffix.lower() not in DATABASE_SUFFIXES:
            raise
        # Named as a database but not one: say both, and keep the failure's status.
        raise ReplayError(exc.code, f"{path} is neither a replay file nor an SQLite "
                          "database (--db PATH lists a database's games)") from None


def _from_server(args: argparse.Namespace) -> Any:
    import asyncio

    from client.replay import ReplayError, ServerCatalog, fetch_own_replay, table_listing
    from client.screens.join import address_problem, server_url
    from client.screens.replay import ReplayListScreen, ReplayScreen

    # A port out of range would otherwise fail inside the connection, as a server not
    # reached (exit status 1), though the address typed is the mistake.
    problem = address_problem(args.connect)
    if problem is not None:
        raise ReplayError("bad_address", f"--connect {problem}")
    url = server_url(args.connect)
    if args.game is None:
        catalog = ServerCatalog(url)
        asyncio.run(catalog.entries())  # fail here, not on the screen, if unreachable
        return ReplayListScreen(catalog)
    code = _code(args.game)
    if args.index is None:  # a table of several finished games: the list of them
        listed = asyncio.run(table_listing(url, code, args.token))
        if len(listed.known or ()) > 1:
            return ReplayListScreen(listed)
    replay = asyncio.run(fetch_own_replay(url, code, args.token, args.index))
    return ReplayScreen(replay)

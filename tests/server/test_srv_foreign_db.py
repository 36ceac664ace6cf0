"""A database that is not ours (tables of its own, or no SQLite file at all) is refused
and left as it was, by ``allegiance serve`` and by the client's in-process server; an
empty file or a new path becomes ours."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from server.local import recording_settings, start_local_server
from server.store import Store

SCRIPT = Path(sys.executable).parent / "allegiance"


def _games_database(path: Path) -> Path:
    """Someone else's database: one table, ``games``, with a row."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)")
        db.execute("INSERT INTO games (title) VALUES ('chess')")
    return path


def _tables(path: Path) -> list[str]:
    with sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True) as db:
        return sorted(r[0] for r in db.execute("SELECT name FROM sqlite_master"))


def test_serve_refuses_a_database_with_tables_of_its_own(tmp_path: Path) -> None:
    db = _games_database(tmp_path / "other.db")
    before = db.read_bytes()
    done = subprocess.run(
        [str(SCRIPT), "serve", "--port", "0", "--db", str(db)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1
    assert f"{db} is not an Allegiance game database (it holds other tables: games)" \
        in done.stderr  # fmt: skip
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.count(str(db)) == 1
    assert db.read_bytes() == before and _tables(db) == ["games"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]  # no lock, no log


def test_serve_refuses_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping: bread, milk\n", encoding="utf-8")
    done = subprocess.run(
        [str(SCRIPT), "serve", "--port", "0", "--db", str(notes)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1
    assert f"{notes} is not an Allegiance game database (not an SQLite database file)" \
        in done.stderr  # fmt: skip
    assert "Traceback" not in done.stderr
    assert notes.read_text(encoding="utf-8") == "shopping: bread, milk\n"


async def test_the_in_process_server_refuses_it_too(tmp_path: Path) -> None:
    """The client's local server (recording, no restore) raises the same one-line error,
    which the client shows as "Could not start the local server: …"."""
    db = _games_database(tmp_path / "local-games.db")
    settings = {**recording_settings(), "db_path": str(db)}
    with pytest.raises(sqlite3.DatabaseError) as info:  # NotOurDatabase
        await start_local_server(**settings)
    assert str(info.value) == (
        f"{db} is not an Allegiance game database (it holds other tables: games);"
        " it was left untouched"
    )
    assert _tables(db) == ["games"]


@pytest.mark.parametrize("make", ["new path", "empty file"])
def test_an_empty_file_or_a_new_path_becomes_ours(tmp_path: Path, make: str) -> None:
    db = tmp_path / "sub" / "new.db"
    if make == "empty file":
        db.parent.mkdir()
        db.touch()
    Store(db).close()
    assert {"tables", "seats", "commands", "chat", "summaries"} <= set(_tables(db))


def test_our_own_database_opens_again(tmp_path: Path) -> None:
    db = tmp_path / "ours.db"
    store = Store(db)
    store.create_table("ABCD", "toy", {}, {}, 1, 2, [])
    store.close()
    again = Store(db)
    try:
        assert again.code_exists("ABCD")
    finally:
        again.close()

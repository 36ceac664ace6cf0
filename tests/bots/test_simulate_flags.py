"""``allegiance sim`` flags that did something other than asked: ``--record`` into a
folder of other files (or onto a file), ``--round-robin`` with another format, empty
entries of ``--bots``, ``--heroes`` and ``--versus``, and ``--games`` with ``--format all``
(of each format)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from server.simulate import add_sim_arguments, run_sim


def _args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_sim_arguments(p)
    return p.parse_args(list(argv))


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert run_sim(_args(*argv)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    return err.removeprefix("allegiance sim: error: ").rstrip("\n")


def test_record_refuses_a_folder_of_other_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A run into a folder of documents wrote its replays among them."""
    for name in ("a.md", "b.md", "c.md"):
        (tmp_path / name).write_text("text\n", encoding="utf-8")
    err = _refused(capsys, "--games", "1", "--record", str(tmp_path))
    assert err == (f"--record {tmp_path} holds 3 other files (a.md, b.md, c.md); --record "
                   "needs a new or empty folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "b.md", "c.md"]


def test_record_names_a_folder_inside_and_cuts_a_long_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("x", "y", "z"):
        (tmp_path / name).write_text("", encoding="utf-8")
    err = _refused(capsys, "--games", "1", "--record", str(tmp_path))
    assert "holds 3 other files and 1 folder (sub, x, y, …)" in err


def test_record_onto_a_file_says_it_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said "[Errno 17] File exists"."""
    file = tmp_path / "notes.txt"
    file.write_text("text\n", encoding="utf-8")
    err = _refused(capsys, "--games", "1", "--record", str(file))
    assert err == f"--record {file} is a file, not a folder; --record needs a new or empty folder"
    err = _refused(capsys, "--games", "1", "--record", str(file / "run"))
    assert f"{file} is a file, not a folder" in err and "Errno" not in err


def test_record_into_an_empty_folder_says_one_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The summary said "replays: 1 files"."""
    argv = ("--games", "1", "--seed", "2", "--bots", "random", "--record", str(tmp_path))
    assert run_sim(_args(*argv)) == 0
    assert f"replays: 1 file in {tmp_path}\n" in capsys.readouterr().out
    assert len(list(tmp_path.glob("*.jsonl"))) == 1


@pytest.mark.parametrize("fmt", ["ffa", "all", "team"])
def test_a_round_robin_refuses_a_format_other_than_duel(
    fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """It played duels and said nothing of the --format given."""
    err = _refused(capsys, "--round-robin", "--format", fmt, "--games", "1")
    assert err == f"--round-robin plays duels only; leave out --format {fmt}"


@pytest.mark.parametrize(("flag", "value", "entry"), [
    ("--bots", "hard,,easy", "entry 2 of 3"),
    ("--bots", "hard,", "entry 2 of 2"),
    ("--heroes", "thedric,,oswin", "entry 2 of 3"),
    ("--heroes", ",thedric", "entry 1 of 2"),
])
def test_an_empty_entry_is_refused(
    flag: str, value: str, entry: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was dropped, and the entries after it went to other seats."""
    err = _refused(capsys, flag, value, "--games", "1")
    assert err == f"{flag} {value!r} has an empty entry ({entry}); leave out the extra comma"


def test_an_empty_versus_entry_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(capsys, "--round-robin", "--versus", "kael,", "--games", "1")
    assert err.startswith("--versus 'kael,' has an empty entry (entry 2 of 2)")


def test_format_all_plays_games_of_each_format(capsys: pytest.CaptureFixture[str]) -> None:
    """``--format all --games 1`` played one duel and nothing else."""
    argv = ("--format", "all", "--games", "1", "--seed", "4", "--bots", "random")
    assert run_sim(_args(*argv)) == 0
    out = capsys.readouterr().out
    assert "6 games (duel 1, ffa3 1, ffa4 1, sworn3 1, sworn4 1, team 1)" in out


def test_the_help_says_what_games_and_sworn_mean() -> None:
    parser = argparse.ArgumentParser()
    add_sim_arguments(parser)
    text = " ".join(parser.format_help().split())
    assert "with --format all, of each format" in text
    assert "each player's enemy is the neighbour on their left" in text

"""The local ``allegiance sim``: a stopped run, ``--record`` into a used folder, and the
texts (games per pair, the header, ``--compare`` of an empty folder, ``--help``, heroes
by part of their name)."""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from server.botplay.api import Budget
from server.simulate import (
    FORMATS,
    SHOW_WORKERS,
    FlagError,
    _header,
    add_sim_arguments,
    games_per_pair,
    hero_named,
    run_sim,
)
from shared.rules.realm.catalog import load_catalog

KNOWN = sorted(load_catalog().heroes)
ROOT = Path(__file__).resolve().parents[2]


def _args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_sim_arguments(p)
    return p.parse_args(list(argv))


# --------------------------------------------------------------------------- a stopped run

#: ``allegiance sim`` in a process of its own, with Ctrl+C's default handling (a parent
#: that ignores SIGINT would pass that on, and Python would then ignore Ctrl+C too).
RUN = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from client.cli import main; sys.exit(main(sys.argv[1:]))"
)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and process groups")
@pytest.mark.parametrize(
    ("jobs", "sig", "status"),
    [(2, signal.SIGINT, 130), (2, signal.SIGTERM, 143), (1, signal.SIGTERM, 143)],
)
def test_a_stopped_run_ends_its_workers_at_once(
    jobs: int, sig: signal.Signals, status: int
) -> None:
    """Ctrl+C (the terminal sends SIGINT to every process of the run) or SIGTERM to the
    parent: the run stops, with no worker left and no traceback. Ctrl+C kept every
    worker playing the queued games, and SIGTERM left them running without a parent."""
    env = {**os.environ, SHOW_WORKERS: "1"}
    argv = ["sim", "--games", "400", "--jobs", str(jobs), "--seed", "1", "--bots", "easy"]
    proc = subprocess.Popen(
        [sys.executable, "-c", RUN, *argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal gives a command
    )
    try:
        workers: list[int] = []
        assert proc.stdout is not None and proc.stderr is not None
        if jobs == 1:
            assert proc.stdout.readline().startswith("seed 1;")  # the games begin
        while len(workers) < jobs and jobs > 1:
            line = proc.stderr.readline()
            assert line, f"the run ended before its workers started: {proc.communicate()}"
            if line.startswith("sim worker "):
                workers.append(int(line.split()[-1]))
        if sig == signal.SIGINT:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == status, err
    assert "Traceback" not in err and "Traceback" not in out
    how = "Ctrl+C" if sig == signal.SIGINT else "SIGTERM"
    assert f"allegiance sim: stopped by {how} after " in err and " of 400 games" in err
    assert all(_gone(pid) for pid in workers)


# --------------------------------------------------------------------------- --record


def test_record_refuses_a_folder_that_holds_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second run into the same folder replaced game-00000-1.jsonl, left the others and
    said "replays: 1 files" while there were more: --compare would mix two runs."""
    folder = tmp_path / "A"
    assert run_sim(_args("--games", "1", "--seed", "1", "--bots", "random",
                         "--record", str(folder))) == 0  # fmt: skip
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert list(before) == ["game-00000-1.jsonl"]
    capsys.readouterr()
    assert run_sim(_args("--games", "2", "--seed", "1", "--bots", "easy",
                         "--record", str(folder))) == 2  # fmt: skip
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"allegiance sim: error: --record {folder} already holds 1 replay of an earlier run; "
        "pick an empty or new folder\n"
    )
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_refused_run_makes_no_record_folder(tmp_path: Path) -> None:
    """Flags are all checked before the folder is made."""
    folder = tmp_path / "new"
    assert run_sim(_args("--versus", "kael", "--record", str(folder))) == 2
    assert not folder.exists()


# --------------------------------------------------------------------------- texts


def test_games_per_pair_counts_only_the_pairs_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With --versus the pairs without that hero are not played: "0 games per pair";
    and one game was "1 games per pair"."""
    heroes = ",".join(KNOWN[:3])
    argv = ("--round-robin", "--heroes", heroes, "--versus", KNOWN[0], "--bots", "random")
    assert run_sim(_args(*argv, "--games", "1", "--seed", "3")) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("\n1 game per pair")
    assert "1 game (duel" not in out and "2 games (duel 2)" in out


def test_games_per_pair_says_a_range_when_pairs_differ() -> None:
    games = Counter({("a", "b"): 2, ("b", "a"): 2, ("a", "c"): 1, ("c", "a"): 1})
    assert games_per_pair(games) == "1–2 games per pair"
    assert games_per_pair(Counter({("a", "b"): 3, ("b", "a"): 3})) == "3 games per pair"


def test_the_header_names_the_hard_budget_only_when_a_hard_bot_plays(
    capsys: pytest.CaptureFixture[str],
) -> None:
    budget = Budget(iterations=60, seconds=None)
    assert _header(1, ("medium", "easy"), budget, 1) == "seed 1; bots medium,easy; 1 job(s)"
    assert _header(1, ("hard", "easy"), budget, 2) == (
        "seed 1; bots hard,easy; hard budget 60 rollouts; 2 job(s)"
    )
    assert run_sim(_args("--games", "1", "--seed", "2", "--bots", "random")) == 0
    assert capsys.readouterr().out.startswith("seed 2; bots random; 1 job(s)\n")


@pytest.mark.parametrize("holds", ["nothing", "other files"])
def test_compare_of_a_folder_without_recordings_says_so(
    holds: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sim --compare /etc --versus hakor_dajet`` printed a table of 0 duels, status 0."""
    if holds == "other files":
        (tmp_path / "notes.txt").write_text("not a replay\n")
    assert run_sim(_args("--compare", str(tmp_path), "--versus", "hakor_dajet")) == 2
    assert capsys.readouterr() == (
        "",
        f"allegiance sim: error: {tmp_path}: no recordings found there (the .jsonl files "
        "of --record)\n",
    )


def test_help_lists_every_format_taken() -> None:
    """ffa and sworn were taken but not listed."""
    parser = argparse.ArgumentParser()
    add_sim_arguments(parser)
    text = " ".join(parser.format_help().split())
    formats = text[text.rindex("--format FORMAT") :].split("--heroes")[0]  # its help
    assert {*FORMATS, "all"} <= set(re.findall(r"\w+", formats))


@pytest.mark.parametrize(
    ("given", "hero"),
    [
        ("gonde", "gonde_kyal"),
        ("Gondè", "gonde_kyal"),
        ("thedric egen", "thedric_egen"),
        ("de'soth", "desoth_pravus"),
        ("KAEL", "kael_morvane"),
        ("hakor_dajet", "hakor_dajet"),
    ],
)
def test_a_hero_is_named_by_a_part_of_its_name_or_id(given: str, hero: str) -> None:
    """``cards --hero gonde`` took it; ``sim --heroes gonde`` called it an unknown hero."""
    assert hero_named(given, KNOWN) == hero


def test_a_part_that_fits_several_heroes_names_them(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(FlagError, match="'th' matches more than one hero: desoth_pravus, "):
        hero_named("th", KNOWN)
    assert run_sim(_args("--heroes", "th")) == 2
    assert "matches more than one hero" in capsys.readouterr().err


def test_heroes_and_versus_take_a_part_of_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--round-robin", "--heroes", "gonde,kael,hakor", "--versus", "gonde")
    assert run_sim(_args(*argv, "--games", "1", "--seed", "5", "--bots", "random")) == 0
    out = capsys.readouterr().out
    assert "2 games (duel 2)" in out and "gonde_kyal" in out

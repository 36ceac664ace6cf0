"""``allegiance sim --compare DIR … --versus HERO``: paired tallies of recorded runs."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from server.simulate import add_sim_arguments, run_sim
from server.tally import TallyError, common_keys, compare, format_comparison


def _args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_sim_arguments(p)
    return p.parse_args(list(argv))


def _replay(directory: Path, seed: int, heroes: tuple[str, str], winners: list[int] | None) -> None:
    """A replay as ``--record`` writes it: header, commands, result (None: unfinished)."""
    directory.mkdir(parents=True, exist_ok=True)
    header = {"setup": {"format": "duel", "seats": [{"hero": h} for h in heroes]}, "seed": seed}
    lines = [header, {"seat": 0, "version": 0, "action": {"kind": "pass"}}]
    if winners is not None:
        lines.append({"result": {"winners": winners, "reason": "x", "turns": 3}})
    (directory / f"game-{seed}.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")


def test_paired_counts_use_only_the_duels_every_directory_has(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    # the same three duels in both runs; b has a fourth, and a's third is unfinished
    for d, results in ((a, [[0], [1], None]), (b, [[0], [0], [1], [1]])):
        for i, w in enumerate(results):
            heroes = (
                ("hakor_dajet", "kael_morvane") if i % 2 == 0 else ("kael_morvane", "hakor_dajet")
            )
            _replay(d, 100 + i, heroes, w)
    ta, tb = compare([str(a), str(b)], "hakor_dajet")
    # a: seed 100 Hakor (seat 0) won, seed 101 Hakor (seat 1) won; 102 not finished
    assert (len(ta.outcomes), ta.wins()) == (2, 2)
    # b: 100 won, 101 lost (seat 0 won, Hakor is seat 1), 102 lost, 103 won
    assert (len(tb.outcomes), tb.wins()) == (4, 2)
    shared = common_keys([ta, tb])
    assert shared == {
        (100, ("hakor_dajet", "kael_morvane")),
        (101, ("kael_morvane", "hakor_dajet")),
    }
    assert (ta.wins(shared), tb.wins(shared)) == (2, 1)
    text = format_comparison([ta, tb], "hakor_dajet")
    assert "same 2 duels" in text
    assert str(a) in text and str(b) in text


def test_a_duel_is_the_seed_and_the_heroes_not_the_file_name(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    _replay(a, 7, ("hakor_dajet", "nyx_valendra"), [0])
    _replay(b, 7, ("hakor_dajet", "oswin_the_third"), [0])  # same seed, another duel
    assert common_keys(compare([str(a), str(b)], "hakor_dajet")) == set()


def test_a_file_that_is_not_a_replay_is_named(tmp_path: Path) -> None:
    (tmp_path / "game-1.jsonl").write_text("not json\n")
    with pytest.raises(TallyError, match=r"game-1\.jsonl"):
        compare([str(tmp_path)], "hakor_dajet")
    with pytest.raises(TallyError, match="no such directory"):
        compare([str(tmp_path / "missing")], "hakor_dajet")


def test_compare_reads_what_record_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = tmp_path / "rec"
    heroes = "beledan_kind,hakor_dajet,nyx_valendra"
    played = _args(
        "--round-robin",
        "--heroes",
        heroes,
        "--versus",
        "hakor_dajet",
        "--games",
        "2",
        "--seed",
        "31",
        "--record",
        str(rec),
    )
    assert run_sim(played) == 0
    table = capsys.readouterr().out
    line = next(x for x in table.splitlines() if x.startswith("hakor_dajet"))
    games, wins = int(line.split()[1]), int(line.split()[2])
    assert run_sim(_args("--compare", str(rec), str(rec), "--versus", "hakor_dajet")) == 0
    out = capsys.readouterr().out
    rows = [x.split() for x in out.splitlines() if x.startswith(str(rec))]
    assert len(rows) == 2
    assert all((int(r[1]), int(r[2]), int(r[-1])) == (games, wins, wins) for r in rows)


@pytest.mark.parametrize(
    ("argv", "msg"),
    [
        (("--compare", "x"), "exactly one hero"),
        (("--compare", "x", "--versus", "a,b"), "exactly one hero"),
        (("--compare", "x", "--versus", "nobody"), "unknown hero 'nobody'"),
        (("--compare", "/nonexistent-dir", "--versus", "hakor_dajet"), "no such directory"),
    ],
)
def test_compare_bad_flags(
    argv: tuple[str, ...], msg: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_sim(_args(*argv)) == 2
    assert msg in capsys.readouterr().err

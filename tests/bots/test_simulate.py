"""``server.simulate``: the local ``allegiance sim`` (results table, replays, round robin)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from server.simulate import add_sim_arguments, run_sim, wilson
from shared.rules.realm import engine
from shared.rules.realm.ruleset import RULESET


def _args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_sim_arguments(p)
    return p.parse_args(list(argv))


def test_results_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_sim(_args("--games", "3", "--seed", "4", "--bots", "medium,easy")) == 0
    out = capsys.readouterr().out
    for text in ("first-player win rate", "mean turns", "decisions/s", "hero", "seat"):
        assert text in out


def test_record_replays_reproduce_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        run_sim(
            _args(
                "--games",
                "2",
                "--seed",
                "9",
                "--format",
                "ffa3",
                "--bots",
                "easy,medium",
                "--record",
                str(tmp_path),
            )
        )
        == 0
    )
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 2
    lines = [json.loads(x) for x in files[0].read_text().splitlines()]
    head, commands, tail = lines[0], lines[1:-1], lines[-1]
    g = engine.new_game(head["setup"], head["seed"])
    for c in commands:
        RULESET.apply(g, c["seat"], c["action"], version=c["version"], in_place=True)
    assert g.result is not None and g.result["winners"] == tail["result"]["winners"]


def test_round_robin_matrix(capsys: pytest.CaptureFixture[str]) -> None:
    heroes = sorted(engine.load_catalog().heroes)[:3]
    assert (
        run_sim(_args("--round-robin", "--games", "1", "--seed", "1", "--heroes", ",".join(heroes)))
        == 0
    )
    out = capsys.readouterr().out
    assert "win rate against" in out
    assert all(h[:10] in out for h in heroes)


def test_round_robin_versus_keeps_only_pairs_with_that_hero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    heroes = sorted(engine.load_catalog().heroes)[:4]
    argv = ("--round-robin", "--games", "2", "--seed", "1", "--heroes", ",".join(heroes))
    assert run_sim(_args(*argv, "--versus", heroes[0])) == 0
    out = capsys.readouterr().out
    rows = {}
    for line in out.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] in heroes and words[1].isdigit():
            rows[words[0]] = int(words[1])
    # three pairs, two duels each: the focus hero plays 6, every other hero 2
    assert rows == {heroes[0]: 6, **{h: 2 for h in heroes[1:]}}


@pytest.mark.parametrize(
    "argv, msg",
    [
        (("--games", "0"), "--games"),
        (("--format", "chess"), "unknown --format"),
        (("--bots", "genius"), "unknown bot level"),
        (("--heroes", "nobody"), "unknown hero"),
        (("--versus", "hakor_dajet"), "--versus needs --round-robin"),
        (("--round-robin", "--versus", "nobody"), "not in the round-robin's pool"),
        (("--heroes", "thedric", "--format", "ffa4"), "a hero can be at one seat only"),
        (("--heroes", "thedric,beledan", "--format", "all"), "thedric_egen to 2 seats of a ffa3"),
    ],
)
def test_bad_flags(argv: tuple[str, ...], msg: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_sim(_args(*argv)) == 2
    err = capsys.readouterr().err
    assert msg in err and err.count("\n") == 1


def test_wilson_interval() -> None:
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.9 and 0.97 < hi < 0.99

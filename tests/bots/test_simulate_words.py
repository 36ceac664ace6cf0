"""``allegiance sim``'s words: what each format is, and why a hero named twice is
refused (a round-robin's pool, or the heroes by seat repeated over a larger table)."""

from __future__ import annotations

import argparse

import pytest

from server.simulate import add_sim_arguments, run_sim


def _args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    add_sim_arguments(p)
    return p.parse_args(list(argv))


def _help() -> str:
    parser = argparse.ArgumentParser()
    add_sim_arguments(parser)
    return " ".join(parser.format_help().split())


def test_the_help_says_how_many_seats_each_format_has() -> None:
    text = _help()
    assert "ffa3, ffa4: a free-for-all of 3 or 4 seats" in text
    assert "ffa and sworn alone are ffa4 and sworn4 (4 seats" in text
    assert "--heroes is then the pool of heroes (default all), each named once" in text


@pytest.mark.parametrize("heroes", ["kael,kael,nyx", "kael,nyx,kael"])
def test_a_round_robin_refuses_a_hero_named_twice_and_says_why(
    heroes: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_sim(_args("--round-robin", "--heroes", heroes, "--games", "1")) == 2
    err = capsys.readouterr().err
    assert err == (
        "allegiance sim: error: --heroes names kael_morvane twice; a round-robin duels each "
        "pair of two different heroes (a hero cannot duel itself), so name each hero once\n"
    )


def test_a_round_robin_pool_of_different_heroes_is_not_read_by_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("--round-robin", "--heroes", "kael,nyx,thedric", "--games", "1", "--seed", "3",
            "--bots", "random")  # fmt: skip
    assert run_sim(_args(*argv)) == 0
    assert "1 game per pair" in capsys.readouterr().out


def test_heroes_repeated_over_a_larger_table_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_sim(_args("--format", "ffa", "--heroes", "thedric,nyx", "--games", "1")) == 2
    err = capsys.readouterr().err
    assert "--heroes gives thedric_egen to 2 seats of a ffa4 game (its 2 heroes repeated " \
           "over the 4 seats); a hero can be at one seat only" in err


def test_ffa_runs_are_summed_up_as_ffa4(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_sim(_args("--format", "ffa", "--games", "1", "--seed", "1", "--bots", "random")) == 0
    assert "1 game (ffa4 1)" in capsys.readouterr().out

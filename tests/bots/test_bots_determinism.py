"""Seeded bots are deterministic: the same seeds give the same games."""

from __future__ import annotations

from server.botplay import Budget, choose_for_table
from server.simulate import make_setup, play_game
from shared.rules.realm import engine
from shared.rules.realm.view import view_for


def _log(bots: tuple[str, ...], seed: int, turns: int) -> list[dict]:
    log: list[dict] = []
    play_game(
        make_setup("ffa3" if len(bots) == 3 else "duel", None),
        seed,
        bots,
        budget=Budget(iterations=6, seconds=None),
        record=log,
        max_turns=turns,
    )
    return log


def test_same_seed_same_game() -> None:
    for bots, turns in ((("easy", "medium"), 30), (("hard", "easy", "medium"), 4)):
        a = _log(bots, 42, turns)
        b = _log(bots, 42, turns)
        assert a == b and len(a) > 50


def test_other_seed_other_game() -> None:
    assert _log(("easy", "easy"), 1, 10) != _log(("easy", "easy"), 2, 10)


def test_table_hook_matches_choose() -> None:
    g = engine.new_game(make_setup("duel", None), 5)
    v = view_for(g, g.prompt.seat)
    assert choose_for_table(v, 9, g.prompt.seat, 2) == choose_for_table(v, 9, g.prompt.seat, 2)
    assert choose_for_table(v, 9, g.prompt.seat, 1) in v["legal"]


def test_level_zero_is_the_servers_random_bot() -> None:
    from server.bots import random_choice

    g = engine.new_game(make_setup("duel", None), 8)
    seat = g.prompt.seat  # type: ignore[union-attr]
    v = view_for(g, seat)
    assert choose_for_table(v, 123, seat, 0) == random_choice(v, 123, seat)


def test_think_cap_stops_the_search() -> None:
    import time

    from server.botplay import choose
    from shared.rules.realm.ruleset import RULESET

    g = engine.new_game(make_setup("duel", None), 12)
    searched = 0
    while g.result is None and searched < 3:
        seat = g.prompt.seat  # type: ignore[union-attr]
        v = view_for(g, seat)
        start = time.perf_counter()
        a = choose("hard", v, 3, Budget(iterations=10**6, seconds=0.05))
        took = time.perf_counter() - start
        if v["prompt"]["kind"] == "priority" and v["current"] == seat and len(v["legal"]) > 3:
            searched += 1
            assert took < 5.0  # a million rollouts would take hours
        RULESET.apply(g, seat, a, version=v["version"], in_place=True)
    assert searched == 3

"""Across hundreds of seeded games of every format, bots only send legal, fresh commands.

Every bot command goes through ``RULESET.apply(state, seat, action, version=…)``, the
path of a submitted command, which refuses an illegal or stale one. Games are cut at a
turn limit to keep the suite fast; the early and middle game is where most kinds of
decision appear (setup, equip, draws, enlisting, unlocking, battles, reactions).
"""

from __future__ import annotations

from server.botplay.api import Budget
from server.simulate import ALL_FORMATS, make_setup, play_game

MIXES = [
    ("easy", "medium"),
    ("medium", "easy"),
    ("easy",),
    ("medium",),
    ("medium", "easy", "easy", "medium"),
]


def test_500_games_of_every_format_easy_and_medium() -> None:
    games = 0
    finished = 0
    kinds: set[str] = set()
    for i in range(510):
        fmt = ALL_FORMATS[i % len(ALL_FORMATS)]
        log: list[dict] = []
        turns = 12 if fmt == "duel" else 5
        r = play_game(
            make_setup(fmt, None),
            7000 + i,
            MIXES[i % len(MIXES)],
            validate=True,
            record=log,
            max_turns=turns,
        )
        games += 1
        finished += bool(r.winners)
        kinds.update(str(c["action"]["kind"]) for c in log)
    assert games >= 500
    # Games are cut at 12 turns (duels) and 5 (the others) to keep this quick; about 20 of
    # the 510 still reach a winner inside that, which shows that victory happens in play.
    assert finished >= 10
    for k in (
        "equip",
        "draw",
        "enlist",
        "unlock",
        "battle",
        "attack",
        "defend",
        "done",
        "pass",
        "play",
        "ability",
    ):
        assert k in kinds, k


def test_full_games_finish() -> None:
    for i, fmt in enumerate(ALL_FORMATS):
        r = play_game(make_setup(fmt, None), 500 + i, ("medium", "easy"), validate=True)
        assert r.winners, (fmt, r.reason)


def test_hard_bot_commands_are_legal() -> None:
    budget = Budget(iterations=6, seconds=None)
    for i, fmt in enumerate(("duel", "ffa3", "team")):
        r = play_game(
            make_setup(fmt, None),
            900 + i,
            ("hard", "medium", "easy"),
            budget=budget,
            validate=True,
            max_turns=6 if fmt == "duel" else 4,
        )
        assert r.bot_counts.get("hard", 0) > 0

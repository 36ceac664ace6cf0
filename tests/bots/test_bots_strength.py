"""Medium beats easy clearly over a fixed seeded set of duels (both seat orders)."""

from __future__ import annotations

from server.simulate import make_setup, play_game


def test_medium_beats_easy() -> None:
    wins = games = 0
    for i in range(40):
        bots = ("medium", "easy") if i % 2 == 0 else ("easy", "medium")
        r = play_game(make_setup("duel", None), 1000 + i, bots, validate=False)
        medium_seat = bots.index("medium")
        games += 1
        wins += medium_seat in r.winners
    assert wins / games >= 0.8, f"medium won {wins} of {games}"

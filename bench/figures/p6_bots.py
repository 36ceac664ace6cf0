"""P6: the hard bot's win rate against the easy and the medium bot in duels.

Games alternate seats (hard plays seat 0 in even games, seat 1 in odd ones) over a fixed
range of seeds, with random heroes. The hard bot's budget is an iteration count
(rollouts per decision), which keeps the figure deterministic; the mean think time per
searched decision is measured and reported beside it, because it depends on the machine.
The interval is the 95 % Wilson score interval of the win rate.
"""

from __future__ import annotations

import os

from bench.harness import Figure

SEED = 60_000


def _duels(opponent: str, games: int, iterations: int, workers: int) -> tuple[int, float]:
    from server.botplay.api import Budget
    from server.simulate import Job, run_jobs

    budget = Budget(iterations=iterations, seconds=None)
    jobs = [
        Job(
            i,
            "duel",
            None,
            ("hard", opponent) if i % 2 == 0 else (opponent, "hard"),
            SEED + i,
            budget,
            False,
            None,
        )
        for i in range(games)
    ]
    results = run_jobs(jobs, workers)
    wins = sum(1 for r in results if r.bots.index("hard") in r.winners)
    think = sum(r.bot_seconds.get("hard", 0.0) for r in results)
    count = sum(r.bot_counts.get("hard", 0) for r in results)
    return wins, (think / count if count else 0.0)


def measure(quick: bool) -> list[Figure]:
    from server.simulate import wilson

    workers = max(1, min(4, os.cpu_count() or 1))
    games = 6 if quick else 40
    iterations = 8 if quick else 30
    out: list[Figure] = []
    for opponent, fig_id, aim in (
        ("easy", "P6a", "at least 95 %"),
        ("medium", "P6b", "at least 70 %"),
    ):
        wins, think = _duels(opponent, games, iterations, workers)
        lo, hi = wilson(wins, games)
        out.append(
            Figure(
                id=fig_id,
                name=f"hard bot vs {opponent} bot: duel win rate",
                value=round(100 * wins / games, 1),
                unit="%",
                peer="an even match",
                peer_value=50.0,
                aim=aim,
                notes=(
                    f"{wins}/{games} games, 95 % CI {100 * lo:.0f}–{100 * hi:.0f} %; budget "
                    f"{iterations} rollouts per searched decision, mean {1000 * think:.0f} ms "
                    f"per hard decision on this machine ({workers} worker processes)"
                    + ("; quick mode: few games, small budget, wide interval" if quick else "")
                ),
            )
        )
    return out

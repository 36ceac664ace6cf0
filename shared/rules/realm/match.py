"""Competitive match: a best-of-N series of two-player games (rulebook: Competitive Match).

Before each game both players get random heroes; no hero is played twice in the series.
The first game's first player is rolled; afterwards the loser of the previous game
chooses to play first or second (the ``first`` prompt, after the heroes are known).
A drawn game (both heroes fall together) counts for nobody and another game is played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shared.rules.base import SetupError
from shared.rules.realm import rng
from shared.rules.realm.catalog import Catalog, load_catalog


@dataclass
class Match:
    names: tuple[str, str]
    best_of: int
    rng: int
    used: list[str] = field(default_factory=list)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    games: list[dict[str, Any]] = field(default_factory=list)
    chooser: int | None = None

    @property
    def needed(self) -> int:
        return self.best_of // 2 + 1

    @property
    def winner(self) -> int | None:
        for seat in (0, 1):
            if self.wins[seat] >= self.needed:
                return seat
        return None


def new_match(names: tuple[str, str], best_of: int, seed: int,
              catalog: Catalog | None = None) -> Match:
    cat = catalog or load_catalog()
    if best_of < 1 or best_of % 2 == 0:
        raise SetupError("a match is best of an odd number of games (1, 3, 5, …)")
    if len(cat.heroes) < 2 * best_of:
        raise SetupError(f"best of {best_of} needs {2 * best_of} heroes; "
                         f"the catalog has {len(cat.heroes)}")
    return Match(names=names, best_of=best_of, rng=rng.seed_state(seed))


def next_game(m: Match, catalog: Catalog | None = None) -> tuple[dict[str, Any], int]:
    """The setup and seed of the next game of the series."""
    cat = catalog or load_catalog()
    if m.winner is not None:
        raise SetupError("the match is already decided")
    pool = [h for h in sorted(cat.heroes) if h not in m.used]
    if len(pool) < 2:
        raise SetupError("no heroes left for another game in this series")
    heroes = []
    for _ in range(2):
        m.rng, i = rng.below(m.rng, len(pool))
        heroes.append(pool.pop(i))
    m.used.extend(heroes)
    m.rng, seed = rng.next_u64(m.rng)
    options: dict[str, Any] = {}
    if m.chooser is not None:
        options["first_chooser"] = m.chooser
    setup = {"format": "duel", "options": options,
             "seats": [{"name": n, "hero": h} for n, h in zip(m.names, heroes, strict=True)]}
    return setup, seed


def record(m: Match, result: dict[str, Any]) -> None:
    """Count a finished game; the loser chooses who goes first in the next one."""
    winners = result.get("winners") or []
    m.games.append(dict(result))
    if len(winners) == 1:
        m.wins[winners[0]] += 1
        m.chooser = 1 - winners[0]

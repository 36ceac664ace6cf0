"""The bot hook: ``choose(level, view, seed, budget) -> action``.

Determinism: the RNG of one decision is seeded from (seed, seat, view version), so the
same seed and the same game give the same choices on any machine. The hard bot is
deterministic under an iteration budget; a time cap (``Budget.seconds``) only ever cuts
its search short, which makes its choice depend on the machine's speed.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

View = Mapping[str, Any]
Action = dict[str, Any]

#: server seat levels (``seats[i].level``) → bot names; 4..10 play as hard.
LEVELS: dict[int, str] = {0: "random", 1: "easy", 2: "medium", 3: "hard"}


@dataclass(frozen=True)
class Budget:
    """How long the hard bot may think about one decision.

    ``iterations``: rollouts per decision (deterministic). ``seconds``: a wall-clock cap
    that stops the search early (None: no cap). Easy and medium ignore it.
    """

    iterations: int = 200
    seconds: float | None = 1.0
    determinizations: int = 4


DEFAULT_BUDGET = Budget()


def level_name(level: int | str) -> str:
    if isinstance(level, str):
        name = level.strip().lower()
        if name not in LEVELS.values():
            raise ValueError(
                f"unknown bot level {level!r}; expected one of {', '.join(LEVELS.values())}"
            )
        return name
    if level < 0:
        raise ValueError(f"unknown bot level {level!r}")
    return LEVELS.get(level, "hard")


def _random(view: View, rng: random.Random, budget: Any = None) -> Action:
    legal = view["legal"]
    return legal[rng.randrange(len(legal))]  # type: ignore[no-any-return]


def policy(level: int | str) -> Callable[[View, random.Random, Budget], Action]:
    """The policy function of a level: ``fn(view, rng, budget) -> action``."""
    name = level_name(level)
    if name == "random":
        return _random
    if name == "easy":
        from server.botplay.policies import easy

        return easy
    if name == "medium":
        from server.botplay.policies import medium

        return medium
    from server.botplay.hard import hard

    return hard


def decision_rng(seed: int, view: View) -> random.Random:
    return random.Random(f"{seed}:{view.get('seat')}:{view.get('version')}")


def choose(level: int | str, view: View, seed: int, budget: Budget | None = None) -> Action | None:
    """The bot of ``level``'s choice in ``view`` (None when the seat has nothing to decide).

    The bot gets a private deep copy of the view, so it can neither change the caller's
    data nor hold on to anything but plain data. The returned dict is an element of the
    caller's ``view["legal"]``.
    """
    legal = view.get("legal") or []
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]  # type: ignore[no-any-return]
    mine = copy.deepcopy(dict(view))
    picked = policy(level)(mine, decision_rng(seed, view), budget or DEFAULT_BUDGET)
    for i, a in enumerate(mine["legal"]):
        if a is picked or a == picked:
            return legal[i]  # type: ignore[no-any-return]
    raise AssertionError(f"bot {level!r} chose an action not in view['legal']: {picked!r}")


def choose_for_table(
    view: dict[str, Any], bot_seed: int, seat: int, level: int
) -> dict[str, Any] | None:
    """The table hook's signature (``server.bots.choose``): a drop-in replacement."""
    return choose(level, view, bot_seed, DEFAULT_BUDGET)


def _warm() -> None:
    """Load the catalog and the bot modules once per worker process."""
    from server.botplay import hard, know, policies  # noqa: F401

    know.catalog()


def process_executor(workers: int) -> Any:
    """A process pool for bot moves (``choose_for_table`` runs in it unchanged).

    Hard bots are CPU-bound for up to their think cap; in their own processes they never
    compete with the event loop or with another table's bot for the GIL."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=max(1, workers), initializer=_warm)

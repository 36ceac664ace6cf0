"""Bots: a bot sees only its own seat's view and picks from ``view["legal"]``.

Level 0 is the random bot below: deterministic, its choice depends only on the table's bot
seed, the seat and the view version, so a replayed or restored game makes the same
choices. Levels 1 and up are the bots of ``server.botplay`` (their hook
``choose_for_table`` has the same signature) and run in worker *processes*, so a bot
thinking hard holds no lock the event loop needs; level 0 runs in a thread pool. Neither
ever runs on the event loop.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any


def random_choice(view: dict[str, Any], bot_seed: int, seat: int) -> dict[str, Any] | None:
    """A uniformly random legal action of ``view`` (None when there is none)."""
    legal = view.get("legal") or []
    if not legal:
        return None
    rng = random.Random(f"{bot_seed}:{seat}:{view.get('version')}")
    choice: dict[str, Any] = legal[rng.randrange(len(legal))]
    return choice


def choose(view: dict[str, Any], bot_seed: int, seat: int, level: int) -> dict[str, Any] | None:
    """The choice of the bot of ``level`` (runs in a worker; plain data in and out)."""
    if level <= 0:
        return random_choice(view, bot_seed, seat)
    try:
        from server.botplay.api import choose_for_table
    except ImportError:  # the stronger bots are optional: fall back to the random bot
        return random_choice(view, bot_seed, seat)
    return choose_for_table(view, bot_seed, seat, level)


#: The rule sets the bots of ``server.botplay`` (levels 1 and up) know how to play; at
#: a table of any other rule set only the random bot can stand in for a player.
STRONG_BOT_GAMES = frozenset({"realm"})
#: The level of the bot that plays for an away player at a table without bots (or with
#: only random bots): medium, the level ``allegiance host`` gives its bots by default.
STAND_IN_LEVEL = 2


def stand_in_level(game: str, bot_levels: Iterable[int]) -> int:
    """The level of the bot that plays for a person who is away (the table's ``bot``
    policy): the table's strongest bot when it has bots of level 1 or up, else medium.
    It plays the person's cards for their side, so it is never the random bot, which
    attacks a team-mate as readily as an enemy; only at a table of a rule set the
    stronger bots do not know is it the random bot (the one bot that plays any)."""
    if game not in STRONG_BOT_GAMES:
        return 0
    return max((level for level in bot_levels if level > 0), default=STAND_IN_LEVEL)


def is_heavy(level: int) -> bool:
    """Whether a bot level runs in the process pool (rather than the thread pool)."""
    return level > 0

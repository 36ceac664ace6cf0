"""Bots at three strengths: easy, medium and hard (see ``docs/bots.md``).

A bot is a function of its own seat's view (the dict of ``view_for(state, seat)``, which
lists the legal actions), a seeded RNG and a think budget. It returns one of
``view["legal"]``. It is never given a game state.

The server calls :func:`choose` (or :func:`choose_for_table`, which has the signature of
the table's bot hook) in an executor, off the event loop.
"""

from server.botplay.api import (
    LEVELS,
    Budget,
    choose,
    choose_for_table,
    level_name,
    policy,
    process_executor,
)

__all__ = [
    "LEVELS",
    "Budget",
    "choose",
    "choose_for_table",
    "level_name",
    "policy",
    "process_executor",
]

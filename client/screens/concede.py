"""Conceding the game being played (the command palette's "Concede this game"): asked
first, saying what it does. The server then plays the seat out (ruling 41)."""

from __future__ import annotations

from typing import Any

from client.screens.leave import LeaveScreen


def concede_warning(view: dict[str, Any]) -> str:
    """What conceding does in this game, for people."""
    if view.get("format") == "duel":
        return "You are out of the game: the other player wins it. This cannot be undone."
    if view.get("format") == "team":
        return (
            "You are out of the game: your cards leave it, and your partner plays on for "
            "your team. This cannot be undone."
        )
    return (
        "You are out of the game: your cards leave it, and the others play on. This "
        "cannot be undone."
    )


class ConcedeScreen(LeaveScreen):
    """Dismissed with True to concede."""

    GO_KEY, STAY_KEY = "Concede", "Play on"
    QUESTION = "Concede this game?"
    GO = "Concede"
    STAY = "Play on"

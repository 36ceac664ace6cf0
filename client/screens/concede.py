"""Conceding the game being played (the command palette's "Concede this game"): asked
first, saying what it does. The server then plays the seat out (ruling 41)."""

from __future__ import annotations

from typing import Any

from client.screens.leave import LeaveScreen


def sworn_hunter(view: dict[str, Any]) -> str:
    """In a sworn enemy game, the name of the player whose sworn enemy the viewing seat
    is: the one before it in the seating order (rulings 29), who wins when it is
    defeated."""
    order, seat = view.get("order") or [], view.get("seat")
    if seat not in order:
        return "the player whose sworn enemy you are"
    hunter = order[order.index(seat) - 1]
    for p in view.get("players", []):
        if p.get("seat") == hunter:
            return str(p.get("name") or f"Seat {hunter + 1}")
    return f"Seat {hunter + 1}"


def concede_warning(view: dict[str, Any]) -> str:
    """What conceding does in this game, for people."""
    if view.get("format") == "duel":
        seat = view.get("seat")
        other = [p.get("name") for p in view.get("players", []) if p.get("seat") != seat]
        winner = str(other[0]) if len(other) == 1 and other[0] else "the other player"
        return f"You are out of the game: {winner} wins it. This cannot be undone."
    if view.get("format") == "sworn":
        hunter = sworn_hunter(view)
        return (
            f"You are out of the game, and so {hunter}, whose sworn enemy you are, wins "
            "it. This cannot be undone."
        )
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

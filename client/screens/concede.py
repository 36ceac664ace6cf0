"""Conceding the game being played (the command palette's "Concede this game"): asked
first, saying what it does. The server then plays the seat out (ruling 41)."""

from __future__ import annotations

from typing import Any

from client.screens.leave import LeaveScreen
from client.viewmodel.words import listed


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
    """What conceding does in this game, for people. While the game is being set up
    (starting equipment) nobody has priority yet, so the seat is not out at once: the
    server answers its setup choices and it leaves at its first priority (ruling 41)."""
    if view.get("phase") == "setup":
        when = (
            "The game is still being set up: the server makes your setup choices as if "
            "your time ran out, and you are out of the game at your first priority in "
            "its first turn"
        )
    else:
        when = "You are out of the game"
    return f"{when}{_what_follows(view)} This cannot be undone."


def _what_follows(view: dict[str, Any]) -> str:
    """The rest of the sentence that says a seat is out: what becomes of the game."""
    if view.get("format") == "duel":
        seat = view.get("seat")
        other = [p.get("name") for p in view.get("players", []) if p.get("seat") != seat]
        winner = str(other[0]) if len(other) == 1 and other[0] else "the other player"
        return f": {winner} wins it."
    if view.get("format") == "sworn":
        return f", and so {sworn_hunter(view)}, whose sworn enemy you are, wins it."
    winners = _last_standing(view)
    if winners:  # nobody would be left to play on with: the game ends at once
        return f": the game ends, and {listed(winners)} {'win' if len(winners) > 1 else 'wins'} it."
    if view.get("format") == "team":
        return ": your cards leave it, and your partner plays on for your team."
    return ": your cards leave it, and the others play on."


def _in_game(player: dict[str, Any]) -> bool:
    """Whether a player still plays: alive, and not out at its next priority already
    (a seat that conceded)."""
    return player.get("alive", True) is not False and not player.get("conceded")


def _last_standing(view: dict[str, Any]) -> list[str]:
    """The names of the players who win at once if the viewing seat concedes: in a
    free-for-all, the one other player still in the game; in a team game, the other
    team when the seat's partners are all out already. Empty when the game goes on."""
    seat = view.get("seat")
    players = view.get("players") or []
    me = next((p for p in players if p.get("seat") == seat), None)
    if me is None:
        return []
    others = [p for p in players if p.get("seat") != seat and _in_game(p)]
    if view.get("format") == "team":
        if any(p.get("team") == me.get("team") for p in others):
            return []  # a partner plays on for the team
    elif len(others) != 1:
        return []
    return [str(p.get("name") or f"Seat {int(p.get('seat', 0)) + 1}") for p in others]


class ConcedeScreen(LeaveScreen):
    """Dismissed with True to concede. ``who``: the name of the seat that concedes, when
    several people share this keyboard (hot-seat): the question names it, as "you" could
    be anyone at the table."""

    GO_KEY, STAY_KEY = "Concede", "Play on"
    QUESTION = "Concede this game?"
    GO = "Concede"
    STAY = "Play on"

    def __init__(self, warning: str, who: str = "") -> None:
        super().__init__(warning)
        if who:
            self.QUESTION = f"{who}: concede this game?"
            self.GO = f"Concede for {who}"

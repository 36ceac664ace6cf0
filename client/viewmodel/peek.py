"""What the Join (and Watch) screen says of a table before joining it, from the server's
summary of it (``list`` with the join code: its status, seats, names, heroes, match).

Pure functions of that summary: which seat a joiner would get (the first free human
seat, as the server gives it), which heroes other seats already have (so the hero list
can mark them), and one or two sentences about the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Summary = Mapping[str, Any]


def _seats(summary: Summary) -> list[Mapping[str, Any]]:
    seats = summary.get("seats")
    return [s for s in seats if isinstance(s, Mapping)] if isinstance(seats, list) else []


def joiners_seat(summary: Summary) -> Mapping[str, Any] | None:
    """The seat a joiner would sit in: the first human seat nobody has claimed."""
    return next(
        (s for s in _seats(summary) if s.get("kind") == "human" and not s.get("claimed")), None
    )


def best_of(summary: Summary) -> int:
    value = summary.get("best_of")
    return value if isinstance(value, int) and value > 1 else 1


def between_games(summary: Summary) -> bool:
    """Whether the table's game is over but its match goes on (a next game to come)."""
    match = summary.get("match")
    return (
        summary.get("status") == "over"
        and best_of(summary) > 1
        and isinstance(match, Mapping)
        and match.get("winners") is None
    )


def taken_heroes(summary: Summary) -> dict[str, str]:
    """Hero id → who has it ("taken by Ann", "kept for seat 2"): the heroes of every seat
    but the joiner's. In a match there are none: the server deals each game's heroes."""
    if best_of(summary) > 1:
        return {}
    mine = joiners_seat(summary)
    taken: dict[str, str] = {}
    for seat in _seats(summary):
        hero = seat.get("hero")
        if seat is mine or not isinstance(hero, str) or not hero:
            continue
        if seat.get("kind") == "human" and not seat.get("claimed"):
            taken[hero] = f"kept for seat {_number(seat)}"
        else:
            taken[hero] = f"taken by {seat.get('name') or f'seat {_number(seat)}'}"
    return taken


def _number(seat: Mapping[str, Any]) -> int:
    number = seat.get("seat")
    return number + 1 if isinstance(number, int) else 0


def dealt_heroes(summary: Summary) -> list[Any]:
    """Per seat, the hero it plays in the game under way (``match.heroes``: the game's
    public view has them, on the board for everyone), or [] when no game is under way.
    A seat's own ``hero`` is the one chosen at the table, None for a random one, which
    is not known before the game deals it; between the games of a match the next
    game's are not dealt yet, and the last game's would mislead."""
    match = summary.get("match")
    if summary.get("status") != "playing" or not isinstance(match, Mapping):
        return []
    dealt = match.get("heroes")
    return list(dealt) if isinstance(dealt, list) else []


def _seat_hero(seat: Mapping[str, Any], dealt: Sequence[Any]) -> str | None:
    """The hero the note names for ``seat``: the one dealt to it, else its own."""
    number = seat.get("seat")
    if isinstance(number, int) and 0 <= number < len(dealt):
        hero = dealt[number]
        if isinstance(hero, str) and hero:
            return hero
    own = seat.get("hero")
    return own if isinstance(own, str) and own else None


def _seat_words(
    seat: Mapping[str, Any], heroes: Mapping[str, str], dealt: Sequence[Any] = ()
) -> str:
    """One seat as the note lists it: "Ann (Nyx Valendra)", "Bot 2 (a bot)", "a free
    seat". ``dealt``: the heroes of the game under way (:func:`dealt_heroes`)."""
    if seat.get("kind") == "human" and not seat.get("claimed"):
        return "a free seat"
    name = str(seat.get("name") or f"seat {_number(seat)}")
    hero = _seat_hero(seat, dealt)
    said = [heroes.get(hero, hero).split(",")[0]] if hero is not None else []
    if seat.get("kind") == "bot":
        said.append("a bot")
    return f"{name} ({', '.join(said)})" if said else name


def table_words(summary: Summary, heroes: Mapping[str, str], watching: bool) -> str:
    """The note about the table: its state, its seats, and what joining (``watching``:
    watching) it gives. ``heroes``: hero id → name, as the card book has them."""
    code = summary.get("table", "")
    status = summary.get("status")
    if status == "over" and not between_games(summary):
        return f"Table {code}: its game is over (Replays in the menu show finished games)."
    dealt = dealt_heroes(summary)
    seats = ", ".join(_seat_words(s, heroes, dealt) for s in _seats(summary))
    state = {"waiting": "waiting for players", "over": "between the games of a match"}.get(
        str(status), "playing"
    )
    head = f"Table {code}, {state}: {seats}."
    if watching:
        return f"{head} {_watch_words(summary)}"
    return f"{head} {_join_words(summary, heroes)}"


def _watch_words(summary: Summary) -> str:
    if not summary.get("spectators"):
        return "It does not allow watchers."
    if summary.get("spectator_view") == "all":
        return "Watchers see every hand."
    return "Watchers see no hand."


def _join_words(summary: Summary, heroes: Mapping[str, str]) -> str:
    mine = joiners_seat(summary)
    if mine is None:
        watch = "; you may watch it instead" if summary.get("spectators") else ""
        return f"Every seat is taken{watch}."
    games = best_of(summary)
    if games > 1:
        return f"A best-of-{games} match: each game deals random heroes."
    hero = mine.get("hero")
    if isinstance(hero, str) and hero:
        return f"Your seat: {_number(mine)}; the host set {heroes.get(hero, hero)} for it."
    return f"Your seat: {_number(mine)}, with a random hero unless you choose one."


def hero_options(
    summary: Summary | None, heroes: Sequence[tuple[str, str]]
) -> list[tuple[str, str]]:
    """The hero list's choices, ``(label, hero id)``: first the seat's own ("": the one
    the host set, which the note names; in a match, where the list is off, the random
    hero each game deals), then every hero, those other seats have marked as such
    ("Nyx Valendra, Shadow of the Guild — taken by Ann")."""
    taken = taken_heroes(summary) if summary is not None else {}
    marked = [(f"{name} — {taken[hero]}" if hero in taken else name, hero) for hero, name in heroes]
    match = summary is not None and best_of(summary) > 1
    own = "Random each game (a match)" if match else "The hero the host set for the seat"
    return [(own, ""), *marked]

"""What the Join (and Watch) screen says of a table before joining it, from the server's
summary of it (``list`` with the join code: its status, seats, names, heroes, match).

Pure functions of that summary: which seat a joiner would get (the first free human
seat, as the server gives it), which heroes other seats already have (so the hero list
can mark them), who asked for a rematch at a finished table, and one or two sentences
about the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from client.viewmodel.words import listed

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


def rematch_askers(summary: Summary) -> list[int]:
    """The seats that asked for a rematch at a table whose game (or match) is over and
    whose rematch has not begun: ``match.ready`` where ``match.next`` is "rematch" (the
    server's public match info). [] when nobody asked, or a match's next game comes."""
    match = summary.get("match")
    if summary.get("status") != "over" or not isinstance(match, Mapping):
        return []
    ready = match.get("ready")
    if match.get("next") != "rematch" or not isinstance(ready, list):
        return []
    return [seat for seat in ready if isinstance(seat, int)]


def rematch_waits_for(summary: Summary, seat: int | None) -> bool:
    """Whether a rematch someone asked for waits for ``seat``'s answer (``None``: the
    seat is not known, so anyone's ask counts)."""
    askers = rematch_askers(summary)
    return bool(askers) and seat not in askers


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


def table_words(
    summary: Summary, heroes: Mapping[str, str], watching: bool, own: int | None = None
) -> str:
    """The note about the table: its state, its seats, and what joining (``watching``:
    watching) it gives. ``heroes``: hero id → name, as the card book has them; ``own``:
    the seat this player keeps there, if known (the summary cannot tell whose it is)."""
    code = summary.get("table", "")
    status = summary.get("status")
    if status == "over" and not between_games(summary):
        if rematch_askers(summary):
            return f"Table {code}: its game is over; {_rematch_words(summary, watching, own)}."
        return f"Table {code}: its game is over (Replays in the menu show finished games)."
    dealt = dealt_heroes(summary)
    seats = ", ".join(_seat_words(s, heroes, dealt) for s in _seats(summary))
    state = {"waiting": "waiting for players", "over": "between the games of a match"}.get(
        str(status), "playing"
    )
    head = f"Table {code}, {state}: {seats}."
    if watching:
        return f"{head} {_watch_words(summary)}"
    kept = next((seat for seat in _seats(summary) if seat.get("seat") == own), None)
    if kept is not None:  # not "every seat is taken": one is theirs
        who = kept.get("name") or f"seat {_number(kept)}"
        return f"{head} Your seat ({who}) is kept for you: join to take it back."
    return f"{head} {_join_words(summary, heroes)}"


def _seat_name(summary: Summary, number: int, own: int | None) -> str:
    """Seat ``number`` in a sentence: "you" for ``own``, else its player's name."""
    if number == own:
        return "you"
    seat = next((s for s in _seats(summary) if s.get("seat") == number), None)
    return str(seat.get("name") or f"seat {number + 1}") if seat else f"seat {number + 1}"


def _rematch_words(summary: Summary, watching: bool, own: int | None) -> str:
    """Who asked for the rematch and who it waits for: "Cid asked for a rematch: join to
    answer" (a player who asked and went away: "you asked …: join to wait for Ann to
    answer"). Joining takes a kept seat back, where the game-over screen asks them."""
    askers = rematch_askers(summary)
    # "you" first: "you and Cid asked", not "Cid and you asked"
    ordered = sorted(askers, key=lambda seat: seat != own)
    asked = f"{listed([_seat_name(summary, s, own) for s in ordered])} asked for a rematch"
    humans = [s.get("seat") for s in _seats(summary) if s.get("kind") == "human"]
    waiting = [
        _seat_name(summary, n, own) for n in humans if isinstance(n, int) and n not in askers
    ]
    if watching:
        return f"{asked} (waiting for {listed(waiting)})" if waiting else asked
    if own in askers and waiting:
        return f"{asked}: join to wait for {listed(waiting)} to answer"
    return f"{asked}: join to answer"


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

"""A seat's ``hold`` ("let me respond to my own maneuvers") through the table: only an
announcement of the seat's own arms it. After one, the seat's next decision is asked
even when passing is all it may do; after any other answer (the weapon faces, a discard,
defenders, a damage split) a response window with nothing but a pass is passed for it,
as with ``hold`` off."""

from __future__ import annotations

import random
from typing import Any

from server.options import DEFAULT_SETTINGS
from shared.rules.realm.ruleset import RULESET
from tests.server.kit import command_log, duel_table, play_randomly

HEROES = ("thrainor_deepforge", "hakor_dajet")  # as reported: Thrainor against Hakor


def _only_passes(legal: list[dict[str, Any]]) -> bool:
    return bool(legal) and all(a.get("kind") == "pass" for a in legal)


def _announces_own(events: list[dict[str, Any]], seat: int) -> bool:
    return any(
        e.get("t") == "announced" and (e.get("item") or {}).get("seat") == seat for e in events
    )


async def _play(seed: int, actions: int) -> tuple[Any, list[tuple[int, dict[str, Any], str]]]:
    """A duel of two people at one table with no pass delay, seat 0 with ``hold`` on,
    ``actions`` seeded random choices by the people; the game's first state and the
    command log (seat, action, source), the server's automatic passes among them."""
    seats = [{"kind": "human", "hero": hero} for hero in HEROES]
    with duel_table(RULESET, seats, "HOLDFX", seed, seed + 1) as table:
        for seat in (0, 1):
            table.claim(seat, None, None)
        table.set_settings(0, {**DEFAULT_SETTINGS, "hold": True})
        table.maybe_start()
        first = RULESET.new_game(table.full_setup(), table._seed)
        play_randomly(table, random.Random(seed), actions)
        return first, command_log(table)


async def _nothing_but_pass_decisions(seed: int, actions: int) -> list[tuple[str, str, str]]:
    """Seat 0's decisions where passing was all it could do, replayed from the log: (the
    kind of seat 0's command before it, whether that command announced something of seat
    0's, ``announced`` or ``answered``, and who passed: ``auto`` the server, ``human``
    the seat, asked)."""
    state, log = await _play(seed, actions)
    found: list[tuple[str, str, str]] = []
    before: tuple[str, str] | None = None  # seat 0's last command: its kind, and what it did
    for seat, action, source in log:
        if seat == 0 and before is not None and _only_passes(RULESET.legal_actions(state, 0)):
            found.append((before[0], before[1], source))
        state, events = RULESET.apply(state, seat, action)
        if seat == 0:
            did = "announced" if _announces_own(events, 0) else "answered"
            before = (action["kind"], did)
    return found


async def test_hold_asks_after_an_announcement_and_passes_after_any_other_answer() -> None:
    found = await _nothing_but_pass_decisions(seed=2, actions=600)
    after_announcing = [source for _, did, source in found if did == "announced"]
    after_answering = [(kind, source) for kind, did, source in found if did == "answered"]
    # after announcing, seat 0 was asked (it may respond to its own maneuver)
    assert after_announcing and set(after_announcing) == {"human"}
    # after any other answer, including the ones the report names (the weapon faces at
    # setup, a discard), the server passed for it
    kinds = {kind for kind, _ in after_answering if kind != "pass"}
    assert {"equip", "discard"} <= kinds, kinds
    assert {source for _, source in after_answering} == {"auto"}

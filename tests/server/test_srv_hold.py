"""A seat's ``hold`` ("let me respond to my own maneuvers") through the table: only an
announcement of the seat's own arms it. After one, the seat's next decision is asked
even when passing is all it may do; after any other answer (the weapon faces, a discard,
defenders, a damage split) a response window with nothing but a pass is passed for it,
as with ``hold`` off."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server.config import ServerConfig
from server.options import DEFAULT_SETTINGS, seat_specs, table_options
from server.seating import Host
from server.store import Store
from server.table import Table, seat_rows
from shared.rules.realm.ruleset import RULESET

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
    config = ServerConfig(allow_fixed_seeds=True)
    store = Store(":memory:")
    host = Host(store, config, ThreadPoolExecutor(1))
    specs = seat_specs([{"kind": "human", "hero": hero} for hero in HEROES])
    options = table_options({"pass_delay": 0, "spectators": False}, config)
    table_id = store.create_table(
        "HOLDFX", "realm", {"format": "duel"}, options, seed, seed + 1, seat_rows(specs)
    )
    table = Table(host, RULESET, store.load_table(table_id))
    for seat in (0, 1):
        table.claim(seat, None, None)
    table.set_settings(0, {**DEFAULT_SETTINGS, "hold": True})
    table.maybe_start()
    first = RULESET.new_game(table.full_setup(), table._seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if table.status != "playing":
            break
        seat = table.rules.to_act(table.state)
        assert seat is not None
        legal = table.rules.legal_actions(table.state, seat)
        action = legal[rng.randrange(len(legal))]
        answer = table.submit(seat, None, table.rules.version(table.state), action, "human")
        assert answer["t"] == "accepted", answer
    log = [(c.seat, c.action, c.source) for c in store.commands(table_id)]
    table.shutdown()
    host.executor.shutdown()
    store.close()
    return first, log


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

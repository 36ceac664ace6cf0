"""A chain of automatic passes reads the rules' window view, not whole views: the same
frames and log, fewer views built (the views of the decisions passed on the way are
never sent)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server.config import ServerConfig
from server.options import seat_specs, table_options
from server.seating import Host
from server.store import Store
from server.table import Table, seat_rows
from shared.rules.realm import view
from shared.rules.realm.ruleset import RealmRuleSet


class Counted(RealmRuleSet):
    """Realm's rules without the window view (as a rule set that offers none), counting
    the whole views built."""

    window_view = None  # the server builds whole views for its auto-pass checks

    def __init__(self) -> None:
        self.views = 0

    def view_for(self, state: Any, seat: int | None) -> Any:
        self.views += 1
        return super().view_for(state, seat)


class Windowed(Counted):
    """The same, and giving the window view the server's auto-pass checks read."""

    def window_view(self, state: Any, seat: int) -> Any:  # type: ignore[override]
        return view.window_view(state, seat)


def test_the_realm_rules_offer_the_window_view() -> None:
    assert RealmRuleSet().window_view is not None


class Inbox:
    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def deliver(self, frame: bytes) -> None:
        self.frames.append(frame)


async def _play(rules: Counted, actions: int) -> tuple[list[list[bytes]], list[Any]]:
    """A duel of two people at a table with no pass delay, ``actions`` seeded random
    choices: the frames each seat got, and the command log."""
    config = ServerConfig(allow_fixed_seeds=True)
    store = Store(":memory:")
    host = Host(store, config, ThreadPoolExecutor(1))
    specs = seat_specs([{"kind": "human"}, {"kind": "human"}])
    options = table_options({"pass_delay": 0, "spectators": False}, config)
    table_id = store.create_table("WINDOW", "realm", {"format": "duel"}, options, 11, 12,
                                  seat_rows(specs))
    table = Table(host, rules, store.load_table(table_id))
    inboxes = [Inbox(), Inbox()]
    for seat, inbox in enumerate(inboxes):
        table.claim(seat, None, None)
        table.subscribe(inbox, seat)
    table.maybe_start()
    rng = random.Random(5)
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
    return [inbox.frames for inbox in inboxes], log


async def test_window_view_sends_the_same_and_builds_fewer_views() -> None:
    whole, windowed = Counted(), Windowed()
    frames, log = await _play(whole, 150)
    frames_w, log_w = await _play(windowed, 150)
    assert any(source == "auto" for _, _, source in log)  # passes were made on the way
    assert log_w == log
    assert frames_w == frames  # every patch and notice, byte for byte
    assert windowed.views < whole.views

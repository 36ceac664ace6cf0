"""A chain of automatic passes reads the rules' window view, not whole views: the same
frames and log, fewer views built (the views of the decisions passed on the way are
never sent)."""

from __future__ import annotations

import random
from typing import Any

from shared.rules.realm import view
from shared.rules.realm.ruleset import RealmRuleSet
from tests.server.kit import command_log, duel_table, play_randomly


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
    seats = [{"kind": "human"}, {"kind": "human"}]
    with duel_table(rules, seats, "WINDOW", 11, 12) as table:
        inboxes = [Inbox(), Inbox()]
        for seat, inbox in enumerate(inboxes):
            table.claim(seat, None, None)
            table.subscribe(inbox, seat)
        table.maybe_start()
        play_randomly(table, random.Random(5), actions)
        return [inbox.frames for inbox in inboxes], command_log(table)


async def test_window_view_sends_the_same_and_builds_fewer_views() -> None:
    whole, windowed = Counted(), Windowed()
    frames, log = await _play(whole, 150)
    frames_w, log_w = await _play(windowed, 150)
    assert any(source == "auto" for _, _, source in log)  # passes were made on the way
    assert log_w == log
    assert frames_w == frames  # every patch and notice, byte for byte
    assert windowed.views < whole.views

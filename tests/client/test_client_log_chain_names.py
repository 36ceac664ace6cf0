"""The log names every chain entry that resolves or fizzles, even when the app formats a
patch's events only after the connection has taken in more patches (often, at a table of
bots): each update carries the views of its own patch."""

from __future__ import annotations

from typing import Any

import pytest

from server.botplay.api import Budget, decision_rng, level_name, policy
from server.simulate import make_setup
from shared.rules.realm import engine
from shared.rules.realm.ruleset import RULESET
from shared.rules.realm.view import events_for, view_for
from tests.client.helpers import Fake, doc_for, make_app, patch, sync

View = dict[str, Any]
Events = list[dict[str, Any]]


def bot_game(
    fmt: str, seed: int, watcher: int | None, steps: int
) -> tuple[list[Events], list[View]]:
    """The first ``steps`` commands of a seeded game of easy bots, as ``watcher`` sees
    them: each command's events, and the views (the opening one, then one per command)."""
    g = engine.new_game(make_setup(fmt, None), seed)
    bots = [policy(level_name("easy")) for _ in g.players]
    batches: list[Events] = []
    views = [view_for(g, watcher)]
    while g.result is None and g.prompt is not None and len(batches) < steps:
        seat = g.prompt.seat
        view = view_for(g, seat)
        legal = view["legal"]
        if len(legal) == 1:
            action = legal[0]
        else:
            action = bots[seat](view, decision_rng(seed, view), Budget(iterations=20, seconds=None))
        _, events = RULESET.apply(g, seat, action, version=view["version"], in_place=True)
        batches.append(events_for(events, watcher))
        views.append(view_for(g, watcher))
    return batches, views


def resolved_lines(lines: list[str]) -> list[str]:
    return [line for line in lines
            if line.endswith(("resolved.", "was canceled.", "legal target."))]  # fmt: skip


@pytest.mark.asyncio
async def test_the_game_log_names_what_resolved_when_patches_arrive_faster_than_shown() -> None:
    """Through the client's session and game controller: the connection applies each
    patch as it arrives and the app formats the updates later, several at once."""
    batches, views = bot_game("team", 1, 0, 200)
    app = make_app()
    async with app.run_test(size=(150, 60)) as pilot:
        fake = Fake(app, [0])
        fake.feed(sync(0, views[0]))
        await pilot.pause()
        pending = []
        for i, events in enumerate(batches):
            message = patch(doc_for(views[i]), doc_for(views[i + 1]), 0, i + 1, events)
            pending.append(fake.session.on_message(message))
            if len(pending) == 3:  # three frames read before the app handles the first
                for updates in pending:
                    fake.controller.apply(updates)
                pending = []
                await pilot.pause()
        for updates in pending:
            fake.controller.apply(updates)
        await pilot.pause()
        stream = fake.session.streams[0]
        named = resolved_lines([str(line) for line in stream.log])
        assert len(named) > 10
        assert not [line for line in named if line.startswith("A maneuver")]

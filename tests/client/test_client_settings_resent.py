"""Settings changed during a game are the ones sent again after a reconnect (a
restarted server, a dropped link): the controller kept sending those it had when the
game began, so auto-pass turned off mid-game came back on."""

from __future__ import annotations

import dataclasses

import pytest

from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, sync


@pytest.mark.asyncio
async def test_settings_changed_mid_game_are_sent_again_after_a_reconnect() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.controller.settings = app._server_settings()  # as the app makes a game
        fake.feed(sync(0, v.maneuver()))
        await pilot.pause()
        app._apply_settings(dataclasses.replace(app.settings, auto_pass=False))
        fake.sent.clear()
        fake.controller._settings_sent = False  # a reconnect: sent again (app._link)
        fake.feed(sync(0, v.maneuver(), seq=3))
        sent = [m for m in fake.sent if m["t"] == "settings"]
        assert sent and sent[-1]["auto_pass"] is False

"""While the link to the server is down the prompt says nothing untrue: no countdown
ticking to 0 (the server's clock cannot be known, and a stopped server runs none) and a
choice made meanwhile is "sent once reconnected", not "sent…". Both come back
with the link."""

from __future__ import annotations

from client.net.connection import LinkState
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

CLOCK = {"seat": 0, "version": 57, "ms": 30000}


async def test_no_countdown_and_no_sent_while_the_link_is_down() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.response(), clock=CLOCK)
        await pilot.pause()
        assert "⏱ " in screen_text(app)
        fake.controller.apply([LinkState("reconnecting", "retrying in 1s")])
        await pilot.pause()
        text = screen_text(app)
        assert "⏱" not in text and "reconnecting" in text
        await pilot.press("p")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "(sent once reconnected)" in text and "(sent…)" not in text
        fake.controller.apply([LinkState("online")])
        await pilot.pause()
        text = screen_text(app)
        assert "(sent…)" in text and "⏱ " in text

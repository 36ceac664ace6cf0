"""A burst of watchers shows one toast about them, with the current count: each new
``spectator_joined`` notice replaces the last one still shown (60 watchers arriving at
once made 60 toasts over the board at 80×24); the other toasts stay."""

from __future__ import annotations

from typing import Any

from client.app import AllegianceApp
from tests.client.fixtures import views as v
from tests.client.helpers import TABLE, Fake, make_app, screen_text


def watching(count: int) -> dict[str, Any]:
    """The server's notice to the players as a watcher comes (``server/streams.py``)."""
    said = f"Someone is watching ({count} watching)."
    code, data = "spectator_joined", {"spectators": count}
    return {"t": "notice", "table": TABLE, "code": code, "message": said, "data": data}


def toasts(app: AllegianceApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_a_burst_of_watchers_shows_one_toast_with_the_last_count() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.base(0))
        await pilot.pause()
        fake.feed(watching(1))
        await pilot.pause()  # the first toast is shown before the burst
        assert toasts(app) == ["Someone is watching (1 watching)."]
        app.notify("Connected again.")  # another toast: it is not about watchers
        for count in range(2, 31):  # one batch each, none shown yet as the next comes
            fake.feed(watching(count))
        await pilot.pause()
        await pilot.pause()
        assert sorted(toasts(app)) == ["Connected again.", "Someone is watching (30 watching)."]
        text = screen_text(app)
        assert text.count("watching)") == 1 and "(30 watching)" in text
        fake.feed(watching(31))
        await pilot.pause()
        assert sorted(toasts(app)) == ["Connected again.", "Someone is watching (31 watching)."]


async def test_other_notices_still_pile_up_as_before() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.base(0))
        await pilot.pause()
        for seat, name in ((1, "Bob"), (2, "Cid")):
            said = f"{name} lost the connection."
            fake.feed({"t": "notice", "table": TABLE, "code": "seat_disconnected",
                       "message": said, "data": {"seat": seat}})  # fmt: skip
        await pilot.pause()
        assert toasts(app) == ["Bob lost the connection.", "Cid lost the connection."]

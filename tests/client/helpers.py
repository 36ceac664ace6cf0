"""Test helpers: feed hand-written views to the app as if a server sent them."""

from __future__ import annotations

import copy
from typing import Any

from client.app import AllegianceApp
from client.game import GameController
from client.net.session import ClientSession, SeatStream
from client.screens.cardbrowser import CardBrowserScreen
from client.settings import Settings
from shared.protocol import diff

TABLE = "TEST01"


def table_info(
    view: dict[str, Any] | None,
    status: str = "playing",
    clock: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    players = (view or {}).get("players", [])
    return {
        "table": TABLE,
        "game": "realm",
        "status": status,
        "seats": [
            {
                "seat": p["seat"],
                "kind": "human",
                "name": p["name"],
                "claimed": True,
                "connected": True,
                "bot": False,
            }
            for p in players
        ],
        "clock": clock,
        "settings": settings,
        "options": {
            "timer": 0,
            "grace": 60,
            "policy": "wait",
            "spectators": True,
            "pass_delay": 0,
            "hotseat": False,
        },
        "spectators": 0,
        "result": (view or {}).get("result"),
    }


def doc_for(view: dict[str, Any] | None, **kw: Any) -> dict[str, Any]:
    return {"view": copy.deepcopy(view), "table": table_info(view, **kw)}


def sync(seat: int | None, view: dict[str, Any] | None, seq: int = 0, **kw: Any) -> dict[str, Any]:
    doc = doc_for(view, **kw)
    return {
        "t": "sync",
        "table": TABLE,
        "seat": seat,
        "seq": seq,
        "doc": doc,
        "hash": diff.view_hash(doc),
    }


def patch(
    old: dict[str, Any],
    new: dict[str, Any],
    seat: int | None,
    seq: int,
    events: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "t": "patch",
        "table": TABLE,
        "seat": seat,
        "seq": seq,
        "ops": diff.diff(old, new),
        "hash": diff.view_hash(new),
        "events": events or [],
    }


def make_app(**kw: Any) -> AllegianceApp:
    return AllegianceApp(settings=Settings(name="Alice"), save=False, **kw)


class Fake:
    """A game controller on a session whose messages are recorded, not sent."""

    def __init__(self, app: AllegianceApp, seats: list[int | None], title: str = "Test") -> None:
        self.sent: list[dict[str, Any]] = []
        self.session = ClientSession(self.sent.append, "Alice")
        self.session.table = TABLE
        for seat in seats:
            self.session.streams[seat] = SeatStream(seat, None if seat is None else f"tok{seat}")
        self.controller = GameController(app, self.session, None, title=title)
        app.game = self.controller
        self.docs: dict[int | None, dict[str, Any]] = {}
        self.seq: dict[int | None, int] = {}

    def feed(self, message: dict[str, Any]) -> None:
        self.controller.apply(self.session.on_message(message))

    def show(self, seat: int | None, view: dict[str, Any], **kw: Any) -> None:
        """Send ``view`` to ``seat`` as a patch (a sync the first time)."""
        doc = doc_for(view, **kw)
        if seat not in self.docs:
            self.seq[seat] = 0
            self.feed(sync(seat, view, **kw))
        else:
            self.seq[seat] += 1
            self.feed(patch(self.docs[seat], doc, seat, self.seq[seat]))
        self.docs[seat] = doc

    def submits(self) -> list[dict[str, Any]]:
        return [m["action"] for m in self.sent if m["t"] == "submit"]

    def accept_last(self) -> None:
        last = [m for m in self.sent if m["t"] == "submit"][-1]
        self.feed(
            {
                "t": "accepted",
                "id": last["id"],
                "table": TABLE,
                "seat": last["seat"],
                "version": last["version"] + 1,
            }
        )


def screen_text(app: AllegianceApp) -> str:
    """The current screen as plain text (what a person would read)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True
    )
    console.print(update)
    return console.export_text(styles=False)


async def open_card_browser(app: AllegianceApp, pilot: Any) -> CardBrowserScreen:
    """The card browser opened over ``app``'s screen and shown."""
    app.push_screen(CardBrowserScreen())
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, CardBrowserScreen)
    return screen


async def close_connection(conn: Any, task: Any, server: Any) -> None:
    """Close a test's second client (its connection and the task that runs it), then
    the in-process server."""
    import contextlib

    await conn.close()
    task.cancel()
    with contextlib.suppress(BaseException):  # the cancellation it ends with
        await task
    await server.stop()


async def hosting_fails(app: AllegianceApp, db: str | None) -> list[str]:
    """Host a duel (two human seats) on ``db`` (None: the local games' file) and wait for
    the game to fail to start; what the app said, the app back at its menu."""
    from client.screens.setup import LocalPlan, SeatPlan

    plan = LocalPlan("duel", (SeatPlan("human", "Ann", None), SeatPlan("human", "Bo", None)))
    app.host_start = (plan, "127.0.0.1", 0, db, None)
    return await run_until_failed(app)


def on_failure(app: AllegianceApp, said: list[str] | None = None) -> Any:
    """An ``asyncio.Event`` set once the app handled a game that failed (what it said
    added to ``said``)."""
    import asyncio

    failed = asyncio.Event()
    game_failed = app.game_failed

    def failing(controller: Any, text: str) -> None:
        if said is not None:
            said.append(text)
        game_failed(controller, text)
        failed.set()

    app.game_failed = failing  # type: ignore[method-assign]
    return failed


async def run_until_failed(app: AllegianceApp) -> list[str]:
    """Run ``app`` (its start set by the caller) until its game fails to start; what the
    app said, the app back at its menu."""
    import asyncio

    said: list[str] = []
    failed = on_failure(app, said)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(failed.wait(), 20)
        await pilot.pause()
        assert app.game is None
    return said

"""A player made of key presses, for tests that play whole games through the real app.

It reads only what is on the screen's widgets (the prompt bar's prompt) and presses
keys; it never submits actions itself. Waiting is on events (the controller applied an
update), never on time.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from client.app import AllegianceApp
from client.cards import default_book
from client.game import GameController
from client.screens.curtain import CurtainScreen
from client.screens.gameover import GameOverScreen
from client.screens.table import TableScreen
from client.widgets.prompt import PromptBar
from tests.client.helpers import screen_text


class Waiter:
    """Wakes up whenever the game controller applied updates or redrew the table."""

    def __init__(self) -> None:
        self.event = asyncio.Event()

    def hook(self, controller: GameController) -> None:
        if getattr(controller, "_test_hooked", False):
            return
        for name in ("apply", "render_now"):
            self._wrap(controller, name)
        controller._test_hooked = True  # type: ignore[attr-defined]

    def _wrap(self, controller: GameController, name: str) -> None:
        original = getattr(controller, name)

        def wrapped(*args: Any) -> None:
            original(*args)
            self.event.set()

        setattr(controller, name, wrapped)

    async def wait(self, pilot: Pilot[Any], timeout: float = 20.0) -> None:
        self.event.clear()
        await asyncio.wait_for(self.event.wait(), timeout)
        for _ in range(3):  # let the redraw's messages be handled
            await asyncio.sleep(0)


async def press(pilot: Pilot[Any], key: str) -> None:
    """Press one key and wait until the screen has handled it (event-based: the
    Pilot's own press also waits for the CPU to go idle, which a busy in-process server
    stretches to a third of a second per key)."""
    from textual import events

    app = pilot.app
    char = {"enter": "\r", "escape": "\x1b"}.get(key, key if len(key) == 1 else None)
    event = events.Key(key, char)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)
    await settle(pilot)


async def settle(pilot: Pilot[Any], rounds: int = 50) -> None:
    """Wait until the app and every widget on the screen have no message left to handle.

    A key travels through several queues (the app, the focused widget, each parent up
    to the screen, the app again for the bindings, then whatever the action posts), one
    hop per round of ``_wait_for_screen``; so wait round after round until all are empty.
    """
    for _ in range(rounds):
        await pilot._wait_for_screen()
        app = pilot.app
        pumps = [app, *app.screen.walk_children(with_self=True)]
        if all(pump._message_queue.empty() for pump in pumps):
            return


async def leave_when_asked(pilot: Pilot[Any]) -> None:
    """Answer "Leave this game?" with yes, if it was asked (a game being played)."""
    from client.screens.leave import LeaveScreen

    await settle(pilot)
    if isinstance(pilot.app.screen, LeaveScreen):
        await press(pilot, "y")


def pick_key(prompt_bar: PromptBar, state: dict[str, Any]) -> str | None:
    """The key a simple, aggressive player presses for the prompt on screen."""
    prompt = prompt_bar.prompt
    if prompt_bar.busy or prompt.mode in ("wait", "none"):
        return None
    if prompt.mode == "attackers":
        return "a" if len(prompt_bar._selected) < len(prompt.attackers) else "d"
    if prompt.mode == "defenders":
        return "d"
    _, choices = prompt_bar._stack[-1]
    ticks = next((c.ticks for c in choices if c.ticks is not None), None)
    if ticks is not None:  # targets to tick: the first ones, then confirm
        ticked = frozenset(prompt_bar._ticked)
        return "d" if ticked and ticks.chosen(ticked) is not None else str(len(ticked) + 1)
    labels = [c.label for c in choices]
    turn = state.get("turn")
    for i, label in enumerate(labels[:9]):
        if label.startswith("Initiate a battle") and state.get("battled") != turn:
            state["battled"] = turn
            return str(i + 1)
    for i, label in enumerate(labels[:9]):
        if label.startswith("Enlist"):
            return str(i + 1)
    if prompt.pass_action is not None and len(prompt_bar._stack) == 1:
        return "p"  # the pass key passes from the prompt's own list only
    return "1"


def hand_names(view: dict[str, Any] | None) -> set[str]:
    book = default_book()
    me = view.get("seat") if view else None
    for p in (view or {}).get("players", []):
        if p.get("seat") == me:
            return {book.name(str(c["card"])) for c in p.get("hand") or []}
    return set()


def public_names(view: dict[str, Any], log: list[str], own_hand: bool = True) -> set[str]:
    """Every card name that the seat of ``view`` may legitimately see somewhere (its own
    hand only when ``own_hand``)."""
    book = default_book()
    if not own_hand:
        view = dict(view, players=[dict(p, hand=None) for p in view.get("players", [])])
    text = json.dumps(view)
    names = {book.name(cid) for cid in book_ids() if f'"{cid}"' in text}
    joined = "\n".join(log)
    names |= {book.name(cid) for cid in book_ids() if book.name(cid) in joined}
    return names


def book_ids() -> list[str]:
    from shared.rules.realm.catalog import load_catalog

    return list(load_catalog().cards)


class SecrecyCheck:
    """After every step: no rendered screen shows a card from another seat's hand,
    unless the displayed seat may see that card name somewhere public."""

    def __init__(self, app: AllegianceApp) -> None:
        self.app = app
        self.checked = 0

    def __call__(self) -> None:
        game = self.app.game
        if game is None:
            return
        text = screen_text(self.app)
        screen = self.app.screen
        if isinstance(screen, CurtainScreen):
            shown: int | None = None
        elif isinstance(screen, TableScreen):
            shown = game.displayed
        else:
            return
        if shown is not None:
            stream = game.session.stream(shown)
            assert stream is not None and stream.view is not None
            allowed = public_names(stream.view, stream.log)
        else:  # the curtain: only what every seat sees (the table, not a hand)
            publics = [
                public_names(game.session.view(s) or {}, [], own_hand=False)
                for s in game.session.seats
            ]
            allowed = set.intersection(*publics) if publics else set()
        for seat in game.session.seats:
            if seat == shown:
                continue
            secret = hand_names(game.session.view(seat)) - allowed
            leaked = {name for name in secret if name in text}
            assert not leaked, f"seat {seat}'s hand shown while {shown} is displayed: {leaked}"
        self.checked += 1


async def play_to_the_end(
    app: AllegianceApp,
    pilot: Pilot[Any],
    *,
    max_steps: int = 4000,
    each_step: Callable[[], None] | None = None,
) -> GameOverScreen:
    """Press keys until the game-over screen shows; returns it."""
    waiter = Waiter()
    state: dict[str, Any] = {}
    for _ in range(max_steps):
        if app.game is not None:
            waiter.hook(app.game)
        screen = app.screen
        if each_step is not None:
            each_step()
        if isinstance(screen, GameOverScreen):
            return screen
        if isinstance(screen, CurtainScreen):
            await press(pilot, "enter")
            continue
        if not isinstance(screen, TableScreen) or app.game is None:
            await waiter.wait(pilot)
            continue
        view = app.game.session.view(app.game.displayed) or {}
        state["turn"] = view.get("turn")
        key = pick_key(screen.query_one(PromptBar), state)
        if key is None:
            await waiter.wait(pilot)
            continue
        revision = app.game.revision
        await press(pilot, key)
        if app.game is not None and app.game.revision == revision and _sent_something(app):
            await waiter.wait(pilot)
    raise AssertionError("the game did not end")


def _sent_something(app: AllegianceApp) -> bool:
    game = app.game
    if game is None:
        return False
    return any(s.in_flight is not None or s.batch for s in game.session.streams.values())


def match_against_a_bot() -> AllegianceApp:
    """An app that starts a seeded best-of-3 duel: Ann against a random bot."""
    from client.screens.setup import LocalPlan, SeatPlan
    from tests.client.helpers import make_app

    plan = LocalPlan("duel", (SeatPlan("human", "Ann", None), SeatPlan("bot", "Bot", None, 0)),
                     {"seed": 5, "bot_seed": 2, "best_of": 3})  # fmt: skip
    app = make_app(start=plan)
    app.server_settings = {"allow_fixed_seeds": True}
    return app


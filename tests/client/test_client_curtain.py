"""Hot-seat hand-overs: a game that ends on a bot's decision raises no curtain under the
game-over screen (and a curtain taken down before it was drawn does not fail); a key
pressed before a person's table is back, or the curtain's Enter pressed again just
after, makes no move; nobody is told "it is your decision" with nothing to decide, and
a person out of the game gets no curtain; the keyboard that stays with the same person
while only bots play raises no second curtain."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from textual import events

from client.screens.curtain import CurtainScreen
from client.screens.gameover import GameOverScreen
from client.screens.setup import LocalPlan, SeatPlan
from client.screens.table import KEY_SETTLE, TableScreen
from tests.client.driver import Waiter, settle
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

pytestmark = pytest.mark.asyncio

OVER = {"winners": [2], "reason": "hero_defeated"}
FIRST = [{"kind": "first", "seat": s} for s in range(3)]


def three(
    seat: int | None,
    current: int,
    legal: list[dict[str, Any]] | None = None,
    *,
    acting: int | None = None,
    result: dict[str, Any] | None = None,
    out: tuple[int, ...] = (),
) -> dict[str, Any]:
    """``seat``'s view of a free-for-all: Alice (0) and Bob (1) play at this keyboard,
    Cy (2) is a bot. It is ``current``'s turn; ``acting`` decides (``legal``, if it is
    ``seat``)."""
    view = v.base(seat)
    view["format"] = "ffa"
    cy = copy.deepcopy(view["players"][1])
    cy.update(seat=2, name="Cy", hand=None)
    view["players"].append(cy)
    acting = current if acting is None else acting
    view.update(current=current, to_act=acting, prompt={"kind": "maneuver", "seat": acting})
    view["legal"] = copy.deepcopy(legal or []) if seat == acting else []
    for player in view["players"]:
        if player["seat"] in out:
            player.update(health=0, alive=False)
    if result is not None:
        view.update(phase="over", to_act=None, result=result)
    return view


def show_all(fake: Fake, *args: Any, **kw: Any) -> None:
    """The public view first (as a hot-seat table has it before a person decides),
    then each person's."""
    for seat in (None, 0, 1):
        fake.show(seat, three(seat, *args, **kw))


async def settled(pilot: Any) -> None:
    for _ in range(5):
        await pilot.pause()


# 1. a game that ends while the public view shows ----------------------------------------
async def test_a_game_ending_in_a_bots_turn_raises_no_curtain_under_the_game_over() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1, None])
        show_all(fake, 2)  # Cy's turn: the public view, nobody here asked
        await settled(pilot)
        assert isinstance(app.screen, TableScreen) and fake.controller.displayed is None
        show_all(fake, 2, result=OVER)  # Cy's battle ends the game
        await settled(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)
        assert fake.controller.curtain is None and fake.controller.displayed is None
        show_all(fake, 2, result=OVER)  # more of the table's news (asks for a rematch)
        await settled(pilot)
        assert isinstance(app.screen, GameOverScreen) and fake.controller.curtain is None


async def test_a_curtain_taken_down_before_it_was_drawn_does_not_fail() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        curtain = CurtainScreen(0, "Alice", "Your turn.")
        app.push_screen(curtain)
        curtain.lower()  # in the same moment: its mount comes after
        await settled(pilot)
        assert not isinstance(app.screen, CurtainScreen)
        curtain = CurtainScreen(1, "Bob", "Your turn.")
        app.push_screen(curtain)
        await settled(pilot)
        app.action_help()  # a screen over the curtain goes with it
        await settled(pilot)
        curtain.lower()
        await settled(pilot)
        assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)


async def test_two_people_who_conceded_in_setup_see_the_bots_finish_the_game() -> None:
    """The tester's game: four seats, two people and two bots; both people concede
    while the game is being set up; the bots play it out. The game-over screen stays."""
    plan = LocalPlan(
        "ffa",
        (SeatPlan("human", "Ann", None), SeatPlan("bot", "Bot 2", None, 0),
         SeatPlan("human", "Bob", None), SeatPlan("bot", "Bot 4", None, 0)),
        {"seed": 5, "bot_seed": 2},
    )  # fmt: skip
    app = make_app(start=plan)
    app.server_settings = {"allow_fixed_seeds": True}
    async with app.run_test(size=(80, 24)) as pilot:
        waiter = Waiter()
        conceded: set[int] = set()
        for _ in range(3000):
            game = app.game
            if isinstance(app.screen, GameOverScreen) or game is None:
                if game is None:
                    await pilot.pause()
                    continue
                break
            waiter.hook(game)
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                continue
            seat = game.displayed
            if isinstance(app.screen, TableScreen) and seat is not None and seat not in conceded:
                assert game.concede()
                conceded.add(seat)
            with contextlib.suppress(TimeoutError):  # the last update may already be in
                await waiter.wait(pilot, timeout=2.0)
        assert isinstance(app.screen, GameOverScreen) and conceded == {0, 2}
        for _ in range(20):  # the curtain came up now and failed a moment later
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)


# 2. keys pressed before the table is back ------------------------------------------------
class Clock:
    """The time the table reads as a person sits down (event times are set by hand)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def key(name: str, at: float) -> events.Key:
    """A key event pressed at ``at`` (the time Textual stamps on each event)."""
    char = {"enter": "\r", "space": " "}.get(name, name if len(name) == 1 else None)
    event = events.Key(name, char)
    event.time = at
    return event


async def send(pilot: Any, *keys: events.Key) -> None:
    app = pilot.app
    for event in keys:
        event.set_sender(app)
        app._driver.send_message(event)
    await settle(pilot)


async def bob_behind_the_curtain(pilot: Any, fake: Fake) -> None:
    """Alice has chosen; Bob decides next (a curtain)."""
    app = pilot.app
    fake.show(0, v.maneuver())
    bob = v.base(1)
    bob["to_act"] = 0
    fake.show(1, bob)
    await settled(pilot)
    assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 0
    await pilot.press("enter")
    await settled(pilot)
    fake.show(0, v.waiting())
    fake.show(1, v.assign())
    await settled(pilot)
    assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1


async def test_a_second_enter_on_the_curtain_makes_no_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1])
        await bob_behind_the_curtain(pilot, fake)
        clock = Clock(1000.0)
        monkeypatch.setattr("client.screens.table.get_time", clock)
        # Enter Enter (pressed together, or the second because the curtain was slow):
        # the first lifts the curtain, the second was pressed before the table was back
        await send(pilot, key("enter", 999.0), key("enter", 999.7))
        assert isinstance(app.screen, TableScreen) and fake.controller.displayed == 1
        assert "Ironclad Knight" in screen_text(app)  # Bob's table
        # ... and a double tap just after it: Enter within the moment does nothing
        await send(pilot, key("enter", 1000.0), key("enter", 1000.0 + KEY_SETTLE / 2))
        assert fake.submits() == []
        # a number pressed before the table was back does nothing either
        await send(pilot, key("1", 999.9))
        assert fake.submits() == [] and "sent" not in screen_text(app)
        # past the moment, Enter is a choice again (Bob's first line: an attacker)
        await send(pilot, key("d", 1000.0 + KEY_SETTLE / 2))  # a deliberate key counts
        assert fake.submits() == [{"kind": "done"}] and fake.sent[-1]["seat"] == 1


async def test_enter_after_the_moment_chooses() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1])
        await bob_behind_the_curtain(pilot, fake)
        await pilot.press("enter")
        await settled(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        since = table.keys_since
        await send(pilot, key("enter", since + KEY_SETTLE / 2))
        assert fake.submits() == []
        for step in (1, 2, 3):  # past the moment: down to the confirm line, and Enter
            await send(pilot, key("down", since + KEY_SETTLE + step / 10))
        await send(pilot, key("enter", since + KEY_SETTLE + 0.4))
        assert fake.submits() == [{"kind": "done"}]


# 3. nothing to decide ---------------------------------------------------------------------
async def test_a_person_out_of_the_game_gets_no_curtain() -> None:
    """Alice is out; Bob's turn begins after Cy's while the bots respond: Bob sits down
    (his turn at the keyboard, not "your decision"), Alice is never called."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1, None])
        show_all(fake, 2, out=(0,))  # Cy's turn: the public view
        await settled(pilot)
        assert isinstance(app.screen, TableScreen) and fake.controller.displayed is None
        show_all(fake, 1, acting=2, out=(0,))  # Bob's turn; Cy responds first
        await settled(pilot)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.seat == 1
        text = screen_text(app)
        assert "Bob, it is your turn at the keyboard." in text
        assert "your decision" not in text and "out of the game" not in text


async def test_everyone_here_out_watches_the_public_view_with_no_curtain() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1, None])
        show_all(fake, 2, out=(0, 1))
        await settled(pilot)
        show_all(fake, 2, acting=2, out=(0, 1))
        await settled(pilot)
        assert isinstance(app.screen, TableScreen) and fake.controller.displayed is None
        assert fake.controller.curtain is None


async def bob_called_in_cys_turn(pilot: Any, fake: Fake) -> None:
    """Cy's turn shows the public view; then Bob is to decide (a curtain)."""
    app = pilot.app
    show_all(fake, 2)
    await settled(pilot)
    show_all(fake, 2, FIRST, acting=1)
    await settled(pilot)
    assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1


async def test_a_curtain_whose_person_went_out_meanwhile_goes() -> None:
    """Bob is called; before he lifts the curtain his decision goes (the timer passed
    it) and he is out: the curtain goes, and the public view shows."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1, None])
        await bob_called_in_cys_turn(pilot, fake)
        show_all(fake, 2, out=(1,))
        await settled(pilot)
        assert isinstance(app.screen, TableScreen) and fake.controller.displayed is None
        assert fake.controller.curtain is None


async def test_a_curtain_for_a_decision_says_so() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1, None])
        await bob_called_in_cys_turn(pilot, fake)
        assert "Bob, it is your decision." in screen_text(app)


# 4. the keyboard stays with the same person -------------------------------------------------
async def test_no_second_curtain_when_only_bots_played_in_between() -> None:
    """Alice chooses who goes first (Cy); Cy's setup shows the public view; Alice's
    next decision comes with no curtain. Bob's comes behind one."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0, 1, None])
        show_all(fake, 0, FIRST)
        await settled(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 0
        await pilot.press("enter")
        await settled(pilot)
        assert isinstance(app.screen, TableScreen) and fake.controller.displayed == 0
        show_all(fake, 2)  # Cy goes first: the public view
        await settled(pilot)
        assert isinstance(app.screen, TableScreen) and fake.controller.displayed is None
        show_all(fake, 2, FIRST, acting=0)  # Alice again
        await settled(pilot)
        assert isinstance(app.screen, TableScreen) and fake.controller.displayed == 0
        assert fake.controller.curtain is None
        table = app.screen
        since = table.keys_since
        await send(pilot, key("1", since - 0.1))  # pressed at the public view
        assert fake.submits() == []
        await send(pilot, key("1", since + 0.01))
        assert fake.submits() == [FIRST[0]]
        fake.accept_last()
        show_all(fake, 2, FIRST, acting=1)  # Bob: the keyboard passes
        await settled(pilot)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1

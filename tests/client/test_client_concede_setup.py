"""Conceding while the game is being set up (starting equipment): nobody has priority
yet, so the question says what happens then, not that the seat is out at once."""

from __future__ import annotations

import contextlib

from client.screens.concede import ConcedeScreen, concede_warning
from client.screens.gameover import GameOverScreen
from client.screens.table import TableScreen
from tests.client.driver import Waiter, press
from tests.client.test_client_leave import versus_bot

DUEL = {"format": "duel", "seat": 0, "players": [{"seat": 0, "name": "Ann"},
                                                 {"seat": 1, "name": "Bo"}]}  # fmt: skip


def test_the_setup_question_says_the_seat_leaves_in_the_first_turn() -> None:
    said = concede_warning({**DUEL, "phase": "setup"})
    assert said.startswith("The game is still being set up: the server makes your setup")
    assert "at your first priority in its first turn: Bo wins it." in said
    assert not said.startswith("You are out of the game")
    played = concede_warning({**DUEL, "phase": "maneuver"})
    assert played == "You are out of the game: Bo wins it. This cannot be undone."


async def test_conceding_during_setup_asks_so_and_the_bot_wins_after_setup() -> None:
    app = versus_bot(3)
    async with app.run_test(size=(80, 24)) as pilot:
        waiter = Waiter()
        for _ in range(200):  # until the table shows Ann's own setup decision
            game = app.game
            view = game.session.view(0) if game is not None else None
            if isinstance(app.screen, TableScreen) and view and view.get("legal"):
                break
            if game is None:
                await pilot.pause()
                continue
            waiter.hook(game)
            await waiter.wait(pilot)
        assert view is not None and view["phase"] == "setup"
        app.action_concede()
        await pilot.pause()
        assert isinstance(app.screen, ConcedeScreen)
        assert "still being set up" in app.screen.warning and "Bot wins it" in app.screen.warning
        await press(pilot, "y")
        for _ in range(300):  # the server equips Ann, then she concedes in the first turn
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
            with contextlib.suppress(TimeoutError):  # the last update may already be in
                await waiter.wait(pilot, timeout=2.0)
        assert isinstance(app.screen, GameOverScreen)
        game = app.game
        assert game is not None
        result = (game.session.view(0) or {}).get("result") or {}
        assert result.get("winners") == [1] and (game.session.view(0) or {})["turn"] >= 1

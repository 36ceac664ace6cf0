"""At a hot-seat keyboard the concede question names the seat that concedes: "you"
could be anyone at the table. Against a bot it stays "Concede this game?"."""

from __future__ import annotations

import pytest

from client.screens.concede import ConcedeScreen
from client.screens.table import TableScreen
from tests.client.driver import play_to_the_end, press
from tests.client.helpers import make_app, screen_text
from tests.client.test_client_hotseat import hotseat_plan
from tests.client.test_client_leave import in_a_game, versus_bot

pytestmark = pytest.mark.asyncio


async def test_the_hotseat_question_names_the_seat_at_the_keyboard() -> None:
    app = make_app(start=hotseat_plan(7))
    app.server_settings = {"allow_fixed_seeds": True}
    async with app.run_test(size=(80, 24)) as pilot:
        with pytest.raises(AssertionError, match="did not end"):
            await play_to_the_end(app, pilot, max_steps=4)
        for _ in range(5):  # the next person sits down behind the curtain
            if isinstance(app.screen, TableScreen):
                break
            await press(pilot, "enter")
        game = app.game
        assert game is not None and game.hotseat and isinstance(app.screen, TableScreen)
        seat = game.displayed
        assert seat is not None
        name = ("Ann", "Ben")[seat]
        app.action_concede()
        await pilot.pause()
        assert isinstance(app.screen, ConcedeScreen)
        text = screen_text(app)
        assert f"{name}: concede this game?" in text and f"Concede for {name} (y)" in text
        await press(pilot, "n")
        assert isinstance(app.screen, TableScreen)


async def test_against_a_bot_the_question_stays_plain() -> None:
    app = versus_bot(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_a_game(pilot)
        app.action_concede()
        await pilot.pause()
        text = screen_text(app)
        assert "Concede this game?" in text and "Ann:" not in text and "Concede (y)" in text

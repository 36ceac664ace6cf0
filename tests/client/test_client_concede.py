"""Conceding from the command palette: asked first; in a duel the other player wins."""

from __future__ import annotations

import asyncio

import pytest

from client.screens.concede import ConcedeScreen, concede_warning
from client.screens.gameover import GameOverScreen
from client.screens.table import TableScreen
from tests.client.driver import press
from tests.client.helpers import screen_text
from tests.client.test_client_leave import in_a_game, versus_bot


def test_what_conceding_does_is_said_for_each_format() -> None:
    assert "the other player wins" in concede_warning({"format": "duel"})
    duel = {"format": "duel", "seat": 0, "players": [{"seat": 0, "name": "Ann"},
                                                   {"seat": 1, "name": "Bo"}]}  # fmt: skip
    assert "You are out of the game: Bo wins it." in concede_warning(duel)
    assert "your partner plays on" in concede_warning({"format": "team"})
    assert "the others play on" in concede_warning({"format": "ffa"})
    players = [{"seat": s, "name": n} for s, n in enumerate(("Ann", "Bo", "Cy"))]
    sworn = {"format": "sworn", "order": [2, 0, 1], "players": players}
    assert "and so Cy, whose sworn enemy you are, wins" in concede_warning({**sworn, "seat": 0})
    assert "and so Bo, whose sworn enemy you are, wins" in concede_warning({**sworn, "seat": 2})


@pytest.mark.asyncio
async def test_conceding_a_duel_asks_first_and_the_bot_wins() -> None:
    app = versus_bot(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_a_game(pilot)
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "Concede this game" in commands
        app.action_concede()
        await pilot.pause()
        assert isinstance(app.screen, ConcedeScreen) and "Bot wins it" in app.screen.warning
        await press(pilot, "n")  # plays on
        assert isinstance(app.screen, TableScreen)
        app.action_concede()
        await pilot.pause()
        await press(pilot, "y")
        for _ in range(300):  # the server concedes at the seat's next priority
            if isinstance(app.screen, GameOverScreen):
                break
            await asyncio.sleep(0.02)
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        game = app.game
        assert game is not None
        result = (game.session.view(0) or {}).get("result") or {}
        assert result.get("winners") == [1]
        assert any("Ann conceded." in line for line in game.session.streams[0].log)
        assert "Bot wins (Ann conceded)" in screen_text(app)  # by name, whoever reads it
        rows = [line for line in screen_text(app).splitlines() if "♥" in line]
        assert len(rows) == 2 and "conceded" in rows[0] and "standing" in rows[1], rows
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "Concede this game" not in commands  # nothing left to concede


@pytest.mark.asyncio
async def test_a_seat_that_conceded_waits_and_is_not_offered_conceding_again() -> None:
    from tests.client.fixtures import views as v
    from tests.client.helpers import Fake, make_app, screen_text, sync

    for conceded in (False, True):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            fake = Fake(app, [0])
            message = sync(0, v.maneuver())
            message["doc"]["table"]["seats"][0]["conceded"] = conceded
            fake.feed(message)
            await pilot.pause()
            text = screen_text(app)
            offered = "Concede this game" in [c.title for c in app.get_system_commands(app.screen)]
            assert ("You conceded: you leave the game" in text) is conceded
            assert offered is not conceded


@pytest.mark.asyncio
async def test_quitting_after_conceding_does_not_say_the_seat_stays_yours() -> None:
    """A seat that conceded will never decide again: leaving loses nothing, so the quit
    question does not offer to take the seat back (nor speak of the away policy)."""
    from tests.client.fixtures import views as v
    from tests.client.helpers import Fake, make_app, sync

    for conceded in (False, True):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            fake = Fake(app, [0])
            message = sync(0, v.maneuver())
            message["doc"]["table"]["seats"][0]["conceded"] = conceded
            fake.feed(message)
            await pilot.pause()
            warning = app._leave_warning(quitting=True)
            assert (warning is None) is conceded, warning

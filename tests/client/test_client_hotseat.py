"""Whole games through the real app, the real in-process server and the rules core:
key presses only; hot-seat secrecy; recovery from a dropped connection mid-chain."""

from __future__ import annotations

import pytest

from client.screens.gameover import GameOverScreen
from client.screens.logview import LogScreen
from client.screens.setup import LocalPlan, SeatPlan
from client.screens.table import TableScreen
from client.viewmodel.prompt import build_prompt
from client.widgets.prompt import PromptBar
from tests.client.driver import SecrecyCheck, Waiter, play_to_the_end
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio


def hotseat_plan(seed: int) -> LocalPlan:
    return LocalPlan(
        "duel",
        (SeatPlan("human", "Ann", "thedric_egen"), SeatPlan("human", "Ben", "beledan_kind")),
        {"seed": seed},
    )


async def test_a_whole_hotseat_game_to_a_winner_by_keys_only() -> None:
    app = make_app(start=hotseat_plan(7))
    app.server_settings = {"allow_fixed_seeds": True}
    async with app.run_test(size=(80, 24)) as pilot:
        secrecy = SecrecyCheck(app)
        over = await play_to_the_end(app, pilot, each_step=secrecy)
        assert isinstance(over, GameOverScreen)
        result = over.table.result or ""
        assert " wins" in result and ("Ann" in result or "Ben" in result)
        assert secrecy.checked > 50
        await pilot.pause()
        text = screen_text(app)
        assert "Game over" in text and "Play again" in text
        await pilot.press("l")  # how the game ended, over the game-over screen
        await pilot.pause()
        assert isinstance(app.screen, LogScreen) and app.screen.lines
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("m")
        await pilot.pause()
        assert app.game is None


async def test_several_turns_against_a_bot_at_120x40() -> None:
    plan = LocalPlan(
        "duel",
        (SeatPlan("human", "Ann", None), SeatPlan("bot", "Bot", None, 0)),
        {"seed": 11, "bot_seed": 5},
    )
    app = make_app(start=plan)
    app.server_settings = {"allow_fixed_seeds": True}
    async with app.run_test(size=(120, 40)) as pilot:
        with pytest.raises(AssertionError, match="did not end"):
            await play_to_the_end(app, pilot, max_steps=60)
        assert isinstance(app.screen, TableScreen) and app.game is not None
        view = app.game.session.view(0) or {}
        assert view.get("turn", 0) >= 3
        await pilot.pause()  # the last key's layout pass is drawn (the board at its end)
        text = screen_text(app)
        assert "Log" in text and "Decks:" in text  # the wide layout's side column and decks
        assert "Bot" in text and "Ann" in text


async def test_reconnect_mid_chain_restores_the_view_and_the_prompt() -> None:
    app = make_app(
        start=LocalPlan(
            "duel",
            (SeatPlan("human", "Ann", "thedric_egen"), SeatPlan("bot", "Bot", "beledan_kind", 0)),
            {"seed": 3, "bot_seed": 1},
        )
    )
    app.settings.hold = True  # after announcing, Ann may respond to herself: a chain waits
    app.server_settings = {"allow_fixed_seeds": True}
    async with app.run_test(size=(80, 24)) as pilot:
        waiter = Waiter()
        for _ in range(400):
            game = app.game
            if game is not None:
                waiter.hook(game)
            if not isinstance(app.screen, TableScreen) or game is None:
                await waiter.wait(pilot)
                continue
            view = game.session.view(game.displayed) or {}
            bar = app.screen.query_one(PromptBar)
            if view.get("chain") and view.get("legal") and not bar.busy:
                break
            prompt = bar.prompt
            labels = [c.label for c in prompt.choices]
            enlist = next((i for i, lab in enumerate(labels) if lab.startswith("Enlist")), None)
            if bar.busy or prompt.mode in ("wait", "none"):
                await waiter.wait(pilot)
                continue
            key = str(enlist + 1) if enlist is not None else ("p" if prompt.pass_action else "1")
            before = game.revision
            await pilot.press(key)
            await pilot.pause()
            if game.revision == before:
                await waiter.wait(pilot)
        else:
            raise AssertionError("no chain came up")
        game = app.game
        assert game is not None and game.connection is not None
        before_view = game.session.view(game.displayed)
        before_prompt = build_prompt(before_view or {})
        assert before_prompt.mode == "menu" and before_prompt.response
        game.connection.drop()
        while "reconnecting" not in game.link:
            await waiter.wait(pilot)
        # at the head of the status line, which a narrow terminal cuts at its end
        assert "reconnecting" in screen_text(app).splitlines()[0][:40]
        while game.link or game.session.view(game.displayed) is None:
            await waiter.wait(pilot)
        await pilot.pause()
        assert game.session.view(game.displayed) == before_view
        assert build_prompt(game.session.view(game.displayed) or {}) == before_prompt
        assert before_prompt.title in screen_text(app)
        await pilot.press("p")
        while game.session.view(game.displayed) == before_view:
            await waiter.wait(pilot)


async def test_a_bots_turn_at_a_hotseat_keyboard_shows_the_public_view() -> None:
    """Two people and a bot: while the bot plays its turn and no person is asked, the
    table shows its public view, so the last person's hand does not wait on screen for
    the next person to read; each person's decision comes behind the curtain."""
    plan = LocalPlan(
        "ffa",
        (SeatPlan("human", "Ann", None), SeatPlan("human", "Ben", None),
         SeatPlan("bot", "Cy", None, 0)),
        {"seed": 3, "bot_seed": 4},
    )  # fmt: skip
    app = make_app(start=plan)
    app.server_settings = {"allow_fixed_seeds": True}
    waiting: list[str] = []  # the prompt lines of the public frames drawn

    def each_step() -> None:
        secrecy()  # no hand of Ann's or Ben's on any screen but their own
        game, screen = app.game, app.screen
        if game is None or not isinstance(screen, TableScreen):
            return
        public = game.session.view(None) or {}
        if game.displayed is None and public.get("result") is None:
            assert public.get("current") == 2, "only in the bot's turn"
        frame = screen.frame
        if frame is not None and frame.log_owner is game.session.stream(None):
            assert frame.table.seat is None and frame.table.hand == ()
            assert not screen.query_one("#hand").display  # no hand line at all
            waiting.append(frame.prompt.title)
        if int(public.get("turn") or 0) > 6:  # each seat has played two turns
            raise Enough

    async with app.run_test(size=(100, 30)) as pilot:
        secrecy = SecrecyCheck(app)
        with pytest.raises(Enough):
            await play_to_the_end(app, pilot, each_step=each_step)
    assert any(title.startswith("Waiting for Cy") for title in waiting), waiting[:5]
    assert secrecy.checked > 50


class Enough(Exception):
    """Seen enough of the game."""

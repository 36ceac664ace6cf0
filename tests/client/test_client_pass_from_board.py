"""The pass key in a list opened from a line of the prompt (a card's targets) says how
to pass wherever the keys are: on the board (a target looked at with Tab or a click) or
in the wide layout's side log, as in the prompt itself; it never passes from there. A
remapped pass key does the same."""

from __future__ import annotations

from typing import Any

import pytest

from client.app import AllegianceApp
from client.screens.table import TableScreen
from client.settings import Settings
from client.widgets.log import GameLog
from client.widgets.prompt import PASS_FROM_AWAY, PromptBar
from client.widgets.strip import CardStrip
from tests.client.driver import press
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app

pytestmark = pytest.mark.asyncio


def notices(app: AllegianceApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def open_targets(app: AllegianceApp, pilot: Any) -> tuple[Fake, PromptBar]:
    """Alice's response window (Battle Surge, or pass), its card's targets opened."""
    fake = Fake(app, [0])
    fake.show(0, v.response())
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    await press(pilot, "enter")  # "1. Play Battle Surge [2g] …"
    bar = app.screen.query_one(PromptBar)
    assert bar.in_opened_list
    return fake, bar


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_pass_key_on_the_board_says_how_to_pass(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake, bar = await open_targets(app, pilot)
        await press(pilot, "tab")  # to the board, to look at a target
        assert isinstance(app.focused, CardStrip)
        await press(pilot, "p")
        assert PASS_FROM_AWAY in notices(app)
        assert fake.submits() == [] and bar.in_opened_list and not bar.busy
        await press(pilot, "escape")  # as the notice says: twice, and the list is back
        assert bar.in_opened_list
        await press(pilot, "escape")
        assert not bar.in_opened_list


async def test_a_remapped_pass_key_on_the_board_says_it_too() -> None:
    app = AllegianceApp(settings=Settings(name="Alice", keys={"table.pass": "x"}), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        fake, _bar = await open_targets(app, pilot)
        await press(pilot, "tab")
        await press(pilot, "p")  # no longer the pass key: nothing at all
        assert PASS_FROM_AWAY not in notices(app)
        await press(pilot, "x")
        assert PASS_FROM_AWAY in notices(app) and fake.submits() == []


async def test_the_pass_key_in_the_side_log_says_how_to_pass() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake, _bar = await open_targets(app, pilot)
        await press(pilot, "l")  # the wide layout's log takes the keys
        assert isinstance(app.focused, GameLog)
        await press(pilot, "p")
        assert PASS_FROM_AWAY in notices(app) and fake.submits() == []
        await press(pilot, "escape")
        await press(pilot, "escape")
        assert not _bar.in_opened_list  # twice, from the log too


async def test_on_the_board_with_the_first_list_shown_the_key_stays_quiet() -> None:
    """Only a list opened from a line speaks: with the prompt's first list shown, the
    key on the board neither passes nor says anything (as before)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.response())
        await pilot.pause()
        await press(pilot, "tab")
        assert isinstance(app.focused, CardStrip)
        await press(pilot, "p")
        assert PASS_FROM_AWAY not in notices(app) and fake.submits() == []

"""Keys that were in the wide layout's side (its log, its chat input) come back to the
prompt when the terminal narrows and hides the side: they stayed there, and every key
did nothing until Tab. A key pressed a few times says its notice once."""

from __future__ import annotations

import pytest

from client.widgets.log import ChatInput, GameLog
from client.widgets.prompt import PASS_FROM_LIST, PromptBar
from tests.client.driver import press
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app
from tests.client.test_client_pass_from_board import notices, open_targets

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("key", ["l", "c"])
async def test_narrowing_brings_the_keys_back_from_the_side(key: str) -> None:
    app = make_app()
    async with app.run_test(size=(130, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.response())
        await pilot.pause()
        await press(pilot, key)
        assert isinstance(app.focused, GameLog if key == "l" else ChatInput)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        bar = app.screen.query_one(PromptBar)
        assert app.focused is not None and bar in app.focused.ancestors_with_self
        await press(pilot, "p")  # the prompt's pass answers again
        assert fake.submits() == [{"kind": "pass"}]


async def test_a_notice_said_again_while_shown_is_not_stacked() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake, _bar = await open_targets(app, pilot)
        for _ in range(3):
            await press(pilot, "p")
        assert notices(app).count(PASS_FROM_LIST) == 1 and fake.submits() == []

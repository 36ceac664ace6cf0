"""The final table under the game-over screen follows a resize made while the log was
open over both: it stayed laid out for the old size, and "See the final table" showed
an 80×24 table in the corner of a 130×40 terminal."""

from __future__ import annotations

import pytest
from textual.geometry import Size

from client.screens.logview import LogScreen
from client.screens.table import TableScreen
from tests.client.fixtures import views as v
from tests.client.helpers import make_app
from tests.client.test_client_gameover_returns import Table, one_all, over_screen


@pytest.mark.asyncio
async def test_the_final_table_follows_a_resize_made_under_the_log() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Table(app, [0])
        fake.show_match(0, v.over(), one_all())
        over = await over_screen(pilot, app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        await pilot.resize_terminal(130, 40)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is over
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.size == Size(130, 40)
        over.peek(True)  # "See the final table"
        await pilot.pause()
        main = table.query_one("#main")
        assert (main.region.width, main.region.height) == (130, 39), main.region  # a footer

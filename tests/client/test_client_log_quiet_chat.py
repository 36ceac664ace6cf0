"""The log screen gives the rows of a chat no one has used to the log (at 80×24 the empty
chat took seven of its rows); the chat takes them back with its first line."""

from __future__ import annotations

from client.screens.logview import LogScreen
from client.widgets.log import ChatPanel, GameLog
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app


async def test_an_empty_chat_leaves_its_rows_to_the_log() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LogScreen)
        log, chat = screen.query_one(GameLog), screen.query_one(ChatPanel)
        assert chat.outer_size.height == 3 and log.outer_size.height >= 17
        screen.add_chat("Bob", "hello")
        await pilot.pause()
        assert chat.outer_size.height > 3 and not chat.has_class("-quiet")

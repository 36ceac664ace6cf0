"""The log screen gives the rows of a chat no one has used to the log (at 80×24 the empty
chat took seven of its rows); the chat takes them back with its first line, and a log
read at its end stays at its end."""

from __future__ import annotations

from client.screens.logview import LogScreen
from client.widgets.log import ChatPanel, GameLog
from tests.client.helpers import make_app

LINES = [f"Line {i} of the game." for i in range(60)]


async def test_an_empty_chat_leaves_its_rows_to_the_log() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LogScreen(LINES, [])
        app.push_screen(screen)
        for _ in range(3):
            await pilot.pause()
        log, chat = screen.query_one(GameLog), screen.query_one(ChatPanel)
        assert chat.outer_size.height == 3 and log.outer_size.height >= 17
        assert log.scroll_y == log.max_scroll_y > 0  # at its end: the newest line in view
        screen.add_chat("Bob", "hello")
        for _ in range(3):
            await pilot.pause()
        assert chat.outer_size.height > 3 and not chat.has_class("-quiet")
        assert log.scroll_y == log.max_scroll_y  # still at its end


async def test_a_chat_that_was_said_keeps_its_rows() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LogScreen(LINES, [("Bob", "hello", True)])
        app.push_screen(screen)
        await pilot.pause()
        chat = screen.query_one(ChatPanel)
        assert chat.outer_size.height > 3 and not chat.has_class("-quiet")

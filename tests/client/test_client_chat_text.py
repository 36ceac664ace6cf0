"""The chat shows every line whole, wrapped to its own panel's width (the wide layout's
side column, the log screen's panel beside its scrollbar, after a resize too), and keeps
all text typed or pasted: a paste of too many lines, a line over the limit, a line said
while the server cannot be reached."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len
from textual import events

from client.app import AllegianceApp
from client.screens.logview import LogScreen
from client.screens.table import TableScreen
from client.widgets.log import CHAT_MAX_LENGTH, CHAT_MAX_PASTED_LINES, ChatLog, ChatPanel
from tests.client.driver import settle
from tests.client.helpers import TABLE, Fake, make_app, screen_text
from tests.client.test_client_chat_typing import COMPACT, WIDE, burst, field, said, table


def chat(seat: int, name: str, text: str, ts: int) -> dict[str, Any]:
    return {"t": "chat", "table": TABLE, "seat": seat, "name": name, "text": text, "ts": ts}


def words(count: int, letter: str = "w") -> str:
    return " ".join(f"{letter}{n:03d}" for n in range(count))


def chat_log(app: AllegianceApp) -> ChatLog:
    return app.screen.query_one("#chat-lines", ChatLog)


async def laid_out(pilot: Any) -> None:
    """Settled, and a few frames more: the panel's size reaches its lines."""
    await settle(pilot)
    for _ in range(3):
        await pilot.pause()
    await settle(pilot)


def assert_whole(app: AllegianceApp, line: str) -> None:
    """Every word of ``line`` is on the screen, and no row of the chat is wider than
    the room left of its scrollbar."""
    shown = screen_text(app)
    missing = [word for word in line.split() if word not in shown]
    assert not missing, (missing, shown)
    log = chat_log(app)
    room = log.scrollable_content_region.width
    assert room > 0
    assert all(strip.text.rstrip() == "" or cell_len(strip.text.rstrip()) <= room
               for strip in log.lines)  # fmt: skip


# 1. the wide layout: the side column's chat wraps at its own width ----------------------
@pytest.mark.parametrize("size", [WIDE, (200, 60)])
async def test_a_long_chat_line_shows_whole_in_the_wide_layout(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = await table(pilot, app)
        line = words(30, "q")
        fake.feed(chat(1, "Ann", line, 1))
        await laid_out(pilot)
        assert_whole(app, line)


async def test_the_chat_wraps_again_when_the_terminal_is_resized() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = await table(pilot, app)
        line = words(30, "q")
        fake.feed(chat(1, "Ann", line, 1))
        await laid_out(pilot)
        await pilot.resize_terminal(*WIDE)  # the side column (and its chat) shows
        await laid_out(pilot)
        assert_whole(app, line)
        await pilot.resize_terminal(200, 60)
        await laid_out(pilot)
        assert_whole(app, line)


# 2. the log screen: no row under the scrollbar ------------------------------------------
async def test_the_log_screens_chat_rows_end_left_of_its_scrollbar() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = await table(pilot, app)
        line = words(70)  # 5 rows or more: more than the panel shows, with the others
        # Names of every length from 3 to 10: one of them ends a row in the last column
        # left of the scrollbar, whatever the panel's width.
        names = ["Ann", "Anna", "Annie", "Aurora", "Annabel", "Rosalind", "Geraldine", "Maximilia"]
        for ts, name in enumerate(names):
            fake.feed(chat(1, name, line, ts))
        await settle(pilot)
        await pilot.press("l")
        await laid_out(pilot)
        assert isinstance(app.screen, LogScreen)
        log = chat_log(app)
        assert log.max_scroll_y > 0  # the scrollbar shows
        assert_whole(app, line)


# 3. no chat text thrown away --------------------------------------------------------------
@pytest.mark.parametrize("size", [WIDE, COMPACT])
async def test_a_paste_of_too_many_lines_stays_in_the_field(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = await table(pilot, app)
        await pilot.press("c")
        await settle(pilot)
        lines = [f"line {n}" for n in range(CHAT_MAX_PASTED_LINES + 2)]
        app.post_message(events.Paste("\n".join(lines)))
        await settle(pilot)
        assert said(fake) == []
        assert field(app).value == " ".join(lines)
        burst(app, "⏎")  # Enter says it, as one line
        await settle(pilot)
        assert said(fake) == [(0, " ".join(lines))]


async def test_a_line_over_the_limit_keeps_its_rest_for_the_next_line() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = await table(pilot, app)
        await pilot.press("c")
        await settle(pilot)
        text = words(80)  # 399 characters
        app.post_message(events.Paste(text))
        await settle(pilot)
        first = field(app).value
        assert len(first) <= CHAT_MAX_LENGTH and text.startswith(first)
        assert not first.endswith(" ") and text[len(first)] == " "  # cut between words
        burst(app, "⏎")
        await settle(pilot)
        assert field(app).value == text[len(first) + 1 :]
        burst(app, "⏎")
        await settle(pilot)
        assert said(fake) == [(0, first), (0, text[len(first) + 1 :])]
        assert field(app).value == ""


async def test_the_rest_of_a_long_line_goes_back_to_the_table_with_the_draft() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        await table(pilot, app)
        await pilot.press("l")
        await settle(pilot)
        text = words(80)
        app.post_message(events.Paste(text))
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.query_one(ChatPanel).draft == text


async def test_a_paste_of_lines_with_a_long_one_says_those_before_it() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = await table(pilot, app)
        await pilot.press("c")
        await settle(pilot)
        long = words(80)
        app.post_message(events.Paste(f"hello\n{long}\nbye"))
        await settle(pilot)
        assert said(fake) == [(0, "hello")]
        assert app.screen.query_one(ChatPanel).draft == f"{long} bye"


@pytest.mark.parametrize("size", [WIDE, COMPACT])
async def test_a_line_said_without_a_connection_stays_in_the_field(
    size: tuple[int, int],
) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake: Fake = await table(pilot, app)
        fake.controller.link = "reconnecting…"
        burst(app, "cwell played⏎")
        await settle(pilot)
        assert said(fake) == []
        assert field(app).value == "well played"
        notes = [n.message for n in app._notifications]
        assert any(note.startswith("Not sent (no connection") for note in notes), notes
        fake.controller.link = ""  # back: Enter says it now
        if app.focused is not field(app):  # the wide table's prompt took the keys back
            await pilot.press("c")
        await pilot.press("enter")
        await settle(pilot)
        assert said(fake) == [(0, "well played")]
        assert field(app).value == ""

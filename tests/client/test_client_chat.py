"""The table's chat history: lines said before this client came show as earlier ones, in
the chat panel and the log view, and never twice (after a reconnect, say)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Input, RichLog

from client.net.connection import Connection
from client.net.session import ChatLine, ClientSession, SeatStream
from client.screens.join import JoinPlan
from client.screens.logview import LogScreen
from client.screens.table import TableScreen
from client.widgets.log import EARLIER_RULE
from server.local import start_local_server
from tests.client.driver import Waiter
from tests.client.fixtures import views as v
from tests.client.helpers import TABLE, Fake, close_connection, make_app, screen_text


def line(seat: int, name: str, text: str, ts: int) -> dict[str, Any]:
    return {"seat": seat, "name": name, "text": text, "ts": ts}


def history(*lines: dict[str, Any]) -> dict[str, Any]:
    return {"t": "chat_history", "table": TABLE, "lines": list(lines)}


def chat(seat: int, name: str, text: str, ts: int) -> dict[str, Any]:
    return {"t": "chat", "table": TABLE, **line(seat, name, text, ts)}


def session() -> ClientSession:
    s = ClientSession(lambda m: None, "Alice")
    s.table = TABLE
    s.streams[0] = SeatStream(0, "tok0")
    return s


def texts(updates: list[Any]) -> list[tuple[str, bool]]:
    return [(u.text, u.earlier) for u in updates if isinstance(u, ChatLine)]


# the session -----------------------------------------------------------------------------
def test_history_lines_come_as_earlier_ones_and_live_lines_not() -> None:
    s = session()
    ups = s.on_message(history(line(1, "Bob", "hi", 1), line(1, "Bob", "ready?", 2)))
    assert texts(ups) == [("hi", True), ("ready?", True)]
    assert texts(s.on_message(chat(0, "Alice", "yes", 3))) == [("yes", False)]
    assert [c.text for c in s.chat_lines] == ["hi", "ready?", "yes"]


def test_a_history_after_a_reconnect_shows_only_what_was_missed() -> None:
    s = session()
    s.on_message(history(line(1, "Bob", "hi", 1)))
    s.on_message(chat(0, "Alice", "hello", 2))
    s.on_connected()  # the connection dropped; the history comes again after the sync
    again = history(
        line(1, "Bob", "hi", 1), line(0, "Alice", "hello", 2), line(1, "Bob", "back?", 3)
    )
    assert texts(s.on_message(again)) == [("back?", True)]
    assert texts(s.on_message(again)) == []  # and a third time: nothing
    assert [c.text for c in s.chat_lines] == ["hi", "hello", "back?"]


def test_the_same_words_said_again_are_another_line() -> None:
    s = session()
    s.on_message(chat(1, "Bob", "gg", 5))
    # Twice in one millisecond: the history has one more than was seen.
    ups = s.on_message(history(line(1, "Bob", "gg", 5), line(1, "Bob", "gg", 5)))
    assert texts(ups) == [("gg", True)]
    assert texts(s.on_message(chat(1, "Bob", "gg", 9))) == [("gg", False)]


def test_a_history_of_another_table_or_malformed_lines_are_ignored() -> None:
    s = session()
    assert s.on_message({**history(line(1, "Bob", "hi", 1)), "table": "OTHER1"}) == []
    ups = s.on_message({"t": "chat_history", "table": TABLE, "lines": ["junk", 3]})
    assert ups == [] and s.chat_lines == []


def test_a_spectator_is_told_it_cannot_write() -> None:
    sent: list[dict[str, Any]] = []
    s = ClientSession(sent.append, "Alice")
    s.start_watch(TABLE)
    assert s.chat(None, "hello?") == "Spectators read the chat but cannot write in it."
    player = session()
    player.send = sent.append
    assert player.chat(0, "hello!") is None
    assert [m["text"] for m in sent] == ["hello!"]


# the screens ---------------------------------------------------------------------------
def chat_panel_text(screen: Any, panel_id: str) -> list[str]:
    lines = screen.query_one(f"#{panel_id} #chat-lines", RichLog).lines
    return [strip.text.rstrip() for strip in lines]


@pytest.mark.asyncio
async def test_earlier_lines_show_in_the_chat_panel_and_the_log_view() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:  # wide: the chat panel beside the board
        fake = Fake(app, [0])
        fake.feed(history(line(1, "Bob", "said before you came", 1)))  # before the table
        fake.show(0, v.maneuver())
        fake.feed(chat(1, "Bob", "and now", 2))
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        shown = chat_panel_text(table, "chat")
        assert shown == [EARLIER_RULE, "Bob: said before you came", "Bob: and now"]
        await pilot.press("c", *"hello", "enter")  # the player answers
        await pilot.pause()
        assert [m["text"] for m in fake.sent if m["t"] == "chat"] == ["hello"]
        # said: the keys stay the chat box's (more words, never a move), esc gives them back
        focused = app.focused
        assert focused is not None and focused.id == "chat-input"
        await pilot.press(*"p2")  # typed, not a pass nor a choice
        await pilot.pause()
        assert [m["t"] for m in fake.sent].count("submit") == 0
        await pilot.press("escape")
        await pilot.pause()
        focused = app.focused
        assert focused is not None
        assert any(node.id == "prompt" for node in focused.ancestors_with_self), focused
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("l")  # the compact layout's log view
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        await pilot.pause()
        assert chat_panel_text(app.screen, "log-chat") == shown
        text = screen_text(app)
        assert EARLIER_RULE in text and "said before you came" in text
        fake.feed(history(line(1, "Bob", "said before you came", 1), line(1, "Bob", "and now", 2),
                          line(1, "Bob", "missed", 3)))  # fmt: skip
        await pilot.pause()
        assert chat_panel_text(app.screen, "log-chat")[-2:] == [EARLIER_RULE, "Bob: missed"]
        assert chat_panel_text(table, "chat").count("Bob: and now") == 1


# a real server ---------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_joining_shows_what_was_said_before_and_a_reconnect_no_duplicates(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    host = ClientSession(lambda m: None, "Host")
    host.start_create(
        {"format": "duel"},
        [{"kind": "human", "name": "Host"}, {"kind": "human", "name": "Guest"}],
        {},
        [0],
    )
    echoed = asyncio.Event()
    seated = asyncio.Event()

    def host_got(updates: list[Any]) -> None:
        stream = host.stream(0)
        if stream is not None and stream.doc is not None:  # in the lobby: waiting for Guest
            seated.set()
        if any(isinstance(u, ChatLine) and u.text == "second" for u in updates):
            echoed.set()

    conn = Connection(server.url, host, host_got)
    task = asyncio.create_task(conn.run())
    try:
        await asyncio.wait_for(seated.wait(), 10)
        host.chat(0, "anyone here?")
        host.chat(0, "second")
        await asyncio.wait_for(echoed.wait(), 10)  # both are kept by the server now
        assert host.table is not None

        app = make_app(start=JoinPlan(server.url, host.table))
        async with app.run_test(size=(120, 40)) as pilot:
            waiter = Waiter()
            histories = 0

            def joined() -> bool:
                return (
                    app.game is not None
                    and isinstance(app.screen, TableScreen)
                    and len(app.game.session.chat_lines) == 2
                )

            while not joined():
                if app.game is None:
                    await pilot.pause()
                    continue
                waiter.hook(app.game)
                await waiter.wait(pilot)
            game = app.game
            assert game is not None
            waiter.hook(game)
            original = game.session.on_message

            def counting(msg: Any) -> Any:
                nonlocal histories
                histories += msg.get("t") == "chat_history"
                return original(msg)

            game.session.on_message = counting  # type: ignore[method-assign]
            await pilot.pause()
            text = screen_text(app)
            assert "Host: anyone here?" in text and "Host: second" in text
            assert EARLIER_RULE in text

            assert game.connection is not None
            game.connection.drop()  # the network fails; the client resumes by itself
            while histories == 0 or game.session.view(1) is None:
                await waiter.wait(pilot)
            await pilot.pause()
            shown = chat_panel_text(app.screen, "chat")
            assert shown.count("Host: anyone here?") == 1 and shown.count("Host: second") == 1
            assert shown.count(EARLIER_RULE) == 1
            assert len(game.session.chat_lines) == 2
    finally:
        await close_connection(conn, task, server)



@pytest.mark.asyncio
async def test_the_compact_layout_shows_a_line_said_now_as_a_notice() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:  # compact: the chat has its own screen
        fake = Fake(app, [0])
        fake.feed(history(line(1, "Bob", "said before you came", 1)))
        fake.show(0, v.maneuver())
        fake.feed(chat(1, "Bob", "your move", 2))
        fake.feed(chat(0, "Alice", "I know", 3))  # our own line: no notice
        await pilot.pause()
        notes = [(n.title, n.message) for n in app._notifications]
        assert ("Bob says", "your move") in notes
        assert not any("said before" in m or m == "I know" for _, m in notes)
        await pilot.resize_terminal(120, 40)  # wide: the chat panel is on the table
        await pilot.pause()
        fake.feed(chat(1, "Bob", "still there?", 4))
        await pilot.pause()
        assert "still there?" not in [n.message for n in app._notifications]


@pytest.mark.asyncio
async def test_markup_in_a_chat_line_or_a_name_is_shown_as_typed() -> None:
    """A line or a name that reads as markup (``[/]`` closes nothing) is plain text in
    the notices that show it; read as markup it raised in the toast and ended the app."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        fake.feed(chat(1, "[/]", "test [/] and [bold]b[/bold] and [red", 2))
        fake.feed({"t": "notice", "table": "T", "code": "seat_disconnected",
                   "message": "[/] lost the connection.", "data": {"seat": 1}})  # fmt: skip
        await pilot.pause()
        await pilot.pause()
        notes = [(n.title, n.message, n.markup) for n in app._notifications]
        assert ("[/] says", "test [/] and [bold]b[/bold] and [red", False) in notes
        assert ("", "[/] lost the connection.", False) in notes
        assert "Alice's turn" in screen_text(app)  # drawn with the notices over it


@pytest.mark.asyncio
async def test_a_line_said_while_reconnecting_is_not_lost_unseen() -> None:
    from client.net.connection import LinkState

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        fake.controller.apply([LinkState("reconnecting", "in 1 s")])
        fake.controller.chat("anyone there?")
        await pilot.pause()
        assert not [m for m in fake.sent if m["t"] == "chat"]
        notes = [n.message for n in app._notifications]
        assert "Not sent (no connection to the server): anyone there?" in notes
        fake.controller.apply([LinkState("online")])
        fake.controller.chat("back")
        assert [m["text"] for m in fake.sent if m["t"] == "chat"] == ["back"]


@pytest.mark.asyncio
@pytest.mark.parametrize("key", ["l", "c"])
async def test_escape_from_the_side_log_or_chat_gives_the_keys_back_to_the_prompt(
    key: str,
) -> None:
    """Wide layout: l (the log) and c (the chat input) take the keys; the footer offers
    Escape, which gives them back to the prompt's choices, whose keys work again."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "Back to the prompt" not in screen_text(app).splitlines()[-1]
        await pilot.press(key)
        await pilot.pause()
        focused = app.focused
        assert focused is not None and focused.id in ("log", "chat-input")
        assert "esc Back to the prompt" in screen_text(app).splitlines()[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "choices"
        await pilot.press("p")  # the prompt's keys work again
        await pilot.pause()
        assert [m["t"] for m in fake.sent][-1:] == ["submit"]


@pytest.mark.asyncio
async def test_the_wide_chat_field_types_the_letters_that_open_the_log_and_the_chat() -> None:
    """The table's `l` and `c` act before the focused widget (a burst typed with them
    reaches the log screen in order); in the wide layout's chat field they are letters."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        Fake(app, [0]).show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        await pilot.press(*"cool lol")
        await pilot.pause()
        field = app.screen.query_one("#chat-input", Input)
        assert app.focused is field and field.value == "cool lol"
        assert isinstance(app.screen, TableScreen)

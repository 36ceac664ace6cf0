"""The compact layout's log screen (`l`, `c`): what is typed there is said in the chat,
and a decision of yours waiting on the hidden table is said there, with its countdown."""

from __future__ import annotations

from textual.widgets import Input

from client.screens.logview import LogScreen, decision_line
from client.screens.table import TableScreen
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text


def said(fake: Fake) -> list[str]:
    return [m["text"] for m in fake.sent if m["t"] == "chat"]


async def test_typing_in_the_log_screen_goes_to_the_chat_and_c_is_a_letter() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting())
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        await pilot.press(*"nice card", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)  # still open: `c` and `l` were letters
        assert said(fake) == ["nice card"]


async def test_the_chat_screen_takes_every_letter() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting())
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        await pilot.press(*"cool lol")
        await pilot.pause()
        assert app.screen.query_one("#chat-input", Input).value == "cool lol"


async def test_the_log_screen_keys_work_once_tab_gives_the_keys_to_the_log() -> None:
    # The screen opens with the keys in the chat (an `l` there is a letter); Tab goes
    # to the log's lines, where `l` closes the screen.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting())
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "full-log"
        await pilot.press("l")  # the log's own key closes it
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert said(fake) == []


async def test_a_decision_of_yours_and_its_countdown_show_in_the_log_screen() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting(), clock={"seat": 1, "version": 57, "ms": 30000})
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LogScreen)
        assert "Your decision" not in screen_text(app)  # Bob's decision, not hers
        # Now it is Alice's to respond, with 25 s on the clock: said at once.
        fake.show(0, v.response(), clock={"seat": 0, "version": 57, "ms": 25000})
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Your decision:" in text and "esc to answer" in text
        assert "⏱ 25s" in text or "⏱ 24s" in text
        assert screen.query_one("#log-decision").display
        await pilot.press("escape")  # to answer it
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_decision_line_counts_down_and_warns() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.response(), clock={"seat": 0, "version": 57, "ms": 25000})
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.frame is not None
        frame = table.frame
        assert frame.deadline is not None
        due = frame.deadline
        title, _ = decision_line(frame, due - 12)
        assert title.startswith("[b]Your decision:[/b] Respond to Skilled Strike")
        assert "⏱ 12s" in decision_line(frame, due - 12)[1]
        assert "⏱ 11s" in decision_line(frame, due - 10.5)[1]
        assert "$error]⏱ 5s" in decision_line(frame, due - 5)[1]
        assert "⏱ 0s" in decision_line(frame, due + 3)[1]

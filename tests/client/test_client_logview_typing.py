"""The log screen's chat takes every key typed as the screen opens, and a paste: a
burst of keys that arrives before the input has the focus reaches it all, in order
(a player's screen opens with the keys in the chat, so a `c` or an `l` among them is a
letter, not the screen's key), and a paste goes into the input when the log had the
keys (a paste of several lines says each)."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from client.app import AllegianceApp
from client.screens.logview import LogScreen
from tests.client.driver import settle
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app

pytestmark = pytest.mark.asyncio


def burst(app: AllegianceApp, keys: str) -> None:
    """Every key of ``keys`` sent at once, as a terminal sends fast typing: none is
    handled before the next arrives."""
    driver = app._driver
    assert driver is not None
    for char in keys:
        event = events.Key("space" if char == " " else char, char)
        event.set_sender(app)
        driver.send_message(event)


async def typed_as_it_opens(keys: str, focus_chat: bool = False) -> tuple[object, str]:
    """The log screen opened at Alice's table (with ``l``, or ``c`` for
    ``focus_chat``) and ``keys`` sent in one burst before it is even mounted: the
    screen on top afterwards, and what the log screen's chat input holds."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting())
        await pilot.pause()
        app.push_screen(LogScreen([], [], focus_chat))
        burst(app, keys)
        await settle(pilot)
        return app.screen, chat_value(app)


def chat_value(app: AllegianceApp) -> str:
    """What the chat input of the topmost log screen holds ("" with none open)."""
    logs = [s for s in app.screen_stack if isinstance(s, LogScreen)]
    return logs[-1].query_one("#chat-input", Input).value if logs else ""


async def test_a_burst_of_letters_as_the_log_opens_reaches_the_chat_in_order() -> None:
    screen, value = await typed_as_it_opens("hello all, look")
    assert isinstance(screen, LogScreen)  # the `l`s typed were letters: still open
    assert value == "hello all, look"


async def test_a_burst_as_the_chat_opens_keeps_its_c_and_l_letters() -> None:
    screen, value = await typed_as_it_opens("cool lol", focus_chat=True)
    assert isinstance(screen, LogScreen)
    assert value == "cool lol"


async def test_a_c_first_in_a_burst_is_a_letter_of_the_chat() -> None:
    # A player's log screen opens with the keys in the chat: "cat" is a word, not `c`.
    screen, value = await typed_as_it_opens("clol")
    assert isinstance(screen, LogScreen)
    assert value == "clol"


async def test_an_l_first_in_a_burst_is_a_letter_and_leaves_the_log_open() -> None:
    # "look here" typed as the log opens: the `l` no longer closes it (Tab, then `l`).
    screen, value = await typed_as_it_opens("l")
    assert isinstance(screen, LogScreen)
    assert value == "l"


@pytest.mark.parametrize(
    ("pressed", "keys"),
    [("l", "hello all, look"),    # `l` pressed, then a burst
     ("", "lhello all, look"),    # the `l` that opens the log in the burst itself
     ("", "cool lol")],           # `c` opens the chat; the letters after it are typed
)  # fmt: skip
async def test_a_burst_from_the_table_reaches_the_chat_in_order(pressed: str, keys: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting())
        await pilot.pause()
        if pressed:
            await pilot.press(pressed)
        burst(app, keys)
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        assert chat_value(app) == (keys if pressed else keys[1:])


async def test_the_log_screen_keys_work_again_once_the_focus_leaves_the_chat() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting())
        await pilot.pause()
        app.push_screen(LogScreen([], []))
        burst(app, "hi")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LogScreen)
        assert screen.query_one("#chat-input", Input).has_focus
        screen.query_one("#full-log").focus()  # the person goes back to the log
        await settle(pilot)
        await pilot.press("l")  # the log's own key again: it closes
        await settle(pilot)
        assert not isinstance(app.screen, LogScreen)


async def paste_into_log(focus_chat: bool) -> tuple[str, list[str]]:
    """A paste into the log screen opened with ``l`` (or ``c``): the chat input's text,
    then what was said after Enter."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting())
        await pilot.pause()
        await pilot.press("c" if focus_chat else "l")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LogScreen)
        app.post_message(events.Paste("well played\nsecond line"))
        await settle(pilot)
        value = screen.query_one("#chat-input", Input).value
        await pilot.press("enter")
        await settle(pilot)
        return value, [m["text"] for m in fake.sent if m["t"] == "chat"]


# A paste of two lines says each at once (the input holds nothing after it); it kept
# only the first line before, silently.
async def test_a_paste_into_the_log_screen_opened_with_l_says_each_line() -> None:
    assert await paste_into_log(focus_chat=False) == ("", ["well played", "second line"])


async def test_a_paste_into_the_log_screen_opened_with_c_says_each_line() -> None:
    assert await paste_into_log(focus_chat=True) == ("", ["well played", "second line"])


async def test_a_paste_then_a_burst_keep_their_order() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting())
        await pilot.pause()
        app.push_screen(LogScreen([], []))
        app.post_message(events.Paste("gg"))
        burst(app, " all")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LogScreen)
        assert screen.query_one("#chat-input", Input).value == "gg all"


async def test_a_spectators_log_screen_ignores_a_paste() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LogScreen([], [], watching=True))
        await settle(pilot)
        app.post_message(events.Paste("hello"))
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        assert not app.screen.query("#chat-input")

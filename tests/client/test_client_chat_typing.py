"""Typing in the chat everywhere: bursts of keys (as a terminal sends fast typing or
tmux ``send-keys``), Enters inside a burst, pastes of several lines, the length limit,
drafts that survive Esc and stay with their writer at a hot-seat keyboard, and the
game-over screen's words."""

from __future__ import annotations

from typing import Any

import pytest
from textual import events

from client.app import AllegianceApp
from client.screens.curtain import CurtainScreen
from client.screens.gameover import GameOverScreen, over_markup
from client.screens.logview import LogScreen
from client.screens.table import TableScreen
from client.viewmodel.table import build_table
from client.widgets.log import CHAT_MAX_LENGTH, CHAT_MAX_PASTED_LINES, ChatInput, GameLog
from shared.protocol.messages import ProtocolError, check_client_message
from tests.client.driver import settle
from tests.client.fixtures import views as v
from tests.client.helpers import TABLE, Fake, make_app, screen_text
from tests.client.test_client_gameover_returns import Table, asked, one_all, over_screen

WIDE, COMPACT = (120, 40), (80, 24)


def burst(app: AllegianceApp, keys: str) -> None:
    """Every key of ``keys`` sent at once, none handled before the next arrives ("⏎"
    is Enter)."""
    driver = app._driver
    assert driver is not None
    for char in keys:
        if char == "⏎":
            event = events.Key("enter", "\r")
        else:
            event = events.Key("space" if char == " " else char, char)
        event.set_sender(app)
        driver.send_message(event)


def said(fake: Fake) -> list[tuple[int, str]]:
    return [(m["seat"], m["text"]) for m in fake.sent if m["t"] == "chat"]


def field(app: AllegianceApp) -> ChatInput:
    """The chat input of the screen on top."""
    return app.screen.query_one("#chat-input", ChatInput)


async def table(pilot: Any, app: AllegianceApp, view: dict[str, Any] | None = None) -> Fake:
    fake = Fake(app, [0])
    fake.show(0, view or v.waiting())
    await settle(pilot)
    return fake


# 1. the game-over screen: `c`/`l` and a burst ---------------------------------------------
@pytest.mark.parametrize(("keys", "typed"), [("cwell played", "well played"),
                                             ("lgood game all", "good game all"),
                                             ("cnice match", "nice match")])  # fmt: skip
async def test_a_burst_after_c_or_l_on_the_game_over_screen_is_typed_in_the_chat(
    keys: str, typed: str
) -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = Table(app, [0])
        fake.show_match(0, v.over(), one_all())  # "Next game" (n) is offered
        await over_screen(pilot, app)
        burst(app, keys)
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        assert field(app).value == typed
        assert asked(fake) == 0  # no `n`/`a` reached the game-over screen's keys
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)


# 2. the wide layout: `c` and text at once ---------------------------------------------------
async def test_wide_c_and_text_in_one_burst_fill_the_chat_field() -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        fake = await table(pilot, app, v.maneuver())
        burst(app, "cwhat now")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.focused is field(app) and field(app).value == "what now"
        assert not [m for m in fake.sent if m["t"] == "submit"]  # the prompt got no key


# 3. the log screen opens with the keys in the chat -----------------------------------------
@pytest.mark.parametrize("words", ["look here", "cat", "lol cool"])
async def test_words_starting_with_l_or_c_are_typed_in_the_log_screen(words: str) -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = await table(pilot, app)
        await pilot.press("l")
        await settle(pilot)
        burst(app, words + "⏎")
        await settle(pilot)
        assert isinstance(app.screen, LogScreen)
        assert said(fake) == [(0, words)]


async def test_the_log_screen_opens_on_the_chat_input_and_esc_goes_back() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        await table(pilot, app)
        await pilot.press("l")
        await settle(pilot)
        assert app.focused is field(app)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


async def test_page_keys_scroll_the_log_while_the_chat_has_the_keys() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        await table(pilot, app)
        app.push_screen(LogScreen([f"line {n}" for n in range(80)], []))
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        for _ in range(50):  # the lines are written once the log knows its width
            if log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y:
                break
            await pilot.pause()
        assert app.focused is field(app) and log.max_scroll_y > 0
        await pilot.press("pageup")
        await settle(pilot)
        assert log.scroll_y < log.max_scroll_y and app.focused is field(app)
        await pilot.press("pagedown", "pagedown")
        await settle(pilot)
        assert log.scroll_y == log.max_scroll_y


async def test_a_spectators_log_screen_still_closes_with_l() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        await table(pilot, app)
        app.push_screen(LogScreen([], [], watching=True))
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


# 4. Enters inside a burst ----------------------------------------------------------------
@pytest.mark.parametrize("size", [WIDE, COMPACT])
async def test_a_burst_with_enters_says_each_line_once(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = await table(pilot, app)
        burst(app, "caaa⏎bbb⏎")
        await settle(pilot)
        assert said(fake) == [(0, "aaa"), (0, "bbb")]


async def test_a_burst_with_enters_as_the_log_screen_opens_says_each_line_once() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = await table(pilot, app)
        app.push_screen(LogScreen([], []))
        burst(app, "gg⏎well played⏎")  # before the screen is even mounted
        await settle(pilot)
        assert said(fake) == [(0, "gg"), (0, "well played")]
        assert field(app).value == ""


# 5. a paste of several lines ---------------------------------------------------------------
@pytest.mark.parametrize("size", [WIDE, COMPACT])
async def test_a_paste_of_lines_says_each_non_empty_line(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = await table(pilot, app)
        await pilot.press("c")
        await settle(pilot)
        app.post_message(events.Paste("first\n\n  \nsecond\nthird\n"))
        await settle(pilot)
        assert said(fake) == [(0, "first"), (0, "second"), (0, "third")]


async def test_a_paste_of_too_many_lines_says_none_and_tells_why() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = await table(pilot, app)
        await pilot.press("c")
        await settle(pilot)
        lines = [f"line {n}" for n in range(CHAT_MAX_PASTED_LINES + 1)]
        app.post_message(events.Paste("\n".join(lines)))
        await settle(pilot)
        assert said(fake) == []
        notes = [n.message for n in app._notifications]
        assert any(f"has {len(lines)} lines" in note for note in notes), notes


# 6. the length limit -----------------------------------------------------------------------
def test_the_chat_limit_is_the_protocols() -> None:
    def chat(text: str) -> dict[str, Any]:
        return {"t": "chat", "table": TABLE, "seat": 0, "text": text}

    assert check_client_message(chat("x" * CHAT_MAX_LENGTH)) == "chat"
    with pytest.raises(ProtocolError):
        check_client_message(chat("x" * (CHAT_MAX_LENGTH + 1)))


@pytest.mark.parametrize("how", ["typed", "pasted"])
async def test_text_over_the_limit_is_not_taken_silently(how: str) -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        await table(pilot, app)
        await pilot.press("c")
        await settle(pilot)
        text = "y" * (CHAT_MAX_LENGTH + 20)
        if how == "typed":
            burst(app, text)
        else:
            app.post_message(events.Paste(text))
        await settle(pilot)
        assert field(app).value == "y" * CHAT_MAX_LENGTH
        notes = [n.message for n in app._notifications]
        told = [note for note in notes if f"at most {CHAT_MAX_LENGTH} characters" in note]
        assert len(told) == 1, notes  # told once, not once per key


# 7. hot-seat: a draft stays with its writer -----------------------------------------------
async def hotseat_pass(pilot: Any, fake: Fake, to_bob: bool) -> None:
    """The keyboard passes to Bob (or back to Alice), through the curtain."""
    if to_bob:
        fake.show(0, v.waiting())
        fake.show(1, v.assign())
    else:
        bob = v.base(1)
        bob["to_act"] = 0
        fake.show(1, bob)
        fake.show(0, v.maneuver())
    await settle(pilot)
    assert isinstance(pilot.app.screen, CurtainScreen)
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, TableScreen)


@pytest.mark.parametrize("size", [WIDE, COMPACT])
async def test_a_hotseat_draft_is_not_said_under_the_next_persons_name(
    size: tuple[int, int],
) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = Fake(app, [0, 1])
        fake.show(0, v.maneuver())
        bob = v.base(1)
        bob["to_act"] = 0
        fake.show(1, bob)
        await settle(pilot)
        await pilot.press("enter")  # Alice sits down
        await settle(pilot)
        burst(app, "csecret plan")  # typed, not said (the log screen at 80×24)
        await settle(pilot)
        assert field(app).value == "secret plan"
        await hotseat_pass(pilot, fake, to_bob=True)
        await pilot.press("c")
        await settle(pilot)
        assert field(app).value == ""  # Bob's field: empty
        burst(app, "hi⏎")
        await settle(pilot)
        assert said(fake) == [(1, "hi")]
        if isinstance(app.screen, LogScreen):
            await pilot.press("escape")
            await settle(pilot)
        await hotseat_pass(pilot, fake, to_bob=False)
        await pilot.press("c")
        await settle(pilot)
        assert field(app).value == "secret plan"  # Alice's own draft, back for her


# 8. drafts survive Esc, the cursor at their end -------------------------------------------
@pytest.mark.parametrize("size", [WIDE, COMPACT])
async def test_esc_keeps_the_draft_and_c_goes_on_at_its_end(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = await table(pilot, app)
        burst(app, "chalf a")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        burst(app, "c thought⏎")
        await settle(pilot)
        assert said(fake) == [(0, "half a thought")]


# 9. the game-over screen's words -----------------------------------------------------------
def test_the_defeated_players_row_says_defeated_as_the_result_line_does() -> None:
    view = v.over()
    view["format"] = "ffa"
    alice, bob = view["players"]
    carol = {**bob, "seat": 2, "name": "Carol", "health": 0, "alive": False}
    view["players"] = [alice, bob, {**carol, "conceded": True}]
    view["result"] = {"winners": [0], "reason": "opponent_conceded"}
    text = over_markup(build_table(view))
    assert "Bob was defeated" in text.splitlines()[0]
    rows = text.splitlines()[2:]
    assert rows[1].endswith("[$error]defeated[/]") and rows[2].endswith("[$error]conceded[/]")


async def test_a_game_conceded_during_setup_says_so_not_one_turn() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = Fake(app, [0])
        setup = v.base(0)
        setup["phase"] = "setup"
        setup["turn"] = 1
        fake.show(0, setup)
        await settle(pilot)
        over = v.over()
        over["turn"] = 1
        over["players"][1]["conceded"] = True
        over["players"][1]["health"] = over["players"][1]["max_health"]
        over["result"] = {"winners": [0], "reason": "opponent_conceded"}
        fake.show(0, over)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert "during setup" in text and "1 turn" not in text


async def test_a_game_over_after_play_still_counts_its_turns() -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await settle(pilot)
        fake.show(0, v.over())
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert "during setup" not in screen_text(app)
        assert not app.screen.during_setup

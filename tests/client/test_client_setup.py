"""The new local game screen: a plan used before comes back as it was, and a seat's
default name follows its kind."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from client.screens.setup import LocalPlan, SeatPlan, SetupScreen, default_plan
from tests.client.helpers import make_app, screen_text


async def _reopen_after(fmt: str, count: int, size: tuple[int, int] = (80, 24)) -> LocalPlan:
    """Menu → New local game, choose ``fmt`` with ``count`` seats and start; then New
    local game again (the screen restores the plan just used) and start that."""
    app = make_app()
    started: list[LocalPlan] = []

    def start_local(plan: LocalPlan) -> None:  # what the app keeps of a game it starts
        started.append(plan)
        app.last_plan = plan

    app.start_local = start_local  # type: ignore[method-assign]
    async with app.run_test(size=size) as pilot:
        app.action_new_game()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#format", Select).value = fmt
        await pilot.pause()
        screen.query_one("#count", Select).value = count
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(started) == 1 and started[0].format == fmt
        assert len(started[0].seats) == count
        app.action_new_game()
        for _ in range(5):  # every widget of the screen mounted and its events handled
            await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        assert f"Seat {count}" in text and f"Seat {count + 1}" not in text
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert len(started) == 2
    return started[1]


@pytest.mark.parametrize(("fmt", "count"), [("ffa", 4), ("ffa", 3), ("team", 4), ("sworn", 4)])
async def test_a_game_set_up_before_is_set_up_again_as_it_was(fmt: str, count: int) -> None:
    again = await _reopen_after(fmt, count)
    assert again.format == fmt and len(again.seats) == count
    assert [s.kind for s in again.seats] == ["human"] + ["bot"] * (count - 1)
    bots = [f"Bot {i}" for i in range(3, count + 1)]
    assert [s.name for s in again.seats] == ["Alice", "Bot", *bots]


async def test_the_team_labels_follow_the_format() -> None:
    plan = LocalPlan("team", tuple(SeatPlan("bot", f"B{i}", None) for i in range(4)))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(plan))
        await pilot.pause()
        assert "T1" in screen_text(app) and "T2" in screen_text(app)
        app.screen.query_one("#format", Select).value = "ffa"
        await pilot.pause()
        assert "Seat 4" in screen_text(app) and "T1" not in screen_text(app)
        app.screen.query_one("#format", Select).value = "duel"
        await pilot.pause()
        assert "Seat 2" in screen_text(app) and "Seat 3" not in screen_text(app)
        names = [s.name for s in app.screen.current_plan().seats]  # type: ignore[attr-defined]
        assert names == ["B0", "B1"]


def test_a_default_name_follows_the_kind_of_seat() -> None:
    from client.screens.setup import kind_name

    assert kind_name("Bot", "human", 1) == "Player 2"
    assert kind_name("Bot 4", "human", 3) == "Player 4"
    assert kind_name("Player 3", "bot", 2) == "Bot 3"
    assert kind_name("", "bot", 2) == "Bot 3"
    assert kind_name("Bot 3", "bot", 2) == "Bot 3"
    assert kind_name("Botticelli", "human", 2) == "Botticelli"  # typed: never changed
    assert kind_name("Ann", "bot", 0) == "Ann"


async def test_a_seat_switched_to_human_or_bot_gets_that_kind_s_name() -> None:
    names = ("Alice", "Bot", "Bot 3", "Zed")
    plan = LocalPlan("ffa", tuple(SeatPlan("bot", n, None) for n in names))
    app = make_app()
    chosen: list[LocalPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(plan), chosen.append)
        await pilot.pause()
        screen = app.screen
        for i in (0, 1, 2, 3):
            screen.query_one(f"#kind-{i}", Select).value = "human"
        await pilot.pause()
        assert [screen.query_one(f"#name-{i}", Input).value for i in range(4)] == [
            "Alice", "Player 2", "Player 3", "Zed"
        ]  # fmt: skip
        assert "Bot" not in screen_text(app).replace("Bot —", "")
        screen.query_one("#kind-2", Select).value = "bot2"
        screen.query_one("#kind-0", Select).value = "bot1"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert chosen and chosen[0] is not None
    seats = chosen[0].seats
    assert [(s.kind, s.name) for s in seats] == [
        ("bot", "Alice"), ("human", "Player 2"), ("bot", "Bot 3"), ("human", "Zed")
    ]  # fmt: skip
    assert seats[2].level == 2


async def test_a_typed_name_stays_and_an_emptied_one_gets_the_default() -> None:
    app = make_app()
    chosen: list[LocalPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(default_plan("Alice")), chosen.append)
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-1", Input).value = "Bot"  # as typed: still a bot's name
        screen.query_one("#kind-1", Select).value = "human"
        await pilot.pause()
        assert screen.query_one("#name-1", Input).value == "Player 2"
        screen.query_one("#name-1", Input).value = "Robo"
        screen.query_one("#kind-1", Select).value = "bot3"
        await pilot.pause()
        assert screen.query_one("#name-1", Input).value == "Robo"
        screen.query_one("#name-0", Input).value = "  "
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert chosen and chosen[0] is not None
    assert [s.name for s in chosen[0].seats] == ["Player 1", "Robo"]


@pytest.mark.parametrize(
    ("fmt", "count", "hosting", "size"),
    [
        ("duel", 2, False, (60, 20)),
        ("ffa", 4, False, (60, 20)),
        ("ffa", 4, True, (60, 20)),
        ("duel", 2, True, (80, 24)),
        ("team", 4, True, (80, 24)),
        ("ffa", 4, False, (80, 24)),
    ],
)
async def test_every_seat_and_button_is_on_screen(
    fmt: str, count: int, hosting: bool, size: tuple[int, int]
) -> None:
    from client.cards import default_book

    longest = max(default_book().heroes(), key=lambda hero: len(hero[1]))
    seats = [SeatPlan("human", "Alice", longest[0])]
    seats += [SeatPlan("bot", f"Bot {i + 1}", None) for i in range(1, count)]
    plan = LocalPlan(fmt, tuple(seats), {"spectators": "public"} if hosting else {})
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.push_screen(SetupScreen(plan, hosting=hosting))
        for _ in range(3):
            await pilot.pause()
        lines = screen_text(app).splitlines()
        text = "\n".join(lines)
        for i, seat in enumerate(seats):  # each seat's label and name on one line
            assert any(f"Seat {i + 1}" in line and seat.name in line for line in lines), text
        assert "Random hero" in text and longest[1][:10] in text
        button = "Host" if hosting else "Start"
        assert any(button in line and "Back" in line for line in lines[:-1]), text
        assert f"^s {button}" in lines[-1]  # the footer names the key as the button
        if hosting:
            assert "Spectators: anyone" in text and "lobby shows." in text


async def test_the_menus_host_makes_the_table_here_or_on_a_server_typed_in() -> None:
    """Host a game: served here (the LAN), or, as ``host --on``, on the server at the
    address typed in; an address that is none is said and nothing starts; the next
    Host a game offers the same server again."""
    app = make_app()
    here: list[LocalPlan] = []
    there: list[tuple[LocalPlan, str]] = []
    app.start_host = lambda plan, *rest: here.append(plan)  # type: ignore[method-assign,assignment]
    app.start_remote_host = lambda plan, a: there.append((plan, a))  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_host_game()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen) and screen.hosting
        address = screen.query_one("#server", Input)
        assert not address.display and "Served from this machine" in screen_text(app)
        screen.query_one("#where", Select).value = "there"
        await pilot.pause()
        assert address.display and app.focused is not address  # Tab goes there next
        for typed in ("", "example.org:99999"):
            address.value = typed
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is screen and not here and not there
        said = [n.message for n in app._notifications]
        assert "Type the server's address." in said
        assert any("port must be a number" in n for n in said), said
        address.value = " example.org:9050 "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not here and [a for _, a in there] == ["example.org:9050"]
        assert there[0][0].humans == [0, 1] and there[0][0].format == "duel"
        app.action_host_game()  # the same server again, to make another table there
        for _ in range(3):
            await pilot.pause()
        again = app.screen
        assert isinstance(again, SetupScreen) and again is not screen
        assert again.query_one("#server", Input).value == "example.org:9050"
        assert again.query_one("#where", Select).value == "there"
        again.query_one("#where", Select).value = "here"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(here) == 1 and len(there) == 1


@pytest.mark.parametrize("hosting", [False, True])
async def test_the_start_button_starts_as_its_key_does(hosting: bool) -> None:
    """Enter on the Start (Host) button, or a click on it, starts the game."""
    from textual.widgets import Button

    app = make_app()
    started: list[LocalPlan] = []
    app.start_local = started.append  # type: ignore[method-assign]
    app.start_host = lambda plan, *rest: started.append(plan)  # type: ignore[method-assign,assignment]
    async with app.run_test(size=(80, 24)) as pilot:
        (app.action_host_game if hosting else app.action_new_game)()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#start", Button).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert len(started) == 1 and app.screen is not screen
    app = make_app()
    app.start_local = started.append  # type: ignore[method-assign]
    app.start_host = lambda plan, *rest: started.append(plan)  # type: ignore[method-assign,assignment]
    async with app.run_test(size=(80, 24)) as pilot:
        (app.action_host_game if hosting else app.action_new_game)()
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert len(started) == 2


async def test_a_table_that_could_not_be_made_on_a_server_asks_again() -> None:
    """Host a game on a server that does not answer: it is said, and the set-up screen
    comes back as it was (the address to correct), not the menu."""
    import asyncio
    import socket

    from tests.client.helpers import on_failure

    with socket.socket() as probe:  # a loopback port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = make_app()
    failed = on_failure(app)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_host_game()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#where", Select).value = "there"
        await pilot.pause()
        screen.query_one("#server", Input).value = f"127.0.0.1:{port}"
        await pilot.press("ctrl+s")
        await asyncio.wait_for(failed.wait(), 20)
        for _ in range(3):
            await pilot.pause()
        again = app.screen
        assert app.game is None
        assert isinstance(again, SetupScreen) and again.hosting and again is not screen
        assert again.query_one("#server", Input).value == f"127.0.0.1:{port}"
        assert any(n.title == "Could not continue" for n in app._notifications)

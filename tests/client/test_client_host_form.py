"""The Host form (menu → Host a game) and ``allegiance host --on``: a server that does
not answer is said with the form's advice; choosing "On a server at an address…"
leaves the focus on the choice (Tab goes on to the address); a table that could not be
made with ``host --on`` brings back the form with the command line's choices; Back
keeps the choices changed."""

from __future__ import annotations

import argparse
import asyncio
import socket
from pathlib import Path

import pytest
from textual.widgets import Input, Select

from client.app import AllegianceApp
from client.commands import host as host_command
from client.net.connection import Connection, unreachable
from client.screens.menu import MenuScreen
from client.screens.setup import SetupScreen, host_path, load_host_memory, load_plan, plan_path
from tests.client.helpers import make_app, on_failure
from tests.client.test_client_host_form_memory import _open_form

FORM_ADVICE = "or choose 'Served from this machine' in the form"


def free_port() -> int:
    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """No waits between the attempts at a first connection."""

    async def no_wait(self: Connection, state: str, delay: float) -> None:
        return None

    monkeypatch.setattr(Connection, "_count_down", no_wait)


# 1. the advice -------------------------------------------------------------------------


def test_the_advice_names_the_forms_choice_or_the_command_line() -> None:
    url = "ws://127.0.0.1:1"
    form = unreachable(url, ConnectionRefusedError(), making=True, advice="form")
    assert form == (
        "Could not reach the server at 127.0.0.1:1: nothing answers there: no server runs "
        "on that port (start one there with 'allegiance serve --port 1', or choose 'Served "
        "from this machine' in the form)."
    )
    command = unreachable(url, ConnectionRefusedError(), making=True)
    assert "'allegiance host' without --on" in command and FORM_ADVICE not in command
    joining = unreachable(url, ConnectionRefusedError(), advice="form")  # not making one
    assert "is the game still hosted" in joining and "Served" not in joining


def test_a_name_not_known_is_said_with_the_forms_advice_not_a_server_to_start() -> None:
    import socket

    url = "ws://no-such-host.invalid:8765"
    unknown = socket.gaierror(-2, "Name or service not known")
    form = unreachable(url, unknown, making=True, advice="form")
    assert form == (
        "Could not reach the server at no-such-host.invalid:8765: no machine by that name "
        "is known here (check the address; or choose 'Served from this machine' in the form)."
    )
    command = unreachable(url, unknown, making=True)
    assert command.endswith("or serve the game from this machine: 'allegiance host' without --on).")
    joining = unreachable(url, unknown)
    assert joining.endswith("no machine by that name is known here (check the address).")


async def test_the_form_says_how_to_serve_from_here_in_its_own_words(at_once: None) -> None:
    port = free_port()
    app = make_app()
    said: list[str] = []
    failed = on_failure(app, said)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_form(app, pilot)
        screen.query_one("#where", Select).value = "there"
        await pilot.pause()
        screen.query_one("#server", Input).value = f"127.0.0.1:{port}"
        await pilot.press("ctrl+s")
        await asyncio.wait_for(failed.wait(), 30)
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.hosting
    assert len(said) == 1
    assert f"'allegiance serve --port {port}', {FORM_ADVICE})." in said[0]
    assert "without --on" not in said[0]


# 2. the focus after choosing "On a server at an address…" ------------------------------


async def test_tab_after_choosing_a_server_goes_to_the_address() -> None:
    app = make_app()
    app.start_remote_host = lambda plan, a: None  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_form(app, pilot)
        where = screen.query_one("#where", Select)
        box = screen.query_one("#server", Input)
        where.focus()
        await pilot.pause()
        await pilot.press("enter", "down", "enter")  # open the choice, the second, chosen
        await pilot.pause()
        assert where.value == "there" and box.display
        stayed = app.focused is where  # the focus stays where the person left it
        await pilot.press("tab")  # out of habit: to the field that just showed
        await pilot.press(*"example.org:9050")
        await pilot.pause()
        assert app.focused is box and box.value == "example.org:9050"
        assert stayed


# 3. ``allegiance host --on`` when nothing answers there ------------------------------------


def _host_app(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> AllegianceApp:
    """The app ``allegiance host ARGV`` would run (not run)."""
    apps: list[AllegianceApp] = []
    monkeypatch.setattr("client.app.run_app", lambda app: apps.append(app) or 0)
    parser = argparse.ArgumentParser()
    host_command.add_arguments(parser)
    assert host_command.run(parser.parse_args(argv)) == 0
    return apps[0]


async def test_host_on_that_fails_brings_back_the_form_with_its_choices(
    at_once: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    address = f"127.0.0.1:{free_port()}"
    argv = ["--on", address, "--format", "ffa", "--players", "4", "--bots", "1",
            "--bot-level", "hard", "--spectators", "none", "--if-away", "bot",
            "--hero", "thedric", "--player", "Hana", "--timer", "45"]  # fmt: skip
    app = _host_app(argv, monkeypatch)
    said: list[str] = []
    failed = on_failure(app, said)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(failed.wait(), 30)
        for _ in range(3):
            await pilot.pause()
        form = app.screen
        assert app.game is None
        assert isinstance(form, SetupScreen) and form.hosting
        shown = {key: form.query_one(f"#{key}", Select).value
                 for key in ("format", "count", "kind-0", "kind-1", "kind-2", "kind-3",
                             "hero-0", "spectators", "if-away", "where")}  # fmt: skip
        assert shown == {"format": "ffa", "count": 4, "kind-0": "human", "kind-1": "human",
                         "kind-2": "human", "kind-3": "bot3", "hero-0": "thedric_egen",
                         "spectators": "none", "if-away": "bot", "where": "there"}  # fmt: skip
        assert form.query_one("#name-0", Input).value == "Hana"
        assert form.query_one("#server", Input).value == address
        assert form.current_plan().options["timer"] == 45.0  # kept, though not shown
        errors = [n for n in app._notifications if n.title == "Could not continue"]
        assert [n.message for n in errors] == said  # said over the form
    assert said and said[0].startswith(f"Could not reach the server at {address}")


# 4. Back keeps the choices changed ------------------------------------------------------


async def test_back_keeps_the_choices_changed() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_form(app, pilot)
        await pilot.press("escape")  # nothing changed: nothing kept
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and screen.left is None
        assert not host_path().exists()
        screen = await _open_form(app, pilot)
        for key, value in (("format", "sworn"), ("kind-1", "bot1"), ("spectators", "all"),
                           ("if-away", "concede"), ("where", "there")):  # fmt: skip
            screen.query_one(f"#{key}", Select).value = value
            await pilot.pause()
        screen.query_one("#server", Input).value = "example.org:90"  # half typed
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert screen.left is not None and screen.left.format == "sworn"
        assert screen.server == "example.org:90"  # for the app, as after Host
        again = await _open_form(app, pilot)
        assert again is not screen
        assert again.query_one("#format", Select).value == "sworn"
        assert again.query_one("#kind-1", Select).value == "bot1"
        assert again.query_one("#spectators", Select).value == "all"
        assert again.query_one("#if-away", Select).value == "concede"
        assert again.query_one("#where", Select).value == "there"
        assert again.query_one("#server", Input).value == "example.org:90"
        again.query_one("#where", Select).value = "here"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert again.server == ""  # served here: the address stays in the file
    kept, problem = load_host_memory("Alice")
    assert problem is None and kept is not None
    assert not kept.there and kept.server == "example.org:90"
    assert kept.plan.format == "sworn" and kept.plan.options["spectators"] == "all"


async def test_back_keeps_the_form_across_a_restart(tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_form(app, pilot)
        screen.query_one("#format", Select).value = "team"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await _open_form(again, pilot)
        assert screen.query_one("#format", Select).value == "team"
        assert len(screen.current_plan().seats) == 4


async def test_back_keeps_the_choices_after_a_table_made_this_session() -> None:
    """The app offers the last table made this session before the kept file: Back's
    choices must replace it there too."""
    app = make_app()
    app.start_host = lambda plan, *rest: None  # type: ignore[method-assign,assignment]
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_form(app, pilot)
        await pilot.press("ctrl+s")  # a duel served here: the session's last table
        await pilot.pause()
        assert app.last_host_plan is not None and app.last_host_plan.format == "duel"
        screen = await _open_form(app, pilot)
        screen.query_one("#format", Select).value = "ffa"
        screen.query_one("#where", Select).value = "there"
        await pilot.pause()
        screen.query_one("#server", Input).value = "example.org:90"
        await pilot.press("escape")
        await pilot.pause()
        again = await _open_form(app, pilot)
        assert again.query_one("#format", Select).value == "ffa"
        assert again.query_one("#server", Input).value == "example.org:90"
        assert again.query_one("#where", Select).value == "there"


async def test_back_keeps_the_new_local_games_choices_too() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_new_game()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen) and not screen.hosting
        await pilot.press("escape")  # nothing changed: nothing kept
        await pilot.pause()
        assert screen.left is None and not plan_path().exists()
        app.action_new_game()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#format", Select).value = "ffa"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and screen.left is not None
        app.action_new_game()
        await pilot.pause()
        again = app.screen
        assert isinstance(again, SetupScreen) and again is not screen
        assert again.query_one("#format", Select).value == "ffa"
    kept = load_plan("Alice")
    assert kept is not None and kept.format == "ffa"


def test_the_away_choices_say_the_grace_the_flags_gave() -> None:
    from client.screens.setup import if_away_options

    assert dict((k, t) for t, k in if_away_options(5))["concede"] == (
        "If a player is away 5 s: they concede"
    )
    assert dict((k, t) for t, k in if_away_options(None))["bot"] == (
        "If a player is away a minute: a bot plays for them"
    )
    assert dict((k, t) for t, k in if_away_options(60))["wait"] == (
        "If a player is away: the table waits for them"
    )

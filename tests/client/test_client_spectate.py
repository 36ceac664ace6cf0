"""Spectators: what a watcher sees on a table whose spectators see every hand
(``spectators: "all"``) and on a public one, the lobby's line about it, and
``allegiance host --spectators``."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

from client.app import AllegianceApp
from client.cards import default_book
from client.commands import host as host_command
from client.net.connection import Connection
from client.net.session import ClientSession
from client.screens.join import JoinPlan
from client.screens.lobby import lobby_markup
from client.screens.table import TableScreen
from server.local import start_local_server
from tests.client.driver import Waiter
from tests.client.fixtures import views as v
from tests.client.helpers import (
    TABLE,
    Fake,
    close_connection,
    make_app,
    screen_text,
    sync,
    table_info,
)

SIZE = (150, 90)  # tall enough for both players' blocks, hands included


@contextlib.asynccontextmanager
async def hosted(spectators: Any) -> AsyncIterator[tuple[str, ClientSession, str]]:
    """A duel on a real server: "Host" holds seat 0 against a random bot (fixed seeds;
    the game waits for the host's first decision). Yields (url, host session, code)."""
    server = await start_local_server(allow_fixed_seeds=True)
    host = ClientSession(lambda m: None, "Host")
    host.start_create(
        {"format": "duel"},
        [{"kind": "human", "name": "Host"}, {"kind": "bot", "name": "Bot", "level": 0}],
        {"spectators": spectators, "seed": 7, "bot_seed": 1},
        [0],
    )
    ready = asyncio.Event()
    conn = Connection(server.url, host, lambda ups: ready.set() if host.view(0) else None)
    task = asyncio.create_task(conn.run())
    try:
        await asyncio.wait_for(ready.wait(), 10)
        assert host.table is not None
        yield server.url, host, host.table
    finally:
        await close_connection(conn, task, server)


async def watch(app: AllegianceApp, pilot: Any) -> dict[str, Any]:
    """Wait until the watcher's table shows; the spectators' view."""
    waiter = Waiter()
    while (
        app.game is None
        or app.game.session.view(None) is None
        or not isinstance(app.screen, TableScreen)
    ):
        if app.game is not None:
            waiter.hook(app.game)
        await waiter.wait(pilot)
    await pilot.pause()
    view = app.game.session.view(None)
    assert view is not None
    return view


def hand_names(view: dict[str, Any], seat: int) -> set[str]:
    book = default_book()
    return {book.name(str(c["card"])) for c in view["players"][seat]["hand"] or []}


@pytest.mark.asyncio
async def test_a_watcher_of_an_all_hands_table_sees_both_hands(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    async with hosted("all") as (url, host, code):
        app = make_app(start=JoinPlan(url, code, watch=True))
        async with app.run_test(size=SIZE) as pilot:
            view = await watch(app, pilot)
            text = screen_text(app)
            assert "all hands shown" in text  # the watcher is told
            # The host's hand as the host sees it, and the bot's, both on screen.
            assert view["players"][0]["hand"] == (host.view(0) or {})["players"][0]["hand"]
            names = hand_names(view, 0) | hand_names(view, 1)
            assert hand_names(view, 0) and hand_names(view, 1)
            missing = {n for n in names if n not in text}
            assert not missing, (missing, text)
            shown = [b for b in app.screen._blocks.values() if b.hand.display]
            assert len(shown) == 2


@pytest.mark.asyncio
async def test_a_watcher_of_a_public_table_sees_no_hand(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    async with hosted("public") as (url, host, code):
        app = make_app(start=JoinPlan(url, code, watch=True))
        async with app.run_test(size=SIZE) as pilot:
            view = await watch(app, pilot)
            text = screen_text(app)
            assert "all hands shown" not in text and "Host" in text
            assert all(p["hand"] is None for p in view["players"])
            # Names of the host's cards that nothing public (the view, the log) names.
            public = repr(view) + "\n".join(app.game.session.streams[None].log)
            book = default_book()
            hidden = {
                book.name(str(c["card"]))
                for c in (host.view(0) or {})["players"][0]["hand"]
                if str(c["card"]) not in public and book.name(str(c["card"])) not in public
            }
            assert hidden, "the test needs a hand card nothing public names"
            assert not {n for n in hidden if n in text}
            assert not [b for b in app.screen._blocks.values() if b.hand.display]
            # the chat: read, not written (no input that refuses only after typing)
            await pilot.press("c")
            await pilot.pause()
            assert not app.screen.query("#chat-input")
            assert "Spectators read the chat" in screen_text(app)


def test_the_lobby_says_what_spectators_see() -> None:
    info = table_info(v.maneuver(), status="waiting")
    said = {}
    for option in ("none", "public", "all"):
        info["options"]["spectator_view"] = option
        said[option] = lobby_markup("K7QF3M", info)
    assert "nobody may watch" in said["none"]
    assert "they see no hand" in said["public"]
    assert "all hands shown" in said["all"] and "every player's hand" in said["all"]
    del info["options"]["spectator_view"]  # an older server: the bool only
    info["options"]["spectators"] = False
    assert "nobody may watch" in lobby_markup("K7QF3M", info)
    assert "Spectators" not in lobby_markup("K7QF3M", {})  # options not known yet


def test_only_a_spectator_of_an_all_hands_table_sees_every_hand() -> None:
    def session(seat: int | None, option: str) -> ClientSession:
        s = ClientSession(lambda m: None, "Alice")
        if seat is None:
            s.start_watch("TEST01")
        s.on_message({**sync(seat, v.maneuver()), "doc": doc_with(option)})
        return s

    def doc_with(option: str) -> dict[str, Any]:
        info = table_info(v.maneuver())
        info["options"]["spectator_view"] = option
        return {"view": v.maneuver(), "table": info}

    assert session(None, "all").sees_every_hand
    assert not session(None, "public").sees_every_hand
    assert not session(0, "all").sees_every_hand  # a player is not a spectator


def parse_host(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="allegiance host")
    host_command.add_arguments(parser)
    return parser.parse_args(argv)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [([], "public"), (["--spectators", "all"], "all"), (["--spectators", "none"], "none")],
)
def test_host_spectators_becomes_the_table_option(tmp_path, monkeypatch, argv, expected) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    started: list[Any] = []
    monkeypatch.setattr(AllegianceApp, "run", lambda self: started.append(self.host_start))
    host_command.run(parse_host(argv))
    plan = started[0][0]
    assert plan.options["spectators"] == expected


def test_host_spectators_refuses_a_bad_value_and_no_play(capsys) -> None:
    with pytest.raises(SystemExit):
        parse_host(["--spectators", "everyone"])
    assert "invalid choice" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="--no-play"):
        host_command.run(parse_host(["--no-play", "--spectators", "all"]))


@pytest.mark.asyncio
async def test_the_host_sees_the_join_code_in_the_title_for_watchers_to_come() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        fake = Fake(app, [0], title="Hosting")
        fake.controller.reach = "10.0.0.2:8765"
        fake.show(0, v.maneuver())
        await pilot.pause()
        assert f"Hosting {TABLE} ·" in screen_text(app)

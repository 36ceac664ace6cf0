"""Names are shown as typed, whatever they hold: a name such as ``Zed[/`` (which
Textual's own escape leaves as it is, and which with the markup after it made a closing
tag that matched nothing and stopped every client at the table) shows as text on the
board, the status line, the prompt, the chain, the game-over screen and the lobby."""

from __future__ import annotations

from typing import Any

import pytest
from textual.markup import to_content

from client.markup import escape
from client.screens.join import JoinPlan
from server.local import start_local_server
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, close_connection, make_app, screen_text
from tests.client.test_client_lobby_reach import ffa_table, until_lobby

NASTY = ["Zed[/", "Ann[/", "Ev[31mil", "[b", "x\\", "a\\[b]", "[/]", "[@click=app.quit]x[/]",
         "[[", "back\\\\", "[red]x[/red]", "A[1]", "]", "[]", "plain"]  # fmt: skip


@pytest.mark.parametrize("name", NASTY)
def test_escaped_text_shows_as_it_is_between_tags(name: str) -> None:
    markup = f"[b]{escape(name)}[/b] · x[$warning]y[/]"
    assert to_content(markup).plain.replace("\u200b", "") == f"{name} · xy"


def named(view: dict[str, Any], first: str, second: str) -> dict[str, Any]:
    for player, name in zip(view["players"], (first, second), strict=True):
        player["name"] = name
    return view


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (150, 50)])
async def test_a_table_with_bracketed_names_shows_them(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = Fake(app, [0])
        for view in (v.maneuver(), v.response(), v.waiting(), v.over()):
            fake.show(0, named(view, "Ann[/", "Zed[/"))
            await pilot.pause()
            text = screen_text(app)
            assert "Zed[/" in text, text
        assert app.is_running


@pytest.mark.asyncio
async def test_a_lobby_with_a_bracketed_name_shows_it(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    server = await start_local_server()
    conn, task, code = await ffa_table(server, names=("Maker[/", "Second", "Third"))
    try:
        address = f"127.0.0.1:{server.server.port}"
        app = make_app(start=JoinPlan(f"ws://{address}", code, watch=True))
        async with app.run_test(size=(110, 30)) as pilot:
            text = await until_lobby(app, pilot, shows="Maker[/")
            assert "Second" in text
    finally:
        await close_connection(conn, task, server)

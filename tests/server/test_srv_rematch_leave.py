"""A player who leaves the table after a game (``leave``: the client's "Main menu")
takes back their ask for the next game: a rematch, or a match's next game, does not
begin without them; a lost connection keeps the ask. And a joiner who comes to a
finished table is told its game is over, not offered to watch it."""

from __future__ import annotations

from typing import Any

import pytest

from server.client import ProtocolClient
from server.local import LocalServer, start_local_server
from tests.server.kit import play_game
from tests.server.test_srv_match import (
    _first_game_with_two_players,
    began,
    info,
    match,
    next_game,
)


@pytest.fixture
async def realm_server() -> Any:
    srv = await start_local_server(allow_fixed_seeds=True)
    yield srv
    await srv.stop()


async def leave(client: ProtocolClient, code: str, seat: int) -> dict[str, Any]:
    token = client.tokens[(code, seat)]
    return await client.request({"t": "leave", "table": code, "seat": seat, "token": token})


async def test_leaving_takes_back_the_ask_for_a_rematch(server: LocalServer) -> None:
    code, result, clients = await play_game(server.url, 2, seed=12)
    assert result is not None
    p0, p1 = clients
    await next_game(p1, code, 1)
    await p0.wait_for(lambda: match(p0, code, 0)["ready"] == [1])
    assert (await leave(p1, code, 1))["t"] == "left"
    await p0.wait_for(lambda: info(p0, code, 0)["seats"][1]["left"])
    # the patch that says they left says too that they no longer ask
    assert match(p0, code, 0)["ready"] == []
    answer = await next_game(p0, code, 0)
    assert answer["waiting"] == [1] and answer["ready"] == [0]
    table = server.server.lobby.get(code)
    assert table is not None and table.status == "over"
    # back at the table, they ask again, and the rematch begins
    back = ProtocolClient(server.url, "back")
    await back.connect()
    assert (await back.join(code, 1, p1.tokens[(code, 1)]))["t"] == "seated"
    assert match(back, code, 1)["ready"] == [0]
    await next_game(back, code, 1)
    await p0.wait_for(began(p0, code, 0, 2))
    for client in (p0, p1, back):
        await client.close()


async def test_a_lost_connection_keeps_the_ask(server: LocalServer) -> None:
    code, _, clients = await play_game(server.url, 2, seed=12)
    p0, p1 = clients
    await next_game(p1, code, 1)
    await p1.close()  # no leave: the connection drops, the player means to come back
    await p0.wait_for(lambda: info(p0, code, 0)["seats"][1]["connected"] is False)
    assert match(p0, code, 0)["ready"] == [1]
    await p0.close()


async def test_another_connection_at_the_seat_keeps_the_ask(server: LocalServer) -> None:
    code, _, clients = await play_game(server.url, 2, seed=12)
    p0, p1 = clients
    second = ProtocolClient(server.url, "second")
    await second.connect()
    await second.join(code, 1, p1.tokens[(code, 1)])
    await next_game(p1, code, 1)
    await leave(p1, code, 1)  # the player is still at the table, on the other terminal
    table = server.server.lobby.get(code)
    assert table is not None and table.series.ready == {1}
    for client in (p0, p1, second):
        await client.close()


async def test_leaving_takes_back_the_ask_for_a_matchs_next_game(
    realm_server: LocalServer,
) -> None:
    clients, code = await _first_game_with_two_players(
        realm_server.url, {"grace": 60, "policy": "concede"}
    )
    stayer, leaver = clients[0], clients[1]
    await next_game(leaver, code, 1)
    await leave(leaver, code, 1)
    await stayer.wait_for(lambda: info(stayer, code, 0)["seats"][1]["left"])
    assert match(stayer, code, 0)["ready"] == []
    answer = await next_game(stayer, code, 0)
    assert answer["next"] == "game" and answer["waiting"] == [1]
    table = realm_server.server.lobby.get(code)
    assert table is not None and table.status == "over"
    # the match waits for them as for anyone gone between its games (ruling 39)
    assert table.seats[1].grace is not None
    for client in clients.values():
        await client.close()


async def test_joining_a_finished_table_says_its_game_is_over(server: LocalServer) -> None:
    code, _, clients = await play_game(server.url, 2, seed=12)
    joiner = ProtocolClient(server.url, "late")
    await joiner.connect()
    answer = await joiner.request({"t": "join", "table": code})
    assert answer["t"] == "error" and answer["code"] == "table_full"  # the client's code
    assert answer["message"] == "That table's game is over."
    for client in (*clients, joiner):
        await client.close()


def test_a_full_table_words_by_its_state() -> None:
    from types import SimpleNamespace

    from server.handlers import _full_table_words

    def words(status: str, spectators: bool, between: bool = False) -> str:
        series = SimpleNamespace(between_games=lambda: between)
        table = SimpleNamespace(status=status, options={"spectators": spectators}, series=series)
        return _full_table_words(table)  # type: ignore[arg-type]

    assert words("playing", True) == "Every seat at that table is taken; you may watch it instead."
    assert words("playing", False) == "Every seat at that table is taken."
    assert words("over", True) == "That table's game is over."
    assert words("over", True, between=True) == (
        "That table is between the games of a match, and every seat is taken; "
        "you may watch it instead."
    )
    assert words("over", False, between=True) == (
        "That table is between the games of a match, and every seat is taken."
    )

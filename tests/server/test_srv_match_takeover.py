"""A player gone between the games of a match, under the policy "bot": the bot that
took the seat over plays the next game from its start, and the table says so once (not
again after a second reconnect grace at the new game's start)."""

from __future__ import annotations

from server.client import play_seat
from server.local import LocalServer
from tests.server.kit import policy
from tests.server.test_srv_match import (
    _first_game_with_two_players,
    began,
    next_game,
    realm_server,
)

__all__ = ["realm_server"]  # the fixture, used by name


async def test_a_bot_takes_a_gone_seat_over_once_for_the_next_game(
    realm_server: LocalServer,
) -> None:
    clients, code = await _first_game_with_two_players(
        realm_server.url, {"grace": 0.05, "policy": "bot"}
    )
    stayer = clients[0]
    await clients[1].close()  # the player of seat 2 (p1) leaves before asking for game two
    await stayer.wait_for(lambda: any(n["code"] == "seat_disconnected" for n in stayer.notices))
    assert (await next_game(stayer, code, 0))["t"] == "next_game"
    await stayer.wait_for(began(stayer, code, 0, 2), timeout=30)
    table = realm_server.server.lobby.get(code)
    assert table is not None
    bo = table.seats[1]
    assert bo.takeover and bo.grace is None  # the bot plays on: no new grace to wait out
    await play_seat(stayer, code, 0, policy(5), timeout=120)  # game two, to its end
    took_over = [n for n in stayer.notices if n["code"] == "bot_took_over"]
    assert [n["message"] for n in took_over] == ["A bot plays for p1 until they return."]
    await stayer.close()

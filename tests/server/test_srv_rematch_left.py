"""Ruling 39: a rematch waits for a player who left the table, even one a bot played
for in the match that just ended. The bot stops at the match's end, and the player who
comes back (a join with their token, or ``resume``) and asks gets the rematch's seat to
themselves, with no bot in it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from server.client import ProtocolClient, play_seat
from server.local import LocalServer
from server.matchplay import Series
from tests.server.kit import policy
from tests.server.test_srv_match import DUEL, SEED, began, info, match, next_game, realm_server

__all__ = ["realm_server"]  # the fixture, used by name

CID, BOB = 0, 1


async def request(client: ProtocolClient, kind: str, code: str, seat: int) -> dict[str, Any]:
    token = client.tokens[(code, seat)]
    return await client.request({"t": kind, "table": code, "seat": seat, "token": token})


async def seated(url: str, code: str, seat: int, name: str) -> ProtocolClient:
    client = ProtocolClient(url, name)
    await client.connect()
    answer = await client.request({"t": "join", "table": code, "seat": seat})
    assert answer["t"] == "seated", answer
    await client.wait_for(lambda: client.doc(code, seat) is not None)
    return client


async def cid_concedes(cid: ProtocolClient, code: str) -> None:
    """Cid concedes the game being played (the server answers for Cid from now on)."""
    assert (await request(cid, "concede", code, CID))["t"] == "conceded"


async def match_won_by_bob_after_he_left(url: str) -> tuple[ProtocolClient, ProtocolClient, str]:
    """The QA report's table: a best of 3 (grace short, policy "bot"); Cid concedes game
    one, Bob leaves (the menu), Cid asks, a bot plays game two for Bob, Cid concedes it:
    Bob has won the match, 2–0, while away."""
    creator = ProtocolClient(url, "creator")
    await creator.connect()
    specs = [{"kind": "human", "name": "Cid"}, {"kind": "human", "name": "Bob"}]
    options = {"seed": str(SEED), "bot_seed": 1, "pass_delay": 0, "best_of": 3,
               "grace": 0.05, "policy": "bot"}  # fmt: skip
    code = (await creator.create("realm", DUEL, specs, options))["table"]
    await creator.close()
    cid = await seated(url, code, CID, "Cid")
    bob = await seated(url, code, BOB, "Bob")
    await cid.wait_for(began(cid, code, CID, 1))
    await cid_concedes(cid, code)
    await play_seat(bob, code, BOB, policy(3), timeout=120)
    await cid.wait_for(lambda: info(cid, code, CID)["status"] == "over")
    # Bob goes to the menu; Cid asks for game two, which a bot plays for Bob past his grace
    assert (await request(bob, "leave", code, BOB))["t"] == "left"
    await cid.wait_for(lambda: info(cid, code, CID)["seats"][BOB]["left"])
    assert (await next_game(cid, code, CID))["waiting"] == [BOB]
    await cid.wait_for(began(cid, code, CID, 2), timeout=30)
    assert info(cid, code, CID)["seats"][BOB]["bot"]
    await cid_concedes(cid, code)
    await cid.wait_for(lambda: match(cid, code, CID)["winners"] is not None, timeout=120)
    assert match(cid, code, CID)["winners"] == [BOB]
    return cid, bob, code


@pytest.mark.parametrize("back_by", ["join", "resume"])
async def test_a_rematch_waits_for_a_player_who_left_and_a_bot_played_for(
    realm_server: LocalServer, back_by: str
) -> None:
    cid, bob, code = await match_won_by_bob_after_he_left(realm_server.url)
    table = realm_server.server.lobby.get(code)
    assert table is not None
    answer = await next_game(cid, code, CID)
    assert answer["next"] == "rematch" and answer["waiting"] == [BOB], answer
    assert table.status == "over"  # no rematch without Bob, nor a bot for him
    # the bot that played for Bob stopped with the match: the others see his seat as his
    assert not table.seats[BOB].takeover
    await cid.wait_for(lambda: not info(cid, code, CID)["seats"][BOB]["bot"])
    # Bob comes back and asks: the rematch begins, his seat played by nobody but him
    if back_by == "join":
        back = ProtocolClient(realm_server.url, "back")
        await back.connect()
        assert (await back.join(code, BOB, bob.tokens[(code, BOB)]))["t"] == "seated"
    else:
        back = bob
        assert (await request(bob, "resume", code, BOB))["t"] == "seated"
        await bob.wait_for(lambda: not info(bob, code, BOB)["seats"][BOB]["left"])
    assert match(back, code, BOB)["ready"] == [CID]
    assert (await next_game(back, code, BOB))["waiting"] == []
    await cid.wait_for(began(cid, code, CID, 3))
    assert match(cid, code, CID)["number"] == 2 and match(cid, code, CID)["game"] == 1
    bo = table.seats[BOB]
    assert not bo.takeover and not bo.stood_in and bo.grace is None
    assert not info(cid, code, CID)["seats"][BOB]["bot"]
    for client in {cid, bob, back}:
        await client.close()


async def test_a_rematch_waits_for_a_player_who_left_and_conceded_by_the_policy(
    realm_server: LocalServer,
) -> None:
    """Under "concede": Bob concedes game one and leaves; past his grace he agrees to game
    two, and concedes it too when his grace there runs out. Cid has won the match, and
    Cid's ask alone does not start a rematch."""
    creator = ProtocolClient(realm_server.url, "creator")
    await creator.connect()
    specs = [{"kind": "human", "name": "Cid"}, {"kind": "human", "name": "Bob"}]
    options = {"seed": str(SEED), "bot_seed": 1, "pass_delay": 0, "best_of": 3,
               "grace": 0.05, "policy": "concede"}  # fmt: skip
    code = (await creator.create("realm", DUEL, specs, options))["table"]
    await creator.close()
    cid = await seated(realm_server.url, code, CID, "Cid")
    bob = await seated(realm_server.url, code, BOB, "Bob")
    await cid.wait_for(began(cid, code, CID, 1))
    assert (await request(bob, "concede", code, BOB))["t"] == "conceded"
    await play_seat(cid, code, CID, policy(3), timeout=120)
    assert (await request(bob, "leave", code, BOB))["t"] == "left"
    await cid.wait_for(lambda: info(cid, code, CID)["seats"][BOB]["left"])
    assert (await next_game(cid, code, CID))["waiting"] == [BOB]
    await cid.wait_for(began(cid, code, CID, 2), timeout=30)
    await play_seat(cid, code, CID, policy(3), timeout=120)  # Bob concedes past his grace
    assert match(cid, code, CID)["winners"] == [CID]
    table = realm_server.server.lobby.get(code)
    assert table is not None and table.seats[BOB].conceded_away
    answer = await next_game(cid, code, CID)
    assert answer["next"] == "rematch" and answer["waiting"] == [BOB], answer
    assert table.status == "over"
    assert (await request(bob, "resume", code, BOB))["t"] == "seated"
    await next_game(bob, code, BOB)
    await cid.wait_for(began(cid, code, CID, 3))
    assert not table.seats[BOB].conceded and not table.seats[BOB].stood_in
    for client in (cid, bob):
        await client.close()


def test_a_rematch_waits_for_every_seat_a_stand_in_played() -> None:
    """Before a match's next game a seat the server plays for agrees unasked; before a
    rematch (the match decided) nobody does: not a bot's seat, nor one that conceded by
    the policy "concede" while its player was gone."""

    def seat(n: int, **flags: Any) -> SimpleNamespace:
        base = {"seat": n, "kind": "human", "takeover": False, "conceded": False,
                "grace": None}  # fmt: skip
        return SimpleNamespace(**{**base, **flags})

    seats = [seat(0), seat(1, takeover=True), seat(2, conceded=True)]
    table = SimpleNamespace(seats=seats, options={"policy": "concede"}, connected=lambda s: s == 0)
    series = SimpleNamespace(ready={0}, decided=False)
    assert Series.waiting_for(series, table) == []  # type: ignore[arg-type]
    series.decided = True
    assert Series.waiting_for(series, table) == [1, 2]  # type: ignore[arg-type]


async def test_an_ask_for_a_rematch_outlasts_the_connection_of_the_one_who_asked(
    realm_server: LocalServer,
) -> None:
    """Nobody is connected to the finished table once Cid, who asked, loses the
    connection: the table stays in memory with the ask (a lost connection keeps it), and
    its summary says so to anyone looking before joining."""
    from client.net.ask import peek_table

    cid, bob, code = await match_won_by_bob_after_he_left(realm_server.url)
    assert (await next_game(cid, code, CID))["waiting"] == [BOB]
    await bob.close()
    await cid.close()  # a lost connection, not a leave
    for _ in range(200):
        await asyncio.sleep(0.01)
        if not realm_server.server.lobby.tables[code].subscribers():
            break
    assert code in realm_server.server.lobby.tables  # kept, with the ask
    summary = await peek_table(realm_server.url, code)
    assert summary["match"]["ready"] == [CID], summary["match"]

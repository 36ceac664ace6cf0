"""Under the away policy "concede" no bot stands in: the match's history says the choice
of who plays first was made for an away chooser, not by a bot; every player's seat info
says a seat conceded by the policy (``conceded_away``); and a player back after their
seat conceded several games of a match is told each of them, not "this game"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server import streams
from server.client import ProtocolClient, play_seat
from server.local import LocalServer
from tests.server.kit import policy
from tests.server.test_srv_match import (
    DUEL,
    SEED,
    began,
    info,
    match,
    next_game,
    quick_server,
    realm_server,
)
from tests.server.test_srv_rematch_left import BOB, CID, request, seated

__all__ = ["realm_server"]  # the fixture, used by name


async def match_conceded_away(url: str) -> tuple[ProtocolClient, ProtocolClient, str]:
    """The tester's table: a best of 3 under "concede". Cid concedes game one; Bob leaves
    and his seat concedes games two and three past his grace (game three's choice of who
    plays first is his, made for him). Cid wins the match, 2–1, Bob still away."""
    creator = ProtocolClient(url, "creator")
    await creator.connect()
    specs = [{"kind": "human", "name": "Cid"}, {"kind": "human", "name": "Bob"}]
    options = {"seed": str(SEED), "bot_seed": 1, "pass_delay": 0, "best_of": 3,
               "grace": 0.05, "policy": "concede"}  # fmt: skip
    code = (await creator.create("realm", DUEL, specs, options))["table"]
    await creator.close()
    cid = await seated(url, code, CID, "Cid")
    bob = await seated(url, code, BOB, "Bob")
    await cid.wait_for(began(cid, code, CID, 1))
    assert (await request(cid, "concede", code, CID))["t"] == "conceded"
    await play_seat(bob, code, BOB, policy(3), timeout=120)  # Bob wins game one
    assert (await request(bob, "leave", code, BOB))["t"] == "left"
    await next_game(cid, code, CID)
    await cid.wait_for(began(cid, code, CID, 2), timeout=30)
    await cid.wait_for(lambda: info(cid, code, CID)["seats"][BOB]["conceded"], timeout=30)
    assert info(cid, code, CID)["seats"][BOB]["conceded_away"] is True  # not Bob's doing
    assert info(cid, code, CID)["seats"][CID]["conceded_away"] is False
    await play_seat(cid, code, CID, policy(3), timeout=120)  # Bob's seat concedes game two
    await next_game(cid, code, CID)  # Bob, gone and conceding, agrees unasked
    await cid.wait_for(began(cid, code, CID, 3), timeout=30)
    await play_seat(cid, code, CID, policy(3), timeout=120)  # and game three
    assert match(cid, code, CID)["winners"] == [CID]
    return cid, bob, code


def check_history(games: list[dict[str, Any]]) -> None:
    assert games[1]["chooser"] == CID and games[1]["chosen_by"] is None  # Cid's own
    assert games[2]["chooser"] == BOB and games[2]["chosen_by"] == "away"  # no bot's


def check_told(back: ProtocolClient) -> None:
    (told,) = [n for n in back.notices if n["code"] == "played_for_you"]
    assert told["data"]["games"] == [2, 3]
    said = told["message"]
    assert said.startswith("You were away too long: your seat conceded games 2 and 3")
    assert "this game" not in said


async def test_a_match_conceded_away_is_told_game_by_game_and_no_bot_is_said_to_choose(
    realm_server: LocalServer,
) -> None:
    cid, bob, code = await match_conceded_away(realm_server.url)
    check_history(match(cid, code, CID)["games"])
    assert (await request(bob, "resume", code, BOB))["t"] == "seated"
    check_told(bob)
    for client in (cid, bob):
        await client.close()


async def test_after_a_restart_the_log_tells_the_same(tmp_path: Path) -> None:
    """The server rebuilds the history and the conceded games from the command log."""
    db = str(tmp_path / "away.db")
    srv = await quick_server(db)
    cid, bob, code = await match_conceded_away(srv.url)
    tokens = dict(bob.tokens)
    for client in (cid, bob):
        await client.close()
    await srv.stop()
    srv = await quick_server(db)
    try:
        back = ProtocolClient(srv.url, "back")
        await back.connect()
        back.tokens.update(tokens)
        assert (await back.join(code, BOB))["t"] == "seated"
        check_history(match(back, code, BOB)["games"])
        check_told(back)
        await back.close()
    finally:
        await srv.stop()


def test_the_sentence_names_the_games_the_seat_conceded() -> None:
    said = streams.away_conceded_sentence
    here = (1, 3)
    start = "You were away too long: your seat conceded"
    assert said([(1, 3)], here, 3, 5) == f"{start} this game (4 moves made for you first)."
    assert said([(1, 3)], here, 3, 1) == f"{start} this game."
    assert said([(1, 2)], here, 3, 2) == f"{start} game 2 (1 move made for you first)."
    assert said([(1, 2), (1, 3)], here, 3, 6) == (
        f"{start} games 2 and 3 (4 other moves made for you)."
    )
    assert said([(1, 1), (1, 2), (1, 3)], here, 5, 3) == f"{start} games 1, 2 and 3."
    assert said([(1, 1), (2, 1)], (2, 1), 1, 2) == f"{start} 2 games."


async def test_a_player_who_conceded_then_left_is_not_said_to_concede_for_being_away(
    tmp_path: Path,
) -> None:
    """Their own concession stands: the grace running out afterwards neither marks the
    seat as conceded by the away policy nor tells the table that they were away too
    long."""
    srv = await quick_server(str(tmp_path / "own.db"))
    try:
        creator = ProtocolClient(srv.url, "creator")
        await creator.connect()
        specs = [{"kind": "human", "name": "Cid"}, {"kind": "human", "name": "Bob"}]
        options = {"seed": str(SEED), "bot_seed": 1, "pass_delay": 0, "grace": 60,
                   "policy": "concede"}  # fmt: skip
        code = (await creator.create("realm", DUEL, specs, options))["table"]
        await creator.close()
        cid = await seated(srv.url, code, CID, "Cid")
        bob = await seated(srv.url, code, BOB, "Bob")
        await cid.wait_for(began(cid, code, CID, 1))
        assert (await request(bob, "concede", code, BOB))["t"] == "conceded"
        table = srv.server.lobby.tables[code]
        seat = table.seats[BOB]
        if table.status == "playing":  # still in play: the grace may run out meanwhile
            table._grace_over(seat)  # as the grace timer does
            assert not seat.conceded_away
        said = [n["message"] for n in cid.notices]
        assert not any("away too long" in m for m in said), said
        await cid.close()
        await bob.close()
    finally:
        await srv.stop()


async def test_a_concession_waiting_for_its_priority_outlasts_a_restart(tmp_path: Path) -> None:
    """Cid concedes while Bob is to act: the rules take it at Cid's next priority. A
    server restarted meanwhile still has it (it was stored before it was acknowledged),
    and Cid is out at that priority: Bob wins."""
    db = str(tmp_path / "concede.db")
    srv = await quick_server(db)
    creator = ProtocolClient(srv.url, "creator")
    await creator.connect()
    specs = [{"kind": "human", "name": "Cid"}, {"kind": "human", "name": "Bob"}]
    options = {"seed": str(SEED), "bot_seed": 1, "pass_delay": 0}
    code = (await creator.create("realm", DUEL, specs, options))["table"]
    await creator.close()
    cid = await seated(srv.url, code, CID, "Cid")
    bob = await seated(srv.url, code, BOB, "Bob")
    await cid.wait_for(began(cid, code, CID, 1))
    view = cid.doc(code, CID)["view"]
    assert view["to_act"] == BOB  # Bob chooses faces first: Cid has no priority yet
    assert (await request(cid, "concede", code, CID))["t"] == "conceded"
    tokens = {**cid.tokens, **bob.tokens}
    for client in (cid, bob):
        await client.close()
    await srv.stop()
    srv = await quick_server(db)
    try:
        back = ProtocolClient(srv.url, "back")
        await back.connect()
        back.tokens.update(tokens)
        assert (await back.join(code, BOB))["t"] == "seated"
        await back.wait_for(lambda: back.doc(code, BOB) is not None)
        seats = info(back, code, BOB)["seats"]
        assert seats[CID]["conceded"] and not seats[CID]["conceded_away"]
        await play_seat(back, code, BOB, policy(3), timeout=120)  # to Cid's priority
        assert info(back, code, BOB)["status"] == "over"
        assert back.doc(code, BOB)["view"]["result"]["winners"] == [BOB]
        await back.close()
    finally:
        await srv.stop()

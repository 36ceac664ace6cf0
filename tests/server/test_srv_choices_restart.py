"""What a seat's player chose at a table is stored with it: an ask for the next game (a
rematch, a match's next game; taking it back by leaving too), the response settings and
whether they left the table. A server restart keeps them."""

from __future__ import annotations

from pathlib import Path

from server.client import ProtocolClient
from server.local import LocalServer
from tests.server.kit import open_table, play_game, toy_server
from tests.server.test_srv_match import began, info, match, next_game
from tests.server.test_srv_rematch_leave import leave


async def finished_with_an_ask(
    db: Path,
) -> tuple[LocalServer, str, dict[tuple[str, int], str], ProtocolClient]:
    """A toy game played to its end on a server kept in ``db``; seat 1 asks for a
    rematch. Returns the server, the code, both seats' tokens and seat 1's client."""
    srv = await toy_server(db_path=str(db))
    code, result, (p0, p1) = await play_game(srv.url, 2, seed=12)
    assert result is not None
    await next_game(p1, code, 1)
    await p0.wait_for(lambda: match(p0, code, 0)["ready"] == [1])
    return srv, code, {**p0.tokens, **p1.tokens}, p1


async def back_at(
    url: str, code: str, seat: int, tokens: dict[tuple[str, int], str]
) -> ProtocolClient:
    client = ProtocolClient(url, f"back{seat}")
    await client.connect()
    client.tokens.update(tokens)
    assert (await client.join(code, seat))["t"] == "seated"
    return client


async def test_an_ask_for_a_rematch_outlasts_a_server_restart(tmp_path: Path) -> None:
    srv, code, tokens, _ = await finished_with_an_ask(tmp_path / "a.db")
    await srv.stop()
    srv2 = await toy_server(db_path=str(tmp_path / "a.db"))
    try:
        p0 = await back_at(srv2.url, code, 0, tokens)
        assert match(p0, code, 0)["ready"] == [1]  # still asking, without coming back
        answer = await next_game(p0, code, 0)
        assert answer["waiting"] == []
        await p0.wait_for(began(p0, code, 0, 2))  # the rematch begins on the second ask
        await p0.close()
    finally:
        await srv2.stop()


async def test_an_ask_taken_back_by_leaving_stays_taken_back_after_a_restart(
    tmp_path: Path,
) -> None:
    srv, code, tokens, p1 = await finished_with_an_ask(tmp_path / "b.db")
    assert (await leave(p1, code, 1))["t"] == "left"
    await p1.close()
    await srv.stop()
    srv2 = await toy_server(db_path=str(tmp_path / "b.db"))
    try:
        p0 = await back_at(srv2.url, code, 0, tokens)
        assert match(p0, code, 0)["ready"] == []
        answer = await next_game(p0, code, 0)
        assert answer["waiting"] == [1]  # the rematch waits for the one who left
        await p0.close()
    finally:
        await srv2.stop()


async def test_a_seats_settings_outlast_a_server_restart(tmp_path: Path) -> None:
    """A restarted server answers a seat's windows as its player asked (auto-pass off),
    before the player is back: it used to give every seat the defaults until then."""
    db = tmp_path / "c.db"
    srv = await toy_server(db_path=str(db))
    holder, code = await open_table(srv.url, 2)
    token = holder.tokens[(code, 0)]
    settings = {"t": "settings", "table": code, "seat": 0, "token": token,
                "auto_pass": False, "stops": ["battle"], "hold": True}  # fmt: skip
    assert (await holder.request(settings))["t"] == "settings"
    await srv.stop()
    srv2 = await toy_server(db_path=str(db))
    try:
        table = srv2.server.lobby.get(code)
        assert table is not None
        kept = table.seats[0].settings
        assert (kept["auto_pass"], kept["stops"], kept["hold"]) == (False, ["battle"], True)
        assert table.seats[1].settings["auto_pass"] is True  # the other seat: as it was
    finally:
        await srv2.stop()


async def test_a_player_who_left_is_still_said_to_have_left_after_a_restart(
    tmp_path: Path,
) -> None:
    srv, code, tokens, p1 = await finished_with_an_ask(tmp_path / "d.db")
    assert (await leave(p1, code, 1))["t"] == "left"
    await p1.close()
    await srv.stop()
    srv2 = await toy_server(db_path=str(tmp_path / "d.db"))
    try:
        p0 = await back_at(srv2.url, code, 0, tokens)
        seats = info(p0, code, 0)["seats"]
        assert seats[1]["left"] is True and seats[0]["left"] is False
        p1_back = await back_at(srv2.url, code, 1, tokens)  # back: no longer "left"
        await p0.wait_for(lambda: info(p0, code, 0)["seats"][1]["left"] is False)
        await p1_back.close()
        await p0.close()
    finally:
        await srv2.stop()

"""An ask for the next game (a rematch, a match's next game) is stored with the table:
a server restart between games keeps it, and taking it back (leaving) is stored too."""

from __future__ import annotations

from pathlib import Path

from server.client import ProtocolClient
from server.local import LocalServer
from tests.server.kit import play_game, toy_server
from tests.server.test_srv_match import began, match, next_game
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

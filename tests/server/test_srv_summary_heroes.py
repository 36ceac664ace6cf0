"""What ``list`` with a join code tells of a table's heroes: a seat's ``hero`` is the one
chosen at the table (null: random), so a random hero is not told before the game deals
it; once the game is under way ``match.heroes`` has every seat's hero, the same the
board shows everyone (what the Join and Watch screens name)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from server.client import ProtocolClient
from server.local import LocalServer, start_local_server


@pytest.fixture
async def realm() -> AsyncIterator[LocalServer]:
    srv = await start_local_server(allow_fixed_seeds=True)
    try:
        yield srv
    finally:
        await srv.stop()


async def _summary(client: ProtocolClient, code: str) -> dict[str, Any]:
    reply = await client.request({"t": "list", "table": code})
    assert reply["t"] == "tables" and len(reply["tables"]) == 1, reply
    return reply["tables"][0]  # type: ignore[no-any-return]


async def test_a_random_hero_is_told_once_the_game_has_dealt_it(realm: LocalServer) -> None:
    ann = ProtocolClient(realm.url, "Ann")
    bob = ProtocolClient(realm.url, "Bob")
    await ann.connect()
    await bob.connect()
    try:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
        created = await ann.create("realm", {"format": "duel"}, seats, {"seed": 5}, claim=[0])
        assert created["t"] == "created", created
        code = created["table"]
        waiting = await _summary(bob, code)
        assert waiting["status"] == "waiting"
        assert waiting["seats"][0]["hero"] is None  # random: not dealt yet
        assert waiting["match"]["heroes"] == []
        reply = await bob.request({"t": "join", "table": code, "hero": "kael_morvane",
                                   "name": "Bob"})  # fmt: skip
        assert reply["t"] == "seated", reply
        await ann.join(code, 0)
        board = ann.doc(code, 0)
        assert board is not None and board["view"] is not None
        shown = [p["hero"] for p in board["view"]["players"]]
        playing = await _summary(bob, code)
        assert playing["status"] == "playing"
        assert [s["hero"] for s in playing["seats"]] == [None, "kael_morvane"]  # as chosen
        assert playing["match"]["heroes"] == shown
        assert shown[1] == "kael_morvane" and isinstance(shown[0], str) and shown[0]
    finally:
        await bob.close()
        await ann.close()

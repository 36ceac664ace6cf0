"""The seat info every player gets says a seat conceded (``conceded``) once its player's
grace runs out under the away policy "concede": the client marks such a seat, still in the
game until its next priority, "conceding" from it (the seat info needs no new field)."""

from __future__ import annotations

from server.local import LocalServer
from tests.server.test_srv_reconnect import two_clients


async def test_a_seat_conceded_away_says_so_in_every_player_s_seat_info(
    server: LocalServer,
) -> None:
    holder, other, code = await two_clients(server.url, {"grace": 0.01, "policy": "concede"})
    await other.close()
    await holder.wait_for(lambda: holder.doc(code, 0)["table"]["seats"][1]["conceded"] is True)
    doc = holder.doc(code, 0)
    seat = doc["table"]["seats"][1]
    assert seat["kind"] == "human" and seat["claimed"] and seat["connected"] is False
    assert doc["table"]["seats"][0]["conceded"] is False
    await holder.close()

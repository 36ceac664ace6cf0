"""Complete games through real websockets clients, 2 to 4 seats."""

from __future__ import annotations

import pytest

from server.local import LocalServer
from tests.server.kit import play_game


@pytest.mark.parametrize("seats", [2, 3, 4])
async def test_complete_game_all_humans(server: LocalServer, seats: int) -> None:
    code, result, clients = await play_game(server.url, seats, seed=100 + seats, watch=True)
    assert result is not None and result["winners"]
    for client in clients:
        doc = client.doc(code, None) if client.name == "watcher" else None
        if doc is not None:
            assert doc["table"]["result"] == result
        await client.close()

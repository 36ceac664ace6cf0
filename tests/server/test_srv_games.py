"""Complete games through real websockets clients, 2 to 4 seats."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from server.local import LocalServer
from shared.protocol.diff import apply_ops, hash_due, view_hash
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


async def test_every_eighth_patch_carries_the_documents_hash(server: LocalServer) -> None:
    """Patches carry ``hash`` exactly when ``seq`` is a multiple of HASH_EVERY, and each
    one is the hash of the document the patches so far build from the last sync."""
    seen: list[dict[str, Any]] = []  # copies: the clients change their documents in place

    def record(msg: dict[str, Any]) -> None:
        seen.append(copy.deepcopy(msg))

    code, result, clients = await play_game(server.url, 2, seed=31, watch=True, record=record)
    assert result is not None
    # Several clients may hold the same stream (the same frames): follow each stream once.
    docs: dict[tuple[str, int | None], tuple[int, Any]] = {}
    hashed = unhashed = 0
    for msg in seen:
        key = (msg.get("table"), msg.get("seat"))
        if key[0] != code:
            continue
        if msg["t"] == "sync" and (key not in docs or msg["seq"] > docs[key][0]):
            docs[key] = (msg["seq"], msg["doc"])
        elif msg["t"] == "patch" and key in docs and msg["seq"] == docs[key][0] + 1:
            doc = apply_ops(docs[key][1], msg["ops"])
            docs[key] = (msg["seq"], doc)
            if hash_due(msg["seq"]):
                assert msg["hash"] == view_hash(doc)
                hashed += 1
            else:
                assert msg["hash"] is None
                unhashed += 1
    assert hashed >= 2 and unhashed >= 7 * hashed - 7 * len(docs)
    assert all(s.resyncs == 0 for c in clients for s in c.streams.values())
    for client in clients:
        await client.close()

"""The authority matrix: every message type × absent / wrong / other seat's token."""

from __future__ import annotations

from typing import Any

import pytest

from server.client import ProtocolClient
from server.local import LocalServer
from tests.server.kit import open_table, view


def seat_messages(code: str, version: int) -> dict[str, dict[str, Any]]:
    """Every seat-scoped message, for seat 0, without its token."""
    return {
        "submit": {
            "t": "submit",
            "table": code,
            "seat": 0,
            "version": version,
            "action": {"kind": "pass"},
        },
        "settings": {"t": "settings", "table": code, "seat": 0, "auto_pass": False},
        "chat": {"t": "chat", "table": code, "seat": 0, "text": "hello"},
        "sync": {"t": "sync", "table": code, "seat": 0},
        "leave": {"t": "leave", "table": code, "seat": 0},
        "join": {"t": "join", "table": code, "seat": 0},
        "resume": {"t": "resume", "table": code, "seat": 0},
    }


TOKENS = ["absent", "wrong", "other"]


@pytest.mark.parametrize("token_case", TOKENS)
@pytest.mark.parametrize("kind", ["submit", "settings", "chat", "sync", "leave", "join", "resume"])
async def test_seat_messages_need_that_seats_token(
    server: LocalServer, kind: str, token_case: str
) -> None:
    holder, code = await open_table(server.url, 2)
    version = view(holder, code, 0)["version"]
    intruder = ProtocolClient(server.url, "intruder")
    await intruder.connect()
    msg = seat_messages(code, version)[kind]
    if token_case == "wrong":
        msg["token"] = "A" * 32
    elif token_case == "other":
        msg["token"] = holder.tokens[(code, 1)]
    elif kind == "resume":
        msg["token"] = ""  # resume requires the field; an empty token is refused by the schema
    reply = await intruder.request(msg)
    table = server.server.lobby.get(code)
    assert table is not None
    if kind == "join" and token_case == "absent":
        # join without a token claims a free seat: seat 0 is taken
        assert reply["t"] == "error" and reply["code"] == "seat_taken"
    elif kind == "resume" and token_case == "absent":
        assert reply["t"] == "error" and reply["code"] == "malformed"
    else:
        expected = "refused" if kind == "submit" else "error"
        assert reply["t"] == expected and reply["code"] == "unauthorized", reply
    # nothing changed: same version, same settings, no chat, the intruder holds no stream
    assert table.rules.version(table.state) == version
    assert table.seats[0].settings["auto_pass"] is True
    assert not [m for m in holder.inbox if m["t"] == "chat"]
    assert not intruder.streams
    await intruder.close()
    await holder.close()


async def test_the_right_token_works_for_every_type(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2)
    to_act = view(holder, code, 0)["to_act"]
    version = view(holder, code, 0)["version"]
    token = holder.tokens[(code, to_act)]
    for kind, msg in seat_messages(code, version).items():
        msg = {**msg, "seat": to_act, "token": token}
        if kind == "submit":
            msg["action"] = view(holder, code, to_act)["legal"][0]
        reply = await holder.request(msg)
        assert reply["t"] in {"accepted", "settings", "sync", "left", "seated", "chat"}, (
            kind,
            reply,
        )
        if kind == "chat":
            assert reply["t"] == "chat" and reply["text"] == "hello"
    await holder.close()


async def test_spectators_only_where_allowed(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2, options={"spectators": False})
    watcher = ProtocolClient(server.url, "watcher")
    await watcher.connect()
    reply = await watcher.request({"t": "watch", "table": code})
    assert reply["code"] == "forbidden"
    reply = await watcher.request({"t": "sync", "table": code, "seat": None})
    assert reply["code"] == "forbidden"
    reply = await watcher.request(
        {"t": "submit", "table": code, "seat": None, "version": 0, "action": {}}
    )
    assert reply["t"] == "refused" and reply["code"] == "unauthorized"
    await watcher.close()
    await holder.close()


async def test_spectator_sync_needs_watching_first(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2)
    watcher = ProtocolClient(server.url, "watcher")
    await watcher.connect()
    reply = await watcher.request({"t": "sync", "table": code, "seat": None})
    assert reply["code"] == "forbidden"
    assert (await watcher.request({"t": "watch", "table": code}))["t"] == "watching"
    reply = await watcher.request({"t": "sync", "table": code, "seat": None})
    assert reply["t"] == "sync" and reply["doc"]["view"]["players"][0]["hand"] is None
    await watcher.close()
    await holder.close()


@pytest.mark.parametrize(
    "msg",
    [
        {"t": "list"},
        {"t": "ping"},
        {"t": "watch", "table": "ZZZZZZ"},
        {"t": "create", "game": "toy", "setup": {}, "seats": [{"kind": "bot"}, {"kind": "bot"}]},
    ],
)
async def test_nothing_before_hello(server: LocalServer, msg: dict[str, Any]) -> None:
    client = ProtocolClient(server.url, "rude")
    await client.connect(hello=False)
    reply = await client.request(dict(msg))
    assert reply["t"] == "error" and reply["code"] == "not_hello"
    await client.close()


async def test_unknown_table(server: LocalServer) -> None:
    client = ProtocolClient(server.url, "lost")
    await client.connect()
    for msg in (
        {"t": "watch", "table": "NOPE99"},
        {"t": "join", "table": "NOPE99"},
        {"t": "chat", "table": "NOPE99", "seat": 0, "token": "x", "text": "hi"},
    ):
        assert (await client.request(msg))["code"] == "not_found"
    reply = await client.request(
        {"t": "submit", "table": "NOPE99", "seat": 0, "token": "x", "version": 0, "action": {}}
    )
    assert reply["t"] == "refused" and reply["code"] == "not_found"
    await client.close()


async def test_tokens_are_stored_hashed_and_sent_once(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2, join=False)
    table = server.server.lobby.get(code)
    assert table is not None
    for seat in (0, 1):
        token = holder.tokens[(code, seat)]
        assert table.seats[seat].token_hash != token
        rows = server.server.store.db.execute("SELECT token_hash FROM seats").fetchall()  # type: ignore[union-attr]
        assert all(token not in str(row) for row in rows)
    await holder.join(code, 0)
    assert not [m for m in holder.inbox if m.get("token")]
    await holder.close()

"""One question to a server over a short-lived connection: connect, say hello, send one
request, gather its answers, close.

The replay list and a finished game's replay (``client/replay.py``) and the Join
screen's look at a table before joining (:func:`peek_table`) use it; a game itself runs
on the long-lived :class:`client.net.connection.Connection`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from shared.protocol import codec

#: The request id of the one question asked on the connection.
ASK_ID = "ask-1"


class ServerSaid(Exception):
    """The server answered the question with an ``error``: its code and its sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _one(answers: list[dict[str, Any]]) -> bool:
    return True


async def ask(
    url: str,
    request: dict[str, Any],
    timeout: float,
    *,
    name: str = "client",
    done: Callable[[list[dict[str, Any]]], bool] = _one,
) -> list[dict[str, Any]]:
    """Send ``request`` to the server at ``url``; its answers (the messages with the
    request's id) until ``done`` says they are all in (by default, the first). Raises
    :class:`ServerSaid` for an ``error``, ``OSError``/``TimeoutError`` for a server not
    reached in ``timeout`` seconds, and websockets' errors for a broken connection."""
    from websockets.asyncio.client import connect

    from shared.protocol import PROTOCOL_VERSION

    answers: list[dict[str, Any]] = []
    async with connect(url, compression=None, max_size=codec.CLIENT_LIMITS.max_frame,
                       open_timeout=timeout) as ws:  # fmt: skip
        await ws.send(codec.encode({"t": "hello", "v": PROTOCOL_VERSION, "name": name}))
        await ws.send(codec.encode({**request, "id": ASK_ID}))
        async with asyncio.timeout(timeout):
            async for frame in ws:
                msg = codec.decode(frame, codec.CLIENT_LIMITS)
                if msg.get("t") == "error":
                    raise ServerSaid(str(msg.get("code")), str(msg.get("message")))
                if msg.get("id") != ASK_ID:
                    continue
                answers.append(msg)
                if done(answers):
                    break
    return answers


async def peek_table(url: str, code: str, timeout: float = 5.0) -> dict[str, Any]:
    """The table with join code ``code`` as the server lists it (its seats, names,
    heroes, status, match), for a player about to join or watch it. :class:`ServerSaid`
    (``not_found``, with the server's sentence) when there is none."""
    answers = await ask(url, {"t": "list", "table": code}, timeout, name="join")
    tables = answers[0].get("tables") if answers else None
    if not isinstance(tables, list) or not tables or not isinstance(tables[0], dict):
        raise ServerSaid("not_found", "The server did not describe that table.")
    return tables[0]

"""Leak scan: every frame to every seat and spectator, across 100+ games.

Each seat's client claims its own seat (so only it ever receives its token). Every raw
frame received by every client is kept with the version of the state it was made from;
afterwards the game is replayed from its seed with the toy rules, and each frame is
searched for the identity of any card hidden from its recipient at that version, for the
seed, and for any other seat's token.
"""

from __future__ import annotations

import asyncio
from typing import Any

from server.bots import random_choice
from server.client import ProtocolClient, play_seat
from server.local import LocalServer
from shared.protocol import codec
from tests.server.toygame import RULESET, hidden_from

GAMES = 102


class Recorder:
    """Keeps (raw frame, state version) for one recipient."""

    def __init__(self) -> None:
        self.frames: list[tuple[bytes, int]] = []
        self.client: ProtocolClient | None = None
        self.key: tuple[str, int | None] | None = None

    def version(self) -> int:
        assert self.client is not None and self.key is not None
        doc = self.client.doc(*self.key)
        view = (doc or {}).get("view") or {}
        return int(view.get("version", 0))


async def recorded_client(url: str, name: str) -> tuple[ProtocolClient, Recorder]:
    rec = Recorder()
    client = ProtocolClient(url, name)
    client.record = None
    await client.connect()
    original = client._on_message

    def on_message(msg: dict[str, Any]) -> None:
        original(msg)
        rec.frames.append((codec.encode(msg), rec.version() if rec.key else 0))

    client._on_message = on_message  # type: ignore[method-assign]
    rec.client = client
    return client, rec


async def one_game(url: str, index: int) -> list[str]:
    seats = 2 + index % 3
    seed = 2**100 + index * 7919
    bots = (seats - 1,) if index % 4 == 0 else ()
    creator = ProtocolClient(url, "creator")
    await creator.connect()
    specs = [{"kind": "bot" if i in bots else "human"} for i in range(seats)]
    options = {"seed": str(seed), "bot_seed": index, "pass_delay": 0}
    created = await creator.create("toy", {}, specs, options, claim=[])
    code = created["table"]
    await creator.close()
    players: dict[int, tuple[ProtocolClient, Recorder]] = {}
    tokens: dict[int, str] = {}
    spectator, spec_rec = await recorded_client(url, "spectator")
    spec_rec.key = (code, None)
    await spectator.request({"t": "watch", "table": code})
    for seat in range(seats):
        if seat in bots:
            continue
        client, rec = await recorded_client(url, f"p{seat}")
        rec.key = (code, seat)
        reply = await client.request({"t": "join", "table": code, "seat": seat, "name": f"P{seat}"})
        assert reply["t"] == "seated", reply
        tokens[seat] = reply["token"]
        players[seat] = (client, rec)

    def policy(view: dict[str, Any], seat: int) -> dict[str, Any]:
        action = random_choice(view, index, seat)
        assert action is not None
        return action

    await asyncio.gather(*(play_seat(c, code, s, policy) for s, (c, _) in players.items()))
    await spectator.wait_for(lambda: spectator.doc(code, None)["table"]["status"] == "over")
    log = [(row.seat, row.action) for row in _table_log(code)]
    states = [RULESET.new_game({"seats": seats}, seed)]
    for seat, action in log:
        states.append(RULESET.apply(states[-1], seat, action)[0])
    problems = []
    recipients = [(s, rec) for s, (_, rec) in players.items()] + [(None, spec_rec)]
    for seat, rec in recipients:
        secrets_ = [str(seed), format(seed, "x")]
        secrets_ += [tok for s, tok in tokens.items() if s != seat]
        for raw, version in rec.frames:
            hidden = hidden_from(states[min(version, len(states) - 1)], seat)
            for needle in [*secrets_, *hidden]:
                if needle.encode() in raw:
                    problems.append(f"game {index} seat {seat} v{version}: {needle!r} leaked")
    for client, _ in players.values():
        await client.close()
    await spectator.close()
    return problems


_SERVER: list[LocalServer] = []


def _table_log(code: str) -> list[Any]:
    srv = _SERVER[0].server
    table_id = srv.store.table_id_for(code)  # type: ignore[union-attr]
    return srv.store.commands(table_id)  # type: ignore[union-attr]


async def test_no_hidden_card_seed_or_token_reaches_anyone(server: LocalServer) -> None:
    _SERVER[:] = [server]
    problems: list[str] = []
    for start in range(0, GAMES, 17):
        batches = await asyncio.gather(
            *(one_game(server.url, i) for i in range(start, min(GAMES, start + 17)))
        )
        for batch in batches:
            problems.extend(batch)
    assert not problems, problems[:10]


async def test_the_scan_would_catch_a_leak(server: LocalServer) -> None:
    """Sanity check of the oracle: a seat's own frames do contain its own hand."""
    _SERVER[:] = [server]
    client, rec = await recorded_client(server.url, "solo")
    created = await client.create(
        "toy", {}, [{"kind": "human"}, {"kind": "human"}], {"seed": 5}, claim=[0, 1]
    )
    code = created["table"]
    rec.key = (code, 0)
    await client.join(code, 0)
    state = RULESET.new_game({"seats": 2}, 5)
    own = {card for _, card in state.hands[0]}
    other = hidden_from(state, 0)
    joined = b"".join(raw for raw, _ in rec.frames)
    assert all(card.encode() in joined for card in own)
    assert not any(card.encode() in joined for card in other)
    await client.close()

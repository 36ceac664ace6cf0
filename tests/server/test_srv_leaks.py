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

import pytest

from server.bots import random_choice
from server.client import ProtocolClient, play_seat
from server.config import ServerConfig
from server.local import LocalServer
from server.options import spectator_view, table_options
from shared.protocol import ProtocolError, codec
from shared.protocol.messages import SERVER_MESSAGES
from tests.server.kit import open_table, view
from tests.server.toygame import RULESET, hidden_from

GAMES = 102


class Recorder:
    """Keeps (raw frame, state version) for one recipient."""

    def __init__(self) -> None:
        self.frames: list[tuple[bytes, int]] = []
        self.client: ProtocolClient | None = None
        self.key: tuple[str, int | None] | None = None
        #: messages of a type, or with fields, that ``SERVER_MESSAGES`` does not list
        self.unlisted: list[str] = []

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
        fields = SERVER_MESSAGES.get(str(msg.get("t")))
        if fields is None or not set(msg) <= {"t", *fields}:  # the documented schema
            rec.unlisted.append(f"{msg.get('t')}: {sorted(set(msg) - {'t', *(fields or ())})}")

    client._on_message = on_message  # type: ignore[method-assign]
    rec.client = client
    return client, rec


async def one_game(url: str, index: int, spectators: Any = None) -> list[str]:
    """Play one toy game; every leak found in any recipient's frames. ``spectators``: the
    table's option (absent: the default); with ``"all"`` the spectator may see every
    hand, so only the deck, the seed and the tokens must stay hidden from it."""
    seats = 2 + index % 3
    seed = 2**100 + index * 7919
    bots = (seats - 1,) if index % 4 == 0 else ()
    creator = ProtocolClient(url, "creator")
    await creator.connect()
    specs = [{"kind": "bot" if i in bots else "human"} for i in range(seats)]
    options: dict[str, Any] = {"seed": str(seed), "bot_seed": index, "pass_delay": 0}
    if spectators is not None:
        options["spectators"] = spectators
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
        problems += [f"game {index} seat {seat}: unlisted {u}" for u in rec.unlisted]
        secrets_ = [str(seed), format(seed, "x")]
        secrets_ += [tok for s, tok in tokens.items() if s != seat]
        for raw, version in rec.frames:
            state = states[min(version, len(states) - 1)]
            open_view = seat is None and spectators == "all"
            hidden = set(state.deck) if open_view else hidden_from(state, seat)
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


@pytest.mark.parametrize("spectators", [True, "public"])
async def test_spectators_of_a_public_table_never_see_a_hand(
    server: LocalServer, spectators: Any
) -> None:
    _SERVER[:] = [server]
    batches = await asyncio.gather(*(one_game(server.url, i, spectators) for i in range(6)))
    problems = [p for batch in batches for p in batch]
    assert not problems, problems[:10]


async def test_spectators_of_an_open_table_see_every_hand_and_nothing_else(
    server: LocalServer,
) -> None:
    _SERVER[:] = [server]
    batches = await asyncio.gather(*(one_game(server.url, i, "all") for i in range(1, 6)))
    problems = [p for batch in batches for p in batch]
    assert not problems, problems[:10]  # no deck card, seed or token, even to spectators


async def test_an_open_table_shows_each_seat_s_hand_to_spectators(server: LocalServer) -> None:
    holder, code = await open_table(
        server.url, 3, options={"spectators": "all", "listed": True}, seed=11
    )
    watcher = ProtocolClient(server.url, "watcher")
    await watcher.connect()
    await watcher.request({"t": "watch", "table": code})
    await watcher.wait_for(lambda: watcher.doc(code, None) is not None)
    for step in range(12):  # a few moves, then compare at the same version
        seat = view(holder, code, 0)["to_act"]
        await holder.submit(code, seat, view(holder, code, seat)["version"],
                            view(holder, code, seat)["legal"][step % 2 and -1])  # fmt: skip
    version = view(holder, code, 0)["version"]
    await watcher.wait_for(lambda: view(watcher, code, None)["version"] == version)
    shown = view(watcher, code, None)
    for seat in range(3):
        own = view(holder, code, seat)["players"][seat]["hand"]
        assert own and shown["players"][seat]["hand"] == own
    info = watcher.doc(code, None)["table"]["options"]
    assert info["spectators"] is True and info["spectator_view"] == "all"
    listed = await watcher.request({"t": "list"})
    mine = next(t for t in listed["tables"] if t["table"] == code)
    assert mine["spectators"] is True and mine["spectator_view"] == "all"
    drawn = [e for e in watcher.streams[(code, None)].events if e["t"] == "drew"]
    assert drawn and all("card" in e for e in drawn)  # as the drawing seat saw it
    await watcher.close()
    await holder.close()


async def test_a_public_table_shows_no_hand_to_spectators(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2, seed=11)
    watcher = ProtocolClient(server.url, "watcher")
    await watcher.connect()
    await watcher.request({"t": "watch", "table": code})
    await watcher.wait_for(lambda: watcher.doc(code, None) is not None)
    shown = view(watcher, code, None)
    assert all(p["hand"] is None for p in shown["players"])
    assert watcher.doc(code, None)["table"]["options"]["spectator_view"] == "public"
    await watcher.close()
    await holder.close()


@pytest.mark.parametrize(
    ("value", "allowed", "shown"),
    [(False, False, "none"), ("none", False, "none"), (True, True, "public"),
     ("public", True, "public"), ("all", True, "all")],
)  # fmt: skip
def test_the_spectators_option_keeps_the_old_boolean(value: Any, allowed: bool, shown: str) -> None:
    options = table_options({"spectators": value}, ServerConfig())
    assert options["spectators"] is allowed and options["spectator_view"] == shown
    assert spectator_view(options) == shown
    assert spectator_view({"spectators": allowed}) == ("public" if allowed else "none")


@pytest.mark.parametrize("value", ["everyone", 1, None, ["all"]])
def test_a_bad_spectators_option_is_refused(value: Any) -> None:
    raw = {"spectators": value}
    if value is None:  # absent and null mean the same: the default
        assert table_options(raw, ServerConfig())["spectator_view"] == "public"
        return
    with pytest.raises(ProtocolError) as info:
        table_options(raw, ServerConfig())
    assert info.value.code == "bad_setup" and "spectators" in info.value.message

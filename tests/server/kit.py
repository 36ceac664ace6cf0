"""Helpers for server tests: the toy rule set registration, a game driver, and a realm
duel table driven in-process."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from server.bots import random_choice
from server.client import ProtocolClient, play_seat
from server.config import ServerConfig
from server.local import LocalServer, start_local_server
from server.options import seat_specs, table_options
from server.seating import Host
from server.store import Store
from server.table import Table, seat_rows
from shared.rules.base import RuleSet

TOY = "toy=tests.server.toygame:RULESET"
HERE = Path(__file__).parent


async def toy_server(**settings: Any) -> LocalServer:
    return await start_local_server(rulesets=(TOY,), allow_fixed_seeds=True, **settings)


def policy(salt: int):
    def choose(view: dict[str, Any], seat: int) -> dict[str, Any]:
        action = random_choice(view, salt, seat)
        assert action is not None
        return action

    return choose


async def play_game(
    url: str,
    seats: int,
    *,
    seed: int,
    bots: tuple[int, ...] = (),
    record: Any = None,
    watch: bool = False,
    options: dict[str, Any] | None = None,
) -> tuple[str, dict[str, Any] | None, list[ProtocolClient]]:
    """One toy game: a client per human seat (plus a spectator); returns code and result."""
    specs = [{"kind": "bot" if i in bots else "human", "name": f"P{i}"} for i in range(seats)]
    humans = [i for i in range(seats) if i not in bots]
    creator = ProtocolClient(url, "creator", record=record)
    await creator.connect()
    opts = {"seed": seed, "bot_seed": seed + 1, "pass_delay": 0, **(options or {})}
    created = await creator.create("toy", {}, specs, opts, claim=humans)
    assert created["t"] == "created", created
    code = created["table"]
    clients = []
    for seat in humans:
        client = ProtocolClient(url, f"p{seat}", record=record)
        await client.connect()
        await client.join(code, seat, creator.tokens[(code, seat)])
        clients.append((seat, client))
    watcher = None
    if watch:
        watcher = ProtocolClient(url, "watcher", record=record)
        await watcher.connect()
        reply = await watcher.request({"t": "watch", "table": code})
        assert reply["t"] == "watching"
    await creator.close()
    results = await asyncio.gather(*(play_seat(c, code, s, policy(seed)) for s, c in clients))
    result = results[0] if results else None
    if watcher is not None:
        await watcher.wait_for(
            lambda: (watcher.doc(code, None) or {}).get("table", {}).get("status") == "over"
        )
    all_clients = [c for _, c in clients] + ([watcher] if watcher else [])
    return code, result, all_clients


async def open_table(
    url: str,
    seats: int = 2,
    *,
    seed: int = 7,
    bots: tuple[int, ...] = (),
    options: dict[str, Any] | None = None,
    join: bool = True,
) -> tuple[ProtocolClient, str]:
    """One client holding every human seat of a new toy table (joined unless told not)."""
    client = ProtocolClient(url, "holder")
    await client.connect()
    specs = [{"kind": "bot" if i in bots else "human", "name": f"P{i}"} for i in range(seats)]
    humans = [i for i in range(seats) if i not in bots]
    opts = {"seed": seed, "bot_seed": seed, "pass_delay": 0, **(options or {})}
    created = await client.create("toy", {}, specs, opts, claim=humans)
    assert created["t"] == "created", created
    code = created["table"]
    if join:
        for seat in humans:
            await client.join(code, seat)
    return client, code


def view(client: ProtocolClient, code: str, seat: int | None) -> dict[str, Any]:
    doc = client.doc(code, seat)
    assert doc is not None and doc["view"] is not None
    return doc["view"]  # type: ignore[no-any-return]


@contextlib.contextmanager
def duel_table(
    rules: RuleSet[Any], seats: list[dict[str, Any]], code: str, seed: int, bot_seed: int
) -> Iterator[Table]:
    """A realm duel table of ``seats`` (seat specs) with no pass delay and no spectators,
    in a store in memory, on a host of its own, not yet claimed nor started; the table,
    the host's worker and the store are shut down on leaving."""
    config = ServerConfig(allow_fixed_seeds=True)
    store = Store(":memory:")
    host = Host(store, config, ThreadPoolExecutor(1))
    options = table_options({"pass_delay": 0, "spectators": False}, config)
    rows = seat_rows(seat_specs(seats))
    table_id = store.create_table(code, "realm", {"format": "duel"}, options, seed, bot_seed, rows)
    table = Table(host, rules, store.load_table(table_id))
    try:
        yield table
    finally:
        table.shutdown()
        host.executor.shutdown()
        store.close()


def play_randomly(table: Table, rng: random.Random, actions: int) -> None:
    """Up to ``actions`` choices, each drawn by ``rng`` from the legal actions of the seat
    to act and submitted as a person's (each must be accepted), until the game is over."""
    for _ in range(actions):
        if table.status != "playing":
            break
        seat = table.rules.to_act(table.state)
        assert seat is not None
        legal = table.rules.legal_actions(table.state, seat)
        action = legal[rng.randrange(len(legal))]
        answer = table.submit(seat, None, table.rules.version(table.state), action, "human")
        assert answer["t"] == "accepted", answer


def command_log(table: Table) -> list[tuple[int, dict[str, Any], str]]:
    """The table's command log as (seat, action, source): ``auto`` marks the server's
    automatic passes."""
    return [(c.seat, c.action, c.source) for c in table.host.store.commands(table.id)]

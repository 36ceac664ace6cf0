"""Real Realm Divided games through the server (websockets clients, bots, a spectator),
with the secrecy checks that can be made from the outside on every frame."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from server.bots import random_choice
from server.client import ProtocolClient, deciding, play_seat
from server.local import LocalServer, start_local_server
from shared.protocol import codec

SEED = 2**90 + 12345


def walk(node: Any) -> Any:
    stack = [node]
    while stack:
        item = stack.pop()
        yield item
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def check_frame(msg: dict[str, Any], seat: int | None, other_tokens: list[str]) -> list[str]:
    problems = []
    raw = codec.encode(msg)
    for secret in [str(SEED), format(SEED, "x"), *other_tokens]:
        if secret.encode() in raw:
            problems.append(f"secret in {msg['t']}")
    if msg["t"] == "sync":
        for player in msg["doc"]["view"]["players"] if msg["doc"]["view"] else []:
            if player["seat"] != seat and player["hand"] is not None:
                problems.append(f"seat {seat} sees the hand of seat {player['seat']}")
    if msg["t"] == "patch":
        for op in msg["ops"]:
            path = op[1]
            if path[:2] == ["view", "players"] and len(path) >= 4 and path[3] == "hand":
                if path[2] != seat and op[0] == "s" and op[2] is not None:
                    problems.append(f"seat {seat} got a hand patch {path}")
            elif path[:2] == ["view", "players"]:
                # a whole player (or the list) was sent: no other seat's hand inside
                for node in walk(op[2:]):
                    if (
                        isinstance(node, dict)
                        and "hand_count" in node
                        and node.get("seat") != seat
                        and node.get("hand") is not None
                    ):
                        problems.append(f"seat {seat} got another hand in {path}")
        for event in msg["events"]:
            if "secret" in event:
                problems.append(f"unfiltered event {event['t']}")
            if event["t"] == "drew" and event.get("seat") != seat and "card" in event:
                problems.append("another seat's draw shows its card")
    return problems


async def realm_game(
    url: str, setup: dict[str, Any], humans: list[int], seats: int, salt: int
) -> None:
    specs = [{"kind": "human" if i in humans else "bot", "name": f"R{i}"} for i in range(seats)]
    creator = ProtocolClient(url, "creator")
    await creator.connect()
    created = await creator.create(
        "realm", setup, specs, {"seed": str(SEED), "bot_seed": salt, "pass_delay": 0}, claim=[]
    )
    assert created["t"] == "created", created
    code = created["table"]
    await creator.close()
    problems: list[str] = []
    tokens: dict[int, str] = {}
    clients: dict[int | None, ProtocolClient] = {}

    def recorder(seat: int | None):
        def record(msg: dict[str, Any]) -> None:
            problems.extend(check_frame(msg, seat, [t for s, t in tokens.items() if s != seat]))

        return record

    watcher = ProtocolClient(url, "watcher", record=recorder(None))
    await watcher.connect()
    await watcher.request({"t": "watch", "table": code})
    for seat in humans:
        client = ProtocolClient(url, f"h{seat}", record=recorder(seat))
        await client.connect()
        reply = await client.request({"t": "join", "table": code, "seat": seat})
        tokens[seat] = reply["token"]
        clients[seat] = client

    def policy(view: dict[str, Any], seat: int) -> dict[str, Any]:
        action = random_choice(view, salt, seat)
        assert action is not None
        return action

    results = await asyncio.gather(
        *(play_seat(c, code, s, policy, timeout=120) for s, c in clients.items() if s is not None)
    )
    assert results[0] is not None and results[0]["winners"]
    await watcher.wait_for(lambda: watcher.doc(code, None)["table"]["status"] == "over", timeout=60)
    assert watcher.doc(code, None)["view"]["result"] == results[0]
    for client in [*clients.values(), watcher]:
        await client.close()
    assert not problems, problems[:5]


@pytest.fixture
async def realm_server() -> Any:
    srv = await start_local_server(allow_fixed_seeds=True)
    yield srv
    await srv.stop()


async def test_duel_two_people(realm_server: LocalServer) -> None:
    await realm_game(realm_server.url, {"format": "duel"}, [0, 1], 2, salt=1)


async def test_ffa_three_seats_with_bots(realm_server: LocalServer) -> None:
    await realm_game(realm_server.url, {"format": "ffa"}, [1], 3, salt=2)


async def test_team_four_seats_with_bots(realm_server: LocalServer) -> None:
    setup = {"format": "team", "seats": [{"team": 0}, {"team": 1}, {"team": 0}, {"team": 1}]}
    await realm_game(realm_server.url, setup, [2], 4, salt=3)


async def test_team_game_as_the_client_asks_for_it(realm_server: LocalServer) -> None:
    """The client's setup names no teams: seats 1 and 3 play against 2 and 4."""
    await realm_game(realm_server.url, {"format": "team"}, [0], 4, salt=4)


async def test_stronger_bot_levels_play_through_the_server(realm_server: LocalServer) -> None:
    """A level-2 bot seat (worker process) against a random client, to the end."""
    client = ProtocolClient(realm_server.url, "human")
    await client.connect()
    created = await client.create(
        "realm",
        {"format": "duel"},
        [{"kind": "bot", "level": 2}, {"kind": "human"}],
        {"seed": 11, "bot_seed": 12},
        claim=[1],
    )
    code = created["table"]
    await client.join(code, 1)
    result = await play_seat(client, code, 1, lambda v, s: random_choice(v, 5, s), timeout=120)  # type: ignore[arg-type,return-value]
    assert result is not None and result["winners"]
    await client.close()


async def test_restart_restores_a_realm_game_exactly(tmp_path: Any) -> None:
    db = str(tmp_path / "realm.db")
    srv = await start_local_server(db, allow_fixed_seeds=True)
    client = ProtocolClient(srv.url, "human")
    await client.connect()
    created = await client.create(
        "realm",
        {"format": "duel"},
        [{"kind": "human"}, {"kind": "bot"}],
        {"seed": str(SEED), "bot_seed": 3},
        claim=[0],
    )
    code = created["table"]
    await client.join(code, 0)
    last = -1
    for _ in range(15):
        await client.wait_for(deciding(client, code, 0, last))
        view = client.doc(code, 0)["view"]
        last = view["version"]
        reply = await client.submit(code, 0, last, random_choice(view, 1, 0))  # type: ignore[arg-type]
        assert reply["t"] in ("accepted", "refused")
    # stopped while the person must decide (not while the bot thinks, which it would
    # finish after the restart)
    await client.wait_for(deciding(client, code, 0, last))
    table = srv.server.lobby.get(code)
    assert table is not None
    before = (table.rules.state_hash(table.state), table.rules.version(table.state))
    token = client.tokens[(code, 0)]
    await srv.stop()
    srv2 = await start_local_server(db, allow_fixed_seeds=True)
    try:
        restored = srv2.server.lobby.get(code)
        assert restored is not None
        assert (
            restored.rules.state_hash(restored.state),
            restored.rules.version(restored.state),
        ) == before
        back = ProtocolClient(srv2.url, "back")
        await back.connect()
        await back.join(code, 0, token)
        assert back.doc(code, 0)["view"]["version"] == before[1]
        await back.close()
    finally:
        await srv2.stop()


async def test_hero_choice_pick_or_random(realm_server: LocalServer) -> None:
    from shared.rules.realm.catalog import load_catalog

    heroes = sorted(load_catalog().heroes)
    client = ProtocolClient(realm_server.url, "picker")
    await client.connect()
    created = await client.create(
        "realm",
        {"format": "duel"},
        [{"kind": "human", "hero": heroes[0]}, {"kind": "human"}],
        {"pass_delay": 0},
        claim=[0],
    )
    code = created["table"]
    bad = ProtocolClient(realm_server.url, "bad")
    await bad.connect()
    reply = await bad.request({"t": "join", "table": code, "hero": "no_such_hero"})
    assert reply["t"] == "error" and reply["code"] == "bad_setup"
    reply = await bad.request({"t": "join", "table": code, "hero": heroes[1]})
    assert reply["t"] == "seated"
    await client.join(code, 0)
    players = client.doc(code, 0)["view"]["players"]
    assert [p["hero"] for p in players] == [heroes[0], heroes[1]]
    await bad.close()
    await client.close()


async def test_seats_show_the_teams_the_setup_names(realm_server: LocalServer) -> None:
    client = ProtocolClient(realm_server.url, "teams")
    await client.connect()
    setup = {"format": "team", "seats": [{"team": t} for t in (1, 0, 1, 0)]}
    created = await client.create(
        "realm", setup, [{"kind": "human"}] * 4, {"pass_delay": 0}, claim=[0]
    )
    code = created["table"]
    await client.join(code, 0)
    seats = client.doc(code, 0)["table"]["seats"]
    assert [s["team"] for s in seats] == [1, 0, 1, 0]
    await client.close()


@pytest.mark.parametrize(("fmt", "seats", "told"),
                         [("duel", 2, "first_player"), ("team", 4, "team_roll")])  # fmt: skip
async def test_every_seat_hears_how_the_game_began(
    realm_server: LocalServer, fmt: str, seats: int, told: str
) -> None:
    """The opening's events reach every seat and watcher as the game starts: who plays
    first (a duel) or which team won the roll (the team game); not the deal's draws,
    which the hands show."""
    got: list[dict[str, Any]] = []
    client = ProtocolClient(realm_server.url, "host", record=got.append)
    await client.connect()
    specs = [{"kind": "human", "name": f"R{i}"} for i in range(seats)]
    created = await client.create("realm", {"format": fmt}, specs,
                                  {"seed": str(SEED), "pass_delay": 0},
                                  claim=list(range(seats)))  # fmt: skip
    code = created["table"]
    await client.request({"t": "watch", "table": code})
    for seat in range(seats):
        await client.join(code, seat)
    await client.wait_for(lambda: all(client.doc(code, s)["view"] for s in range(seats)))
    await client.wait_for(lambda: client.doc(code, None)["view"] is not None)
    for seat in [*range(seats), None]:  # in the start's patch, or the sync after it
        events = [e for m in got if m["t"] in ("sync", "patch") and m["seat"] == seat
                  for e in m.get("events") or []]  # fmt: skip
        kinds = [e["t"] for e in events]
        assert told in kinds and "game_started" in kinds, (seat, kinds)
        assert "drew" not in kinds, (seat, kinds)
    await client.close()

"""Replays on a live server (``replay`` / ``replays`` messages), records, summaries, and
the recording of local games (``server/replays.py``, ``docs/replays.md``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from server.client import ProtocolClient, play_seat
from server.local import LocalServer, local_games_path, recording_settings, start_local_server
from server.replays import (
    GameRecord,
    ReplayError,
    Runner,
    build_parts,
    kept_summaries,
    read_jsonl,
    read_table,
    record_from_store,
    records_of,
    store_summaries,
    summarize,
)
from server.store import SeatRow, Store
from shared.protocol import codec
from shared.protocol.diff import apply_ops
from tests.server.kit import TOY, open_table, policy
from tests.server.toygame import RULESET as TOY_RULES
from tests.server.toygame import hidden_from

SEED = 2**100 + 4321  # wide, so its digits cannot turn up in a frame by chance
REALM_SEED = 2**90 + 777
HEROES = ("thedric_egen", "beledan_kind")


# --------------------------------------------------------------------------- helpers


def store_realm_game(
    store: Store, seed: int = REALM_SEED, *, over: bool = True, spectators: bool = True,
    code: str = "RPLY22", humans: tuple[int, ...] = (0,), max_turns: int | None = None,
) -> str:  # fmt: skip
    """Write one Realm Divided duel, played by random bots, into ``store`` as a server
    would have: the table, its seats, every command and (``over``) the result."""
    from server.simulate import make_setup, play_game

    setup = make_setup("duel", HEROES)
    log: list[dict[str, Any]] = []
    result = play_game(setup, seed, ("random",), record=log, max_turns=max_turns)
    seats = [
        SeatRow(i, "human" if i in humans else "bot", 0, f"P{i}", HEROES[i], None) for i in range(2)
    ]
    options = {"spectators": spectators, "hotseat": False, "timer": 0}
    table_id = store.create_table(code, "realm", {"format": "duel"}, options, seed, 1, seats)
    store.set_status(table_id, "playing")
    for idx, line in enumerate(log):
        store.append_command(table_id, idx, line["seat"], None, line["action"], "bot")
    if over:
        store.set_status(table_id, "over", {"winners": result.winners, "reason": result.reason})
    return code


async def fetch(
    client: ProtocolClient, request: dict[str, Any]
) -> tuple[list[dict[str, Any]], list[bytes]]:
    """Every ``replay`` part answering ``request`` (and the raw frames), or the error."""
    raw: list[bytes] = []
    client.record = lambda msg: raw.append(codec.encode(msg))
    first = await client.request(request, timeout=60)
    if first["t"] != "replay":
        return [first], raw
    await client.wait_for(
        lambda: sum(1 for m in client.inbox if m.get("id") == first["id"]) >= first["parts"],
        timeout=60,
    )
    parts = [m for m in client.inbox if m.get("id") == first["id"] and m["t"] == "replay"]
    return sorted(parts, key=lambda p: p["part"]), raw


def frames(parts: list[dict[str, Any]]) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """(view, events) per step, rebuilt from the parts as a client would."""
    import copy

    view = copy.deepcopy(parts[0]["view"])
    out = [(copy.deepcopy(view), [])]
    for part in parts:
        for step in part["steps"]:
            view = apply_ops(view, step["ops"])
            out.append((copy.deepcopy(view), step["events"]))
    return out


async def toy_game_over(
    url: str, seats: int = 3, spectators: bool = True
) -> tuple[str, dict[int, str]]:
    """A finished toy game (every seat a person, each on its own connection)."""
    creator = ProtocolClient(url, "creator")
    await creator.connect()
    specs = [{"kind": "human", "name": f"P{i}"} for i in range(seats)]
    options = {"seed": str(SEED), "bot_seed": 3, "pass_delay": 0, "spectators": spectators}
    created = await creator.create("toy", {}, specs, options, claim=list(range(seats)))
    code = created["table"]
    tokens = {s: creator.tokens[(code, s)] for s in range(seats)}
    await creator.close()
    clients = []
    for seat in range(seats):
        client = ProtocolClient(url, f"p{seat}")
        await client.connect()
        await client.join(code, seat, tokens[seat])
        clients.append((seat, client))
    await asyncio.gather(*(play_seat(c, code, s, policy(5)) for s, c in clients))
    for _, client in clients:
        await client.close()
    return code, tokens


@pytest.fixture
async def toy() -> Any:
    srv = await start_local_server(rulesets=(TOY,), allow_fixed_seeds=True)
    yield srv
    await srv.stop()


# --------------------------------------------------------------------------- over the network


async def test_a_finished_game_replays_with_nothing_hidden_in_any_frame(toy: LocalServer) -> None:
    """Spectator and each seat (with its token): every frame is the recipient's own view
    of that step, and no frame holds the seed or a card hidden from the recipient."""
    code, tokens = await toy_game_over(toy.url)
    store = toy.server.store
    assert store is not None
    table_id = store.table_id_for(code)
    assert table_id is not None
    log = store.commands(table_id)
    states = [TOY_RULES.new_game({"seats": [{"name": f"P{i}"} for i in range(3)]}, SEED)]
    for cmd in log:
        states.append(TOY_RULES.apply(states[-1], cmd.seat, cmd.action)[0])
    client = ProtocolClient(toy.url, "viewer")
    await client.connect()
    scanned = 0
    for seat in (None, 0, 1, 2):
        request: dict[str, Any] = {"t": "replay", "table": code.lower()}
        if seat is not None:
            request.update(seat=seat, token=tokens[seat])
        parts, raw = await fetch(client, request)
        assert parts[0]["t"] == "replay", parts[0]
        assert parts[0]["info"]["seat"] == seat and parts[0]["info"]["steps"] == len(log)
        blob = b"".join(raw)
        assert str(SEED).encode() not in blob and format(SEED, "x").encode() not in blob
        for other, token in tokens.items():
            assert other == seat or token.encode() not in blob
        rebuilt = frames(parts)
        assert len(rebuilt) == len(states)
        for k, (view, events) in enumerate(rebuilt):
            assert view == TOY_RULES.view_for(states[k], seat)
            data = codec.encode([view, events])
            leaked = [card for card in hidden_from(states[k], seat) if card.encode() in data]
            assert not leaked, f"seat {seat} step {k}: {leaked}"
            scanned += 1
        assert rebuilt[-1][0]["result"] is not None
    assert scanned == 4 * len(states)
    await client.close()


async def test_a_token_alone_finds_its_seat_and_a_wrong_one_is_refused(toy: LocalServer) -> None:
    code, tokens = await toy_game_over(toy.url, seats=2)
    client = ProtocolClient(toy.url, "viewer")
    await client.connect()
    parts, _ = await fetch(client, {"t": "replay", "table": code, "token": tokens[1]})
    assert parts[0]["seat"] == 1 and parts[0]["view"]["players"][1]["hand"] is not None
    for bad in (
        {"seat": 0, "token": tokens[1]},  # another seat's token
        {"seat": 0, "token": "A" * 32},
        {"token": "A" * 32},
        {"seat": 0},  # a seat without its token
    ):
        reply = await client.request({"t": "replay", "table": code, **bad})
        assert reply["t"] == "error" and reply["code"] == "unauthorized", (bad, reply)
    await client.close()


async def test_unknown_unfinished_and_private_tables_are_refused(toy: LocalServer) -> None:
    holder, playing = await open_table(toy.url, 2)
    private, _ = await toy_game_over(toy.url, seats=2, spectators=False)
    client = ProtocolClient(toy.url, "viewer")
    await client.connect()
    cases = {"NOSUCH": "not_found", playing: "not_finished", private: "forbidden"}
    for code, expected in cases.items():
        reply = await client.request({"t": "replay", "table": code})
        assert reply["t"] == "error" and reply["code"] == expected, (code, reply)
        assert reply["message"].endswith(".")
    listing = await client.request({"t": "replays"})
    assert listing["t"] == "replays"
    listed = {t["key"] for t in listing["tables"]}
    assert playing not in listed and private not in listed
    await holder.close()
    await client.close()


async def test_a_realm_replay_hides_hands_draws_and_the_seed(tmp_path: Path) -> None:
    from server.tokens import hash_token

    db = tmp_path / "server.db"
    store = Store(db)
    code = store_realm_game(store)
    table_id = store.table_id_for(code)
    assert table_id is not None
    store.claim_seat(table_id, 0, "P0", HEROES[0], hash_token("seat-zero-token"))
    store_realm_game(store, REALM_SEED + 1, over=False, code="UNFIN2")
    store.close()
    server = await start_local_server(db)
    try:
        client = ProtocolClient(server.url, "viewer")
        await client.connect()
        listing = await client.request({"t": "replays"})
        assert [t["key"] for t in listing["tables"]] == [code]
        summary = listing["tables"][0]
        assert [p["hero"] for p in summary["players"]] == list(HEROES)
        assert summary["turns"] > 1 and summary["winners"]
        parts, raw = await fetch(client, {"t": "replay", "table": code})
        blob = b"".join(raw)
        assert str(REALM_SEED).encode() not in blob
        assert format(REALM_SEED, "x").encode() not in blob
        rebuilt = frames(parts)
        for view, events in rebuilt:
            assert all(p.get("hand") is None for p in view["players"])
            for event in events:
                assert "secret" not in event
                assert not (event["t"] == "drew" and "card" in event), event
        assert rebuilt[-1][0]["result"]["winners"] == summary["winners"]
        own, raw = await fetch(client, {"t": "replay", "table": code, "token": "seat-zero-token"})
        assert own[0]["seat"] == 0 and str(REALM_SEED).encode() not in b"".join(raw)
        held = 0
        for view, events in frames(own):
            mine, theirs = view["players"]
            assert theirs.get("hand") is None and isinstance(mine["hand"], list)
            held += len(mine["hand"])
            for event in events:
                assert not (event["t"] == "drew" and event["seat"] == 1 and "card" in event)
        assert held > 0
        again = await client.request({"t": "replays"})  # the summary was kept
        assert again["tables"] == listing["tables"]
        await client.close()
    finally:
        await server.stop()


# --------------------------------------------------------------------------- records


def test_store_records_replay_to_their_stored_result(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    code = store_realm_game(store)
    table_id = store.table_id_for(code)
    assert table_id is not None
    record = record_from_store(store, table_id)
    assert "seed" not in repr(record) and str(REALM_SEED) not in repr(record)
    summary = summarize(record)
    stored = store.load_table(table_id).result
    assert stored is not None
    assert summary["winners"] == stored["winners"] and summary["problem"] is None
    assert summary["steps"] == len(record.commands) > 100
    listed = store_summaries(store)
    assert listed == [summary] and kept_summaries(store, table_id, summary["steps"]) == [summary]
    parts = build_parts(record, None)
    assert sum(len(p["steps"]) for p in parts) == summary["steps"]
    store.close()


def test_sim_files_read_and_bad_ones_name_their_line(tmp_path: Path) -> None:
    import json

    from server.simulate import Budget, Job, run_job

    run_job(Job(0, "duel", HEROES, ("random",), 99, Budget(iterations=5), True, str(tmp_path)))
    path = next(tmp_path.glob("*.jsonl"))
    record = read_jsonl(path)
    assert record.status == "over" and record.seed == 99
    assert summarize(record)["problem"] is None
    lines = path.read_text().splitlines()
    broken = {
        "empty.jsonl": "",
        "notjson.jsonl": lines[0] + "\n{oops\n",
        "header.jsonl": json.dumps({"setup": 3}) + "\n",
        "command.jsonl": lines[0] + "\n" + json.dumps({"seat": "x"}) + "\n",
        "after.jsonl": "\n".join([lines[0], lines[-1], lines[1]]) + "\n",
    }
    for name, text in broken.items():
        bad = tmp_path / name
        bad.write_text(text)
        with pytest.raises(ReplayError) as info:
            read_jsonl(bad)
        assert str(bad) in info.value.message
    changed = tmp_path / "changed.jsonl"
    changed.write_text("\n".join([lines[0], lines[2], *lines[1:]]) + "\n")  # out of order
    assert "no longer accept command 1 of" in (summarize(read_jsonl(changed))["problem"] or "")


# --------------------------------------------------------------------------- local games


async def test_local_games_are_recorded_and_never_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(tmp_path))
    assert local_games_path() == tmp_path / "local-games.db"
    settings = {**recording_settings(), "rulesets": (TOY,), "allow_fixed_seeds": True}
    first = await start_local_server(**settings)
    code, _ = await toy_game_over(first.url, seats=2)
    holder, unfinished = await open_table(first.url, 2)
    await holder.close()
    await first.stop()
    second = await start_local_server(**settings)
    try:
        assert second.server.lobby.tables == {}  # the unfinished game was not brought back
        store = second.server.store
        assert store is not None
        listed = {s["key"]: s["status"] for s in store_summaries(store, ("over", "playing"))}
        assert listed == {code: "over", unfinished: "unfinished"}
    finally:
        await second.stop()


# --------------------------------------------------------------------------- matches and rematches


def expected_steps(
    record: GameRecord, seat: int | None, hidden: Any = None
) -> list[tuple[dict[str, Any], list[dict[str, Any]], set[str]]]:
    """(view, events, cards hidden from ``seat``) per step of one game, played here from
    its record: what a replay of it may show ``seat``, and what it may not."""
    runner = Runner(record)
    rules = runner.rules

    def secret() -> set[str]:
        return set(hidden(runner.state, seat)) if hidden else set()

    out = [(rules.view_for(runner.state, seat), [], secret())]
    while runner.applied < runner.total:
        events = runner.step()
        out.append((rules.view_for(runner.state, seat), rules.events_for(events, seat), secret()))
    return out


def secrets(seeds: list[int], tokens: dict[int, str], seat: int | None) -> list[bytes]:
    """What no frame may hold: every seed (in digits, hex or as an encoded integer) and
    the tokens of the other seats."""
    out = [t.encode() for s, t in tokens.items() if s != seat]
    for seed in seeds:
        out += [str(seed).encode(), format(seed, "x").encode()]
        if seed < 2**64:
            out.append(codec.encode(seed))
    return out


async def check_game_frames(
    client: ProtocolClient, code: str, record: GameRecord, tokens: dict[int, str],
    seeds: list[int], hidden: Any = None,
) -> dict[str, Any]:  # fmt: skip
    """Fetch game ``record.index`` of table ``code`` as a spectator and as each seat (with
    its token); every frame must be exactly that perspective's view and events of the
    game played from its own record, hold no seed or other seat's token, and (``hidden``)
    no card hidden from the perspective. Returns the spectator's ``info``."""
    spectator: dict[str, Any] = {}
    for seat in (None, *tokens):
        request: dict[str, Any] = {"t": "replay", "table": code, "index": record.index}
        if seat is not None:
            request["token"] = tokens[seat]
        parts, raw = await fetch(client, request)
        assert parts[0]["t"] == "replay", parts[0]
        info = parts[0]["info"]
        assert info["index"] == record.index and info["seat"] == seat
        blob = b"".join(raw)
        assert not [s for s in secrets(seeds, tokens, seat) if s in blob], (record.index, seat)
        expected = expected_steps(record, seat, hidden)
        rebuilt = frames(parts)
        assert len(rebuilt) == len(expected) == info["steps"] + 1
        for k, ((view, events), (want, want_events, secret)) in enumerate(
            zip(rebuilt, expected, strict=True)
        ):
            assert view == want and events == want_events, (record.index, seat, k)
            data = codec.encode([view, events])
            assert not [c for c in secret if c.encode() in data], (record.index, seat, k)
            others = [p for p in view["players"] if p.get("seat", -1) != seat]
            assert all(p.get("hand") is None for p in others)
        assert rebuilt[-1][0]["result"]["winners"] == info["winners"]
        spectator = spectator or info
    return spectator


async def test_each_game_of_a_rematch_table_replays_with_no_card_or_seed_leaked(
    toy: LocalServer,
) -> None:
    """A toy table played twice (a rematch): each game is listed and replayed from its own
    seed, and no frame of either holds a card hidden from its recipient."""
    from server.matchplay import derive_seed
    from tests.server.test_srv_match import next_game

    creator = ProtocolClient(toy.url, "creator")
    await creator.connect()
    specs = [{"kind": "human", "name": f"P{i}"} for i in range(2)]
    options = {"seed": str(SEED), "bot_seed": 3, "pass_delay": 0}
    code = (await creator.create("toy", {}, specs, options, claim=[0, 1]))["table"]
    for seat in (0, 1):
        await creator.join(code, seat)
    tokens = {s: creator.tokens[(code, s)] for s in (0, 1)}
    results = []
    for game in (1, 2):
        if game == 2:
            for seat in (0, 1):
                assert (await next_game(creator, code, seat))["t"] == "next_game"
            await creator.wait_for(lambda: creator.doc(code, 0)["table"]["status"] == "playing")  # type: ignore[index]
        played = await asyncio.gather(*(play_seat(creator, code, s, policy(game)) for s in (0, 1)))
        results.append(played[0])
    store = toy.server.store
    assert store is not None
    table_id = store.table_id_for(code)
    assert table_id is not None
    records = records_of(read_table(store, table_id))
    assert [(r.index, r.games, r.best_of, r.status) for r in records] == [
        (1, 2, 1, "over"), (2, 2, 1, "over")
    ]  # fmt: skip
    assert records[0].seed == SEED and records[1].seed == derive_seed(SEED, "game 2")
    viewer = ProtocolClient(toy.url, "viewer")
    await viewer.connect()
    listing = await viewer.request({"t": "replays", "table": code})
    assert sorted(t["index"] for t in listing["tables"]) == [1, 2]
    seeds = [SEED, *(r.seed for r in records)]
    for record, result in zip(records, results, strict=True):
        assert result is not None
        info = await check_game_frames(viewer, code, record, tokens, seeds, hidden_from)
        assert info["winners"] == result["winners"]
    last, _ = await fetch(viewer, {"t": "replay", "table": code})  # no index: the last game
    assert last[0]["info"]["index"] == 2
    await viewer.close()
    await creator.close()


async def test_each_game_of_a_best_of_three_replays_to_its_own_winner() -> None:
    """A best-of-3 realm duel: each game is its own replay (its heroes, its winner), from
    the moment it is over, as a spectator and as each seat, with no seed in any frame."""
    from tests.server.test_srv_match import SEED as MATCH_SEED
    from tests.server.test_srv_match import both_ask, match, new_match_table, play_steps

    srv = await start_local_server(allow_fixed_seeds=True, rate=1e6, burst=10**6)
    try:
        client, code = await new_match_table(srv.url, best_of=3)
        tokens = {s: client.tokens[(code, s)] for s in (0, 1)}
        await play_steps(client, code)
        await both_ask(client, code)
        await play_steps(client, code, limit=5)  # game 2 under way
        viewer = ProtocolClient(srv.url, "viewer")
        await viewer.connect()
        listing = await viewer.request({"t": "replays", "table": code})
        assert [(t["index"], t["match_game"], t["best_of"]) for t in listing["tables"]] == [
            (1, 1, 3)
        ]
        for index, refusal in ((2, "not_finished"), (4, "not_found")):
            reply = await viewer.request({"t": "replay", "table": code, "index": index})
            assert reply["t"] == "error" and reply["code"] == refusal, reply
        first, _ = await fetch(viewer, {"t": "replay", "table": code})
        assert first[0]["info"]["index"] == 1  # the last finished game
        while True:
            await play_steps(client, code)
            if match(client, code, 0)["winners"] is not None:
                break
            await both_ask(client, code)
        games = match(client, code, 0)["games"]
        assert 2 <= len(games) <= 3
        store = srv.server.store
        assert store is not None
        table_id = store.table_id_for(code)
        assert table_id is not None
        records = records_of(read_table(store, table_id))
        assert [(r.index, r.match_game, r.status) for r in records] == [
            (g["game"], g["game"], "over") for g in games
        ]
        listing = await viewer.request({"t": "replays"})
        listed = sorted(listing["tables"], key=lambda t: t["index"])
        assert [t["key"] for t in listed] == [code] * len(games)
        seeds = [int(MATCH_SEED), *(r.seed for r in records)]
        for record, game, line in zip(records, games, listed, strict=True):
            assert [p["hero"] for p in line["players"]] == game["heroes"]
            assert line["winners"] == game["winners"] and line["games"] == len(games)
            info = await check_game_frames(viewer, code, record, tokens, seeds)
            assert info["winners"] == game["winners"] and info["match_game"] == game["game"]
        final = client.doc(code, 0)
        assert final is not None
        last, _ = await fetch(viewer, {"t": "replay", "table": code, "token": tokens[0]})
        assert frames(last)[-1][0] == final["view"]  # the last game as seat 0 saw it live
        await viewer.close()
        await client.close()
    finally:
        await srv.stop()


def realm_game_db(folder: Path, code: str) -> Path:
    """A games database in ``folder`` holding one finished Realm Divided duel."""
    path = folder / "games.db"
    store = Store(path)
    store_realm_game(store, code=code)
    store.close()
    return path

"""Reconnect: grace period, the table's policy (wait / bot / concede), resume with a token,
graceful restart on the same database."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from server.client import ProtocolClient
from server.local import LocalServer
from tests.server.kit import TOY, open_table, play_game, toy_server, view


async def until(predicate: object, timeout: float = 5.0) -> None:
    """Poll server-side state that sends no message when it changes."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():  # type: ignore[operator]
        assert loop.time() < deadline, "condition not met in time"
        await asyncio.sleep(0.005)


async def two_clients(url: str, options: dict) -> tuple[ProtocolClient, ProtocolClient, str]:
    holder, code = await open_table(url, 2, options=options, join=False)
    other = ProtocolClient(url, "other")
    await other.connect()
    await other.join(code, 1, holder.tokens[(code, 1)])
    await holder.join(code, 0)
    return holder, other, code


async def test_policy_bot_takes_over_after_grace_and_gives_the_seat_back(
    server: LocalServer,
) -> None:
    holder, other, code = await two_clients(server.url, {"grace": 0.05, "policy": "bot"})
    token = holder.tokens[(code, 1)]
    await other.close()
    await holder.wait_for(
        lambda: any(n["code"] == "bot_took_over" for n in holder.notices), timeout=5
    )
    assert any(n["code"] == "seat_disconnected" for n in holder.notices)
    await holder.wait_for(lambda: holder.doc(code, 0)["table"]["seats"][1]["bot"] is True)
    table = server.server.lobby.get(code)
    assert table is not None
    back = ProtocolClient(server.url, "back")
    await back.connect()
    await back.join(code, 1, token)
    assert back.doc(code, 1)["view"]["players"][1]["hand"] is not None
    await holder.wait_for(lambda: holder.doc(code, 0)["table"]["seats"][1]["bot"] is False)
    assert table.seats[1].takeover is False
    await back.close()
    await holder.close()


async def test_policy_wait_keeps_waiting(server: LocalServer) -> None:
    holder, other, code = await two_clients(server.url, {"grace": 0.01, "policy": "wait"})
    await other.close()
    await holder.wait_for(lambda: any(n["code"] == "seat_disconnected" for n in holder.notices))
    table = server.server.lobby.get(code)
    assert table is not None
    await until(lambda: table.seats[1].grace is None)
    assert not table.seats[1].botlike
    await holder.close()


async def test_policy_concede_sits_the_seat_out(server: LocalServer) -> None:
    holder, other, code = await two_clients(server.url, {"grace": 0.01, "policy": "concede"})
    await other.close()
    await holder.wait_for(
        lambda: any(n["code"] == "seat_conceded" for n in holder.notices), timeout=5
    )
    table = server.server.lobby.get(code)
    assert table is not None and table.seats[1].conceded
    await holder.close()


async def test_a_seat_that_concedes_in_a_realm_duel_loses_it(server: LocalServer) -> None:
    """Under "concede" the seat concedes at its next priority: in a duel the other player
    wins at once (the game does not go on with the seat passing every decision)."""
    creator = ProtocolClient(server.url, "creator")
    await creator.connect()
    specs = [{"kind": "bot", "name": "Bot"}, {"kind": "human", "name": "Bob"}]
    options = {"seed": 5, "bot_seed": 5, "pass_delay": 0, "grace": 0.01, "policy": "concede"}
    created = await creator.create("realm", {"format": "duel"}, specs, options, claim=[1])
    code = created["table"]
    await creator.join(code, 1)
    await creator.close()  # Bob leaves before the game has really begun
    table = server.server.lobby.get(code)
    assert table is not None
    await until(lambda: table.status == "over", timeout=20)
    assert table.seats[1].conceded and table.result is not None
    assert table.result["winners"] == [0]
    actions = [row.action for row in server.server.store.commands(table.id)]  # type: ignore[union-attr]
    assert actions[-1] == {"kind": "concede"}


async def test_resume_gets_a_full_sync_with_the_prompt(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2)
    to_act = view(holder, code, 0)["to_act"]
    token = holder.tokens[(code, to_act)]
    await holder.close()
    again = ProtocolClient(server.url, "again")
    await again.connect()
    reply = await again.request({"t": "resume", "table": code, "seat": to_act, "token": token})
    assert reply["t"] == "seated" and "token" not in reply
    await again.wait_for(lambda: again.doc(code, to_act) is not None)
    seat_view = view(again, code, to_act)
    assert seat_view["prompt"] is not None and seat_view["legal"]
    await again.close()


async def test_graceful_restart_on_the_same_database(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    srv = await toy_server(db_path=str(db))
    holder, code = await open_table(srv.url, 2)
    for _ in range(3):
        seat = view(holder, code, 0)["to_act"]
        v = view(holder, code, seat)
        await holder.submit(code, seat, v["version"], v["legal"][-1])
    version = view(holder, code, 0)["version"]
    tokens = dict(holder.tokens)
    await srv.stop()
    await holder.closed.wait()
    assert holder.close_code == 1001
    assert any(n["code"] == "server_stopping" for n in holder.notices)
    srv2 = await toy_server(db_path=str(db))
    try:
        back = ProtocolClient(srv2.url, "back")
        await back.connect()
        back.tokens.update(tokens)
        await back.join(code, 0)
        assert view(back, code, 0)["version"] == version
        await back.close()
    finally:
        await srv2.stop()


async def test_finished_games_stay_as_replays(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    srv = await toy_server(db_path=str(db))
    code, result, clients = await play_game(srv.url, 2, seed=4)
    for client in clients:
        await client.close()
    store = srv.server.store
    assert store is not None
    table_id = store.table_id_for(code)
    assert table_id is not None
    row = store.load_table(table_id)
    assert row.status == "over" and row.result == result
    assert store.commands(table_id)
    await srv.stop()
    srv2 = await toy_server(db_path=str(db))
    assert code not in srv2.server.lobby.tables  # not restored as a live game
    replay = srv2.server.lobby.get(code)  # but loaded on demand, finished
    assert replay is not None and replay.status == "over" and replay.result == result
    await srv2.stop()


def test_sigterm_stops_cleanly(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    log = tmp_path / "serve.log"
    with open(log, "wb") as sink:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "server",
                "--port",
                "0",
                "--db",
                str(tmp_path / "t.db"),
                "--ruleset",
                TOY,
            ],
            cwd=root,
            stderr=sink,
            env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        )
    try:

        async def wait_listening() -> None:
            while "listening on" not in log.read_text():
                assert proc.poll() is None, log.read_text()
                await asyncio.sleep(0.02)

        asyncio.run(asyncio.wait_for(wait_listening(), 20))
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
        assert "stopped" in log.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()


# --- chat history -------------------------------------------------------------------------


def histories(client: ProtocolClient, code: str) -> list[list[dict]]:
    return [m["lines"] for m in client.inbox if m["t"] == "chat_history" and m["table"] == code]


async def say(client: ProtocolClient, code: str, seat: int, text: str) -> None:
    msg = {"t": "chat", "table": code, "seat": seat, "token": client.tokens[(code, seat)]}
    reply = await client.request({**msg, "text": text})
    assert reply["t"] == "chat" and reply["text"] == text


async def test_chat_history_reaches_who_resumes_or_watches_later(server: LocalServer) -> None:
    holder, code = await open_table(server.url, 2)
    assert histories(holder, code) == [[]]  # one history per connection and table
    for seat, text in [(0, "hello"), (1, "hi there"), (0, "good luck")]:
        await say(holder, code, seat, text)
    again = ProtocolClient(server.url, "again")
    await again.connect()
    token = holder.tokens[(code, 1)]
    await again.request({"t": "resume", "table": code, "seat": 1, "token": token})
    watcher = ProtocolClient(server.url, "watcher")
    await watcher.connect()
    await watcher.request({"t": "watch", "table": code})
    for client in (again, watcher):
        await client.wait_for(lambda c=client: bool(histories(c, code)))
        [lines] = histories(client, code)
        assert [(x["seat"], x["name"], x["text"]) for x in lines] == [
            (0, "P0", "hello"), (1, "P1", "hi there"), (0, "P0", "good luck")
        ]  # fmt: skip
        assert all(isinstance(x["ts"], int) for x in lines)
    for client in (again, watcher, holder):
        await client.close()


class Sink:
    def deliver(self, frame: bytes) -> None:
        pass


async def test_chat_history_keeps_the_last_lines(server: LocalServer) -> None:
    from server.streams import CHAT_KEEP

    holder, code = await open_table(server.url, 2)
    table = server.server.lobby.get(code)
    assert table is not None
    for i in range(CHAT_KEEP + 5):
        table.chat(i % 2, f"line {i}", Sink())
    lines = table.chat_history()["lines"]
    assert len(lines) == CHAT_KEEP
    assert lines[0]["text"] == "line 5" and lines[-1]["text"] == f"line {CHAT_KEEP + 4}"
    store = server.server.store
    assert store is not None
    kept = store.chat_lines(table.id)
    assert [line for _, line in kept] == lines
    await holder.close()


async def test_chat_history_survives_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "chat.db")
    srv = await toy_server(db_path=db)
    holder, code = await open_table(srv.url, 2)
    await say(holder, code, 0, "before the restart")
    tokens = dict(holder.tokens)
    await srv.stop()
    await holder.closed.wait()
    srv = await toy_server(db_path=db)
    try:
        back = ProtocolClient(srv.url, "back")
        await back.connect()
        back.tokens.update(tokens)
        await back.join(code, 0)
        await back.wait_for(lambda: bool(histories(back, code)))
        assert [x["text"] for x in histories(back, code)[0]] == ["before the restart"]
        await say(back, code, 1, "after it")
        watcher = ProtocolClient(srv.url, "watcher")
        await watcher.connect()
        await watcher.request({"t": "watch", "table": code})
        await watcher.wait_for(lambda: bool(histories(watcher, code)))
        texts = [x["text"] for x in histories(watcher, code)[0]]
        assert texts == ["before the restart", "after it"]
        await watcher.close()
        await back.close()
    finally:
        await srv.stop()


async def test_a_seat_that_says_it_leaves_is_reported_as_left(server: LocalServer) -> None:
    """``leave`` (Ctrl+L in the client) is told as leaving, a dropped connection as a
    lost connection; the seat is kept either way (same grace and policy)."""
    holder, other, code = await two_clients(server.url, {"grace": 30, "policy": "wait"})
    reply = await other.request(
        {"t": "leave", "table": code, "seat": 1, "token": holder.tokens[(code, 1)]}
    )
    assert reply["t"] == "left"
    await holder.wait_for(lambda: any(n["code"] == "seat_disconnected" for n in holder.notices))
    said = [n for n in holder.notices if n["code"] == "seat_disconnected"]
    assert said[-1]["message"].startswith("P1 left the table;") and said[-1]["data"]["left"]
    back = ProtocolClient(server.url, "back")
    await back.connect()
    await back.join(code, 1, holder.tokens[(code, 1)])  # still theirs
    await back.close()
    await holder.wait_for(
        lambda: [n["code"] for n in holder.notices].count("seat_disconnected") == 2
    )
    dropped = [n for n in holder.notices if n["code"] == "seat_disconnected"][-1]
    assert dropped["message"].endswith("lost the connection.") and not dropped["data"]["left"]
    await other.close()
    await holder.close()


async def bob_against_a_bot(server: LocalServer) -> tuple[ProtocolClient, str, str, Any]:
    """A realm duel being played: a bot, and Bob (seat 1) held by the client returned."""
    creator = ProtocolClient(server.url, "creator")
    await creator.connect()
    specs = [{"kind": "bot", "name": "Bot"}, {"kind": "human", "name": "Bob"}]
    created = await creator.create(
        "realm", {"format": "duel"}, specs, {"seed": 5, "bot_seed": 5, "pass_delay": 0}, claim=[1]
    )
    code = created["table"]
    await creator.join(code, 1)
    table = server.server.lobby.get(code)
    assert table is not None
    await until(lambda: table.status == "playing")
    return creator, code, creator.tokens[(code, 1)], table


async def test_a_player_may_concede_and_then_only_the_server_plays_the_seat(
    server: LocalServer,
) -> None:
    creator, code, token, table = await bob_against_a_bot(server)
    version = table.rules.version(table.state)
    reply = await creator.request({"t": "concede", "table": code, "seat": 1, "token": token})
    assert reply == {"t": "conceded", "id": reply["id"], "table": code, "seat": 1}
    said = [n["message"] for n in creator.notices if n["code"] == "seat_conceded"]
    assert said == ["Bob concedes (out at their next priority)."]  # a setup decision now
    late = await creator.request(
        {"t": "submit", "id": 99, "table": code, "seat": 1, "token": token,
         "version": version, "action": {"kind": "pass"}}
    )  # fmt: skip
    assert late["t"] == "refused" and late["code"] == "conceded"
    await until(lambda: table.status == "over", timeout=20)
    assert table.result is not None and table.result["winners"] == [0]
    assert table.series.waiting_for(table) == [1]  # still here: asked like anyone else
    wrong = await creator.request({"t": "concede", "table": code, "seat": 1, "token": "x" * 32})
    assert wrong["t"] == "error" and wrong["code"] == "unauthorized"
    again = await creator.request({"t": "concede", "table": code, "seat": 1, "token": token})
    assert again["t"] == "error" and again["code"] == "not_playing"
    await creator.close()


async def test_a_player_who_leaves_the_lobby_frees_the_seat(server: LocalServer) -> None:
    """Before the first game a seat whose player says ``leave`` is free again: the game
    does not start with them gone, their token no longer takes it, someone else may."""
    maker = ProtocolClient(server.url, "maker")
    await maker.connect()
    specs = [{"kind": "human", "name": f"P{i}"} for i in range(3)]
    created = await maker.create("toy", {}, specs, {"pass_delay": 0}, claim=[0])
    code = created["table"]
    await maker.join(code, 0)
    leaver = ProtocolClient(server.url, "Lee")
    await leaver.connect()
    seated = await leaver.request({"t": "join", "table": code, "name": "Lee"})
    seat, token = seated["seat"], seated["token"]
    reply = await leaver.request({"t": "leave", "table": code, "seat": seat, "token": token})
    assert reply["t"] == "left"
    await maker.wait_for(lambda: any("seat is free again" in n["message"] for n in maker.notices))
    table = server.server.lobby.get(code)
    assert table is not None and not table.seats[seat].claimed and table.status == "waiting"
    assert table.seats[seat].name == f"Player {seat + 1}"  # not the leaver's name
    refused = await leaver.request({"t": "join", "table": code, "seat": seat, "token": token})
    assert refused["t"] == "error"  # the old token takes nothing back
    for name in ("Ann", "Bo"):  # two others fill the table: it starts with them
        other = ProtocolClient(server.url, name)
        await other.connect()
        assert (await other.request({"t": "join", "table": code, "name": name}))["t"] == "seated"
    assert table.status == "playing" and all(s.claimed for s in table.seats)
    assert {s.name for s in table.seats} == {"P0", "Ann", "Bo"}


async def test_a_player_who_concedes_with_priority_is_not_told_it_waits(
    server: LocalServer,
) -> None:
    from server.bots import random_choice

    creator, code, token, table = await bob_against_a_bot(server)
    for _ in range(50):  # Bob's setup decisions, until Bob has priority
        await until(lambda: table.rules.to_act(table.state) == 1, timeout=20)
        prompt = table.state.prompt
        if prompt.kind == "priority" and prompt.seat == 1:
            break
        view = table.rules.view_for(table.state, 1)
        await creator.submit(code, 1, view["version"], random_choice(view, 3, 1))
    assert table.rules.concede_action(table.state, 1) is not None
    await creator.request({"t": "concede", "table": code, "seat": 1, "token": token})
    said = [n["message"] for n in creator.notices if n["code"] == "seat_conceded"]
    assert said == ["Bob concedes."]
    await until(lambda: table.status == "over", timeout=20)
    await creator.close()

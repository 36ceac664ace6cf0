"""Best-of-N matches and rematches through the server (websockets clients on loopback):
a best-of-3 to a match winner, a match restored after restarts, the refusals, the
rematch flow, and the ``next_game`` message's authority gate."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

import pytest

from server.bots import random_choice
from server.client import ProtocolClient, play_seat, server_will_pass
from server.local import LocalServer, start_local_server
from tests.server.kit import open_table, play_game, policy

SEED = 2**80 + 4242
DUEL = {"format": "duel"}


@pytest.fixture
async def realm_server() -> Any:
    srv = await start_local_server(allow_fixed_seeds=True)
    yield srv
    await srv.stop()


def info(client: ProtocolClient, code: str, seat: int | None) -> dict[str, Any]:
    doc = client.doc(code, seat)
    assert doc is not None
    return doc["table"]  # type: ignore[no-any-return]


def match(client: ProtocolClient, code: str, seat: int | None) -> dict[str, Any]:
    return info(client, code, seat)["match"]  # type: ignore[no-any-return]


async def next_game(client: ProtocolClient, code: str, seat: int) -> dict[str, Any]:
    token = client.tokens[(code, seat)]
    return await client.request({"t": "next_game", "table": code, "seat": seat, "token": token})


async def new_match_table(
    url: str, best_of: int = 3, seats: list[dict[str, Any]] | None = None
) -> tuple[ProtocolClient, str]:
    """A realm duel match with two human seats held (and joined) by one client."""
    client = ProtocolClient(url, "holder")
    await client.connect()
    specs = seats or [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    humans = [i for i, s in enumerate(specs) if s["kind"] == "human"]
    options = {"seed": str(SEED), "bot_seed": 9, "pass_delay": 0, "best_of": best_of}
    created = await client.create("realm", DUEL, specs, options, claim=humans)
    assert created["t"] == "created", created
    code = created["table"]
    for seat in humans:
        await client.join(code, seat)
    return client, code


# --- one seat per client, as people play ---------------------------------------------------


def began(client: ProtocolClient, code: str, seat: int | None, played: int) -> Any:
    """Predicate: the table's game number ``played`` is being played."""
    return lambda: (
        info(client, code, seat)["status"] == "playing"
        and match(client, code, seat)["played"] == played
    )


async def play_match_seat(
    client: ProtocolClient, code: str, seat: int, firsts: list[tuple[int, int, str]]
) -> None:
    """Play ``seat`` through every game of the match, asking for the next game after each;
    note (game played, seat, prompt kind) of the first decision of every game."""

    def choose(view: dict[str, Any], s: int) -> dict[str, Any]:
        played = match(client, code, s)["played"]
        if not any(f[0] == played and f[1] == s for f in firsts):
            firsts.append((played, s, str((view.get("prompt") or {}).get("kind"))))
        return policy(3)(view, s)

    while True:
        await play_seat(client, code, seat, choose, timeout=120)
        score = match(client, code, seat)
        if score["winners"] is not None:
            return
        played = score["played"]  # the document (and so `score`) changes when patched
        answer = await next_game(client, code, seat)
        assert answer["t"] == "next_game" and answer["next"] == "game", answer
        await client.wait_for(began(client, code, seat, played + 1), timeout=60)


async def test_a_best_of_three_to_a_match_winner(realm_server: LocalServer) -> None:
    creator = ProtocolClient(realm_server.url, "creator")
    await creator.connect()
    specs = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    options = {"seed": str(SEED), "bot_seed": 1, "pass_delay": 0, "best_of": 3}
    created = await creator.create("realm", DUEL, specs, options)
    code = created["table"]
    await creator.close()
    watcher = ProtocolClient(realm_server.url, "watcher")
    await watcher.connect()
    await watcher.request({"t": "watch", "table": code})
    clients: dict[int, ProtocolClient] = {}
    for seat in (0, 1):
        clients[seat] = ProtocolClient(realm_server.url, f"p{seat}")
        await clients[seat].connect()
        reply = await clients[seat].request({"t": "join", "table": code, "seat": seat})
        assert reply["t"] == "seated"
    firsts: list[tuple[int, int, str]] = []
    await asyncio.gather(*(play_match_seat(c, code, s, firsts) for s, c in clients.items()))
    await watcher.wait_for(lambda: match(watcher, code, None)["winners"] is not None)

    final = match(clients[0], code, 0)
    # the score is in every seat's table info, and the spectator's, alike
    assert match(clients[1], code, 1) == final == match(watcher, code, None)
    games = final["games"]
    assert final["best_of"] == 3 and 2 <= len(games) <= 3 and final["played"] == len(games)
    # heroes are never repeated in the series
    heroes = [h for g in games for h in g["heroes"]]
    assert len(heroes) == 2 * len(games) == len(set(heroes))
    # the winner won two games, and the score counts each game's winner
    wins = [sum(1 for g in games if g["winners"] == [s]) for s in (0, 1)]
    assert final["wins"] == wins and max(wins) == 2
    assert final["winners"] == [wins.index(2)] and final["tally"][wins.index(2)] == 1
    # game one's first player was rolled; afterwards the loser chose first or second
    assert games[0]["chooser"] is None
    assert (1, games[0]["first"], "first") not in firsts
    for before, game in itertools.pairwise(games):
        loser = 1 - before["winners"][0]
        assert game["chooser"] == loser
        assert (game["game"], loser, "first") in firsts
    # a decided match offers a rematch; nothing starts by itself
    assert final["next"] == "rematch" and info(clients[0], code, 0)["status"] == "over"
    assert [n["code"] for n in watcher.notices].count("game_started") == len(games)
    over = [n["message"] for n in watcher.notices if n["code"] == "match_over"]
    winner = ("p0", "p1")[wins.index(2)]
    assert over == [f"{winner} wins the match, 2–{min(wins)}."]  # the winner's score first
    for client in [*clients.values(), watcher]:
        await client.close()


async def test_a_match_of_bots_plays_itself_through(realm_server: LocalServer) -> None:
    watcher = ProtocolClient(realm_server.url, "watcher")
    await watcher.connect()
    specs = [{"kind": "bot", "name": "B1"}, {"kind": "bot", "name": "B2"}]
    options = {"seed": 77, "bot_seed": 5, "pass_delay": 0, "best_of": 3}
    created = await watcher.create("realm", DUEL, specs, options)
    code = created["table"]
    await watcher.request({"t": "watch", "table": code})
    await watcher.wait_for(lambda: match(watcher, code, None)["winners"] is not None, timeout=120)
    final = match(watcher, code, None)
    assert max(final["wins"]) == 2 and final["next"] is None  # no human: no rematch
    heroes = [h for g in final["games"] for h in g["heroes"]]
    assert len(heroes) == len(set(heroes)) == 2 * final["played"]
    await watcher.close()


# --- a match restored after restarts -----------------------------------------------------


def _decider(client: ProtocolClient, code: str) -> int | None:
    """The held seat that must decide now (None: nobody, or the docs are mid-update)."""
    for seat in (0, 1):
        doc = client.doc(code, seat)
        view = doc and doc["view"]
        if view and view.get("legal") and not server_will_pass(doc):
            return seat
    return None


def moved(client: ProtocolClient, code: str, seat: int, version: int) -> Any:
    """Predicate: ``seat``'s view is past ``version``, or the game is over."""
    return lambda: (
        client.doc(code, seat)["view"]["version"] > version  # type: ignore[index]
        or info(client, code, 0)["status"] == "over"
    )


async def play_steps(client: ProtocolClient, code: str, limit: int | None = None) -> None:
    """Make the table's decisions (both seats, random but seeded) until the game is over
    or ``limit`` commands were accepted."""
    done = 0
    while limit is None or done < limit:
        await client.wait_for(
            lambda: info(client, code, 0)["status"] == "over" or _decider(client, code) is not None
        )
        if info(client, code, 0)["status"] == "over":
            return
        seat = _decider(client, code)
        assert seat is not None
        view = client.doc(code, seat)["view"]  # type: ignore[index]
        version = int(view["version"])  # the client patches its documents in place
        action = random_choice(view, 11, seat)
        assert action is not None
        reply = await client.submit(code, seat, version, action)
        if reply["t"] == "accepted":
            done += 1
            await client.wait_for(moved(client, code, seat, version))
        else:
            assert reply["code"] == "stale", reply  # the other seat's doc was a patch behind


async def both_ask(client: ProtocolClient, code: str) -> None:
    played = match(client, code, 0)["played"]
    for seat in (0, 1):
        assert (await next_game(client, code, seat))["t"] == "next_game"
    await client.wait_for(lambda: match(client, code, 0)["played"] == played + 1)


async def resume(url: str, tokens: dict[Any, str], code: str, name: str) -> ProtocolClient:
    client = ProtocolClient(url, name)  # a new name: request ids are never reused
    await client.connect()
    client.tokens.update(tokens)
    for seat in (0, 1):
        assert (await client.join(code, seat))["t"] == "seated"
    return client


async def quick_server(db: str | None = None) -> LocalServer:
    """A server whose rate limit never holds back ``play_steps`` (it answers at once)."""
    return await start_local_server(db, allow_fixed_seeds=True, rate=1e6, burst=10**6)


async def test_a_match_in_progress_survives_restarts(tmp_path: Path) -> None:
    # the same match twice from the same seed: straight through, and with two restarts
    srv = await quick_server()
    client, code = await new_match_table(srv.url)
    await play_steps(client, code)
    await both_ask(client, code)
    await play_steps(client, code, limit=25)
    reference = client.doc(code, 0)
    await client.close()
    await srv.stop()

    db = str(tmp_path / "m.db")
    srv = await quick_server(db)
    client, code = await new_match_table(srv.url)
    await play_steps(client, code)
    tokens = dict(client.tokens)
    await client.close()
    await srv.stop()
    # restarted between games: the table is over, game one counted, the next game offered
    srv = await quick_server(db)
    client = await resume(srv.url, tokens, code, "back1")
    between = match(client, code, 0)
    assert info(client, code, 0)["status"] == "over" and between["next"] == "game"
    assert between["played"] == 1 and sum(between["wins"]) == len(between["games"][0]["winners"])
    await both_ask(client, code)
    await play_steps(client, code, limit=25)
    before = client.doc(code, 0)
    await client.close()
    await srv.stop()
    # restarted in the middle of game two: restored at start-up, the same game and score
    srv = await quick_server(db)
    assert code in srv.server.lobby.tables
    client = await resume(srv.url, tokens, code, "back2")
    after = client.doc(code, 0)
    assert after is not None and before is not None and reference is not None
    assert after["view"] == before["view"] == reference["view"]
    assert after["table"]["match"] == before["table"]["match"] == reference["table"]["match"]
    assert after["table"]["match"]["played"] == 2 and after["table"]["status"] == "playing"
    # and the match goes on to its end from there
    while match(client, code, 0)["winners"] is None:
        await play_steps(client, code)
        if match(client, code, 0)["winners"] is None:
            await both_ask(client, code)
    final = match(client, code, 0)
    heroes = [h for g in final["games"] for h in g["heroes"]]
    assert len(heroes) == len(set(heroes)) and max(final["wins"]) == 2
    await client.close()
    await srv.stop()


# --- refusals ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "setup", "seats", "options", "words"),
    [
        ("realm", {"format": "ffa"}, 3, {"best_of": 3}, "duels only"),
        ("realm", {"format": "team", "seats": [{"team": t} for t in (0, 1, 0, 1)]}, 4,
         {"best_of": 3}, "duels only"),
        ("toy", {}, 2, {"best_of": 3}, "duels only"),
        ("realm", DUEL, 2, {"best_of": 2}, "odd number"),
        ("realm", DUEL, 2, {"best_of": "3"}, "odd number"),
        ("realm", DUEL, 2, {"best_of": 7}, "needs 14 heroes"),
    ],
)  # fmt: skip
async def test_best_of_is_refused_where_no_match_can_be_played(
    game: str, setup: dict[str, Any], seats: int, options: dict[str, Any], words: str
) -> None:
    async with await start_local_server(rulesets=("toy=tests.server.toygame:RULESET",)) as srv:
        client = ProtocolClient(srv.url, "c")
        await client.connect()
        specs = [{"kind": "bot"}] * seats
        reply = await client.create(game, setup, specs, options)
        assert reply["t"] == "error" and reply["code"] == "bad_setup", reply
        assert words in reply["message"]
        assert not srv.server.lobby.tables
        # best of 1 is any table's default, and accepted anywhere
        ok = await client.create(game, setup, specs, {**options, "best_of": 1})
        assert ok["t"] == "created", ok
        await client.close()


async def test_a_match_deals_the_heroes(realm_server: LocalServer) -> None:
    client = ProtocolClient(realm_server.url, "c")
    await client.connect()
    chosen = [{"kind": "human", "hero": "thedric_egen"}, {"kind": "bot"}]
    reply = await client.create("realm", DUEL, chosen, {"best_of": 3})
    assert reply["t"] == "error" and "random heroes" in reply["message"]
    created = await client.create("realm", DUEL, [{"kind": "human"}, {"kind": "bot"}],
                                  {"best_of": 3, "listed": True})  # fmt: skip
    joiner = ProtocolClient(realm_server.url, "j")
    await joiner.connect()
    answer = await joiner.request(
        {"t": "join", "table": created["table"], "seat": 0, "hero": "thedric_egen"}
    )
    assert answer["t"] == "error" and answer["code"] == "bad_setup"
    assert "random heroes" in answer["message"]
    # the lobby's listing tells a match table from a single game
    listed = {t["table"]: t for t in (await joiner.request({"t": "list"}))["tables"]}
    mine = listed[created["table"]]
    assert mine["best_of"] == 3 and mine["match"]["best_of"] == 3
    assert mine["match"]["wins"] == [0, 0] and mine["match"]["winners"] is None
    await joiner.close()
    await client.close()


# --- rematches ---------------------------------------------------------------------------


async def test_a_rematch_starts_when_every_human_asks(server: LocalServer) -> None:
    code, result, clients = await play_game(server.url, 2, seed=12, watch=True)
    assert result is not None
    p0, p1, watcher = clients
    score = match(p0, code, 0)
    assert score["best_of"] == 1 and score["winners"] == result["winners"]
    assert score["next"] == "rematch" and score["ready"] == []
    answer = await next_game(p0, code, 0)
    assert answer == {"t": "next_game", "id": answer["id"], "table": code, "seat": 0,
                      "next": "rematch", "ready": [0], "waiting": [1]}  # fmt: skip
    await p1.wait_for(lambda: match(p1, code, 1)["ready"] == [0])
    assert any(n["code"] == "next_game_asked" and n["data"]["seat"] == 0 for n in p1.notices)
    assert info(p1, code, 1)["status"] == "over"  # one human asking is not enough
    await next_game(p1, code, 1)
    for client, seat in ((p0, 0), (p1, 1), (watcher, None)):
        await client.wait_for(lambda c=client, s=seat: info(c, code, s)["status"] == "playing")
        again = match(client, code, seat)
        assert again["number"] == 2 and again["played"] == 2 and again["games"] == []
        assert again["tally"] == [1 if s in result["winners"] else 0 for s in (0, 1)]
    fresh = p0.doc(code, 0)["view"]  # type: ignore[index]
    assert fresh["turn"] == 1 and fresh["result"] is None
    assert all(p["score"] == 0 for p in fresh["players"])
    # the same seats and tokens play the new game to its end
    results = await asyncio.gather(
        play_seat(p0, code, 0, policy(5)), play_seat(p1, code, 1, policy(5))
    )
    assert results[0] is not None
    tally = match(p0, code, 0)["tally"]
    assert sum(tally) == len(result["winners"]) + len(results[0]["winners"])
    for client in clients:
        await client.close()


async def test_next_game_is_refused_while_a_game_is_on_and_needs_the_token(
    server: LocalServer,
) -> None:
    holder, code = await open_table(server.url, 2)
    reply = await next_game(holder, code, 0)
    assert reply["t"] == "error" and reply["code"] == "not_over"
    intruder = ProtocolClient(server.url, "intruder")
    await intruder.connect()
    for token in (None, "A" * 32, holder.tokens[(code, 1)]):
        msg: dict[str, Any] = {"t": "next_game", "table": code, "seat": 0}
        if token is not None:
            msg["token"] = token
        answer = await intruder.request(msg)
        assert answer["t"] == "error" and answer["code"] == "unauthorized", answer
    await intruder.close()
    await holder.close()


async def test_a_table_of_bots_does_not_rematch_by_itself(server: LocalServer) -> None:
    watcher = ProtocolClient(server.url, "w")
    await watcher.connect()
    specs = [{"kind": "bot"}, {"kind": "bot"}]
    created = await watcher.create("toy", {}, specs, {"seed": 3, "bot_seed": 3, "pass_delay": 0})
    code = created["table"]
    await watcher.request({"t": "watch", "table": code})
    await watcher.wait_for(lambda: info(watcher, code, None)["status"] == "over")
    score = match(watcher, code, None)
    assert score["next"] is None and score["played"] == 1 and score["winners"] is not None
    table = server.server.lobby.get(code)
    assert table is not None and table.status == "over"
    await watcher.close()


async def test_a_rematch_is_restored_after_a_restart(tmp_path: Path) -> None:
    from tests.server.kit import toy_server

    db = str(tmp_path / "r.db")
    srv = await toy_server(db_path=db)
    code, _, clients = await play_game(srv.url, 2, seed=21)
    p0, p1 = clients
    await next_game(p0, code, 0)
    await next_game(p1, code, 1)
    await p0.wait_for(lambda: info(p0, code, 0)["status"] == "playing")
    before = p0.doc(code, 0)
    tokens = {**p0.tokens, **p1.tokens}
    for client in clients:
        await client.close()
    await srv.stop()
    srv = await toy_server(db_path=db)
    try:
        back = ProtocolClient(srv.url, "back")
        await back.connect()
        back.tokens.update(tokens)
        await back.join(code, 0)
        after = back.doc(code, 0)
        assert after is not None and before is not None
        assert after["view"] == before["view"]
        assert after["table"]["match"] == before["table"]["match"]
        assert after["table"]["match"]["played"] == 2
        await back.close()
    finally:
        await srv.stop()


# --- a player gone between the games of a match -------------------------------------------


async def _first_game_with_two_players(
    url: str, options: dict[str, Any]
) -> tuple[dict[int, ProtocolClient], str]:
    """A best-of-3 table with a human in each seat (one client each), its first game
    played to the end."""
    creator = ProtocolClient(url, "creator")
    await creator.connect()
    specs = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    base = {"seed": str(SEED), "bot_seed": 1, "pass_delay": 0, "best_of": 3}
    code = (await creator.create("realm", DUEL, specs, {**base, **options}))["table"]
    await creator.close()
    clients: dict[int, ProtocolClient] = {}
    for seat in (0, 1):
        clients[seat] = ProtocolClient(url, f"p{seat}")
        await clients[seat].connect()
        assert (await clients[seat].request({"t": "join", "table": code, "seat": seat}))[
            "t"
        ] == "seated"
    await asyncio.gather(
        *(play_seat(c, code, s, policy(3), timeout=120) for s, c in clients.items())
    )
    assert info(clients[0], code, 0)["status"] == "over"
    return clients, code


async def test_a_match_goes_on_when_a_player_leaves_between_games(
    realm_server: LocalServer,
) -> None:
    clients, code = await _first_game_with_two_players(
        realm_server.url, {"grace": 0.05, "policy": "bot"}
    )
    stayer = clients[0]
    await clients[1].close()  # Bo leaves before asking for game two
    await stayer.wait_for(lambda: any(n["code"] == "seat_disconnected" for n in stayer.notices))
    answer = await next_game(stayer, code, 0)
    assert answer["t"] == "next_game"
    # past Bo's grace a bot plays for Bo, and bots agree at once: game two begins
    await stayer.wait_for(began(stayer, code, 0, 2), timeout=30)
    assert any(n["code"] == "bot_took_over" for n in stayer.notices)
    await stayer.close()


async def test_a_match_waits_for_a_player_under_policy_wait(realm_server: LocalServer) -> None:
    clients, code = await _first_game_with_two_players(
        realm_server.url, {"grace": 0.01, "policy": "wait"}
    )
    stayer = clients[0]
    await clients[1].close()
    answer = await next_game(stayer, code, 0)
    assert answer["t"] == "next_game" and answer["waiting"] == [1]
    table = realm_server.server.lobby.get(code)
    assert table is not None
    await stayer.wait_for(lambda: any(n["code"] == "seat_disconnected" for n in stayer.notices))
    # the grace ran out (its timer is gone) and the table still waits for Bo
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 5
    while table.seats[1].grace is not None:
        assert loop.time() < deadline, "the grace never ran out"
        await asyncio.sleep(0.005)
    assert table.status == "over" and table.series.waiting_for(table) == [1]
    await stayer.close()


def test_the_match_sentence_gives_the_winners_score_first() -> None:
    from types import SimpleNamespace

    from server.matchplay import _match_sentence

    seats = [SimpleNamespace(name="Ann"), SimpleNamespace(name="Bo")]
    won = SimpleNamespace(seats=seats, series=SimpleNamespace(wins=[1, 2], winners=[1]))
    assert _match_sentence(won) == "Bo wins the match, 2–1."  # type: ignore[arg-type]
    drawn = SimpleNamespace(seats=seats, series=SimpleNamespace(wins=[1, 1], winners=[]))
    assert _match_sentence(drawn) == "The match is drawn, 1–1."  # type: ignore[arg-type]


def test_the_start_of_a_matchs_next_game_names_the_leader() -> None:
    from server.matchplay import _standing

    assert _standing([0, 1], ["Ann", "Bo"]) == "Bo leads 1–0"
    assert _standing([1, 1], ["Ann", "Bo"]) == "tied 1–1"
    assert _standing([2, 0, 1], ["Ann", "Bo", "Cy"]) == "Ann leads 2–1–0"


async def test_a_player_who_leaves_after_the_game_is_said_to_have_left(
    server: LocalServer,
) -> None:
    """A rematch waits for every human: the others are told when one goes (it waited
    without a word for a player who had gone to the menu)."""
    code, result, clients = await play_game(server.url, 2, seed=12, watch=True)
    assert result is not None
    p0, p1, _watcher = clients
    await next_game(p0, code, 0)
    await p1.request({"t": "leave", "table": code, "seat": 1, "token": p1.tokens[(code, 1)]})
    await p0.wait_for(lambda: any(n["code"] == "seat_disconnected" for n in p0.notices))
    (told,) = [n for n in p0.notices if n["code"] == "seat_disconnected"]
    assert told["data"] == {"seat": 1, "left": True}
    assert told["message"] == "P1 left the table."  # as the game-over card says it
    table = server.server.lobby.get(code)
    assert table is not None and table.seats[1].grace is None  # no grace after a single game
    for client in clients:
        await client.close()


def test_a_player_who_conceded_and_left_agrees_unasked_only_as_the_policy_says() -> None:
    """Ruling 39: a seat whose player conceded and is gone stands in for the next game
    only under "concede", once its grace is over; never at once, never under "wait"."""
    from types import SimpleNamespace

    from server.matchplay import _agrees_unasked

    def agrees(policy: str, *, connected: bool, grace: object, conceded: bool = True) -> bool:
        table = SimpleNamespace(options={"policy": policy}, connected=lambda seat: connected)
        seat = SimpleNamespace(seat=1, takeover=False, conceded=conceded, grace=grace)
        return _agrees_unasked(table, seat)  # type: ignore[arg-type]

    assert agrees("concede", connected=False, grace=None)
    assert not agrees("concede", connected=False, grace="running")  # may come back yet
    assert not agrees("concede", connected=True, grace=None)  # here: asked like anyone
    assert not agrees("wait", connected=False, grace=None)
    assert not agrees("bot", connected=False, grace=None)  # the bot's takeover says so
    assert not agrees("concede", connected=False, grace=None, conceded=False)


async def test_the_history_says_who_chose_for_an_absent_chooser(tmp_path: Path) -> None:
    # game two's chooser (game one's loser) lets the timer choose: the history says so,
    # and says it again after a restart rebuilds the match from the log
    db = str(tmp_path / "m.db")
    srv = await quick_server(db)
    client, code = await new_match_table(srv.url)
    await play_steps(client, code)
    await both_ask(client, code)
    loser = match(client, code, 0)["games"][0]["winners"][0] ^ 1
    table = srv.server.lobby.tables[code]
    version = table.rules.version(table.state)
    action = table.rules.timeout_action(table.state, loser)
    assert action["kind"] == "first"
    table._server_submit(loser, version, action, "timeout")  # as the timer does
    await play_steps(client, code)
    games = match(client, code, 0)["games"]
    assert games[1]["chooser"] == loser and games[1]["chosen_by"] == "timeout"
    assert games[0]["chosen_by"] is None  # rolled
    tokens = dict(client.tokens)
    await client.close()
    await srv.stop()
    srv = await quick_server(db)
    client = await resume(srv.url, tokens, code, "back")
    assert match(client, code, 0)["games"] == games
    if match(client, code, 0)["winners"] is None:  # a third game: its chooser chooses
        await both_ask(client, code)
        await play_steps(client, code)
        assert match(client, code, 0)["games"][2]["chosen_by"] is None
    await client.close()
    await srv.stop()

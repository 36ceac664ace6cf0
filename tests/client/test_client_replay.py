"""Replays in the client: stepping through a recorded game by keys, perspectives, the
list of games, local games recorded and listed, and ``allegiance replay``'s errors."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from client.commands import replay as command
from client.replay import (
    SNAPSHOT_EVERY,
    Replay,
    ReplayError,
    StoreCatalog,
    local_replay,
    net_replay,
    open_file,
)
from client.screens.replay import ReplayListScreen, ReplayScreen
from client.viewmodel.table import build_table
from client.widgets.log import GameLog
from server.replays import build_parts, record_from_store
from server.store import Store
from tests.client.driver import leave_when_asked
from tests.client.helpers import make_app, screen_text
from tests.server.test_srv_replays import HEROES, store_realm_game


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replays") / "games.db"
    store = Store(path)
    store_realm_game(store, code="FIRST2")
    store_realm_game(store, 2**90 + 5, code="OTHER3", humans=(0, 1))
    store.close()
    return path


def replay_of(db: Path, code: str = "FIRST2") -> Replay:
    return StoreCatalog(db, "db").open_now(code)


def status(app: Any) -> str:
    return str(app.screen.query_one("#rp-status").render())


def log_lines(app: Any) -> int:
    return len(app.screen.query_one(GameLog).lines)


# --------------------------------------------------------------------------- the model


def test_every_step_backwards_equals_the_same_step_forwards(db: Path) -> None:
    replay = replay_of(db)
    assert replay.total > 6 * SNAPSHOT_EVERY  # crosses several kept copies
    steps = [*range(4 * SNAPSHOT_EVERY + 2), *range(replay.total - 40, replay.total + 1)]
    forwards = {}
    for k in steps:
        replay.go(k)
        frame = replay.frame()
        forwards[k] = (frame.view, len(frame.log), frame.turn)
    for k in reversed(steps):
        replay.go(k)
        frame = replay.frame()
        assert (frame.view, len(frame.log), frame.turn) == forwards[k], k
    assert forwards[replay.total][0]["result"]["winners"]
    assert forwards[0][1] == 0 and forwards[replay.total][1] > forwards[1][1]


def test_a_server_replay_shows_the_same_frames_as_the_local_one(db: Path) -> None:
    store = Store(db)
    table_id = store.table_id_for("FIRST2")
    assert table_id is not None
    record = record_from_store(store, table_id)
    store.close()
    local = local_replay(record, "db")
    remote = net_replay(build_parts(record, 1))
    assert remote.perspectives == (1,) and remote.total == local.total
    local.perspective = 1
    for k in (0, 1, 40, remote.total // 2, remote.total):
        local.go(k)
        remote.go(k)
        assert remote.frame().view == local.frame().view
        assert remote.frame().log == local.frame().log


# --------------------------------------------------------------------------- the screen


async def test_stepping_forwards_and_back_to_the_winner_by_keys(db: Path) -> None:
    replay = replay_of(db)
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert f"Step 0/{replay.total} · turn 0" in status(app)
        assert "as P0 (seat 1)" in status(app)  # one person at the table: their seat
        for _ in range(5):
            await pilot.press("right")
        assert f"Step 5/{replay.total}" in status(app)
        five = screen_text(app)
        lines_at_five = log_lines(app)
        await pilot.press("l", "l", "h", "left")
        assert f"Step 5/{replay.total}" in status(app)
        assert screen_text(app) == five and log_lines(app) == lines_at_five
        await pilot.press("right_square_bracket")
        turn = replay.positions.turn(replay.step)
        assert replay.positions.turn(replay.step - 1) == turn - 1
        assert f"turn {turn}" in status(app)
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert replay.step < 5 or replay.positions.turn(replay.step) < turn
        await pilot.press("end")
        assert f"Step {replay.total}/{replay.total}" in status(app)
        winner = replay.info.name(replay.info.winners[0])
        text = screen_text(app)
        assert f"Game over: {winner} wins" in text
        await pilot.press("home")
        assert f"Step 0/{replay.total}" in status(app) and log_lines(app) == 0
        await pilot.press("q")
        assert not isinstance(app.screen, ReplayScreen)


async def test_each_perspective_shows_only_its_own_hand(db: Path) -> None:
    replay = replay_of(db, "OTHER3")  # two people: a spectator's view first
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for _ in range(12):
            await pilot.press("right")
        hands: dict[object, str] = {}
        for _ in range(3):
            frame = replay.frame()
            table = build_table(frame.view)
            text = screen_text(app)
            hands[frame.perspective] = text
            if frame.perspective is None:
                assert "as spectator" in status(app) and "Hand " not in text
                assert table.hand == ()
            else:
                assert f"(seat {frame.perspective + 1})" in status(app)
                assert table.hand and "Hand " in text
                for card in table.hand:
                    assert card.name in text
            await pilot.press("v")
        assert set(hands) == {None, 0, 1}
        assert replay.perspective is None  # the cycle came back round


async def test_a_server_replay_has_one_perspective(db: Path) -> None:
    store = Store(db)
    table_id = store.table_id_for("FIRST2")
    assert table_id is not None
    replay = net_replay(build_parts(record_from_store(store, table_id), None))
    store.close()
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("v")
        assert replay.perspective is None and "as spectator" in status(app)


async def test_the_list_shows_each_game_and_opens_one(db: Path) -> None:
    app = make_app()
    app.replay_start = ReplayListScreen(StoreCatalog(db, "db"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayListScreen)
        await screen.workers.wait_for_complete()
        await pilot.pause()
        table = screen.query_one(DataTable)
        assert table.row_count == 2
        for _ in range(100):  # the rows are drawn on a later refresh (a busy machine)
            text = screen_text(app)
            if "FIRST2" in text:
                break
            await pilot.pause()
        assert "FIRST2" in text and "OTHER3" in text and "Thedric" in text
        await pilot.press("enter")
        await screen.workers.wait_for_complete()
        for _ in range(200):  # the row's message starts the worker that opens the replay
            if isinstance(app.screen, ReplayScreen):
                break
            await screen.workers.wait_for_complete()
            await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.replay.info.key in ("FIRST2", "OTHER3")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_a_local_game_is_recorded_then_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from client.screens.setup import LocalPlan, SeatPlan
    from client.screens.table import TableScreen
    from tests.client.driver import play_to_the_end, settle

    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(tmp_path))
    plan = LocalPlan(
        "duel",
        (SeatPlan("human", "Ann", HEROES[0]), SeatPlan("bot", "Bot", HEROES[1], 0)),
        {"seed": 11, "bot_seed": 5},
    )
    app = make_app(start=plan)
    app.record_local = True
    app.server_settings = {"allow_fixed_seeds": True}
    async with app.run_test(size=(80, 24)) as pilot:
        with pytest.raises(AssertionError, match="did not end"):
            await play_to_the_end(app, pilot, max_steps=12)
        assert isinstance(app.screen, TableScreen)
        view = app.game.session.view(0) if app.game else None
        assert view is not None
        app.action_leave_game()
        await leave_when_asked(pilot)
        await app.workers.wait_for_complete()
        app.action_replays()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayListScreen)
        await screen.workers.wait_for_complete()
        await settle(pilot)  # every message handled (the rows' refresh), then drawn
        await pilot.pause()
        assert screen.query_one(DataTable).row_count == 1
        assert "unfinished" in screen_text(app) and "Ann · " in screen_text(app)
        await pilot.press("enter")
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen.replay
        assert replay.perspective == 0  # the one person at that table
        replay.go(replay.total)
        # everything the player saw was recorded (a bot may have moved once more between
        # the look at the view and the leaving: the record may be one step ahead)
        assert replay.frame().view["version"] >= view["version"] > 0
    assert (tmp_path / "local-games.db").exists()


# --------------------------------------------------------------------------- the command


def args(**given: Any) -> argparse.Namespace:
    """``allegiance replay``'s parsed flags for ``given`` (``game`` is the positional)."""
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    argv = [] if given.get("game") is None else [given["game"]]
    for flag in ("db", "connect", "token"):
        if given.get(flag) is not None:
            argv += [f"--{flag}", given[flag]]
    if given.get("index") is not None:  # --game N: which game of the table
        argv += ["--game", str(given["index"])]
    return parser.parse_args(argv)


@pytest.mark.parametrize(
    "given, status, message",
    [
        ({"game": "nowhere/x.jsonl"}, 2, "no such file or folder"),
        ({"db": "missing.db"}, 2, "no such database"),
        ({"db": "."}, 2, "--db . is a folder, not a database file"),
        ({"db": "notadb.txt"}, 1, "is not an Allegiance game database"),  # a foreign database
        ({"db": "GAMES", "game": "NOSUCH"}, 2, "there is no game 'NOSUCH'"),
        ({"db": "GAMES", "game": "bad code!"}, 2, "there is no game"),
        ({"game": "broken.jsonl"}, 1, "line 1: not valid JSON"),  # a damaged file
        ({"db": "GAMES", "connect": "x:1"}, 2, "not both"),
        ({"token": "abc"}, 2, "--token needs --connect"),
        ({"connect": "127.0.0.1:1", "game": "ABC123"}, 1, "could not reach"),  # while running
        ({"connect": "127.0.0.1:1", "game": "not a code"}, 2, "is not a join code"),
        ({"index": 2}, 2, "--game needs a join code"),
        ({"game": "FIRST2", "index": 0}, 2, "--game must be a game number"),
        ({"db": "GAMES", "game": "FIRST2", "index": 2}, 2,
         "table FIRST2 has no game 2 (it has 1)"),
        ({"game": "broken.jsonl", "index": 1}, 2, "--game is for a table of several games"),
    ],
)  # fmt: skip
def test_bad_files_ids_and_flags_are_one_line_exit_2_failures_exit_1(
    given: dict[str, Any], status: int, message: str, db: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    """A mistake in the command line exits 2; a server not reached, or a file that is not
    a replay or database of ours, exits 1 (docs/development.md, "Command-line errors")."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "notadb.txt").write_text("hello")
    (tmp_path / "broken.jsonl").write_text("{nope\n")
    if given.get("db") == "GAMES":
        given["db"] = str(db)
    import client.app

    def no_app(self: Any) -> int:
        raise AssertionError("the screen opened")

    monkeypatch.setattr(client.app.AllegianceApp, "run", no_app)
    assert command.run(args(**given)) == status
    err = capsys.readouterr().err
    assert err.startswith("allegiance replay: error:") and message in err, err
    assert "Traceback" not in err and err.count("\n") == 1


def test_a_sim_file_or_folder_opens_from_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import client.app
    from server.simulate import Budget, Job, run_job

    run_job(Job(0, "duel", HEROES, ("random",), 7, Budget(iterations=5), True, str(tmp_path)))
    path = next(tmp_path.glob("*.jsonl"))
    opened: list[object] = []

    def run_app(self: Any) -> int:
        opened.append(self.replay_start)
        return 0

    monkeypatch.setattr(client.app.AllegianceApp, "run", run_app)
    assert command.run(args(game=str(path))) == 0
    assert command.run(args(game=str(tmp_path))) == 0
    assert isinstance(opened[0], ReplayScreen) and isinstance(opened[1], ReplayListScreen)
    replay = open_file(path)
    assert replay.perspective is None and replay.perspectives == (None, 0, 1)
    replay.go(replay.total)
    assert replay.frame().view["result"]["winners"] == list(replay.info.winners)
    with pytest.raises(ReplayError):
        open_file(tmp_path / "absent.jsonl")


# --------------------------------------------------------------------------- matches


MATCH_SEED = 4040


async def _record_bot_match(path: Path) -> tuple[str, list[dict[str, Any]]]:
    """A best-of-3 between two bots, recorded in ``path`` as local games are; its code
    and the match's games as the table told them live (heroes, winners)."""
    from server.client import ProtocolClient
    from server.local import start_local_server

    server = await start_local_server(path, restore=False, allow_fixed_seeds=True)
    try:
        watcher = ProtocolClient(server.url, "watcher")
        await watcher.connect()
        specs = [{"kind": "bot", "name": name, "level": 0} for name in ("Ann", "Bo")]
        options = {"seed": MATCH_SEED, "bot_seed": 5, "pass_delay": 0, "best_of": 3}
        code = (await watcher.create("realm", {"format": "duel"}, specs, options))["table"]
        await watcher.request({"t": "watch", "table": code})

        def score() -> dict[str, Any]:
            doc = watcher.doc(code, None)
            return doc["table"]["match"] if doc else {"winners": None}  # type: ignore[no-any-return]

        await watcher.wait_for(lambda: score()["winners"] is not None, timeout=120)
        games = list(score()["games"])
        await watcher.close()
    finally:
        await server.stop()
    return code, games


@pytest.fixture(scope="module")
def bot_match(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, list[dict[str, Any]]]:
    import asyncio

    path = tmp_path_factory.mktemp("match") / "local-games.db"
    code, games = asyncio.run(_record_bot_match(path))
    return path, code, games


def test_each_game_of_a_recorded_match_is_listed_and_replays_to_its_own_winner(
    bot_match: tuple[Path, str, list[dict[str, Any]]],
) -> None:
    path, code, games = bot_match
    assert 2 <= len(games) <= 3
    listed = StoreCatalog(path, "local", "your local games").entries_now()
    assert sorted(g.title for g in listed) == [
        f"{code} · game {n} of best of 3" for n in range(1, len(games) + 1)
    ]
    for info in listed:
        game = games[info.index - 1]
        assert [p.hero for p in info.players] == game["heroes"]
        assert list(info.winners) == game["winners"] and info.status == "over"
        replay = StoreCatalog(path, "local").open_now(code.lower(), info.index)
        assert replay.info.title == info.title and replay.total == info.steps
        replay.go(replay.total)
        final = replay.frame().view
        assert final["result"]["winners"] == game["winners"]
        assert [p["hero"] for p in final["players"]] == game["heroes"]
        replay.go(0)
        assert replay.frame().view["result"] is None


async def test_a_match_over_the_network_lists_its_games_and_replays_each(
    bot_match: tuple[Path, str, list[dict[str, Any]]],
) -> None:
    from client.replay import fetch_own_replay, table_listing
    from server.local import start_local_server

    path, code, games = bot_match
    server = await start_local_server(path)
    try:
        listing = await table_listing(server.url, code)
        assert sorted((g.index, g.which) for g in listing.known or []) == [
            (n, f"game {n} of best of 3") for n in range(1, len(games) + 1)
        ]
        for n, game in enumerate(games, 1):
            remote = await fetch_own_replay(server.url, code, index=n)
            assert remote.info.index == n and remote.perspectives == (None,)
            remote.go(remote.total)
            assert remote.frame().view["result"]["winners"] == game["winners"]
            local = StoreCatalog(path, "local").open_now(code, n)
            assert remote.total == local.total
            local.perspective = None
            for k in (0, 1, remote.total // 2, remote.total):
                local.go(k)
                remote.go(k)
                assert remote.frame().view == local.frame().view
                assert remote.frame().log == local.frame().log
    finally:
        await server.stop()


async def test_the_command_lists_a_match_and_opens_game_two_by_keys(
    bot_match: tuple[Path, str, list[dict[str, Any]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    import client.app

    path, code, games = bot_match
    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(path.parent))
    opened: list[Any] = []
    monkeypatch.setattr(client.app.AllegianceApp, "run", lambda self: opened.append(
        self.replay_start) or 0)  # fmt: skip
    assert command.run(args(game=code.lower())) == 0
    assert command.run(args(game=code, index=2)) == 0
    assert command.run(args(db=str(path), game=code, index=1)) == 0
    listing, second, first = opened
    assert isinstance(second, ReplayScreen) and second.replay.info.index == 2
    assert isinstance(first, ReplayScreen) and first.replay.info.index == 1
    assert isinstance(listing, ReplayListScreen)
    app = make_app()
    app.replay_start = listing
    async with app.run_test(size=(100, 30)) as pilot:
        await listing.workers.wait_for_complete()
        await pilot.pause()
        assert listing.query_one(DataTable).row_count == len(games)
        assert f"Games of table {code}" in screen_text(app)
        row = next(i for i, g in enumerate(listing.games) if g.index == 2)
        for _ in range(row):
            await pilot.press("down")
        await pilot.press("enter")
        await listing.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert f" · {code} · game 2 of best of 3" in status(app)
        await pilot.press("end")
        winner = app.screen.replay.info.name(games[1]["winners"][0])
        assert f"Game over: {winner} wins" in screen_text(app)


async def test_a_hosted_game_is_recorded_with_the_local_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from client.screens.setup import LocalPlan, SeatPlan
    from server.local import local_games_path
    from tests.client.driver import play_to_the_end

    monkeypatch.setenv("ALLEGIANCE_DATA_DIR", str(tmp_path))
    plan = LocalPlan("duel", (SeatPlan("human", "Ann", HEROES[0]),
                              SeatPlan("bot", "Bot", HEROES[1], 0)), {"seed": 12})  # fmt: skip
    app = make_app()
    app.record_local = True
    app.server_settings = {"allow_fixed_seeds": True}
    app.host_start = (plan, "127.0.0.1", 0, None, None)
    async with app.run_test(size=(80, 24)) as pilot:
        with pytest.raises(AssertionError, match="did not end"):
            await play_to_the_end(app, pilot, max_steps=12)
        assert app.server_settings["db_path"] == str(local_games_path())
        assert app.server_settings["restore"] is False
        app.action_leave_game()
        await leave_when_asked(pilot)
        await app.workers.wait_for_complete()
    listed = StoreCatalog(local_games_path(), "local").entries_now()
    assert [(g.player_names, g.status) for g in listed] == [("Ann, Bot", "unfinished")]
    assert listed[0].steps > 0
    given = tmp_path / "given.db"
    app = make_app()
    app.record_local = True
    app.host_start = (plan, "127.0.0.1", 0, str(given), None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.server_settings["db_path"] == str(given)
        assert "restore" not in app.server_settings  # --db: restored as by 'allegiance serve'
        app.action_leave_game()
        await leave_when_asked(pilot)
        await app.workers.wait_for_complete()


async def test_a_remapped_replay_key_steps_and_the_arrows_still_do(db: Path) -> None:
    from client.app import AllegianceApp
    from client.settings import Settings

    replay = replay_of(db)
    app = AllegianceApp(settings=Settings(name="Alice", keys={"replay.next": "k"}), save=False)
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("k", "k")
        assert replay.step == 2
        await pilot.press("l")  # no longer a key of the replay
        assert replay.step == 2
        await pilot.press("right", "h")
        assert replay.step == 2
        await pilot.press("q")
        assert not isinstance(app.screen, ReplayScreen)

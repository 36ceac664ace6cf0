"""The Replays list: a joined table of several games opens the list of its games (and Esc
comes back), the Game column says which game of a match each is at 80 and 120 columns,
``allegiance replay --help`` says unfinished games replay too, and what a live server's
whole list holds while a match is played (``docs/replays.md``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from client import cli
from client.replay import Catalog, PlayerInfo, Replay, ReplayInfo, fetch_listing
from client.screens.replay import ReplayListScreen, ReplayScreen
from client.settings import remember_seat
from tests.client.helpers import make_app, screen_text


@pytest.fixture(scope="module")
def match_db(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, int]:
    """A finished best-of-3 of two bots as a server recorded it, its seat 0 held with the
    token "tk" (as by a player who joined): the database, the code, the games played."""
    from server.store import Store
    from server.tokens import hash_token
    from tests.client.test_client_replay import _record_bot_match

    path = tmp_path_factory.mktemp("fixA") / "served.db"
    code, games = asyncio.run(_record_bot_match(path))
    store = Store(path)
    store.db.execute("UPDATE seats SET token_hash = ? WHERE seat = 0", (hash_token("tk"),))
    store.db.commit()
    store.close()
    return path, code, len(games)


async def settle(app: Any, pilot: Any) -> None:
    """Until no screen of the app has a worker running (a list loading, a game opening)."""
    for _ in range(50):
        busy = [s for s in app.screen_stack if any(w.is_running for w in s.workers)]
        if not busy:
            break
        for screen in busy:
            await screen.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()


async def test_a_joined_table_of_several_games_lists_them_and_esc_goes_back(
    match_db: tuple[Path, str, int], tmp_path: Path
) -> None:
    from server.local import start_local_server

    path, code, played = match_db
    assert played >= 2
    server = await start_local_server(path)
    try:
        remember_seat(server.url, code, 0, "tk")  # 'allegiance join' kept it
        app = make_app()
        first = ReplayListScreen(no_local_games(tmp_path))
        app.replay_start = first
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            assert first.query_one(DataTable).row_count == 1
            assert "joined" in screen_text(app)
            await pilot.press("enter")
            await settle(app, pilot)
            games = app.screen
            assert isinstance(games, ReplayListScreen) and games is not first
            assert games.query_one(DataTable).row_count == played
            assert f"table {code}" in screen_text(app)
            assert sorted(g.index for g in games.games) == list(range(1, played + 1))
            await pilot.press("enter")  # one of them opens, from the seat held there
            await settle(app, pilot)
            assert isinstance(app.screen, ReplayScreen)
            assert app.screen.replay.perspectives == (0,)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is games
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is first
    finally:
        await server.stop()


def no_local_games(folder: Path) -> Catalog:
    """The Replays list of a machine with no local game recorded yet."""
    from client.replay import LocalCatalog

    return LocalCatalog(folder / "local-games.db")


async def test_the_palettes_replays_opens_over_a_replay_list(tmp_path: Path) -> None:
    """Replays from the command palette while a list is shown: a second list, no clash."""
    app = make_app()
    first = ReplayListScreen(no_local_games(tmp_path))
    app.replay_start = first
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        app.action_replays()
        await settle(app, pilot)
        assert isinstance(app.screen, ReplayListScreen) and app.screen is not first


# --------------------------------------------------------------------------- the Game column


class Listed(Catalog):
    """A list of given games (nothing to open)."""

    title = "given games"

    def __init__(self, games: list[ReplayInfo]) -> None:
        self.games = games

    async def entries(self) -> list[ReplayInfo]:
        return self.games

    async def open(self, info: ReplayInfo) -> Replay | Catalog:
        raise AssertionError("not opened here")


def game(code: str, fmt: str = "duel", turns: int = 12, seats: int = 2, **which: int) -> ReplayInfo:
    players = tuple(PlayerInfo(i, f"P{i}", "human", "thedric_egen") for i in range(seats))
    return ReplayInfo(key=code, source="db", format=fmt, when=1.7e9, players=players,
                      winners=(0,), reason="last_hero", turns=turns, steps=100,
                      status="over", **which)  # fmt: skip


#: Games and what the Game column must show of each, whole.
SHOWN = [
    (game("BK7K5F", index=2, games=2, best_of=3, match_game=2), ["BK7K5F", "game 2/3"]),
    (
        game("T6J34A", index=4, games=4, best_of=3, match=2, match_game=1),
        ["T6J34A", "match 2 · game 1/3"],
    ),
    (game("Q5FIVE", index=4, games=4, best_of=5, match_game=4), ["Q5FIVE", "game 4/5"]),
    (game("REMAT2", index=2, games=2), ["REMAT2", "game 2"]),
    (game("FFA444", "ffa", 123, 4), ["FFA444", "Free-for-all (4)", "123 turns"]),
]


@pytest.mark.parametrize("width", [80, 120])
async def test_the_game_column_says_which_game_whole(width: int) -> None:
    app = make_app()
    screen = ReplayListScreen(Listed([g for g, _ in SHOWN]))
    app.replay_start = screen
    async with app.run_test(size=(width, 30)) as pilot:
        await settle(app, pilot)
        table = screen.query_one(DataTable)
        assert table.max_scroll_x == 0
        for row, (_, words) in enumerate(SHOWN):
            cell = table.get_row_at(row)[1].plain
            assert "…" not in cell, cell
            for word in words:
                assert word in cell, (word, cell)
            if width >= 120:  # room for each line whole: the game, then format and turns
                assert cell.count("\n") == 1, cell


# --------------------------------------------------------------------------- the help


@pytest.mark.parametrize("argv", [["--help"], ["replay", "--help"]])
def test_the_help_says_unfinished_games_replay_too(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "step through a finished game" not in out
    assert "unfinished games too" in out and "a server's finished games" in out


# --------------------------------------------------------------------------- a live server


async def test_a_servers_list_has_a_match_between_games_not_while_one_is_played() -> None:
    """``allegiance replay --connect URL``: game 1 of a match is listed while the table
    waits for game 2, not while game 2 is played; the table's own list has it all along."""
    from server.local import start_local_server
    from tests.server.test_srv_match import both_ask, new_match_table, play_steps

    srv = await start_local_server(allow_fixed_seeds=True, rate=1e6, burst=10**6)
    try:
        client, code = await new_match_table(srv.url, best_of=3)
        await play_steps(client, code)  # game 1 to its end
        between = await fetch_listing(srv.url)
        assert [(g.key, g.index) for g in between] == [(code, 1)]
        await both_ask(client, code)
        await play_steps(client, code, limit=5)  # game 2 under way
        assert [g.key for g in await fetch_listing(srv.url)] == []
        token = client.tokens[(code, 0)]
        table = await fetch_listing(srv.url, table=code, token=token)
        assert [(g.key, g.index) for g in table] == [(code, 1)]
        await client.close()
    finally:
        await srv.stop()

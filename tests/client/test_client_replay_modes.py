"""The Replays list tells a hot-seat game from one against bots (and from one hosted
here): "Duel · hot-seat", "Duel · vs bot", at 80×24 too, never cut in a word."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from client.replay import LocalCatalog, PlayerInfo, ReplayInfo, StoreCatalog
from client.screens.replay import ReplayListScreen
from server.store import SeatRow, Store
from tests.client.helpers import make_app

HEROES = ("thedric_egen", "beledan_kind", "gonde_kyal")

#: (code, the seats' kinds, played at one keyboard, what the list says of it)
TABLES = [
    ("HOTSE2", ("human", "human"), True, "hot-seat"),
    ("VSBOT1", ("human", "bot"), True, "vs bot"),
    ("HOSTD2", ("human", "human"), False, "hosted"),
    ("FFABT3", ("human", "bot", "bot"), True, "vs bots"),
]


def first_command(fmt: str, heroes: tuple[str, ...]) -> tuple[int, dict[str, Any]]:
    """The seat to act first at a table of ``heroes`` (seed 7), and its first legal action."""
    from server.simulate import make_setup
    from shared.rules.realm import engine
    from shared.rules.realm.ruleset import RULESET

    state = engine.new_game(make_setup(fmt, heroes), SEED)
    seat = engine.to_act(state)
    assert seat is not None
    return seat, dict(RULESET.legal_actions(state, seat)[0])


SEED = 7


def local_games(folder: Path) -> Path:
    """A local games database holding the games of :data:`TABLES`, each under way (its
    first step), as the client's local server records them."""
    path = folder / "local-games.db"
    store = Store(path)
    for code, kinds, hotseat, _ in TABLES:
        heroes = HEROES[: len(kinds)]
        seats = [SeatRow(i, kind, 0 if kind == "human" else 2, f"P{i}", heroes[i], None)
                 for i, kind in enumerate(kinds)]  # fmt: skip
        fmt = "duel" if len(kinds) == 2 else "ffa"
        options = {"spectators": True, "hotseat": hotseat, "timer": 0}
        table = store.create_table(code, "realm", {"format": fmt}, options, SEED, 1, seats)
        store.set_status(table, "playing")
        seat, action = first_command("duel" if fmt == "duel" else "ffa3", heroes)
        store.append_command(table, 0, seat, None, action, "human")
    store.close()
    return path


async def settle(app: Any, pilot: Any) -> None:
    for _ in range(50):
        if not any(w.is_running for w in app.screen.workers):
            break
        await app.screen.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()


def test_the_local_list_knows_which_games_were_played_at_one_keyboard(tmp_path: Path) -> None:
    listed = {g.key: g for g in LocalCatalog(local_games(tmp_path)).entries_now()}
    for code, _, hotseat, mode in TABLES:
        assert listed[code].hotseat is hotseat
        assert listed[code].mode == mode, code


def test_a_table_of_the_list_opened_alone_knows_it_too(tmp_path: Path) -> None:
    path = local_games(tmp_path)
    only = StoreCatalog(path, "local", table="hotse2").entries_now()
    assert [(g.key, g.mode) for g in only] == [("HOTSE2", "hot-seat")]
    assert StoreCatalog(path, "local").open_now("VSBOT1").info.mode == "vs bot"


@pytest.mark.parametrize("size", [(80, 24), (120, 30)])
def test_the_list_says_it_whole(tmp_path: Path, size: tuple[int, int]) -> None:
    path = local_games(tmp_path)

    async def shown() -> dict[str, str]:
        app = make_app()
        screen = ReplayListScreen(LocalCatalog(path))
        app.replay_start = screen
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            table = screen.query_one(DataTable)
            assert table.max_scroll_x == 0
            cells = [table.get_row_at(row)[1].plain for row in range(table.row_count)]
        return {cell.split("\n")[0].split(" ")[0]: " ".join(cell.split()) for cell in cells}

    cells = asyncio.run(shown())
    for code, kinds, _, mode in TABLES:
        fmt = "Duel" if len(kinds) == 2 else "Free-for-all (3)"
        assert f"{fmt} · {mode}" in cells[code] or (  # on one line, or the next at a " · "
            fmt in cells[code] and f" {mode}" in cells[code]
        ), cells[code]
        assert "…" not in cells[code]


def player(seat: int, kind: str) -> PlayerInfo:
    return PlayerInfo(seat, f"P{seat}", kind, None)


@pytest.mark.parametrize(
    ("source", "kinds", "hotseat", "mode"),
    [
        ("file", ("bot", "bot"), None, "bots only"),  # a sim recording
        ("db", ("human", "human"), False, ""),  # a server's game: people at their machines
        ("server", ("human", "human"), None, ""),
        ("server", ("human", "bot"), None, "vs bot"),
        ("local", ("human", "human", "bot"), True, "hot-seat"),
    ],
)
def test_who_sat_at_the_table(
    source: str, kinds: tuple[str, ...], hotseat: bool | None, mode: str
) -> None:
    info = ReplayInfo(key="K", source=source, format="duel", when=None,
                      players=tuple(player(i, k) for i, k in enumerate(kinds)), winners=(),
                      reason=None, turns=3, steps=4, status="over", hotseat=hotseat)  # fmt: skip
    assert info.mode == mode

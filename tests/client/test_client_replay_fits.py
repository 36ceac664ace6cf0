"""The replay viewer: the log under the board keeps its four lines after a resize to
60×20 (no leftover horizontal scrollbar); the replay's last step says the result as the
game-over screen does (each opponent's fate); and the Replays list keeps a joined
game's server address whole, its port too, at 80 columns."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from client.replay import PlayerInfo, ReplayInfo, StoreCatalog
from client.screens.gameover import over_markup
from client.screens.replay import ReplayListScreen, ReplayScreen, _server_lines
from client.viewmodel.result import game_result
from client.viewmodel.table import build_table
from client.widgets.log import GameLog
from server.store import SeatRow, Store
from tests.client.helpers import make_app, screen_text
from tests.client.test_client_gameover_fates import conceded, ffa
from tests.client.test_client_replay_list_games import Listed, game, settle
from tests.server.test_srv_replays import realm_game_db

# --------------------------------------------------------------------------- the log


@pytest.fixture(scope="module")
def duel_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return realm_game_db(tmp_path_factory.mktemp("fits"), "FIRST2")


async def test_the_log_keeps_four_lines_after_a_resize_to_60x20(duel_db: Path) -> None:
    replay = StoreCatalog(duel_db, "db").open_now("FIRST2")
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("left", "right")  # stepping leaves it as it is
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.frame is not None
        log = screen.query_one(GameLog)
        assert not log.show_horizontal_scrollbar
        assert log.region.height == 4
        rows = screen_text(app).splitlines()[log.region.y : log.region.bottom]
        assert all(row.strip() for row in rows), rows  # four lines of text, none blank
        assert rows[-1].strip() == screen.frame.log[-1]  # the step's own, last


# --------------------------------------------------------------------------- the result

#: Three heroes for a free-for-all of three.
HEROES3 = ("thedric_egen", "beledan_kind", "gonde_kyal")


def conceded_ffa_db(folder: Path, code: str) -> Path:
    """A games database holding a free-for-all of three (P0, P1, P2) that P1 and P2
    conceded, each at their first priority; the other decisions are random (seeded)."""
    from server.simulate import make_setup
    from shared.rules.realm import engine
    from shared.rules.realm.ruleset import RULESET

    setup = make_setup("ffa3", HEROES3)
    seed = 2**90 + 31
    state = engine.new_game(setup, seed)
    rng = random.Random(5)
    commands: list[tuple[int, dict[str, Any]]] = []
    out: set[int] = set()
    while state.result is None:
        assert len(commands) < 2000, "the concessions never came"
        seat = engine.to_act(state)
        assert seat is not None
        if seat in (1, 2) and seat not in out and RULESET.concede_action(state, seat):
            action: dict[str, Any] = {"kind": "concede"}
            out.add(seat)
        else:
            action = dict(rng.choice(RULESET.legal_actions(state, seat)))
        RULESET.apply(state, seat, action, in_place=True)
        commands.append((seat, action))
    path = folder / "games.db"
    store = Store(path)
    seats = [SeatRow(i, "human", 0, f"P{i}", HEROES3[i], None) for i in range(3)]
    options = {"spectators": True, "hotseat": False, "timer": 0}
    table = store.create_table(code, "realm", {"format": "ffa"}, options, seed, 1, seats)
    store.set_status(table, "playing")
    for idx, (seat, action) in enumerate(commands):
        store.append_command(table, idx, seat, None, action, "human")
    store.set_status(table, "over", dict(state.result or {}))
    store.close()
    return path


async def test_the_replay_says_the_result_as_the_game_over_screen_does(tmp_path: Path) -> None:
    """Both opponents conceded: "opponents conceded", not the view's "opponent
    conceded" (which speaks of the last one out only)."""
    replay = StoreCatalog(conceded_ffa_db(tmp_path, "CONC33"), "db").open_now("CONC33")
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        line = str(app.screen.query_one("#rp-table").render())
        assert line == "Game over: P0 wins (opponents conceded)", line


def test_the_game_over_screen_and_the_replay_share_the_result_line() -> None:
    table = build_table(conceded(ffa(3), 1))
    said = game_result(table)
    assert said == "Alice wins (Bob conceded; Carol was defeated)"
    assert over_markup(table).splitlines()[0].startswith(f"[b]{said}[/b]")


# --------------------------------------------------------------------------- the list


def hosted(code: str, server: str = "ws://127.0.0.1:23160") -> ReplayInfo:
    """A table this player made on another server (``allegiance host --on``)."""
    return ReplayInfo(key=code, source="joined", format="", when=None, players=(), winners=(),
                      reason=None, turns=None, steps=0, status="joined", server=server,
                      hosted=True)  # fmt: skip


def team_won_by(code: str, names: tuple[str, str, str, str]) -> ReplayInfo:
    """A team game won by the first and third of ``names``."""
    players = tuple(PlayerInfo(i, n, "human", "thedric_egen") for i, n in enumerate(names))
    return ReplayInfo(key=code, source="db", format="team", when=1.7e9, players=players,
                      winners=(0, 2), reason="last_hero", turns=12, steps=100,
                      status="over")  # fmt: skip


#: Players whose winners ("A and C") make the Winner column its widest (14 cells), and
#: 10 cells wide.
WIDEST = ("Alexandra", "Bartholomew", "Christopher", "Dorothea")
WIDE = ("Ann", "Bob", "Bo", "Dan")


@pytest.mark.parametrize(
    ("others", "address"),
    [
        ([game("FFA333", "ffa", 12, 3), game("DUEL22")], "on 127.0.0.1:23160"),  # as found
        ([game("DUEL22")], "on 127.0.0.1:23160"),
        ([game("FFA444", "ffa", 123, 4), team_won_by("TEAM44", WIDEST)], "on 127.0.0.1:23160"),
        # the Game column gives way ("123 turns" on a line of its own) to "on HOST:PORT"
        ([game("FFA444", "ffa", 123, 4), team_won_by("TEAM44", WIDE)], "on 127.0.0.1:23160"),
    ],
)
async def test_the_list_keeps_a_joined_games_address_whole_at_80_columns(
    others: list[ReplayInfo], address: str
) -> None:
    app = make_app()
    app.replay_start = ReplayListScreen(Listed([*others, hosted("MADE22")]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        table = app.screen.query_one(DataTable)
        assert table.max_scroll_x == 0
        cell = table.get_row_at(len(others))[3].plain
        assert cell.split("\n") == [address, "(while it runs)"], cell
        assert f"{address} " in screen_text(app)  # shown whole, not cut by the column


async def test_the_list_says_a_joined_games_address_on_one_line_where_there_is_room() -> None:
    app = make_app()
    app.replay_start = ReplayListScreen(Listed([game("FFA333", "ffa", 12, 3), hosted("MADE22")]))
    async with app.run_test(size=(130, 24)) as pilot:
        await settle(app, pilot)
        cell = app.screen.query_one(DataTable).get_row_at(1)[3].plain
        assert cell == "on 127.0.0.1:23160 (while it runs)"


def test_an_address_too_long_for_its_column_keeps_its_port() -> None:
    """The column's narrowest (16 cells): "on" goes first, then the address's start."""
    assert _server_lines("127.0.0.1:23160", 16) == ["127.0.0.1:23160", "(while it runs)"]
    assert _server_lines("a-very-long-hostname.example:8765", 16) == [
        "…me.example:8765",
        "(while it runs)",
    ]

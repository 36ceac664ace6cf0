"""The Replays list and a server's replay: a finished game joined on a server shows,
once its server answers, the date it ended and who won (as ``replay --db`` of that
server's database does); the list's note counts its games in plain words ("1 game.",
"2 games."); and a replay with one perspective (a server's) does not offer `v`."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from client.app import AllegianceApp
from client.replay import ReplayInfo, StoreCatalog, net_replay
from client.screens.replay import ReplayScreen
from client.settings import remember_seat
from server.replays import build_parts, record_from_store
from server.store import Store
from server.tokens import hash_token
from tests.client.helpers import make_app, screen_text
from tests.client.test_client_replay_unfinished import local_db, replays_list
from tests.server.test_srv_replays import store_realm_game


def served_db(folder: Path, code: str = "JOIN22", *, over: bool = True) -> Path:
    """A server's database holding one duel of two people, its seat 1 held with the
    token "tk" (as by a player who joined); a game not ``over`` stops after a few turns."""
    path = folder / "served.db"
    store = Store(path)
    turns = None if over else 3
    store_realm_game(store, code=code, humans=(0, 1), over=over, max_turns=turns)
    store.db.execute("UPDATE seats SET token_hash = ? WHERE seat = 1", (hash_token("tk"),))
    store.db.commit()
    store.close()
    return path


def row_of(app: AllegianceApp, code: str) -> str:
    """The list's line that names ``code``."""
    return next(line for line in screen_text(app).splitlines() if code in line)


# --------------------------------------------------------------------------- item 1


async def test_a_finished_joined_game_shows_its_date_and_winner(tmp_path: Path) -> None:
    from server.local import start_local_server

    served = served_db(tmp_path)
    (expected,) = StoreCatalog(served, "db").entries_now()  # 'allegiance replay --db'
    assert expected.status == "over" and expected.date != "—" and expected.winners
    server = await start_local_server(served)
    try:
        remember_seat(server.url, "JOIN22", 1, "tk")  # 'allegiance join' kept it
        remember_seat("ws://127.0.0.1:1", "GONE42", 0, "tok")  # a server not running
        async with replays_list(tmp_path) as (app, screen, _):
            games = {g.key: g for g in screen.games}
            joined = games["JOIN22"]
            told = (joined.source, joined.date, joined.winner)
            assert told == ("joined", expected.date, expected.winner)
            row = row_of(app, "JOIN22")
            assert expected.date in row and expected.winner in row and "—" not in row
            assert "joined" in screen_text(app)  # still a joined line, opened from there
            gone = row_of(app, "GONE42")  # nothing known of it: its cells say so
            assert gone.count("—") == 2 and games["GONE42"].when is None
    finally:
        await server.stop()


async def test_an_unfinished_joined_game_claims_no_date_or_winner(tmp_path: Path) -> None:
    from server.local import start_local_server

    served = served_db(tmp_path, "LIVE42", over=False)
    server = await start_local_server(served)
    try:
        remember_seat(server.url, "LIVE42", 1, "tk")
        async with replays_list(tmp_path) as (app, screen, _):
            (game,) = screen.games
            assert (game.date, game.winner, game.status) == ("—", "—", "joined")
            assert row_of(app, "LIVE42").count("—") == 2
    finally:
        await server.stop()


# --------------------------------------------------------------------------- item 2


async def test_the_note_counts_one_game_and_several_games(tmp_path: Path) -> None:
    remember_seat("ws://127.0.0.1:1", "GONE42", 0, "tok")
    async with replays_list(tmp_path) as (_, screen, _):
        note = str(screen.query_one("#rl-note").render())
        assert note.startswith("1 game. Enter to watch one") and "game(s)" not in note
    remember_seat("ws://127.0.0.1:1", "GONE43", 0, "tok")
    async with replays_list(tmp_path) as (_, screen, _):
        assert screen.query_one(DataTable).row_count == 2
        assert str(screen.query_one("#rl-note").render()).startswith("2 games. Enter")


# --------------------------------------------------------------------------- item 3


def server_replay(folder: Path) -> ReplayScreen:
    """The replay screen of a finished game as a server sends it to a spectator (one
    perspective), built from the server's own parts."""
    store = Store(served_db(folder))
    try:
        table_id = store.table_id_for("JOIN22")
        assert table_id is not None
        record = record_from_store(store, table_id)
    finally:
        store.close()
    replay = net_replay(build_parts(record, None))
    assert replay.perspectives == (None,)
    return ReplayScreen(replay)


async def footer_and_v(screen: ReplayScreen) -> tuple[str, str, list[str]]:
    """The screen's footer line, its status line after `v`, and the notes then."""
    app = make_app()
    app.replay_start = screen
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        await pilot.press("v")
        await pilot.pause()
        status = str(app.screen.query_one("#rp-status").render())
        return footer, status, [n.message for n in app._notifications]


async def test_a_servers_replay_does_not_offer_view_as(tmp_path: Path) -> None:
    footer, status, notes = await footer_and_v(server_replay(tmp_path))
    assert "View as" not in footer and "Back" in footer
    assert "as spectator" in status and notes == []  # `v` does nothing there


async def test_a_finished_local_game_still_offers_view_as(tmp_path: Path) -> None:
    replay = StoreCatalog(local_db(tmp_path, over=True), "local").open_now("LIVE22")
    assert len(replay.perspectives) == 3
    footer, status, notes = await footer_and_v(ReplayScreen(replay))
    assert "View as" in footer and "(seat 1)" in status  # from the spectator to seat 1
    assert notes and notes[-1].startswith("Seen as")


def test_a_joined_line_with_a_result_names_its_winner() -> None:
    """A joined line shows a winner only once its server said the game is over."""
    from client.replay import PlayerInfo, joined_info

    line = joined_info("ws://127.0.0.1:9", "JOIN22")
    assert (line.date, line.winner) == ("—", "—")
    told = ReplayInfo(**{**line.__dict__, "when": 0.0, "status": "over", "winners": (1,),
                         "players": (PlayerInfo(0, "Ann", "human", None),
                                     PlayerInfo(1, "Bo", "human", None))})  # fmt: skip
    assert told.winner == "Bo" and told.date != "—"

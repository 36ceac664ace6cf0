"""What a narrow or short terminal cuts: the side log wraps its lines (a continuation
indented) rather than cutting them, a prompt longer than its window says how many
choices are out of sight, the table's status line keeps whose turn, who is to act and
the phase at 80 columns, and the replay's board keeps each player's header readable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from client.app import AllegianceApp
from client.replay import StoreCatalog
from client.screens.replay import ReplayScreen
from client.screens.table import TableScreen
from client.widgets.log import GameLog, wrap_line
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, patch, screen_text
from tests.server.test_srv_replays import realm_game_db

#: A step of the recorded game (seed REALM_SEED) in a battle with many attackers: at
#: 80×24 the board is taller than its rows.
BATTLE_STEP = 232

#: Bob's units, many enough that a card aimed at one of them has 13 targets.
MANY = 11


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return realm_game_db(tmp_path_factory.mktemp("narrow"), "NARROW")


def many_targets() -> dict[str, Any]:
    """:func:`~tests.client.fixtures.views.maneuver` with Battle Surge able to target
    13 units (Alice's two and eleven of Bob's)."""
    view = v.maneuver()
    bob = view["players"][1]
    bob["units"] = [v._unit(21 + i, "infantry", 3, 4) for i in range(MANY)]
    targets = ["u:11", "u:12", *(f"u:{21 + i}" for i in range(MANY))]
    view["legal"] = [
        *({"kind": "play", "card": 101, "half": 0, "targets": [t]} for t in targets),
        {"kind": "pass"},
    ]
    return view


def log_shown(app: AllegianceApp) -> list[str]:
    """The rows of the side log's column as a person reads them."""
    region = app.screen.query_one(GameLog).scrollable_content_region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return [row[region.x : region.right].rstrip() for row in rows]


def entries(rows: list[str]) -> list[str]:
    """``rows`` of a log put back together: a continuation row (indented) joins the
    row above it."""
    joined: list[str] = []
    for row in rows:
        if row.startswith("  ") and joined:
            joined[-1] += " " + row.strip()
        elif row:
            joined.append(row)
    return joined


# ------------------------------------------------------------------------------ the log


def test_a_wrapped_log_line_continues_indented() -> None:
    line = "Bot 1 announced Death Grip targeting Nightshade Stalker (Player 2)."
    assert wrap_line(line, 40) == [
        "Bot 1 announced Death Grip targeting",
        "  Nightshade Stalker (Player 2).",
    ]
    assert wrap_line("short", 40) == ["short"]
    assert wrap_line("x" * 50, 20) == ["x" * 20, "  " + "x" * 18, "  " + "x" * 12]


async def test_the_table_s_side_log_wraps_its_lines_at_120_columns() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        doc = fake.docs[0]
        events = [{"t": "armor_prevented", "seat": 1, "amount": 2},
                  {"t": "shielded", "amount": 3, "target": "u:21"}]  # fmt: skip
        fake.feed(patch(doc, doc, 0, 1, events))
        await pilot.pause()
        rows = [row for row in log_shown(app) if row]
        assert rows[-1] == "  be prevented."  # the second line continues, indented
        assert entries(rows)[-2:] == [
            "Bob's armor prevented 2 battle damage.",
            "The next 3 damage to Infantry (Bob) will be prevented.",
        ]


@pytest.mark.parametrize("size", [(120, 40), (140, 45)])
async def test_the_replay_s_side_log_shows_whole_lines(db: Path, size: tuple[int, int]) -> None:
    replay = StoreCatalog(db, "db").open_now("NARROW")
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        width = app.screen.query_one(GameLog).scrollable_content_region.width
        while not any(len(line) > width for line in replay.frame().log[-5:]):
            await pilot.press("right")  # on to a long line
            assert replay.step < replay.total
        await pilot.pause()
        shown = entries(log_shown(app))
        assert shown == [str(line) for line in replay.frame().log[-len(shown) :]]


# --------------------------------------------------------------------------- the prompt


async def test_a_long_menu_says_how_many_choices_are_out_of_sight() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, many_targets())
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        # Battle Surge: 13 targets and "back" in a 7-line window (its text under the title)
        await pilot.press("1")
        await pilot.pause()
        text = screen_text(app)
        assert "Target unit gets +3 attack power" in text
        assert "↓ 7 more" in text and "above" not in text
        for _ in range(9):
            await pilot.press("down")
        await pilot.pause()
        assert "↑ 3 above  ↓ 4 more" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "↑ 7 above" in text and "more" not in text
        await pilot.press("escape")  # the top menu fits: nothing is said
        await pilot.pause()
        text = screen_text(app)
        assert "above" not in text and "more" not in text


# ---------------------------------------------------------------------- the status line


def battle_view() -> dict[str, Any]:
    """Alice's battle against Bob, Bob to assign defenders: the longest status (it has
    a battle step)."""
    return v.assign()


async def test_the_status_line_keeps_whose_turn_who_acts_and_the_phase_at_80() -> None:
    """At 80 columns the line keeps the title, the join code and the match's game and
    score when they fit (or the title's short form), then drops them before whose turn
    it is; "to act: Alice" on Alice's turn goes before any of them."""
    from tests.client.test_client_match import MatchFake, match_info

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = MatchFake(app, [0], title="Hosting")
        fake.controller.reach = "192.168.1.20:8765"  # a table hosted here: its code shows
        fake.show_match(0, v.maneuver(), match_info(game=2, wins=[1, 0]))
        await pilot.pause()
        line = screen_text(app).splitlines()[0].strip()
        # "to act: Alice" on Alice's turn says her name twice: it goes first
        # the duel's score names its players; "Turn 4" goes for them
        wanted = "Hosting TEST01 · Game 2 of best of 3 · Alice 1–0 Bob · Alice's turn · Maneuver"
        assert line == wanted, line
        fake.show_match(0, battle_view(), match_info(game=2, wins=[1, 0]))
        await pilot.pause()
        line = screen_text(app).splitlines()[0].strip()
        assert line == "Turn 4 · Alice's turn · to act: Bob · Maneuver · Assign defenders", line
    app = make_app()
    async with app.run_test(size=(160, 40)) as pilot:  # room for the whole line
        fake = Fake(app, [0], title="Hosting QW7ZK2")
        fake.show(0, battle_view())
        await pilot.pause()
        line = screen_text(app).splitlines()[0]
        assert "Hosting QW7ZK2 · Turn 4 · Alice's turn · to act: Bob · Maneuver · Assign" in line


# ------------------------------------------------------------------------ the replay


async def test_a_duel_replay_at_80x24_shows_both_players_headers(db: Path) -> None:
    """Steps in a battle whose board is taller than its rows: each player's header (name,
    hero, health) stays in sight."""
    replay = StoreCatalog(db, "db").open_now("NARROW")
    names = [replay.info.name(seat) for seat in (0, 1)]
    replay.go(BATTLE_STEP)
    app = make_app()
    app.replay_start = ReplayScreen(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(4):
            await pilot.press("right")
            await pilot.pause()
            assert replay.frame().view.get("battle")
            rows = [row.lstrip("▶ ") for row in screen_text(app).splitlines()]
            for name in names:
                assert any(row.startswith(f"{name} · ") and "♥" in row for row in rows), (
                    name, rows)  # fmt: skip


@pytest.mark.parametrize(
    ("view_name", "seat"),
    [("maneuver", 0), ("response", 0), ("declare", 0), ("assign", 1), ("waiting", 0)],
)
async def test_the_table_s_footer_keeps_every_key_at_80_columns(view_name: str, seat: int) -> None:
    # the command palette (where "Concede this game" is) is the footer's last item: the
    # first one cut when the keys of a prompt do not fit
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [seat], title="Narrow").show(seat, getattr(v, view_name)())
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert footer.rstrip().endswith("^p palette"), footer
        assert "f1 Help" in footer and "^l Leave" in footer and "i Info" in footer

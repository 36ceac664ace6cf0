"""The new-game screen: a hero chosen by two seats is said before starting and Start
waits (docs/rulings.md, 46); the last game started from it is set up again after a
restart (``new-game.json`` in the config folder), and a damaged file is passed over."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Select

from client.screens.setup import (
    LocalPlan,
    SeatPlan,
    SetupScreen,
    default_plan,
    first_plan,
    load_plan,
    load_plan_report,
    plan_path,
    save_plan,
)
from tests.client.helpers import make_app, screen_text


async def test_one_hero_at_three_seats_is_said_and_start_waits() -> None:
    app = make_app()
    chosen: list[LocalPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(first_plan("Alice")), chosen.append)
        await pilot.pause()
        screen = app.screen
        screen.query_one("#format", Select).value = "ffa"
        await pilot.pause()
        screen.query_one("#count", Select).value = 4
        await pilot.pause()
        for i in (1, 2, 3):
            screen.query_one(f"#hero-{i}", Select).value = "thedric_egen"
        await pilot.pause()
        said = "Thedric Egen is chosen by seats 2, 3 and 4"
        assert said in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert chosen == [] and isinstance(app.screen, SetupScreen)
        screen.query_one("#hero-2", Select).value = "hakor_dajet"
        await pilot.pause()
        assert "Thedric Egen is chosen by seats 2 and 4" in screen_text(app)
        screen.query_one("#hero-3", Select).value = ""  # random: drawn from the others
        await pilot.pause()
        assert "is chosen by" not in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert chosen and chosen[0] is not None
    assert [s.hero for s in chosen[0].seats] == [None, "thedric_egen", "hakor_dajet", None]


async def test_a_hidden_seat_s_hero_does_not_count() -> None:
    seats = (SeatPlan("human", "Alice", "gonde_kyal"), SeatPlan("bot", "Bot 2", None),
             SeatPlan("bot", "Bot 3", None), SeatPlan("bot", "Bot 4", "gonde_kyal"))  # fmt: skip
    app = make_app()
    chosen: list[LocalPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen(LocalPlan("ffa", seats)), chosen.append)
        await pilot.pause()
        assert "Magus Gondè Kyal is chosen by seats 1 and 4" in screen_text(app)  # at once
        app.screen.query_one("#count", Select).value = 3
        await pilot.pause()
        assert "is chosen by" not in screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert chosen and chosen[0] is not None and len(chosen[0].seats) == 3


async def _start_from_the_menu(choose: dict[str, object]) -> LocalPlan:
    """A new session: Menu → New local game, set the fields ``choose`` names (widget id →
    value, in order) and Start; returns the plan the screen opened on."""
    app = make_app()
    app.start_local = lambda plan: None  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_new_game()
        for _ in range(3):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        opened = screen.current_plan()
        for widget, value in choose.items():
            screen.query_one(f"#{widget}", Select).value = value
            await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)
    return opened


async def test_the_last_game_set_up_comes_back_after_a_restart() -> None:
    first = await _start_from_the_menu({"format": "ffa", "count": 4, "kind-1": "bot3",
                                        "kind-2": "human", "kind-3": "bot0",
                                        "hero-0": "oswin_the_third"})  # fmt: skip
    assert first == first_plan("Alice")  # nothing kept yet: a duel against a bot
    again = await _start_from_the_menu({})  # the program started again
    assert again.format == "ffa"
    assert [(s.kind, s.level, s.name) for s in again.seats] == [
        ("human", 1, "Alice"), ("bot", 3, "Bot"), ("human", 1, "Player 3"), ("bot", 0, "Bot 4")
    ]  # fmt: skip
    assert [s.hero for s in again.seats] == ["oswin_the_third", None, None, None]


async def test_a_match_s_length_comes_back_after_a_restart() -> None:
    await _start_from_the_menu({"best-of": 5})
    again = await _start_from_the_menu({})
    assert again.format == "duel" and again.best_of == 5 and again.options == {"best_of": 5}


def test_the_player_s_own_name_follows_the_settings() -> None:
    plan = LocalPlan("duel", (SeatPlan("human", "Alice", None), SeatPlan("human", "Bob", None)))
    assert save_plan(plan, "Alice") is None
    kept = load_plan("Alicia")
    assert kept is not None and [s.name for s in kept.seats] == ["Alicia", "Bob"]


@pytest.mark.parametrize(
    "text",
    [
        b"\xff\xfe not text",
        b'{"format": "duel", "seats": [',
        b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[" * 20,
        b"null",
        b'"duel"',
        b'{"format": "chess", "seats": []}',
        b'{"format": "duel", "seats": [{"kind": "human"}]}',
        b'{"format": "duel", "seats": [{"kind": "human"}, {"kind": "robot"}]}',
        b'{"format": "duel", "seats": [{"kind": "human"}, {"kind": "bot", "level": 9}]}',
        b'{"format": "duel", "seats": [{"kind": "human"}, {"kind": "bot", "level": true}]}',
        b'{"format": "duel", "seats": [{"kind": "human"}, "bot"]}',
    ],
)
async def test_a_damaged_file_is_passed_over(text: bytes) -> None:
    plan_path().parent.mkdir(parents=True, exist_ok=True)
    plan_path().write_bytes(text)
    assert default_plan("Alice") == first_plan("Alice")
    plan, why = load_plan_report("Alice")
    assert plan is None and why is not None and "new-game.json" in why
    opened = await _start_from_the_menu({})
    assert opened == first_plan("Alice")


async def test_a_damaged_file_is_said_as_the_screen_opens() -> None:
    plan_path().parent.mkdir(parents=True, exist_ok=True)
    plan_path().write_bytes(b'{"format": "duel", "seats": [')
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_new_game()
        await pilot.pause()
        said = [n for n in app._notifications if n.title == "New local game"]
        assert len(said) == 1 and said[0].severity == "warning"
        assert "new-game.json" in said[0].message and "once a game is started" in said[0].message


async def test_no_file_is_no_news() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_new_game()
        await pilot.pause()
        assert not [n for n in app._notifications if n.title == "New local game"]


def test_odd_values_in_a_kept_seat_fall_back_one_by_one() -> None:
    seats = [{"kind": "human", "name": 7, "hero": "no_such_hero"},
             {"kind": "bot", "name": "  Robo  ", "hero": "nyx_valendra"}]  # fmt: skip
    plan_path().parent.mkdir(parents=True, exist_ok=True)
    plan_path().write_text(json.dumps({"format": "duel", "best_of": "3", "seats": seats}))
    kept = load_plan("Alice")
    assert kept is not None and kept.options == {}
    assert [(s.kind, s.level, s.name, s.hero) for s in kept.seats] == [
        ("human", 1, "Alice", None), ("bot", 1, "Robo", "nyx_valendra")
    ]  # fmt: skip


async def test_a_hosted_game_is_not_kept_as_the_new_game() -> None:
    app = make_app()
    chosen: list[LocalPlan | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        plan = LocalPlan("duel", (SeatPlan("human", "Alice", None), SeatPlan("human", "P2", None)),
                         {"spectators": "public"})  # fmt: skip
        app.push_screen(SetupScreen(plan, hosting=True), chosen.append)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert chosen and chosen[0] is not None
    assert not plan_path().exists()

"""How a table's games end and begin again, as its players see it: the hot-seat curtain
before a new game's first hand, a seat that is out of the game, what a waiting line says
the others are deciding, a host closing its table from the game-over screen (asked
first; the others told plainly), last game's notices gone when the next begins, the
game-over rows of a team game, and "you" in the lobby."""

from __future__ import annotations

import copy
from typing import Any

from client.game import HOST_CLOSED, HOST_LEFT, OVER_NOTICE_TIMEOUT
from client.net.connection import LinkState
from client.net.session import Notice
from client.screens.curtain import CurtainScreen
from client.screens.gameover import GameOverScreen, over_markup
from client.screens.leave import CloseTableScreen, leave_warning
from client.screens.lobby import lobby_markup
from client.screens.table import TableScreen
from client.viewmodel.prompt import as_the_server_passes, build_prompt
from client.viewmodel.table import build_table
from shared.protocol.messages import STOP_HOST_LEFT, STOP_TABLE_CLOSED
from tests.client.fixtures import views as v
from tests.client.helpers import make_app, patch, screen_text
from tests.client.test_client_match import MatchFake, match_info, over_for, over_screen

FIRST = [{"kind": "first", "seat": 0}, {"kind": "first", "seat": 1}]


def deciding(seat: int, acting: int, legal: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    """``seat``'s view while ``acting`` decides (``kind``): ``legal`` only if its own."""
    view = v.base(seat)
    view.update(to_act=acting, prompt={"kind": kind, "seat": acting})
    view["legal"] = copy.deepcopy(legal) if seat == acting else []
    return view


def notices(app: Any) -> list[str]:
    return [n.message for n in app._notifications]


async def settle(pilot: Any, app: Any, kind: type) -> None:
    for _ in range(30):
        await pilot.pause()
        if isinstance(app.screen, kind):
            return
    raise AssertionError(f"not {kind.__name__}: {app.screen}")


# 1. hot-seat: the curtain before a new game's first hand ----------------------------------
async def test_a_new_hotseat_game_raises_the_curtain_even_for_the_seat_shown_last() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = MatchFake(app, [0, 1])
        one = match_info(wins=[0, 0], games=[], next=None)
        fake.show_match(0, deciding(0, 1, FIRST, "first"), one)
        fake.show_match(1, deciding(1, 1, FIRST, "first"), one)
        await settle(pilot, app, CurtainScreen)
        await pilot.press("enter")  # Bob sits down; his game goes on to its end
        await settle(pilot, app, TableScreen)
        assert fake.controller.displayed == 1
        fake.show_match(0, over_for(0), match_info(), status="over")
        fake.show_match(1, over_for(1), match_info(), status="over")
        await over_screen(pilot, app)
        two = match_info(game=2, played=2, next=None)
        fake.show_match(0, deciding(0, 1, FIRST, "first"), two)
        fake.show_match(1, deciding(1, 1, FIRST, "first"), two)  # Bob decides first again
        await settle(pilot, app, CurtainScreen)
        assert isinstance(app.screen, CurtainScreen) and app.screen.seat == 1
        assert "Skilled Strike" not in screen_text(app)  # nothing of his new hand shows


# 2. a seat that is out of the game ----------------------------------------------------------
def out_view(team: bool = False) -> dict[str, Any]:
    """Bob (seat 1) is out; Alice's turn goes on."""
    view = deciding(1, 0, [], "priority")
    view["players"][1].update(health=0, alive=False)
    if team:
        view["players"][0]["team"] = view["players"][1]["team"] = 0
    return view


def test_a_seat_that_is_out_is_told_so_and_waits_for_no_turn() -> None:
    prompt = build_prompt(out_view())
    assert prompt.title == "You are out of the game: watching until it ends."
    shown = as_the_server_passes(prompt, out_view(), {"skip": True})
    assert shown.title == prompt.title and "passing" not in shown.title
    team = build_prompt(out_view(team=True)).title
    assert team == "You are out of the game: your team plays on; watching until it ends."
    playing = build_prompt(deciding(1, 0, [], "priority")).title
    assert playing == "Waiting for Alice to play their turn…"


def test_leaving_a_seat_that_is_out_loses_nothing() -> None:
    playing = {"status": "playing", "table": "K7QF3M"}
    assert leave_warning("joined", playing) is not None
    assert leave_warning("joined", playing, out=True) is None
    assert leave_warning("hosting", playing, out=True) is not None  # the server stops


# 3. what the others are deciding ------------------------------------------------------------
def test_the_waiting_line_says_what_the_other_seat_decides() -> None:
    said = {
        kind: build_prompt(deciding(0, 1, [], kind)).title
        for kind in ("first", "attack", "defend", "armor", "discard", "draw", "priority")
    }
    assert said["first"] == "Waiting for Bob to choose who goes first…"
    assert said["attack"] == "Waiting for Bob to declare attackers…"
    assert said["defend"] == "Waiting for Bob to assign defenders…"
    assert said["armor"] == "Waiting for Bob to split armor…"
    assert said["discard"] == "Waiting for Bob to discard…"
    assert said["draw"] == "Waiting for Bob to choose a deck to draw from…"
    assert said["priority"] == "Waiting for Bob to respond…"  # on Alice's turn
    unknown = build_prompt(deciding(0, 1, [], "something_new")).title
    assert unknown == "Waiting for Bob…"
    longest = "Waiting for " + "N" * 16 + " to choose weapon and armor faces…"
    assert len(longest) <= 80


# 4. a host closing its table from the game-over screen --------------------------------------
class Server:
    """A stand-in for the host's in-process server: what its clients are told."""

    def __init__(self) -> None:
        self.told: list[tuple[str | None, str | None]] = []

    async def stop(self, message: str | None = None, reason: str | None = None) -> None:
        self.told.append((message, reason))


def hosted(app: Any) -> tuple[MatchFake, Server]:
    fake = MatchFake(app, [0])
    fake.controller.reach = "127.0.0.1:9461"
    server = Server()
    fake.controller.server = server
    return fake, server


async def test_the_host_is_asked_before_the_menu_closes_the_table() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake, server = hosted(app)
        fake.show_match(0, v.base(0), match_info(wins=[0, 0], games=[]))
        await pilot.pause()
        fake.show_match(0, v.over(), match_info(), status="over")
        await over_screen(pilot, app)
        await pilot.press("m")
        await settle(pilot, app, CloseTableScreen)
        warning = app.screen.warning
        assert "closes the table" in warning and "no next game" in warning
        assert "y Close it" in screen_text(app).splitlines()[-1]
        await pilot.press("n")  # stays: the game-over screen again, the server up
        await settle(pilot, app, GameOverScreen)
        assert server.told == [] and app.game is fake.controller
        await pilot.press("m")
        await settle(pilot, app, CloseTableScreen)
        await pilot.press("y")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert app.game is None and server.told == [(HOST_CLOSED, STOP_TABLE_CLOSED)]


async def test_a_host_that_stops_mid_game_says_the_game_goes_on_later() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake, server = hosted(app)
        fake.show_match(0, v.base(0), match_info(wins=[0, 0], games=[]))
        await pilot.pause()
        await fake.controller.stop()
        assert server.told == [(HOST_LEFT, STOP_HOST_LEFT)]


async def test_a_guest_told_the_host_closed_the_table_is_not_told_it_lost_the_link() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = MatchFake(app, [1])
        fake.show_match(1, over_for(1), match_info(), status="over")
        await over_screen(pilot, app)
        game = fake.controller
        assert "Next game" in screen_text(app)  # the match goes on, so far
        game.apply([LinkState("online"), Notice("Gone.", "warning", stopping=STOP_TABLE_CLOSED)])
        game.apply([LinkState("reconnecting")])
        await pilot.pause()
        assert "Gone." in notices(app)  # the reason counts, whatever the words
        assert not any("Lost the connection" in n for n in notices(app))
        text = screen_text(app)  # the game-over screen says so for as long as it shows
        assert "Gone. There is no next game." in text, text
        assert "Best of 3" in text  # the score stays
        assert "Next game" not in text and "Play again" not in text
        game.apply([LinkState("closed")])
        assert game.link == "the host closed the table"


# 5. last game's notices go when the next begins ---------------------------------------------
async def test_the_next_game_clears_the_last_games_notices_but_not_its_own() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = MatchFake(app, [0])
        fake.show_match(0, v.base(0), match_info(wins=[0, 0], games=[]))
        await pilot.pause()
        app.notify("Bob's Infantry attacks.")  # toasts on their way as the game ends
        fake.show_match(0, v.over(), match_info(), status="over")
        await over_screen(pilot, app)
        assert notices(app) == []  # the game-over screen opens clear of toasts
        fake.controller.apply([Notice("Bob asked for the next game.")])
        await pilot.pause()
        assert notices(app) == ["Bob asked for the next game."]
        assert next(iter(app._notifications)).timeout == OVER_NOTICE_TIMEOUT  # soon gone
        second = match_info(game=2, played=2, next=None)
        fake.show_match(0, v.base(0), second)
        fake.controller.apply([Notice("Game 2 has started.")])
        await settle(pilot, app, TableScreen)
        assert notices(app) == ["Game 2 has started."]


async def test_a_new_game_keeps_the_notice_that_came_with_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = MatchFake(app, [0])
        fake.show_match(0, v.base(0), match_info(wins=[0, 0], games=[]))
        fake.show_match(0, v.over(), match_info(), status="over")
        await over_screen(pilot, app)
        app.notify("The game is over.")
        await pilot.pause()
        second = match_info(game=2, played=2, next=None)
        doc = copy.deepcopy(fake.docs[0])
        doc["view"] = v.base(0)
        doc["table"].update(match=second, status="playing")
        updates = fake.session.on_message(patch(fake.docs[0], doc, 0, fake.seq[0] + 1))
        fake.controller.apply([Notice("Game 2 has started."), *updates])
        await pilot.pause()
        assert notices(app) == ["Game 2 has started."]


# 6. the game-over rows of a team game -------------------------------------------------------
def test_the_game_over_rows_name_each_team_and_who_is_out() -> None:
    view = v.over()
    view["format"] = "team"
    view["players"][0]["team"] = 0
    view["players"][1]["team"] = 1
    text = over_markup(build_table(view))
    rows = text.splitlines()[2:]
    assert rows[0].startswith("[b]team 1[/b]  Alice") and rows[0].endswith("standing[/]")
    # "defeated", as the result line says it (it said "out")
    assert rows[1].startswith("[b]team 2[/b]  Bob") and rows[1].endswith("defeated[/]")
    duel = over_markup(build_table(v.over())).splitlines()[2:]
    assert "team" not in duel[0] and duel[1].endswith("defeated[/]")
    four = copy.deepcopy(view)
    four["players"] += [
        {**copy.deepcopy(p), "seat": p["seat"] + 2, "name": p["name"] + "2"}
        for p in view["players"]
    ]
    order = [
        row.split("  ")[1].split(" ·")[0] for row in over_markup(build_table(four)).splitlines()[2:]
    ]
    assert order == ["Alice", "Alice2", "Bob", "Bob2"]  # by team


# 7. "you" in the lobby ----------------------------------------------------------------------
def test_the_lobby_marks_this_players_own_seat() -> None:
    seats = [
        {"seat": i, "name": n, "kind": "human", "claimed": True, "connected": True}
        for i, n in enumerate(("Ann", "Bo"))
    ]
    lines = lobby_markup("K7QF3M", {"seats": seats}, mine=[1]).splitlines()
    ann = next(line for line in lines if "Ann" in line)
    bo = next(line for line in lines if "Bo" in line)
    assert "(you)" in bo and "(you)" not in ann and "here" in bo

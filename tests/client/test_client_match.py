"""Matches and rematches in the client: the game-over screen's score, games and keys,
"next game" / "play again" sent for every held seat, the next game closing the screen,
the match label on the table, the best-of choice of the new-game screen, the lobby."""

from __future__ import annotations

import copy
from typing import Any

from textual.widgets import Select

from client.screens.curtain import CurtainScreen
from client.screens.gameover import GameOverScreen, match_label, match_markup
from client.screens.lobby import lobby_markup
from client.screens.setup import LocalPlan, SetupScreen, default_plan
from client.screens.table import TableScreen
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, doc_for, make_app, patch, screen_text


def game(n: int, heroes: list[str], winners: list[int], chooser: int | None = None,
         first: int = 0) -> dict[str, Any]:  # fmt: skip
    return {"game": n, "heroes": heroes, "chooser": chooser, "first": first,
            "winners": winners, "reason": "last_hero_standing"}  # fmt: skip


def match_info(**kw: Any) -> dict[str, Any]:
    info = {"best_of": 3, "number": 1, "game": 1, "played": 1, "wins": [1, 0],
            "heroes": ["thedric_egen", "beledan_kind"],
            "games": [game(1, ["thedric_egen", "beledan_kind"], [0])],
            "winners": None, "next": "game", "ready": [], "tally": [0, 0]}  # fmt: skip
    info.update(kw)
    return info


class MatchFake(Fake):
    """A fake controller whose documents carry ``doc.table.match``."""

    def show_match(self, seat: int, view: dict[str, Any], match: dict[str, Any] | None,
                   status: str = "playing", events: list[dict[str, Any]] | None = None,
                   ) -> None:  # fmt: skip
        doc = doc_for(view, status=status)
        doc["table"]["match"] = copy.deepcopy(match)
        for s in doc["table"]["seats"]:
            s["name"] = {0: "Alice", 1: "Bob"}[s["seat"]]
        if seat not in self.docs:
            self.seq[seat] = 0
            from shared.protocol import diff

            self.feed({"t": "sync", "table": "TEST01", "seat": seat, "seq": 0, "doc": doc,
                       "hash": diff.view_hash(doc)})  # fmt: skip
        else:
            self.seq[seat] += 1
            self.feed(patch(self.docs[seat], doc, seat, self.seq[seat], events or []))
        self.docs[seat] = doc


def over_for(seat: int | None) -> dict[str, Any]:
    view = v.base(seat)
    view.update(phase="over", to_act=None, result={"winners": [0], "reason": "hero_defeated"})
    view["players"][1].update(health=0, alive=False)
    return view


async def over_screen(pilot: Any, app: Any) -> GameOverScreen:
    for _ in range(50):
        await pilot.pause()
        if isinstance(app.screen, GameOverScreen):
            return app.screen
        if isinstance(app.screen, CurtainScreen):  # hot-seat: the first seat sits down
            await pilot.press("enter")
    raise AssertionError(f"no game-over screen: {app.screen}")


def sent_next(fake: Fake) -> list[dict[str, Any]]:
    return [m for m in fake.sent if m["t"] == "next_game"]


async def test_game_over_shows_the_score_and_next_game_then_the_next_game_begins() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = MatchFake(app, [0])
        fake.show_match(0, v.base(0), match_info(wins=[0, 0], games=[]))
        await pilot.pause()
        fake.show_match(0, v.over(), match_info(), status="over")
        over = await over_screen(pilot, app)
        text = screen_text(app)
        assert "Best of 3" in text and "Alice: 1 · Bob: 0" in text
        assert "Thedric" in text and "Alice won" in text
        assert "Next: game 2" in text and "Bob chooses to play first or second" in text
        footer = text.splitlines()[-1]
        assert "Next game" in footer and "Play again" not in footer and "Main menu" in footer
        await pilot.press("escape")  # the final table shows through, the keys stay
        await pilot.pause()
        text = screen_text(app)
        assert "Best of 3" not in text
        assert "Game 1 of best of 3 · Alice 1–0 Bob" in text.splitlines()[0]
        assert "Next game" in text.splitlines()[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert "Alice: 1 · Bob: 0" in screen_text(app)
        await pilot.press("a")  # no rematch while the match goes on
        await pilot.pause()
        assert sent_next(fake) == []
        await pilot.press("n")
        await pilot.pause()
        asked = sent_next(fake)
        assert [(m["seat"], m["token"], m["table"]) for m in asked] == [(0, "tok0", "TEST01")]
        assert app.screen is over and "Next game" not in screen_text(app).splitlines()[-1]
        # the server says who asked; the screen waits for the other player
        fake.show_match(0, v.over(), match_info(ready=[0]), status="over")
        await pilot.pause()
        assert "You asked for the next game; waiting for Bob." in screen_text(app)
        # game two begins: the screen closes, the table shows the match, the log marks it
        second = match_info(game=2, played=2, heroes=["kael_morvane", "nyx_valendra"],
                            next=None)  # fmt: skip
        fake.show_match(0, v.base(0), second, events=[{"t": "game_started"}])
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "Game 2 of best of 3 · Alice 1–0 Bob" in text.splitlines()[0]
        stream = fake.session.stream(0)
        assert stream is not None  # the title heads the game's first lines
        assert stream.log[-2:] == ["— Game 2 of best of 3 · Alice 1–0 Bob —", "The game began."]
        # and its end shows the game-over screen again, now with the match decided
        done = match_info(game=2, played=2, wins=[2, 0], winners=[0], next="rematch",
                          games=[game(1, ["thedric_egen", "beledan_kind"], [0]),
                                 game(2, ["kael_morvane", "nyx_valendra"], [0], chooser=1,
                                      first=1)])  # fmt: skip
        fake.show_match(0, v.over(), done, status="over")
        await over_screen(pilot, app)
        text = screen_text(app)
        assert "Match over" in text and "Alice wins the match" in text
        assert "Bob chose to play first" in text
        footer = text.splitlines()[-1]
        assert "Play again" in footer and "Next game" not in footer


async def test_play_again_asks_for_a_rematch_for_every_held_seat() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        fake = MatchFake(app, [0, 1])  # hot-seat: both seats here
        one = {"best_of": 1, "number": 1, "game": 1, "played": 1, "wins": [1, 0],
               "heroes": [], "games": [game(1, ["thedric_egen", "beledan_kind"], [0])],
               "winners": [0], "next": "rematch", "ready": [], "tally": [1, 0]}  # fmt: skip
        fake.show_match(0, over_for(0), one, status="over")
        fake.show_match(1, over_for(1), one, status="over")
        await over_screen(pilot, app)
        text = screen_text(app)
        assert "Game over" in text and "Best of" not in text  # a single game: no score yet
        await pilot.press("a")
        await pilot.pause()
        assert [m["seat"] for m in sent_next(fake)] == [0, 1]
        await pilot.press("a")  # asking twice sends nothing more
        await pilot.pause()
        assert len(sent_next(fake)) == 2
        await pilot.press("m")
        await pilot.pause()
        assert app.game is None  # the menu: the player left the table


async def test_ctrl_l_leaves_from_the_game_over_screen_as_at_the_table() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        fake = MatchFake(app, [0])
        one = {"best_of": 1, "number": 1, "game": 1, "played": 1, "wins": [1, 0],
               "heroes": [], "games": [game(1, ["thedric_egen", "beledan_kind"], [0])],
               "winners": [0], "next": "rematch", "ready": [], "tally": [1, 0]}  # fmt: skip
        fake.show_match(0, over_for(0), one, status="over")
        await over_screen(pilot, app)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert app.game is None  # the menu, as "m" goes


async def test_a_spectator_sees_the_score_but_cannot_ask() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = MatchFake(app, [None])  # type: ignore[list-item]
        fake.show_match(None, over_for(None), match_info(), status="over")  # type: ignore[arg-type]
        over = await over_screen(pilot, app)
        assert over.next_kind is None
        await pilot.press("n")
        await pilot.pause()
        assert sent_next(fake) == [] and "Alice: 1 · Bob: 0" in screen_text(app)


def test_match_label_and_markup() -> None:
    assert match_label(None) == ""
    assert match_label(match_info(game=2, wins=[1, 0])) == "Game 2 of best of 3 · 1–0"
    single = {"best_of": 1, "played": 1, "tally": [0, 0]}
    assert match_label(single) == ""
    assert match_label({**single, "played": 3, "tally": [2, 0]}) == "Game 3 · 2–0"
    drawn = match_markup(match_info(winners=[], wins=[1, 1]), ["A", "B"], [0, 1])
    assert "The match is drawn." in drawn
    waiting = match_markup(match_info(ready=[1]), ["A", "B"], [0, 1])
    assert "B asked for the next game; waiting for A." in waiting


def test_the_lobby_says_best_of() -> None:
    info = {"seats": [], "match": {"best_of": 5}}
    assert "Best of 5" in lobby_markup("K7QF3M", info)
    assert "Best of" not in lobby_markup("K7QF3M", {"seats": [], "match": {"best_of": 1}})


def test_the_lobby_shows_each_seat_s_hero() -> None:
    seats = [
        {"seat": 0, "name": "Ann", "kind": "human", "claimed": True, "connected": True,
         "hero": "thedric_egen"},
        {"seat": 1, "name": "Bo", "kind": "human", "claimed": False, "hero": None},
    ]  # fmt: skip
    lines = lobby_markup("K7QF3M", {"seats": seats}).splitlines()
    ann = next(line for line in lines if "Ann" in line)
    bo = next(line for line in lines if "Bo" in line)
    assert "Thedric Egen" in ann and "here" in ann
    assert "random hero" in bo and "free seat" in bo


async def test_the_new_game_screen_offers_best_of_for_duels() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        plans: list[LocalPlan | None] = []
        app.push_screen(SetupScreen(default_plan("Alice")), plans.append)
        await pilot.pause()
        screen = app.screen
        assert "Match" in screen_text(app) and "One game" in screen_text(app)
        screen.query_one("#best-of", Select).value = 3
        await pilot.pause()
        assert all(s.disabled for s in screen.query("Select.hero"))  # the match deals heroes
        plan = screen.current_plan()  # type: ignore[attr-defined]
        assert plan.options == {"best_of": 3} and plan.best_of == 3
        assert all(seat.hero is None for seat in plan.seats)
        screen.query_one("#format", Select).value = "ffa"
        await pilot.pause()
        assert not screen.query_one("#match-row").display
        assert "best_of" not in screen.current_plan().options  # type: ignore[attr-defined]
        screen.query_one("#format", Select).value = "duel"
        await pilot.pause()
        screen.query_one("#best-of", Select).value = 5
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert plans and plans[-1] is not None and plans[-1].options == {"best_of": 5}


async def test_a_match_against_a_bot_goes_on_to_game_two_by_keys() -> None:
    from tests.client.driver import Waiter, match_against_a_bot, play_to_the_end

    app = match_against_a_bot()
    async with app.run_test(size=(80, 24)) as pilot:
        over = await play_to_the_end(app, pilot)
        await pilot.pause()
        assert over.match is not None and over.match["played"] == 1
        text = screen_text(app)
        assert "Best of 3" in text and "Next game" in text.splitlines()[-1]
        assert app.game is not None
        waiter = Waiter()
        waiter.hook(app.game)
        await pilot.press("n")
        for _ in range(50):
            if isinstance(app.screen, TableScreen):
                break
            await waiter.wait(pilot)
        assert isinstance(app.screen, TableScreen)
        won = over.match["wins"][0] == 1
        line = screen_text(app).splitlines()[0]
        assert f"Game 2 of best of 3 · Ann {'1–0' if won else '0–1'} Bot" in line
        view = app.game.session.view(0) or {}
        heroes = {p["hero"] for p in view["players"]}
        assert not heroes & set(over.match["games"][0]["heroes"])  # new heroes
        if not won:  # Ann lost: she chooses who plays first
            assert view["prompt"] == {"kind": "first", "seat": 0}


def test_a_team_table_names_each_seats_team_from_setup_to_lobby() -> None:
    from client.screens.setup import LocalPlan, SeatPlan

    plan = LocalPlan("team", tuple(SeatPlan("bot", f"B{i}", None) for i in range(4)))
    assert plan.setup() == {"format": "team", "seats": [{"team": t} for t in (0, 1, 0, 1)]}
    assert LocalPlan("ffa", plan.seats[:3]).setup() == {"format": "ffa"}
    seats = [{"seat": i, "name": f"B{i}", "kind": "bot", "team": i % 2} for i in range(4)]
    text = lobby_markup("K7QF3M", {"seats": seats})
    assert "Seat 1: B0  bot  [$text-muted]random hero[/]  [b]team 1[/b]" in text
    assert "Seat 4: B3  bot  [$text-muted]random hero[/]  [b]team 2[/b]" in text
    assert "team" not in lobby_markup("K7QF3M", {"seats": [{**s, "team": None} for s in seats]})


def test_the_lobby_says_the_timer_and_what_happens_to_a_player_who_is_away() -> None:
    info = {"seats": [], "options": {"timer": 30, "grace": 60, "policy": "bot"}}
    assert "Timer: [b]30 s[/b] a decision. A player away over 60 s: a bot plays for them." in (
        lobby_markup("K7QF3M", info)
    )
    calm = {"seats": [], "options": {"timer": 0, "grace": 60, "policy": "wait"}}
    assert "no time limit" in lobby_markup("K7QF3M", calm)
    assert "Timer" not in lobby_markup("K7QF3M", {"seats": []})  # options not known yet


def test_the_waiting_line_marks_a_player_who_is_away() -> None:
    match = {"best_of": 3, "game": 1, "played": 1, "wins": [1, 0], "games": [],
             "next": "game", "ready": [0], "tally": [1, 0]}  # fmt: skip
    here = match_markup(match, ["Ann", "Bo"], [0, 1], [0])
    assert "waiting for Bo." in here
    gone = match_markup(match, ["Ann", "Bo"], [0, 1], [0], away={1: "away"})
    assert "waiting for Bo (away)." in gone
    left = match_markup(match, ["Ann", "Bo"], [0, 1], [0], away={1: "left the table"})
    assert "waiting for Bo (left the table)." in left  # said leave: not a lost connection

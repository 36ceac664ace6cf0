"""The game-over screen between a match's games: "Next game" follows what the server says
after the link drops (a restarted server forgets who asked, a request sent while the
link was down is lost), leaving a local match between its games is asked first, and
the match's history fits 80x24 with five games, a wrapped game indented under its text.
"""

from __future__ import annotations

import copy
from typing import Any

from textual.content import Content

from client.cards import short_hero
from client.net.connection import LinkState
from client.screens.gameover import (
    LOCAL_MATCH_WARNING,
    GameOverScreen,
    LeaveMatchScreen,
    _game_line,
)
from client.screens.leave import QuitScreen
from client.widgets.lines import hang
from shared.protocol import diff
from tests.client.fixtures import views as v
from tests.client.helpers import TABLE, Fake, doc_for, make_app, patch, screen_text

#: Five games' heroes, the longest names of the card set among them.
HEROES = [
    ["desoth_pravus", "gonde_kyal"],
    ["beledan_kind", "thrainor_deepforge"],
    ["desoth_pravus", "gonde_kyal"],
    ["oswin_the_third", "sylvara_thornwood"],
    ["kael_morvane", "hakor_dajet"],
]


def game(n: int, winners: list[int], chooser: int | None = None) -> dict[str, Any]:
    return {"game": n, "heroes": HEROES[n - 1], "chooser": chooser, "first": 0,
            "winners": winners, "reason": "last_hero_standing"}  # fmt: skip


def one_all() -> dict[str, Any]:
    """A best-of-3 at 1–1 between its games."""
    return {"best_of": 3, "number": 1, "game": 2, "played": 2, "wins": [1, 1],
            "heroes": HEROES[1], "games": [game(1, [0]), game(2, [1], chooser=1)],
            "winners": None, "next": "game", "ready": [], "tally": [0, 0]}  # fmt: skip


class Table(Fake):
    """A fake controller whose documents carry ``doc.table.match`` and the seats' names."""

    names = ("Player", "Player (2)")

    def show_match(self, seat: int, view: dict[str, Any], match: dict[str, Any],
                   status: str = "over", fresh: bool = False) -> None:  # fmt: skip
        """``fresh``: a new sync (a new connection), as after a reconnect."""
        doc = doc_for(view, status=status)
        doc["table"]["match"] = copy.deepcopy(match)
        for s in doc["table"]["seats"]:
            s["name"] = self.names[s["seat"]]
        if fresh or seat not in self.docs:
            self.seq[seat] = 0
            self.feed({"t": "sync", "table": TABLE, "seat": seat, "seq": 0, "doc": doc,
                       "hash": diff.view_hash(doc)})  # fmt: skip
        else:
            self.seq[seat] += 1
            self.feed(patch(self.docs[seat], doc, seat, self.seq[seat]))
        self.docs[seat] = doc


async def over_screen(pilot: Any, app: Any) -> GameOverScreen:
    for _ in range(50):
        await pilot.pause()
        if isinstance(app.screen, GameOverScreen):
            return app.screen
    raise AssertionError(f"no game-over screen: {app.screen}")


def asked(fake: Fake) -> int:
    return len([m for m in fake.sent if m["t"] == "next_game"])


def footer(app: Any) -> str:
    return screen_text(app).splitlines()[-1]


# --- 1. "Next game" follows the server after the link drops -------------------------------


async def test_after_a_server_restart_next_game_is_offered_again() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Table(app, [0])
        fake.show_match(0, v.over(), one_all())
        over = await over_screen(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        assert asked(fake) == 1 and "Next game" not in footer(app)
        fake.show_match(0, v.over(), {**one_all(), "ready": [0]})
        await pilot.pause()
        assert "You asked for the next game; waiting for Player (2)." in screen_text(app)
        # the server stops and starts again: it has forgotten who asked (ruling 39)
        fake.controller.apply([LinkState("reconnecting", "retrying in 1s")])
        fake.controller.apply([LinkState("online")])
        fake.show_match(0, v.over(), one_all(), fresh=True)
        await pilot.pause()
        assert app.screen is over
        assert "You asked" not in screen_text(app)
        assert "Next game" in footer(app)  # offered again, as the server awaits this seat
        await pilot.press("n")
        await pilot.pause()
        assert asked(fake) == 2 and "Next game" not in footer(app)


async def test_a_reconnect_to_a_server_that_kept_the_request_offers_nothing_more() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Table(app, [0])
        fake.show_match(0, v.over(), one_all())
        await over_screen(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        fake.controller.apply([LinkState("reconnecting", "retrying in 1s")])
        fake.controller.apply([LinkState("online")])
        fake.show_match(0, v.over(), {**one_all(), "ready": [0]}, fresh=True)
        await pilot.pause()
        assert "You asked for the next game; waiting for Player (2)." in screen_text(app)
        assert "Next game" not in footer(app)
        await pilot.press("n")
        await pilot.pause()
        assert asked(fake) == 1


async def test_next_game_pressed_while_the_link_is_down_is_offered_again() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Table(app, [0])
        fake.show_match(0, v.over(), one_all())
        await over_screen(pilot, app)
        fake.controller.apply([LinkState("reconnecting", "retrying in 1s")])
        await pilot.press("n")  # it would be lost: not sent, and still offered
        await pilot.pause()
        assert asked(fake) == 0
        assert "Next game" in footer(app)
        fake.controller.apply([LinkState("online")])
        fake.show_match(0, v.over(), one_all(), fresh=True)
        await pilot.pause()
        assert "Next game" in footer(app)
        await pilot.press("n")
        await pilot.pause()
        assert asked(fake) == 1 and "Next game" not in footer(app)


async def test_a_seat_the_server_lists_as_ready_is_not_offered_next_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Table(app, [0])  # a new client for a seat that asked before
        fake.show_match(0, v.over(), {**one_all(), "ready": [0]})
        over = await over_screen(pilot, app)
        assert over.next_kind is None and "Next game" not in footer(app)


# --- 2. leaving a local match between its games is asked first ----------------------------


async def _local_over(pilot: Any, app: Any, match: dict[str, Any], local: bool = True) -> Table:
    fake = Table(app, [0])
    fake.controller.local = local  # the match is played by this terminal's own server
    fake.show_match(0, v.over(), match)
    await over_screen(pilot, app)
    return fake


async def test_main_menu_between_a_local_match_s_games_asks_first() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _local_over(pilot, app, one_all())
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, LeaveMatchScreen)
        text = screen_text(app)
        assert "Leave this match?" in text and "This match cannot be resumed" in text
        await pilot.press("n")  # stays (and asks for no next game)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and app.game is not None
        await pilot.press("ctrl+l")  # the same as m
        await pilot.pause()
        assert isinstance(app.screen, LeaveMatchScreen)
        await pilot.press("y")
        await pilot.pause()
        assert app.game is None


async def test_a_real_local_match_against_a_bot_asks_before_the_menu() -> None:
    from tests.client.driver import match_against_a_bot, play_to_the_end

    app = match_against_a_bot()
    async with app.run_test(size=(80, 24)) as pilot:
        over = await play_to_the_end(app, pilot)
        await pilot.pause()
        assert over.match is not None and over.match["next"] == "game"
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, LeaveMatchScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is over and app.game is not None
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.game is None


async def test_quitting_between_a_local_match_s_games_says_the_match_is_lost() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await _local_over(pilot, app, one_all())
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        assert app.screen.warning == LOCAL_MATCH_WARNING


async def test_main_menu_goes_at_once_after_the_match_a_single_game_or_a_network_match() -> None:
    games = [game(1, [0]), game(2, [1], chooser=1), game(3, [0], chooser=1)]
    decided = {**one_all(), "wins": [2, 1], "winners": [0], "next": "rematch", "games": games}
    single = {"best_of": 1, "number": 1, "game": 1, "played": 1, "wins": [1, 0],
              "heroes": HEROES[0], "games": [game(1, [0])], "winners": [0],
              "next": "rematch", "ready": [], "tally": [1, 0]}  # fmt: skip
    for match, local in ((decided, True), (single, True), (one_all(), False)):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await _local_over(pilot, app, match, local=local)
            await pilot.press("m")
            await pilot.pause()
            assert app.game is None, (match["next"], local)


# --- 3. the history fits 80x24, a wrapped game indented under its text ----------------------


def test_a_wrapped_line_hangs_under_its_text() -> None:
    line = Content.from_markup(
        " 3. De'Soth v Gondè — Player 2 won [$text-muted](Player 2 chose to play second)[/]"
    )
    rows = [row.plain for row in hang(line, 40)]
    assert rows[0] == " 3. De'Soth v Gondè — Player 2 won"
    assert all(row.startswith("    ") and row[4] != " " for row in rows[1:]) and len(rows) > 1
    assert " ".join(r.strip() for r in rows) == line.plain.strip()
    plain = Content("Bob asked for a rematch; waiting for you.")
    assert [row.plain for row in hang(plain, 20)][1][0] != " "  # no number: no indent


def test_the_history_names_heroes_short() -> None:
    assert short_hero("Last Triarch De'Soth Pravus") == "De'Soth"
    assert short_hero("Principus Beledan Kind") == "Beledan"
    assert short_hero("Magus Gondè Kyal") == "Gondè"
    assert short_hero("Oswin the Third") == "Oswin"


def five_games(**kw: Any) -> dict[str, Any]:
    games = [game(1, [0]), game(2, [1], chooser=1), game(3, [1], chooser=1),
             game(4, [0], chooser=0), game(5, [0], chooser=1)]  # fmt: skip
    info = {"best_of": 5, "number": 1, "game": 5, "played": 5, "wins": [3, 2],
            "heroes": HEROES[4], "games": games, "winners": [0], "next": "rematch",
            "ready": [1], "tally": [0, 0]}  # fmt: skip
    info.update(kw)
    return info


async def test_five_games_of_a_best_of_five_fit_80x24() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Table(app, [0])
        fake.names = ("Player 1", "Player 2")
        fake.show_match(0, v.over(), five_games())
        await over_screen(pilot, app)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        box = [line.strip().strip("│").rstrip() for line in lines]
        for n in range(1, 6):  # each game on one line, with its heroes' short names
            assert any(row.startswith(f"  {n}. ") and " won" in row for row in box), n
        assert "  3. De'Soth v Gondè — Player 2 won (Player 2 chose to play second)" in box
        assert "Player 2 asked for a rematch; waiting for you." in screen_text(app)
        # the options, their border's last row and the box's bottom are all in view
        assert any("Main menu" in line for line in lines[:-1])
        assert "▁▁▁" in lines[-3] and "╰" in lines[-2]


async def test_long_names_wrap_indented_and_the_options_stay_in_view() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Table(app, [0])
        fake.names = ("Bartholomew Fitzgerald-Smythe", "Maximiliana Ottilie Wolkenstein")
        fake.show_match(0, v.over(), five_games())
        await over_screen(pilot, app)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        box = [line.strip().strip("│").rstrip() for line in lines]
        start = next(i for i, row in enumerate(box) if row.startswith("  2. "))
        assert box[start + 1].startswith("     ") and box[start + 1][5] != " "
        assert any("Play again" in line for line in lines[:-1])
        assert any("Main menu" in line for line in lines[:-1])
        assert "▁▁▁" in lines[-3] and "╰" in lines[-2]


def test_the_history_says_who_chose_for_an_absent_chooser() -> None:
    names = ["Ann", "Bo"]
    chose = game(2, [1], chooser=1)
    assert "(Bo chose to play second)" in _game_line(chose, names)
    timed = {**chose, "chosen_by": "timeout"}
    assert "(Bo ran out of time to choose and played second)" in _game_line(timed, names)
    by_bot = {**chose, "first": 1, "chosen_by": "bot"}
    assert "(Bo away: a bot chose for them and played first)" in _game_line(by_bot, names)

"""The game-over screen says who left the table and has not asked for the next game
(their ask, if any, went with them); the match history says "chose to play first";
the lobby's line about a player away says no grace where the grace changes nothing."""

from __future__ import annotations

import copy
from typing import Any

from client.screens.gameover import _game_line, match_markup
from client.screens.lobby import table_rules_line
from shared.protocol import diff
from tests.client.fixtures import views as v
from tests.client.helpers import TABLE, Fake, doc_for, make_app, patch, screen_text
from tests.client.test_client_gameover_returns import game, over_screen

NAMES = ["Dan", "Eve"]


def rematch(ready: list[int]) -> dict[str, Any]:
    return {"best_of": 1, "number": 1, "game": 1, "played": 2, "wins": [1, 0],
            "heroes": [], "games": [], "winners": [0], "next": "rematch",
            "ready": ready, "tally": [2, 0]}  # fmt: skip


def test_nobody_asked_and_a_player_left_says_so() -> None:
    left = {1: "left the table"}
    text = match_markup(rematch([]), NAMES, [0, 1], [0], left)
    assert "Eve (left the table) has not asked for a rematch." in text
    between = {**rematch([]), "best_of": 3, "next": "game", "games": [game(1, [0])]}
    text = match_markup(between, NAMES, [0, 1], [0], {1: "away"})
    assert "Eve (away) has not asked for the next game." in text


def test_nobody_asked_and_nobody_gone_says_nothing_of_asking() -> None:
    text = match_markup(rematch([]), NAMES, [0, 1], [0], {})
    assert "asked" not in text
    # a table with no next game (nobody there to ask for one) says nothing either
    assert "asked" not in match_markup({**rematch([]), "next": None}, NAMES, [0, 1], [0],
                                       {1: "left the table"})  # fmt: skip


def test_asking_after_they_left_waits_for_them() -> None:
    text = match_markup(rematch([0]), NAMES, [0, 1], [0], {1: "left the table"})
    assert "You asked for a rematch; waiting for Eve (left the table)." in text
    assert "Leaving (the menu, or quitting) takes your ask back." in text  # m takes it
    other = match_markup(rematch([1]), NAMES, [0, 1], [0], {})
    assert "waiting for you." in other and "takes your ask back" not in other  # not asked
    hotseat = match_markup(rematch([0]), NAMES, [0, 1], [0, 1], {})
    assert "takes your ask back" not in hotseat  # one keyboard: leaving ends the table


class Table(Fake):
    def show(self, match: dict[str, Any], left: bool) -> None:
        doc = doc_for(v.over(), status="over")
        doc["table"]["match"] = copy.deepcopy(match)
        for s in doc["table"]["seats"]:
            s["name"] = NAMES[s["seat"]]
        doc["table"]["seats"][1].update(connected=not left, left=left)
        if 0 not in self.docs:
            self.seq[0] = 0
            self.feed({"t": "sync", "table": TABLE, "seat": 0, "seq": 0, "doc": doc,
                       "hash": diff.view_hash(doc)})  # fmt: skip
        else:
            self.seq[0] += 1
            self.feed(patch(self.docs[0], doc, 0, self.seq[0]))
        self.docs[0] = doc


async def test_the_screen_shows_that_a_player_who_asked_then_left_no_longer_asks() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Table(app, [0])
        fake.show(rematch([1]), left=False)
        await over_screen(pilot, app)
        await pilot.pause()
        assert "Eve asked for a rematch; waiting for you." in screen_text(app)
        fake.show(rematch([]), left=True)  # the server: she left, her ask went with her
        await pilot.pause()
        text = screen_text(app)
        assert "Eve (left the table) has not asked for a rematch." in text
        assert "waiting for you" not in text


def test_the_history_says_chose_to_play_first_or_second() -> None:
    assert "(Eve chose to play second)" in _game_line(game(2, [1], chooser=1), NAMES)
    assert "(Eve chose to play first)" in _game_line({**game(2, [1], chooser=1), "first": 1},
                                                     NAMES)  # fmt: skip


def test_the_lobby_says_no_grace_under_wait_timer_or_not() -> None:
    def line(timer: float, grace: float, policy: str) -> str:
        return table_rules_line({"options": {"timer": timer, "grace": grace, "policy": policy}})

    assert line(0, 60, "wait") == (
        "Timer: [b]no time limit[/b]. A player away: the table waits for them."
    )
    assert line(20, 10, "wait") == (
        "Timer: [b]20 s[/b] a decision. A player away: the timer still runs for them "
        "(out of time, the seat passes)."
    )
    # where the grace does change something, it is said, timer or not
    assert line(20, 10, "concede") == (
        "Timer: [b]20 s[/b] a decision. A player away over 10 s: they concede."
    )
    assert line(0, 10, "bot") == (
        "Timer: [b]no time limit[/b]. A player away over 10 s: a bot plays for them."
    )


async def test_between_games_a_seat_played_for_while_away_is_not_waited_for() -> None:
    """A seat the away policy plays for (its concession, or a bot) agrees to the next game
    of a match unasked: the screen does not say the table waits for it. A rematch does
    wait for its player's own ask."""
    between = {**rematch([]), "best_of": 3, "winners": None, "next": "game",
               "games": [game(1, [0])], "wins": [1, 0]}  # fmt: skip
    for kind, match, waited in (("conceded_away", between, False), ("bot", between, False),
                                ("conceded_away", rematch([]), True)):  # fmt: skip
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            fake = Table(app, [0])
            fake.show(match, left=True)
            await over_screen(pilot, app)
            doc = copy.deepcopy(fake.docs[0])
            doc["table"]["seats"][1][kind] = True
            fake.seq[0] += 1
            fake.feed(patch(fake.docs[0], doc, 0, fake.seq[0]))
            fake.docs[0] = doc
            await pilot.pause()
            text = screen_text(app)
            assert ("Eve (left the table) has not asked" in text) is waited, (kind, text)


async def test_an_ask_without_a_connection_names_what_it_asked_for() -> None:
    """With the link down the ask is not sent, and the notice says which ask: a rematch,
    or the next game of a match."""
    between = {**rematch([]), "best_of": 3, "winners": None, "next": "game",
               "games": [game(1, [0])], "wins": [1, 0]}  # fmt: skip
    for match, what in ((rematch([]), "a rematch"), (between, "the next game")):
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            fake = Table(app, [0])
            fake.show(match, left=False)
            await over_screen(pilot, app)
            game_ = app.game
            assert game_ is not None
            game_.link = "reconnecting…"
            game_.ask_next_game()
            await pilot.pause()
            said = [str(n.message) for n in app._notifications]
            wanted = f"Not sent (no connection to the server): ask for {what} once connected again."
            assert wanted in said, said

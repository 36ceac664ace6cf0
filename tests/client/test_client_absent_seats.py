"""A person whose connection is gone shows as "away" on their hero line; once a bot plays
their seat until they return (reconnect policy "bot"), the line says "bot plays" instead
(it used to show nothing then, as if they were there)."""

from __future__ import annotations

from client.viewmodel.table import away_seats, bot_seats, build_table
from client.widgets.hero import hero_content
from tests.client.fixtures import views as v
from tests.client.helpers import table_info


def test_a_seat_a_bot_took_over_says_bot_plays() -> None:
    view = v.maneuver()
    info = table_info(view)
    info["seats"][1]["connected"] = False
    info["seats"][1]["bot"] = True
    table = build_table(view, table_info=info)
    bob = table.players[1]
    assert bob.bot_plays and not bob.away
    assert "bot plays" in hero_content(bob).plain and "away" not in hero_content(bob).plain
    assert "bot plays" not in hero_content(table.players[0]).plain
    assert bot_seats(info) == {1} and away_seats(info) == set()


def test_away_until_the_bot_comes_and_nothing_once_back() -> None:
    view = v.maneuver()
    info = table_info(view)
    info["seats"][1]["connected"] = False
    bob = build_table(view, table_info=info).players[1]
    assert bob.away and not bob.bot_plays
    assert "away" in hero_content(bob).plain and "bot plays" not in hero_content(bob).plain
    info["seats"][1]["connected"] = True  # back: the bot stops
    bob = build_table(view, table_info=info).players[1]
    assert not bob.away and not bob.bot_plays


def test_no_marks_outside_a_game_being_played() -> None:
    view = v.maneuver()
    info = table_info(view, status="over")
    info["seats"][1].update(connected=False, bot=True)
    assert not any(p.bot_plays or p.away for p in build_table(view, table_info=info).players)


def test_a_seat_that_conceded_or_is_out_is_not_said_to_be_played_by_a_bot() -> None:
    view = v.maneuver()
    info = table_info(view)
    info["seats"][1].update(connected=False, bot=True, conceded=True)  # the server plays it out
    bob = build_table(view, table_info=info).players[1]
    assert not bob.bot_plays and "bot plays" not in hero_content(bob).plain
    info["seats"][1]["conceded"] = False
    view["players"][1]["alive"] = False  # out of the game: nothing to come back to
    bob = build_table(view, table_info=info).players[1]
    assert not bob.bot_plays and not bob.away
    assert "defeated" in hero_content(bob).plain and "bot plays" not in hero_content(bob).plain


def test_a_player_out_of_the_game_is_one_line_with_nothing_left_to_show() -> None:
    from client.widgets.hero import hero_refs

    view = v.maneuver()
    view["players"][1]["alive"] = False
    bob = build_table(view).players[1]
    text = hero_content(bob, wide=True).plain
    assert "\n" not in text and "out of the game (defeated)" in text
    assert "♥" not in text and "✦" not in text and "⚔" not in text  # no stats, gear, abilities
    assert hero_refs(bob, True) == (bob.hero_ref,)
    alice = build_table(view).players[0]
    assert "♥" in hero_content(alice).plain and len(hero_refs(alice, True)) > 1

"""A seat that conceded but is not out yet (out at its next priority) says "conceding" on
its hero line and on the players line, as a seat a bot took over says "bot plays": under
the away policy "concede" a seat whose grace ran out showed no mark at all while the log
said it concedes. Once out it shows as conceded seats do: "out of the game (conceded)"."""

from __future__ import annotations

from typing import Any

import pytest

from client.viewmodel.table import build_table, conceding_seats
from client.widgets.hero import hero_content
from client.widgets.opponents import OpponentsLine, Summary, full_item, short_item
from shared.protocol import diff
from tests.client.fixtures import views as v
from tests.client.helpers import TABLE, Fake, doc_for, make_app, screen_text, table_info

OFF = {"auto_pass": True, "stops": [], "hold": False, "skip": False}
#: What the server sends of a seat whose player was away past the grace under the policy
#: "concede": the server plays it (``bot``) because it conceded, not a bot for them.
CONCEDED_AWAY = {"connected": False, "bot": True, "conceded": True}


def test_a_seat_that_conceded_away_says_conceding() -> None:
    view = v.maneuver()
    info = table_info(view)
    info["seats"][1].update(CONCEDED_AWAY)
    table = build_table(view, table_info=info)
    bob = table.players[1]
    assert bob.conceding and bob.seat_mark == "conceding"
    text = hero_content(bob).plain
    assert "conceding" in text and "bot plays" not in text and "away" not in text
    assert "conceding" not in hero_content(table.players[0]).plain
    assert conceding_seats(info) == {1}


def test_a_player_who_conceded_and_is_still_here_says_conceding_too() -> None:
    """Their own concession waits for their priority as well: the same mark."""
    view = v.maneuver()
    info = table_info(view)
    info["seats"][1].update(bot=True, conceded=True)  # connected
    assert build_table(view, table_info=info).players[1].seat_mark == "conceding"


def test_once_out_the_seat_shows_as_conceded_not_conceding() -> None:
    view = v.maneuver()
    info = table_info(view)
    info["seats"][1].update(CONCEDED_AWAY)
    view["players"][1].update(alive=False, conceded=True)
    bob = build_table(view, table_info=info).players[1]
    assert not bob.conceding and bob.seat_mark == ""
    text = hero_content(bob).plain
    assert "out of the game (conceded)" in text and "conceding" not in text


def test_no_mark_outside_a_game_being_played() -> None:
    view = v.maneuver()
    info = table_info(view, status="over")
    info["seats"][1].update(CONCEDED_AWAY)
    assert not any(p.conceding for p in build_table(view, table_info=info).players)


def test_the_players_line_carries_the_marks_of_the_hero_line() -> None:
    view = v.maneuver()
    info = table_info(view)
    info["seats"][1].update(CONCEDED_AWAY)
    bob = Summary.of(build_table(view, table_info=info).players[1])
    assert full_item(bob).plain == "Bob (Beledan)  ♥ 37/38  2g  hand 4  conceding"
    assert short_item(bob).plain == "Bob (Beledan) ♥37/38 2g h4 conceding"
    info["seats"][1].update(conceded=False)  # a bot plays for him instead
    bob = Summary.of(build_table(view, table_info=info).players[1])
    assert full_item(bob).plain.endswith("hand 4  bot plays")


def show_conceded(fake: Fake, view: dict[str, Any], seat: int) -> None:
    """Send seat 0 ``view`` with ``seat`` conceded away in the document's table."""
    doc = doc_for(view, settings=OFF)
    doc["table"]["seats"][seat].update(CONCEDED_AWAY)
    fake.feed(
        {"t": "sync", "table": TABLE, "seat": 0, "seq": 0, "doc": doc, "hash": diff.view_hash(doc)}
    )


async def laid_out(pilot: Any) -> None:
    for _ in range(4):  # the board's scroll, and the players line shown after it
        await pilot.pause()


@pytest.mark.asyncio
async def test_the_table_marks_the_seat_conceding_on_its_hero_line() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        show_conceded(fake, v.maneuver(), 1)
        await laid_out(pilot)
        bob = next(line for line in screen_text(app).splitlines() if "Bob · " in line)
        assert "conceding" in bob and "bot plays" not in bob


@pytest.mark.asyncio
async def test_the_table_marks_the_seat_conceding_on_the_players_line() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        show_conceded(fake, v.maneuver_four_players(), 1)
        await laid_out(pilot)
        line = app.screen.query_one(OpponentsLine)
        assert line.display and [s.name for s in line.summaries] == ["Bob", "Cid"]
        top = "\n".join(screen_text(app).splitlines()[:3])
        assert "Bob (Beledan)" in top and "conceding" in top

"""The other players come in turn order (the seating order: each player's left is the
next), from the player after the viewer, not in seat order: in a sworn enemy game the
two differ. The ``↑`` line says each player's team or sworn enemy. Before the first
player is chosen nobody carries the turn marker ``▶``."""

from __future__ import annotations

from typing import Any

from client.viewmodel.table import build_table
from client.widgets.hero import hero_content
from client.widgets.opponents import OpponentsLine, Summary, opponents_content
from shared.rules.realm.engine import apply_action, new_game
from shared.rules.realm.view import view_for
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text
from tests.client.test_client_opponents import OFF, laid_out

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def names(panels: Any) -> list[str]:
    return [p.name for p in panels]


def game(fmt: str, seed: int) -> Any:
    return new_game({"format": fmt, "seats": [{"name": n} for n in NAMES]}, seed)


def test_a_sworn_enemy_board_follows_the_turn_order_not_the_seats() -> None:
    g = game("sworn", 1)
    assert g.order == [3, 0, 2, 1]  # seated Dee, Ann, Cid, Bob: the seed's roll
    for seat, others in ((0, ["Cid", "Bob", "Dee"]), (1, ["Dee", "Ann", "Cid"])):
        table = build_table(view_for(g, seat))
        assert names(table.others()) == others  # was Bob, Cid, Dee / Ann, Cid, Dee
        you = table.you()
        assert you is not None and you.hunts == others[0]  # the player to your left
        assert names(table.players) == NAMES  # the seats stay in seat order
    # a spectator: from the first player (Dee), as the turns go
    assert names(build_table(view_for(g, None)).others()) == ["Dee", "Ann", "Cid", "Bob"]


def test_teams_and_views_without_an_order_keep_their_board() -> None:
    g = game("team", 1)  # teams alternate by seat: the turn order is the seat order
    assert names(build_table(view_for(g, 2)).others()) == ["Dee", "Ann", "Bob"]
    view = v.maneuver_four_players()  # no "order": seat order, from the one after you
    view["seat"] = 2
    assert names(build_table(view).others()) == ["Dee", "Alice", "Bob"]
    view["seat"] = None  # a spectator: every player, from the first seat
    assert names(build_table(view).others()) == ["Alice", "Bob", "Cid", "Dee"]


def test_nobody_carries_the_turn_marker_before_the_first_player_is_chosen() -> None:
    g = game("team", 2)  # team 2 (Bob and Dee) won the roll: Bob chooses
    view = view_for(g, 2)
    assert view["prompt"] == {"kind": "first", "seat": 1}
    assert view["current"] == 0  # a mere default: Ann does not go first
    table = build_table(view)
    assert not any(p.is_current for p in table.players)
    ann = table.players[0]
    assert not hero_content(ann).plain.startswith("▶")  # was "▶ Ann · …"
    assert "▶" not in opponents_content((Summary.of(ann),), 78).plain
    assert names(build_table(view_for(g, None)).others()) == NAMES  # from the first seat
    apply_action(g, 1, ("first", 3))  # Bob chooses Dee
    table = build_table(view_for(g, 2))
    assert [p.name for p in table.players if p.is_current] == ["Dee"]  # known: marked
    assert hero_content(table.players[3]).plain.startswith("▶ Dee")
    spectator = build_table(view_for(g, None))
    assert names(spectator.others()) == ["Dee", "Ann", "Bob", "Cid"]  # from the first


def test_the_line_says_each_players_team_or_sworn_enemy() -> None:
    def summary(name: str, to_act: bool = False, **kw: Any) -> Summary:
        return Summary(name, "Oswin", 30, 30, 0, 2, False, to_act, **kw)

    one = opponents_content((summary("Bob", hunts="Cid"),), 78).plain
    assert one == "↑ Bob (Oswin)  ♥ 30/30  0g  hand 2  hunts Cid"
    three = (summary("Bob", hunts="Cid"), summary("Cid", hunts="Dee"), summary("Dee", hunts="Ann"))
    rows = opponents_content(three, 78).plain.split("\n")
    assert rows[0] == "↑ Bob (Oswin) ♥30/30 0g h2 →Cid │ Cid (Oswin) ♥30/30 0g h2 →Dee"
    assert rows[1].strip() == "Dee (Oswin) ♥30/30 0g h2 →Ann"  # 3 players wrap at 80 as before
    teams = (summary("Bob", team=1), summary("Cid", team=0, out="defeated"))
    assert opponents_content(teams, 78).plain == (
        "↑ Bob (Oswin)  ♥ 30/30  0g  hand 2  team 2  │  Cid (Oswin)  team 1  defeated"
    )
    short = opponents_content((*teams, summary("Dee", team=1, to_act=True)), 90).plain
    assert short == (
        "↑ Bob (Oswin) ♥30/30 0g h2 T2 │ Cid (Oswin) T1 defeated │ Dee (Oswin) ♥30/30 0g h2 T2 ◆"
    )
    ffa = opponents_content((summary("Bob"),), 78).plain
    assert ffa == "↑ Bob (Oswin)  ♥ 30/30  0g  hand 2"  # no teams, no hunts: as before


async def test_at_80x24_the_line_shows_whom_the_scrolled_away_players_hunt() -> None:
    view = v.maneuver_four_players()
    view.update(format="sworn", order=[0, 1, 2, 3], first=0)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, view, settings=OFF)
        await laid_out(pilot)
        line = app.screen.query_one(OpponentsLine)
        assert line.display and [s.hunts for s in line.summaries] == ["Cid", "Dee"]
        second = screen_text(app).splitlines()[1]
        assert second.startswith(" ↑ Bob (Beledan) ♥37/38 2g h4 →Cid │ Cid (Beledan) ♥32/38")
        assert "h4 →Dee ↓" in second  # still one line, the mark after the hand

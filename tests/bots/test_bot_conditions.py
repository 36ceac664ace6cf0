"""The medium bot reads a card's "if an opponent's production rating is higher than yours"
from the board: War Subsidy is held while the ratings are equal and played, as a response
on the opponent's turn, while its player is behind."""

from __future__ import annotations

import random

from server.botplay.know import Board, effect_score
from server.botplay.policies import medium, rank_priority
from shared.rules.realm.scenario import Scenario
from shared.rules.realm.view import view_for


def _position(current: str, a_production: int, b_production: int) -> Scenario:
    return Scenario({
        "format": "duel",
        "current": current,
        "phase": "maneuver",
        "seats": [
            {"name": "A", "hero": "beledan_kind", "production": a_production,
             "hand": ["War Subsidy"]},
            {"name": "B", "hero": "thedric_egen", "production": b_production,
             "hand": ["Infantry"], "gold": 10},
        ],
    })


def _subsidy(view: dict[str, object]) -> dict[str, object]:
    return next(a for a in view["legal"] if a["kind"] == "play")  # type: ignore[attr-defined]


def test_held_on_its_own_turn_while_the_ratings_are_equal() -> None:
    sc = _position("A", 8, 8)
    view = view_for(sc.g, 0)
    assert effect_score(Board(view), _subsidy(view)) == 0.8  # 1 gold only
    ranked = rank_priority(Board(view), list(view["legal"]))
    assert next(s for a, s in ranked if a["kind"] == "play") < 0  # below passing
    assert medium(view, random.Random(1))["kind"] != "play"


def test_played_as_a_response_while_behind() -> None:
    sc = _position("B", 7, 8)
    sc.run('B enlist Infantry\nB pass')
    view = view_for(sc.g, 0)
    assert sc.g.prompt is not None and sc.g.prompt.seat == 0  # A may respond
    assert effect_score(Board(view), _subsidy(view)) == 3.2  # 1 + 3 gold
    assert medium(view, random.Random(1))["kind"] == "play"


def test_the_board_reads_how_many_more_units_an_opponent_controls() -> None:
    """``unit_gap`` (Robe of the Warden's "if an opponent controls more units than you")."""
    sc = Scenario({
        "format": "duel",
        "current": "A",
        "phase": "maneuver",
        "seats": [
            {"name": "A", "hero": "hakor_dajet", "units": ["Infantry"]},
            {"name": "B", "hero": "thedric_egen", "units": ["Infantry", "Halberdier", "Infantry"]},
        ],
    })
    assert Board(view_for(sc.g, 0)).unit_gap() == 2
    assert Board(view_for(sc.g, 1)).unit_gap() == 0

"""A unit that changes sides during a battle leaves it for good (docs/rulings.md 44):
the battle remembers it (``Battle.left``), the view says so, the event says so, and a
bot's sample of the view rebuilds it; the state hash covers it."""

from __future__ import annotations

import random
from pathlib import Path

from shared.rules.realm import scenario, view
from shared.rules.realm.determinize import determinize
from shared.rules.realm.scenario import Scenario

BATTLE = Path(__file__).parents[1] / "scenarios/rules/battle"
ROUND_TRIP = BATTLE / "control_change_round_trip_defender.toml"
DAMAGE = "all pass                           # battle damage"


def _before_damage() -> Scenario:
    """The defender round trip, played up to the battle damage step."""
    data = scenario.load(ROUND_TRIP)
    sc = Scenario(data, None)
    sc.run(str(data["script"]).split(DAMAGE)[0])
    return sc


def test_the_round_trip_defender_is_marked_as_having_left() -> None:
    sc = _before_damage()
    b = sc.g.battle
    assert b is not None
    halberdier = sc.g.players[sc.seat("B")].units[0]
    assert b.left == (halberdier,)
    assert list(b.pairs.values()) == [halberdier]  # its attacker stays defended against


def test_the_view_shows_the_defender_changed_sides_not_left_play() -> None:
    sc = _before_damage()
    battle = view.view_for(sc.g, 0)["battle"]
    halberdier = f"u:{sc.g.cards[sc.g.players[sc.seat('B')].units[0]].handle}"
    assert battle["pairs"] == []
    assert battle["blocked"] == battle["attackers"]
    assert battle["switched"] == [[battle["attackers"][0], halberdier]]
    assert battle["left"] == [halberdier]


def test_control_changed_says_whether_the_unit_left_the_battle() -> None:
    sc = _before_damage()
    changes = [e for e in sc.events if e["t"] == "control_changed"]
    assert [(e["old"], e["seat"], e["left_battle"]) for e in changes] == [
        (1, 0, True),    # A takes B's defender: it leaves the battle
        (0, 1, False),   # B takes it back: it had already left
    ]


def test_a_sample_of_the_view_rebuilds_the_units_that_left() -> None:
    sc = _before_damage()
    seat = sc.g.prompt.seat if sc.g.prompt is not None else 0
    v = view.view_for(sc.g, seat)
    sample = determinize(v, random.Random(3))
    assert view.view_for(sample, seat) == v
    assert sample.battle is not None and len(sample.battle.left) == 1


def test_the_hash_covers_the_mark_and_the_replay_is_the_same() -> None:
    a, b = _before_damage(), _before_damage()
    assert view.state_hash(a.g) == view.state_hash(b.g)
    assert a.events == b.events
    twin = a.g.clone()
    assert twin.battle is not None and a.g.battle is not None
    assert twin.battle.left == a.g.battle.left
    assert view.state_hash(twin) == view.state_hash(a.g)
    twin.battle.left = ()
    assert view.state_hash(twin) != view.state_hash(a.g)

"""The log and the battle panel say what a change of sides during a battle did
(docs/rulings.md 44): whose unit it was, who has it now, that it left the battle; a
defender that changed sides is not said to have left play."""

from __future__ import annotations

from pathlib import Path

from client.viewmodel.log import sentences
from client.viewmodel.table import build_table
from shared.rules.realm import scenario
from shared.rules.realm.view import view_for

ROUND_TRIP = (Path(__file__).parents[1]
              / "scenarios/rules/battle/control_change_round_trip_defender.toml")


def _before_damage() -> scenario.Scenario:
    """A takes B's defender, B takes it back: the battle before its damage step."""
    data = scenario.load(ROUND_TRIP)
    sc = scenario.Scenario(data, None)
    sc.run(str(data["script"]).split("all pass                           # battle damage")[0])
    return sc


def test_the_log_says_whose_unit_it_was_and_that_it_left_the_battle() -> None:
    sc = _before_damage()
    changes = [e for e in sc.events if e["t"] == "control_changed"]
    assert sentences(changes, view_for(sc.g, 0)) == [
        "A took control of B's Halberdier; it leaves the battle.",
        "B took control of A's Halberdier.",   # it was out of the battle already
    ]


def test_an_event_that_names_no_former_controller_still_reads() -> None:
    sc = _before_damage()
    first = next(e for e in sc.events if e["t"] == "control_changed")
    event = {"t": "control_changed", "target": first["target"], "seat": 0}
    assert sentences([event], view_for(sc.g, 0)) == ["A took control of Halberdier."]


def test_the_battle_panel_says_the_defender_changed_sides() -> None:
    sc = _before_damage()
    battle = build_table(view_for(sc.g, 1)).battle
    assert battle is not None
    assert battle.lines == (
        "Infantry (A)  →  defended against "
        "(its defender Halberdier changed sides and left the battle)",
    )

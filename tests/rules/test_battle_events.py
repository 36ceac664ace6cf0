"""Battle events say what nobody did as the step ends, and whose battle damage it is: a
declare step without attackers and an assign step without defenders each end with an
event (the log has nothing else to show them by until later), and every ``damaged``
event of battle damage names its source."""

from __future__ import annotations

from typing import Any

from shared.rules.realm import view
from shared.rules.realm.scenario import Scenario
from shared.rules.realm.state import BattleStep

Event = dict[str, Any]


def battle(units_b: list[Any] | None = None) -> Scenario:
    """A (Thedric Egen) attacks B (Principus Beledan Kind) with an Infantry (3) and a
    Halberdier (4); B has ``units_b`` (no unit unless told). The log's tests
    (``tests/client/test_client_log_battle.py``) read the same battle."""
    data: dict[str, Any] = {
        "name": "battle events", "description": "fixL", "format": "duel",
        "current": "A", "phase": "maneuver", "turn": 5,
        "seats": [
            {"name": "A", "hero": "thedric_egen", "units": ["Infantry", "Halberdier"],
             "turns_taken": 3},
            {"name": "B", "hero": "beledan_kind", "units": units_b or [], "turns_taken": 3},
        ],
    }  # fmt: skip
    return Scenario(data, None)


def _step(sc: Scenario, line: str) -> list[Event]:
    """The events of one script line."""
    before = len(sc.events)
    sc.run(line)
    return sc.events[before:]


def _unit(sc: Scenario, seat: str, index: int) -> str:
    return f"u:{sc.g.cards[sc.g.players[sc.seat(seat)].units[index]].handle}"


def test_a_declare_step_without_attackers_says_so_as_it_ends() -> None:
    sc = battle()
    sc.run("A battle B\nall pass")
    done = _step(sc, "A done")
    assert done[-1]["t"] != "passed"
    assert [e for e in done if e["t"] == "no_attackers_declared"] == [
        {"t": "no_attackers_declared", "seat": sc.seat("A")}
    ]
    assert sc.g.battle is not None and sc.g.battle.step == BattleStep.AFTER_DECLARE
    # nothing more is said of this battle's attackers, nor of defenders it never needed
    rest = _step(sc, "all pass\nall pass\nall pass")
    assert not [e for e in rest if e["t"] in ("no_attackers_declared", "no_defenders_assigned")]


def test_an_assign_step_without_defenders_says_so_as_it_ends() -> None:
    """B has no unit: the assign step ends at once when the window after declaring
    closes, and the window after it opens with the event already given."""
    sc = battle()
    sc.run("A battle B\nall pass\nA attack Infantry\nA attack Halberdier\nA done")
    assert not [e for e in sc.events if e["t"] == "no_defenders_assigned"]
    closing = _step(sc, "all pass")
    kinds = [e["t"] for e in closing]
    assert "no_defenders_assigned" in kinds
    assert kinds.index("no_defenders_assigned") > max(
        i for i, k in enumerate(kinds) if k == "passed")
    assert sc.g.battle is not None and sc.g.battle.step == BattleStep.AFTER_ASSIGN
    assert sc.g.prompt is not None and sc.g.prompt.kind == "priority"
    # every seat is told (it is public), once
    said = [e for e in view.events_for(closing, sc.seat("A")) if e["t"] == "no_defenders_assigned"]
    assert said == [{"t": "no_defenders_assigned", "seat": sc.seat("B")}]
    assert "no_defenders_assigned" not in [e["t"] for e in _step(sc, "all pass")]


def test_a_defender_declined_by_choice_is_said_too_and_a_defended_battle_is_not() -> None:
    sc = battle(["Halberdier"])
    sc.run("A battle B\nall pass\nA attack Infantry\nA done\nall pass")
    assert "no_defenders_assigned" not in [e["t"] for e in sc.events]
    assert sc.g.prompt is not None and sc.g.prompt.kind == "defend"
    assert "no_defenders_assigned" in [e["t"] for e in _step(sc, "B done")]
    defended = battle(["Halberdier"])
    defended.run("A battle B\nall pass\nA attack Infantry\nA done\nall pass\n"
                 "B defend Halberdier -> Infantry")  # fmt: skip
    assert "no_defenders_assigned" not in [e["t"] for e in defended.events]


def test_battle_damage_to_the_hero_names_each_unblocked_attacker() -> None:
    sc = battle()
    sc.run("A battle B\nall pass\nA attack Infantry\nA attack Halberdier\nA done\nall pass")
    infantry, halberdier = _unit(sc, "A", 0), _unit(sc, "A", 1)
    sc.run("all pass")
    assert sc.g.prompt is not None and sc.g.prompt.kind == "armor"  # its armor rating is 2
    hits = [e for e in _step(sc, "B armor -> Infantry=2") if e["t"] == "damaged"]
    hero = f"h:{sc.seat('B')}"
    assert hits == [
        {"t": "damaged", "target": hero, "amount": 1, "battle": True, "source": infantry},
        {"t": "damaged", "target": hero, "amount": 4, "battle": True, "source": halberdier},
    ]


def test_battle_damage_between_an_attacker_and_its_defender_names_each_side() -> None:
    sc = battle(["Halberdier"])
    sc.run("A battle B\nall pass\nA attack Infantry\nA done\nall pass\n"
           "B defend Halberdier -> Infantry")  # fmt: skip
    infantry, guard = _unit(sc, "A", 0), _unit(sc, "B", 0)
    hits = [e for e in _step(sc, "all pass") if e["t"] == "damaged"]
    assert [(e["target"], e["source"]) for e in hits] == [(guard, infantry), (infantry, guard)]


def test_damage_from_an_effect_has_no_battle_source() -> None:
    """Only battle damage names a source: an effect's damage follows its announcement."""
    data: dict[str, Any] = {
        "name": "effect damage", "description": "fixL", "format": "duel",
        "current": "A", "phase": "maneuver",
        "seats": [{"name": "A", "hero": "thedric_egen", "gold": 2, "hand": ["Skilled Strike"]},
                  {"name": "B", "hero": "beledan_kind", "units": ["Infantry"]}],
    }  # fmt: skip
    sc = Scenario(data, None)
    sc.run('A play "Skilled Strike" -> B:Infantry\nall pass')
    hits = [e for e in sc.events if e["t"] == "damaged"]
    assert hits and all("source" not in e and not e["battle"] for e in hits)


def test_the_same_battle_gives_the_same_events() -> None:
    script = ("A battle B\nall pass\nA attack Infantry\nA attack Halberdier\nA done\n"
              "all pass\nall pass\nB armor -> Halberdier=2")  # fmt: skip
    a, b = battle(), battle()
    a.run(script)
    b.run(script)
    assert a.events == b.events
    assert view.state_hash(a.g) == view.state_hash(b.g)

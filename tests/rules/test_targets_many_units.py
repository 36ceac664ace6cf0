"""Every legal target set can be chosen, however many units are in play: "up to two"
is listed in full past the safety net of ``targets.MAX_COMBOS``, and a program past the
net has its announced targets judged by the rules."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, permutations
from math import comb
from typing import Any

import pytest

from shared.rules.base import Refused
from shared.rules.realm import targets, wire
from shared.rules.realm.catalog import Catalog, Program, TargetSpec, load_catalog
from shared.rules.realm.engine import is_legal, legal_actions
from shared.rules.realm.ruleset import RealmRuleSet
from shared.rules.realm.scenario import Scenario

PER_SIDE = 14          # 28 units: "up to two" has 1 + 28 + 378 = 407 target sets


def _data(per_side: int = PER_SIDE) -> dict[str, Any]:
    return {
        "format": "duel", "current": "A", "phase": "maneuver", "script": "",
        "seats": [
            {"name": "A", "hero": "thedric_egen", "abilities": {"Advanced Training": 0},
             "units": ["Village Conscript"] * per_side},
            {"name": "B", "hero": "beledan_kind",
             "units": ["Village Conscript"] * per_side},
        ],
    }


def _units(sc: Scenario) -> list[int]:
    return [u for p in sc.g.players for u in p.units]


def _training(cat: Catalog) -> Program:
    return cat.heroes["thedric_egen"].ability("advanced_training").program


def test_the_last_pair_of_28_units_is_listed_and_accepted() -> None:
    sc = Scenario(_data())
    units = _units(sc)
    assert len(units) == 2 * PER_SIDE
    sets = [a[2] for a in legal_actions(sc.g, 0) if a[:2] == ("ability", "advanced_training")]
    assert len(sets) == 1 + 28 + comb(28, 2) > targets.MAX_COMBOS
    assert tuple(units[-2:]) in sets
    sc.line('A use "Advanced Training" -> B:Village Conscript#13, B:Village Conscript#14')
    sc.line("all pass")
    assert sc.g.cards[units[-1]].augments == 1 and sc.g.cards[units[-2]].augments == 1


def test_the_server_accepts_the_last_pair_too() -> None:
    rs = RealmRuleSet()
    sc = Scenario(_data())
    units = _units(sc)
    action = wire.to_wire(sc.g, ("ability", "advanced_training", tuple(units[-2:])))
    assert action in rs.legal_actions(sc.g, 0)    # the client's menus are built from these
    g, _ = rs.apply(sc.g, 0, action)
    assert len(g.chain) == 1 and g.chain[0].targets == tuple(units[-2:])


def test_a_trigger_lists_every_pair_of_28_units() -> None:
    sc = Scenario(_data())
    lance = load_catalog().cards["lance_of_dominion"].triggers[0].program
    options = targets.trigger_target_options(sc.g, lance, 0, -1)
    assert len(options) == 1 + 28 + comb(28, 2)   # "up to two" includes none (ruling 33)
    assert options[0] == ()
    assert tuple(_units(sc)[-2:]) in options


def _up_to_three(cat: Catalog) -> Catalog:
    """The catalog with Advanced Training on up to three units: past the safety net."""
    hero = cat.heroes["thedric_egen"]
    spec = TargetSpec(name="units", kind="unit", side="any", min=0, max=3)
    abilities = tuple(
        replace(a, program=replace(a.program, targets=(spec,)))
        if a.id == "advanced_training" else a for a in hero.abilities)
    heroes = {**cat.heroes, "thedric_egen": replace(hero, abilities=abilities)}
    return replace(cat, heroes=heroes)


def test_past_the_safety_net_an_unlisted_set_is_judged_by_the_rules() -> None:
    cat = _up_to_three(load_catalog())
    sc = Scenario(_data(), cat)
    units = _units(sc)
    prog = _training(cat)
    listed = targets.target_options(sc.g, prog, 0)
    assert len(listed) == targets.MAX_COMBOS and not targets.fully_listed(sc.g, prog, 0)
    last = tuple(units[-3:])
    assert last not in listed
    assert not any(a[2] == last for a in legal_actions(sc.g, 0) if a[0] == "ability")
    sc.line('A use "Advanced Training" -> B:Village Conscript#12, B:Village Conscript#13, '
            "B:Village Conscript#14")
    assert sc.g.chain[-1].targets == last


def test_past_the_safety_net_the_rules_refuse_another_order() -> None:
    """The rules take targets in the order of the candidates only; a scenario's script
    may name them in any order (the runner sorts them), the engine itself may not."""
    sc = Scenario(_data(), _up_to_three(load_catalog()))
    units = _units(sc)
    backwards = ("ability", "advanced_training", tuple(units[i] for i in (-1, -2, -3)))
    assert not is_legal(sc.g, 0, backwards)
    sc.decide(0, backwards)
    assert sc.g.chain[-1].targets == tuple(units[-3:])


@pytest.mark.parametrize("picks", [
    (-2, -1, -1),        # one unit twice
    (-4, -3, -2, -1),    # four of "up to three"
])
def test_past_the_safety_net_the_rules_still_refuse(picks: tuple[int, ...]) -> None:
    sc = Scenario(_data(), _up_to_three(load_catalog()))
    units = _units(sc)
    with pytest.raises(Refused, match="The rules do not allow that now"):
        sc.decide(0, ("ability", "advanced_training", tuple(units[i] for i in picks)))
    assert not sc.g.chain


def _programs() -> list[Program]:
    """One spec of up to two or three on each side, and two specs (one enemy unit, then
    up to two of one's own) whose tuples are a product."""
    one = [Program(targets=(TargetSpec("units", "unit", side, lo, hi),))
           for side, lo in (("any", 0), ("enemy", 1), ("own", 2)) for hi in (2, 3)]
    two = Program(targets=(TargetSpec("foe", "unit", "enemy", 1, 1),
                           TargetSpec("friends", "unit", "own", 0, 2)))
    return [*one, two]


@pytest.mark.parametrize("prog", _programs(), ids=lambda prog: "+".join(
    f"{s.side}-{s.min}-{s.max}" for s in prog.targets))
def test_the_rules_check_agrees_with_the_full_list(prog: Program) -> None:
    """With few units nothing is cut: ``announced_ok`` accepts exactly the listed
    tuples, whatever the order or repetition of the refs."""
    sc = Scenario(_data(per_side=3))
    units = _units(sc)
    listed = set(targets.target_options(sc.g, prog, 0))
    assert targets.fully_listed(sc.g, prog, 0)
    assert listed == set(_by_hand(sc, prog))
    trig = set(targets.trigger_target_options(sc.g, prog, 0, -1))
    pool = [*units, units[0]]
    for flat in {t for n in range(5) for t in permutations(pool, n)}:
        assert targets.announced_ok(sc.g, prog, 0, -1, flat) == (flat in listed), flat
        assert targets.announced_ok(sc.g, prog, 0, -1, flat, trigger=True) == (flat in trig)


def _by_hand(sc: Scenario, prog: Program) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for spec in prog.targets:
        cands = targets.candidates(sc.g, spec, 0, -1)
        out = [t + c for t in out for n in range(spec.min, spec.max + 1)
               for c in combinations(cands, n)]
    return out

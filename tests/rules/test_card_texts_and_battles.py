"""Oathbreaker's text says what its effect does; the ``together`` step field is checked
when card files load (docs/rulings.md 43); the view of a battle shows a defender that
changed sides as gone (ruling 44)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shared.rules.realm.catalog import CatalogError, cards_root, load_catalog, load_catalog_from
from shared.rules.realm.scenario import run_file

OATHBREAKER = """
name = "Oathbreaker hits cursed units and cursed heroes only"
description = "Oathbreaker's text."
format = "duel"
current = "A"
phase = "maneuver"
script = '''
A battle B
all pass
A attack weapon
all pass
check B.health = {health}
check B:Infantry.damage = 1
check B:Halberdier.damage = 0
'''
[[seats]]
name = "A"
hero = "desoth_pravus"
weapon = "Oathbreaker"
[[seats]]
name = "B"
hero = "beledan_kind"
counters = {counters}
units = [{{ card = "Infantry", exhausted = true, counters = {{ curse = 1 }} }},
         {{ card = "Halberdier", exhausted = true }}]
"""


def test_oathbreaker_text_puts_the_curse_on_heroes_too() -> None:
    text = load_catalog().cards["oathbreaker"].text
    assert "each enemy unit or hero that has a curse counter on it" in text
    assert "each enemy hero and each enemy unit" not in text


@pytest.mark.parametrize(("counters", "health"), [("{}", 38), ("{ curse = 1 }", 37)])
def test_oathbreaker_does_what_its_text_says(tmp_path: Path, counters: str,
                                             health: int) -> None:
    path = tmp_path / "oathbreaker.toml"
    path.write_text(OATHBREAKER.format(counters=counters, health=health))
    outcome = run_file(path)
    assert outcome.passed, outcome.message


def test_together_must_be_true_or_false(tmp_path: Path) -> None:
    root = tmp_path / "realm"
    shutil.copytree(cards_root(), root)
    plate = root / "equipment" / "infernal_plate.toml"
    text = plate.read_text()
    assert "together = true" in text
    plate.write_text(text.replace("together = true", 'together = "yes"'))
    with pytest.raises(CatalogError, match="'together': must be bool"):
        load_catalog_from(root)


def test_a_defender_taken_by_the_attacker_shows_its_attacker_as_blocked() -> None:
    # the view agrees with battle damage (ruling 44): the taken Halberdier defends no
    # more, the Infantry it defended against stays blocked
    from shared.rules.realm import scenario, view

    path = Path(__file__).parents[1] / "scenarios/rules/battle/control_change_defender.toml"
    data = scenario.load(path)
    sc = scenario.Scenario(data, None)
    script = str(data["script"]).split("all pass                           # battle damage")[0]
    sc.run(script)
    battle = view.view_for(sc.g, 0)["battle"]
    assert battle["pairs"] == [] and len(battle["blocked"]) == 1
    assert battle["blocked"] == battle["attackers"]


def test_exhume_asks_in_the_rulebook_s_words() -> None:
    # "mill" is no word of the rulebook's: the choice says what it does
    from shared.rules.realm import scenario, view

    path = Path(__file__).parents[1] / "scenarios/rules/other/discard_exhume.toml"
    data = scenario.load(path)
    sc = scenario.Scenario(data, None)
    sc.run('H use Exhume\nall pass\ncheck prompt H choose\n')
    prompt = view.view_for(sc.g, sc.seat("H"))["prompt"]
    assert prompt["why"] == "put the top card of a deck into its discard pile"

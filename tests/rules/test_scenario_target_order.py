"""A scenario names the targets of one decision in any order: the runner puts them in
the order the rules list them (seat by seat, each seat's units in the order they entered
play), and a target the card cannot take is still refused."""

from __future__ import annotations

from pathlib import Path

from shared.rules.realm.scenario import run_file

ROOT = Path(__file__).resolve().parent.parent / "scenarios"


def _rewritten(tmp_path: Path, source: str, old: str, new: str) -> Path:
    text = (ROOT / source).read_text()
    assert old in text
    path = tmp_path / "rewritten.toml"
    path.write_text(text.replace(old, new))
    return path


def test_two_units_of_one_seat_in_the_other_order(tmp_path: Path) -> None:
    path = _rewritten(tmp_path, "rules/damage/augment_counters.toml",
                      '-> A:Halberdier, A:Infantry', '-> A:Infantry, A:Halberdier')
    outcome = run_file(path)
    assert outcome.passed, outcome.message


def test_two_enemy_units_in_the_other_order(tmp_path: Path) -> None:
    path = _rewritten(tmp_path, "cards/sylvara_thornwood/abilities.toml",
                      '-> B:Halberdier, B:Iron Warden', '-> B:Iron Warden, B:Halberdier')
    outcome = run_file(path)
    assert outcome.passed, outcome.message


def test_numbered_units_in_the_other_order(tmp_path: Path) -> None:
    path = _rewritten(tmp_path, "cards/thedric_egen/abilities.toml",
                      '"Advanced Training" -> A:Militia Recruit#1, A:Militia Recruit#2',
                      '"Advanced Training" -> A:Militia Recruit#2, A:Militia Recruit#1')
    outcome = run_file(path)
    assert outcome.passed, outcome.message


def test_a_target_the_card_cannot_take_is_still_refused(tmp_path: Path) -> None:
    law = 'A use "Martial Law" -> B:Infantry, B:Halberdier\n'
    path = _rewritten(tmp_path, "cards/thedric_egen/abilities.toml", law,
                      'refused illegal: A use "Martial Law" -> B:Halberdier, '
                      'A:Militia Recruit#1\n' + law)  # an own unit: enemy units only
    outcome = run_file(path)
    assert outcome.passed, outcome.message

"""Every scenario file under tests/scenarios/ passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared.rules.realm.scenario import find_files, run_file

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FILES = find_files([ROOT])


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 4


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path: Path) -> None:
    outcome = run_file(path)
    assert outcome.passed, outcome.message


def test_a_wrong_check_fails(tmp_path: Path) -> None:
    text = (ROOT / "rulebook" / "example1_skilled_strike.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("check B.gold = 0", "check B.gold = 1"))
    outcome = run_file(bad)
    assert not outcome.passed
    assert "expected B.gold = 1, but it is 0" in outcome.message


def test_an_unmade_decision_fails(tmp_path: Path) -> None:
    text = (ROOT / "rulebook" / "example2_mend_in_response.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("B pass                       # the announcer", "# "))
    outcome = run_file(bad)
    assert not outcome.passed
    assert "B must decide now" in outcome.message


def test_unknown_field_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nscript = ""\ncolour = 1\n[[seats]]\nname = "A"\n')
    outcome = run_file(bad)
    assert not outcome.passed
    assert "'colour': unknown field" in outcome.message


def test_unknown_unit_field_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nscript = ""\n[[seats]]\nname = "A"\n'
                   'units = [{ card = "Infantry", dammage = 1 }]\n')
    outcome = run_file(bad)
    assert not outcome.passed
    assert "'dammage': unknown field" in outcome.message


def test_a_refusal_that_does_not_happen_fails(tmp_path: Path) -> None:
    text = (ROOT / "rules" / "maneuvers" / "unlock.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('refused illegal: A unlock "Martial Law"',
                                'refused illegal: A unlock "Advanced Training"', 1))
    outcome = run_file(bad)
    assert not outcome.passed
    assert "accepted, expected refusal 'illegal'" in outcome.message

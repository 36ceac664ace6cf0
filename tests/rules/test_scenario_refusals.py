"""A scenario decision refused for its targets says why: the target the card cannot take
and the ones it can, how many targets it takes, the same target twice; a target list
with an empty entry or a second ``->`` is a script error that says so."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from shared.rules.realm.scenario import Scenario, ScenarioFailure, run_file

POSITION = '''
format = "duel"
current = "A"
phase = "maneuver"
turn = 5
script = ""
[[seats]]
name = "A"
hero = "thedric_egen"
gold = 9
hand = ["Turncoat", "Rally / Rout"]
units = ["Infantry"]
turns_taken = 3
[[seats]]
name = "B"
hero = "beledan_kind"
units = [{ card = "Infantry", damage = 1 }, "Iron Warden", "Village Conscript"]
turns_taken = 3
'''

TURNCOAT_TAKES = "its legal targets now are Infantry (B), Village Conscript (B)"


def _failure(line: str) -> str:
    sc = Scenario(tomllib.loads(POSITION))
    with pytest.raises(ScenarioFailure) as info:
        sc.run(line)
    return str(info.value)


@pytest.mark.parametrize(("line", "why"), [
    ("A play Turncoat -> B:Iron Warden", f"Turncoat cannot take Iron Warden (B): {TURNCOAT_TAKES}"),
    ("A play Turncoat -> A:Infantry", f"Turncoat cannot take Infantry (A): {TURNCOAT_TAKES}"),
    ("A play Turncoat -> B:weapon", f"Turncoat cannot take B's weapon: {TURNCOAT_TAKES}"),
    ("A play Turncoat", "Turncoat takes 1 target, none given"),
    ("A play Turncoat -> B:Infantry, B:Village Conscript", "Turncoat takes 1 target, not 2"),
    ("A play Turncoat -> B:Infantry, B:Infantry",
     "Turncoat cannot take the same target twice (Infantry (B))"),
    ("A play Rally -> B:Infantry",
     "Rally cannot take Infantry (B): its legal targets now are Infantry (A)"),
])
def test_a_refused_target_says_why(line: str, why: str) -> None:
    """Each of these said only "The rules do not allow that now."."""
    assert _failure(line) == f"line 1: {line}: The rules do not allow that now: {why}"


@pytest.mark.parametrize(("line", "why"), [
    ("A play Turncoat -> B:Infantry,", "empty target after ',' (after 'B:Infantry')"),
    ("A play Turncoat -> B:Infantry,,B:Iron Warden", "empty target after ',' (after 'B:Infantry')"),
    ("A play Turncoat -> , B:Infantry", "empty target before ','"),
    ("A play Turncoat -> -> B:Infantry", "a second '->'"),
])
def test_a_malformed_target_list_is_named(line: str, why: str) -> None:
    """A trailing comma was dropped (the line was accepted), and a second ``->`` was read
    as a seat named "-> B"."""
    assert why in _failure(line)


def test_refused_illegal_still_holds_for_a_refused_target(tmp_path: Path) -> None:
    """The reason code stays ``illegal``: scenarios' ``refused illegal:`` lines pass."""
    script = "\n".join([
        "refused illegal: A play Turncoat -> B:Iron Warden",
        "refused illegal: A play Turncoat",
        "refused illegal: A play Turncoat -> B:Infantry, B:Infantry",
        "refused illegal: A play Rally -> B:Infantry",
        "A play Turncoat -> B:Infantry",
    ])
    path = tmp_path / "s.toml"
    path.write_text(POSITION.replace('script = ""', f'script = """\n{script}\n"""'),
                    encoding="utf-8")
    outcome = run_file(path)
    assert outcome.passed, outcome.message

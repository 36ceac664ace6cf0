"""A bad scenario file fails with a message naming the field and what it wants; the
``scenario run`` command reports it and goes on to the next file."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from client.commands import scenario as command
from shared.rules.realm.scenario import run_file

BASE = '''name = "base"
format = "duel"
current = "B"
{top}
script = """
{script}
"""
[[seats]]
name = "A"
hero = "beledan_kind"
units = ["Infantry"]
{seat}
[[seats]]
name = "B"
hero = "thedric_egen"
'''


def _scenario(tmp_path: Path, top: str = "", seat: str = "", script: str = "check B.gold = 0",
              name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(BASE.format(top=top, seat=seat, script=script), encoding="utf-8")
    return path


def test_the_base_scenario_passes(tmp_path: Path) -> None:
    outcome = run_file(_scenario(tmp_path))
    assert outcome.passed, outcome.message


@pytest.mark.parametrize(("top", "seat", "message"), [
    ('seed = "abc"', "", "'seed' must be a whole number, not 'abc'"),
    ("seed = 1.5", "", "'seed' must be a whole number, not 1.5"),
    ('phase = "lunch"', "", "'phase' must be one of setup, start, maneuver, end, not 'lunch'"),
    ('deal = "yes"', "", "'deal' must be true or false, not 'yes'"),
    ("turn = true", "", "'turn' must be a whole number, 0 or more, not True"),
    ("first = 2", "", "'first' must be text, not 2"),
    ('decks = { hand = ["Infantry"] }', "", "'decks' must be a table of card-name lists by deck"),
    ('discards = { basic = "Infantry" }', "", "'discards' must be a table of card-name lists"),
    ("deck_size = { basic = -1 }", "", "'deck_size' must be a table of card counts by deck"),
    ("", 'gold = "lots"', "seat A: 'gold' must be a whole number, 0 or more, not 'lots'"),
    ("", "health = [30]", "seat A: 'health' must be a whole number, 0 or more, not [30]"),
    ("", "team = 2", "seat A: 'team' must be 0 or 1, not 2"),
    ("", 'hand = "Infantry"', "seat A: 'hand' must be a list of card names, not 'Infantry'"),
    ("", "hand = [1]", "seat A: 'hand' must be a list of card names, not [1]"),
    ("", "weapon = 3", "seat A: 'weapon' must be text, not 3"),
    ("", 'armor_exhausted = "no"', "seat A: 'armor_exhausted' must be true or false"),
    ("", 'counters = { curse = "x" }', "seat A: 'counters' must be a table of whole numbers"),
    ("", "abilities = [1]", "seat A: 'abilities' must be a table of whole numbers"),
    ("", 'reserves = { Skeleton = "3" }', "seat A: 'reserves' must be a table of whole"),
])
def test_a_field_of_the_wrong_type_is_named(tmp_path: Path, top: str, seat: str,
                                            message: str) -> None:
    outcome = run_file(_scenario(tmp_path, top, seat))
    assert not outcome.passed
    assert message in outcome.message


@pytest.mark.parametrize(("units", "message"), [
    ('"Infantry"', "seat A: 'units' must be a list of card names or unit tables, not 'Infantry'"),
    ("[5]", "seat A: unit 1: a unit is a card name or a table"),
    ('["Infantry", { card = "Infantry", damage = "x" }]',
     "seat A: unit 2: 'damage' must be a whole number, 0 or more, not 'x'"),
    ('[{ card = "Infantry", exhausted = 1 }]', "seat A: unit 1: 'exhausted' must be true or false"),
    ('[{ card = "Infantry", counters = ["curse"] }]', "seat A: unit 1: 'counters' must be a table"),
    ("[{ card = 7 }]", "seat A: unit 1: 'card' must be text, not 7"),
    ("[{ damage = 1 }]", "seat A: unit 1: a unit table needs 'card'"),
])
def test_a_unit_of_the_wrong_shape_is_named(tmp_path: Path, units: str, message: str) -> None:
    path = tmp_path / "s.toml"
    path.write_text(BASE.format(top="", seat="", script="check B.gold = 0")
                    .replace('units = ["Infantry"]', f"units = {units}"), encoding="utf-8")
    outcome = run_file(path)
    assert not outcome.passed
    assert message in outcome.message


def test_seats_that_are_not_tables_say_so(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('name = "x"\nscript = ""\nseats = "A"\n', encoding="utf-8")
    outcome = run_file(path)
    assert not outcome.passed
    assert outcome.message == f"{path}: 'seats' must be a list of tables ([[seats]]), not 'A'"


def test_a_hero_named_as_a_card_is_refused(tmp_path: Path) -> None:
    outcome = run_file(_scenario(tmp_path, seat='hand = ["beledan_kind"]'))
    assert not outcome.passed
    assert "'beledan_kind' is a hero or an ability, not a card" in outcome.message


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_bytes(b"\xff\xfename = 1\n")
    outcome = run_file(path)
    assert not outcome.passed
    assert outcome.message == f"{path}: cannot read scenario: not UTF-8 text (byte 0xff at 0)"


@pytest.mark.parametrize(("line", "message"), [
    ("A activate Infantry x", "the ability's number must be a whole number from 1, not 'x'"),
    ("check A:Infantry#x.damage = 0", "the count in 'Infantry#x' must be a whole number"),
    ("check A:Infantry#0.damage = 0", "the count in 'Infantry#0' must be a whole number from 1"),
    ('check A hand has "Infantry', "cannot read the line: No closing quotation"),
    ("check discard hand = empty", "no deck 'hand' (basic, elite, action)"),
    ("check discards hand = 0", "no deck 'hand'"),
    ("check deck hand top = infantry", "no deck 'hand'"),
    ("check discard hand has Infantry", "no deck 'hand'"),
    ("B equip Oathbreaker", "name the weapon and the armor: equip WEAPON ARMOR"),
    ('B play "Rally / Rout" half x', "the half must be a whole number from 1, not 'x'"),
])
def test_a_bad_script_line_is_a_failure_not_a_crash(tmp_path: Path, line: str,
                                                    message: str) -> None:
    outcome = run_file(_scenario(tmp_path, script=line))
    assert not outcome.passed
    assert message in outcome.message


def _run(paths: list[Path]) -> int:
    return command.run(argparse.Namespace(paths=[str(p) for p in paths], events=False))


def test_a_folder_run_reports_bad_files_and_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _scenario(tmp_path, name="a_good.toml")
    _scenario(tmp_path, top='seed = "abc"', name="b_bad_seed.toml")
    (tmp_path / "c_binary.toml").write_bytes(b"\xff\xfe\x00junk")
    _scenario(tmp_path, seat='gold = "lots"', name="d_bad_gold.toml")
    _scenario(tmp_path, name="e_good.toml")
    assert _run([tmp_path]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out if not line.startswith(" ")] == [
        "PASS", "FAIL", "FAIL", "FAIL", "PASS", "2"]
    assert out[-1] == "2 passed, 3 failed"
    assert "'seed' must be a whole number, not 'abc'" in "\n".join(out)
    assert "not UTF-8 text" in "\n".join(out)
    assert "seat A: 'gold' must be a whole number" in "\n".join(out)


def test_a_folder_of_good_files_exits_0(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    _scenario(tmp_path, name="a.toml")
    assert _run([tmp_path]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 passed, 0 failed"


def test_an_unexpected_error_fails_that_file_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from shared.rules.realm import scenario

    real = scenario.run_file

    def broken(path: Path, catalog: object = None) -> scenario.Outcome:
        if path.name == "a.toml":
            raise RuntimeError("boom")
        return real(path)

    monkeypatch.setattr(scenario, "run_file", broken)
    _scenario(tmp_path, name="a.toml")
    _scenario(tmp_path, name="b.toml")
    assert _run([tmp_path]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'a.toml'}: internal error: RuntimeError: boom" in out
    assert out.splitlines()[-1] == "1 passed, 1 failed"


def test_a_scenario_nested_too_deeply_is_refused_by_name(tmp_path: Path) -> None:
    """A file whose arrays nest thousands deep is refused as such (it was "internal
    error: RecursionError")."""
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    outcome = run_file(path)
    assert not outcome.passed
    assert outcome.message.endswith("cannot read scenario: nested too deeply")


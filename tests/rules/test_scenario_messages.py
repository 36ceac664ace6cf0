"""A scenario file's mistakes are said in the file's own words: a hero id mistyped gets
the nearest one (or the list), a seat is named as the file names it, and a TOML syntax
error says it is one."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared.rules.realm.scenario import run_file

BASE = '''name = "messages"
description = "the messages of a bad file"
script = "check B.gold = 0"
[[seats]]
name = "A"
hero = "{hero}"
{seat}
[[seats]]
name = "B"
hero = "beledan_kind"
'''


def _message(tmp_path: Path, text: str) -> tuple[str, Path]:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    outcome = run_file(path)
    assert not outcome.passed
    return outcome.message, path


def test_a_mistyped_hero_gets_the_nearest_id(tmp_path: Path) -> None:
    message, path = _message(tmp_path, BASE.format(hero="thedric_egn", seat=""))
    assert message == f"{path}: seat A: unknown hero 'thedric_egn'; did you mean thedric_egen?"


def test_a_hero_nothing_like_any_lists_them(tmp_path: Path) -> None:
    message, path = _message(tmp_path, BASE.format(hero="zzz", seat=""))
    assert message.startswith(f"{path}: seat A: unknown hero 'zzz' (heroes: ")
    assert "thedric_egen" in message and message.endswith(", or random)")


def test_a_bad_card_in_a_hand_names_the_seat_as_the_file_does(tmp_path: Path) -> None:
    text = BASE.format(hero="thedric_egen", seat='hand = ["Mend Wound"]')
    message, path = _message(tmp_path, text)
    assert message == (f"{path}: seat A: hand: no card named 'Mend Wound'; did you mean "
                       "'Mend Wounds'?")  # fmt: skip


@pytest.mark.parametrize(("names", "said"), [
    (("", ""), "seat P1: 'gold' must"),  # no name: the script's default name
    (("A", "a"), "seat 1: 'gold' must"),  # a name two seats share: the place, as before
])
def test_a_seat_without_a_name_of_its_own_is_named_as_the_script_can(
    tmp_path: Path, names: tuple[str, str], said: str
) -> None:
    text = BASE.format(hero="thedric_egen", seat='gold = "lots"')
    text = text.replace('name = "A"\n', f'name = "{names[0]}"\n' if names[0] else "")
    text = text.replace('name = "B"\n', f'name = "{names[1]}"\n' if names[1] else "")
    message, path = _message(tmp_path, text)
    assert message.startswith(f"{path}: {said}"), message


def test_a_toml_syntax_error_says_it_is_the_files_toml(tmp_path: Path) -> None:
    message, path = _message(tmp_path, 'name = "x"\nformat = "duel\n')
    assert message == f"{path}: not valid TOML: Illegal character '\\n' (at line 2, column 15)"

"""A scenario file that places cards where they cannot be, or sets a position the game
could not be in, is refused with a message naming the file, the seat or pile, the card,
and what is wrong; ``scenario run`` on a folder without scenario files says so."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from client.commands import scenario as command
from shared.rules.realm.scenario import run_file

BASE = '''name = "position"
format = "duel"
current = "B"
{top}
script = "check B.gold = 0"
[[seats]]
name = "A"
hero = "{hero}"
{seat}
[[seats]]
name = "{second}"
hero = "thedric_egen"
'''


def _outcome(tmp_path: Path, seat: str = "", top: str = "", hero: str = "beledan_kind",
             second: str = "B") -> tuple[bool, str, Path]:
    path = tmp_path / "position.toml"
    path.write_text(BASE.format(top=top, seat=seat, hero=hero, second=second), encoding="utf-8")
    outcome = run_file(path)
    return outcome.passed, outcome.message, path


@pytest.mark.parametrize(("seat", "said"), [
    ('units = [{ card = "Skilled Strike" }]',
     "seat A: unit 1: 'Skilled Strike' is an action card, not a unit"),
    ('units = ["Infantry", "Valdruun Warhammer"]',
     "seat A: unit 2: 'Valdruun Warhammer' is a weapon, not a unit"),
    ('units = ["Decree of Valor"]',
     "seat A: unit 1: 'Decree of Valor' is a special card, not a unit"),
    ('units = ["Nope"]', "seat A: unit 1: no card named 'Nope'"),
    ('units = [{ card = "Infantry", damage = 9 }]',
     "seat A: unit 1: Infantry has 4 health, so 'damage' must be less than 4, not 9"),
    ('units = ["Infantry", { card = "Infantry", damage = 4 }]',
     "seat A: unit 2: Infantry has 4 health, so 'damage' must be less than 4, not 4"),
    ("health = 500",
     "seat A: 'health' must be from 1 to Principus Beledan Kind's max health 38, not 500"),
    ("health = 0", "seat A: 'health' must be from 1 to Principus Beledan Kind's max health 38"),
    ("reserves = { Skeleton = 99 }",
     "seat A: reserves: 'Skeleton' is a special basic unit, not one of Principus Beledan "
     "Kind's special cards (none)"),
    ('hand = ["Mend Wounds", "Militia Recruit"]',
     "seat A: hand: 'Militia Recruit' is a special basic unit; a hand holds only cards of "
     "the shared decks (basic, elite, action)"),
    ('hand = ["Anointed Platemail"]', "seat A: hand: 'Anointed Platemail' is an armor;"),
    ('weapon = "Anointed Platemail"',
     "seat A: weapon: 'Anointed Platemail' is an armor, not one of Principus Beledan Kind's "
     "weapon faces (Valdruun Warhammer, Styrka Validata)"),
    ('weapon = "Lance of Dominion"',
     "seat A: weapon: 'Lance of Dominion' is a weapon, not one of Principus Beledan Kind's"),
    ('armor = "Crimson Shield"',
     "seat A: armor: 'Crimson Shield' is an armor, not one of Principus Beledan Kind's armor "
     "faces (Anointed Platemail, Celestial Vestments)"),
])
def test_a_card_or_value_that_cannot_be_there_is_named(tmp_path: Path, seat: str,
                                                       said: str) -> None:
    passed, message, path = _outcome(tmp_path, seat=seat)
    assert not passed
    assert message.startswith(f"{path}: {said}"), message


@pytest.mark.parametrize(("top", "said"), [
    ('decks = { basic = ["Skilled Strike"] }',
     "decks: basic: 'Skilled Strike' is an action card, not a card of the basic deck"),
    ('discards = { elite = ["Infantry"] }',
     "discards: elite: 'Infantry' is a basic unit, not a card of the elite deck"),
    ('discards = { basic = ["Skeleton"] }',
     "discards: basic: 'Skeleton' is a special basic unit, not a card of the basic deck"),
])
def test_a_card_on_the_wrong_pile_is_named(tmp_path: Path, top: str, said: str) -> None:
    passed, message, path = _outcome(tmp_path, top=top)
    assert not passed
    assert message == f"{path}: {said}"


def test_more_reserves_than_the_hero_has_are_refused(tmp_path: Path) -> None:
    passed, message, path = _outcome(tmp_path, seat="reserves = { Skeleton = 11 }",
                                     hero="hakor_dajet")
    assert not passed
    assert message == f"{path}: seat A: reserves: Hakor Dajet has 10 'Skeleton', so not 11"
    passed, message, _ = _outcome(tmp_path, seat="reserves = { Skeleton = 10 }",
                                  hero="hakor_dajet")
    assert passed, message


def test_seat_names_must_differ_ignoring_case(tmp_path: Path) -> None:
    passed, message, path = _outcome(tmp_path, second="a")
    assert not passed
    assert message == (f"{path}: seat 2: the name 'a' is already seat 1's ('A'); "
                       "seat names must differ, ignoring case")


@pytest.mark.parametrize("seat", [
    'units = [{ card = "Infantry", damage = 3 }]',
    'units = [{ card = "Infantry", damage = 4, augments = 1 }]',  # augments add health
    'units = ["Militia Recruit"]',        # another hero's special unit may be in play
    "health = 38",
    'weapon = "Styrka Validata"\narmor = "Celestial Vestments"',
    'hand = ["Infantry", "Knight Captain", "Mend Wounds"]',
])
def test_a_position_the_game_can_be_in_still_loads(tmp_path: Path, seat: str) -> None:
    passed, message, _ = _outcome(tmp_path, seat=seat)
    assert passed, message


def test_scenario_run_on_a_folder_without_scenarios_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("not a scenario", encoding="utf-8")
    status = command.run(argparse.Namespace(paths=[str(empty)], events=False))
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.strip() == f"allegiance scenario run: error: no scenario files in {empty}"
    assert captured.out == ""

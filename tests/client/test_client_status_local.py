"""A local game's status line at 80 columns drops its title ("Local game") before the
turn number: the turn says more than the words every local game's line starts with."""

from __future__ import annotations

import re

from client.viewmodel.table import StatusParts
from client.widgets.status import fit_status

PARTS = StatusParts("Turn 4", "Player's turn", "to act: Player", "Maneuver", "Declare attackers")


def plain(markup: str) -> str:
    return re.sub(r"\[[^\]]*\]", "", markup)


def test_a_local_game_keeps_the_turn_and_drops_its_title_when_narrow() -> None:
    wide = plain(fit_status("", "Local game", PARTS, 120))
    assert wide.startswith("Local game · Turn 4 · ") and wide.endswith("Declare attackers")
    narrow = plain(fit_status("", "Local game", PARTS, 78))
    assert narrow == "Turn 4 · Player's turn · to act: Player · Maneuver · Declare attackers"
    narrower = plain(fit_status("", "Local game", PARTS, 62))
    assert narrower == "Player's turn · to act: Player · Maneuver · Declare attackers"


def test_a_title_with_a_short_form_still_goes_after_the_turn() -> None:
    title, short = "Ann's table · Game 2 of best of 3 · 1–0", "ABC234 · Game 2/3 · 1–0"
    line = plain(fit_status("", title, PARTS, 110, short))
    assert line.startswith(title) and "Turn 4" not in line


def test_a_local_rematch_keeps_the_turn_before_the_word_hot_seat() -> None:
    title, short = "Hot-seat · Game 2 · won: Bot 3 (1)", "Game 2 · won: Bot 3 (1)"
    line = plain(fit_status("", title, PARTS, 96, short))
    assert line.startswith("Game 2 · won: Bot 3 (1) · Turn 4 · "), line
    line = plain(fit_status("", title, PARTS, 88, short))
    assert line.startswith("Game 2 · won: Bot 3 (1) · Player's turn"), line


def test_the_name_of_the_player_whose_turn_it_is_is_said_once_when_narrow() -> None:
    name = "Bartholomew the Bold Baker"
    parts = StatusParts("Turn 2", f"{name}'s turn", f"to act: {name}", "Maneuver", "",
                        acting_is_current=True)  # fmt: skip
    line = plain(fit_status("", "Hot-seat", parts, 78))
    assert line == f"Hot-seat · Turn 2 · {name}'s turn · Maneuver", line
    line = plain(fit_status("", "Hot-seat", parts, 40))
    assert line == f"{name}'s turn · Maneuver", line


def test_two_long_names_keep_who_acts_and_the_phase_without_a_dangling_dot() -> None:
    parts = StatusParts("Turn 5", "Cornelius Abernathy-Quill's turn",
                        "priority: Bartholomew Ravenscroftly", "Maneuver", "")  # fmt: skip
    line = plain(fit_status("", "Local game", parts, 78))
    assert line == "priority: Bartholomew Ravenscroftly · Maneuver", line
    wide = plain(fit_status("", "Local game", parts, 100))
    assert "Cornelius Abernathy-Quill's turn" in wide and "Maneuver" in wide

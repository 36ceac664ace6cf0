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

"""A spectator's status line says they are watching however narrow it is."""

from __future__ import annotations

import re

from client.viewmodel.table import StatusParts
from client.widgets.status import fit_status, status_candidates
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

PARTS = StatusParts("Turn 7", "Gus's turn", "priority: Gus", "Maneuver", "After damage")
TITLE = "Watching HK7GED · Game 2 of best of 3 · 1–0"
SHORT = "HK7GED · Game 2 · 1–0"


def plain(markup: str) -> str:
    return re.sub(r"\[[^\]]*\]", "", markup)


def test_every_width_of_a_spectators_line_says_watching() -> None:
    for markup, _ in status_candidates("", TITLE, PARTS, SHORT, watching=True):
        assert plain(markup).startswith("Watching"), markup
    # 80 columns: the code and score left out for the turn, not the word.
    line = plain(fit_status("", TITLE, PARTS, 78, SHORT, watching=True))
    assert line == "Watching · Turn 7 · Gus's turn · priority: Gus · Maneuver · After damage"
    wider = plain(fit_status("", TITLE, PARTS, 86, SHORT, watching=True))
    assert wider.startswith("Watching HK7GED · Game 2 · 1–0 · Gus's turn"), wider
    narrow = plain(fit_status("reconnecting…", TITLE, PARTS, 50, SHORT, watching=True))
    assert narrow.startswith("reconnecting… · Watching · priority: Gus"), narrow


def test_a_players_line_is_as_it_was() -> None:
    title = "HK7GED · Game 2 of best of 3 · 1–0"
    assert plain(fit_status("", title, PARTS, 200, SHORT)).startswith(title)
    assert "Watching" not in "".join(m for m, _ in status_candidates("", title, PARTS, SHORT))


async def test_a_spectators_table_at_80_columns_says_watching() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [None], title="Watching TEST01")
        fake.session.spectator = True
        view = v.spectator()
        view["battle"] = {"step": "after_damage", "attacker": 0, "defender": 1, "attacks": []}
        view["players"][0]["name"] = "Alexandrina"  # a line too long for its title
        fake.show(None, view)
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert "Watching" in top, top

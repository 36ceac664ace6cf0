"""Damage a unit or hero will prevent this turn (Battle Surge, Loyal to the End) shows
on the board as "prevent 3", not only in the card's details."""

from __future__ import annotations

from dataclasses import replace

from client.viewmodel.table import build_table
from client.widgets.hero import hero_content
from tests.client.fixtures import views as v


def test_a_unit_and_a_hero_show_the_damage_they_will_prevent() -> None:
    view = v.base(0)
    me = next(p for p in view["players"] if p["seat"] == view["seat"])
    me["shield"] = 4
    me["units"][0]["shield"] = 3
    table = build_table(view)
    panel = next(p for p in table.players if p.seat == view["seat"])
    assert "prevent 3" in panel.units[0].marks
    assert "prevent 4" in hero_content(panel).plain
    plain = replace(panel, shield=0)
    assert "prevent" not in hero_content(plain).plain
    assert "prevent" not in replace(panel.units[0], shield=0).marks

"""``i`` on Equip says what it does in the rulebook's words: its printed text ("Equip
armor and a weapon.") left a new player asking what using it would change."""

from __future__ import annotations

from client.cards import default_book
from client.viewmodel.details import EQUIP_LINES, card_details
from client.viewmodel.table import build_table
from tests.client.fixtures import views as v


def test_equip_and_only_equip_has_the_rulebooks_words() -> None:
    table = build_table(v.maneuver(), default_book())
    alice = table.players[0]
    equip = next(a for a in alice.abilities if a.name == "Equip")
    other = next(a for a in alice.abilities if a.name != "Equip")
    shown = card_details(table, equip.ref)
    assert shown is not None
    assert all(line in shown.more for line in EQUIP_LINES)
    plain = card_details(table, other.ref)
    assert plain is not None and not set(EQUIP_LINES) & set(plain.more)

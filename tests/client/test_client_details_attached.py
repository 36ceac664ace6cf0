"""Card details of attached cards and of the cards a card or ability makes or attaches:
a unit's details list each attached card with its text (panel and popup), and an
ability's or card's popup names the card its effects put into play or attach, with that
card's text, found from the card data."""

from __future__ import annotations

import pytest

from client.cards import CardBook, default_book
from client.screens.table import TableScreen
from client.viewmodel.details import EQUIP_LINES, card_details
from client.viewmodel.table import build_table
from client.widgets.details import DetailsPanel, DetailsPopup, details_markup
from client.widgets.territory import Territory
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

VALOR = default_book().info("decree_of_valor").text
DISGRACE = default_book().info("decree_of_disgrace").text


def _oswin(view: v.View) -> v.View:
    """Alice plays Oswin, with Proclaim Valor unlocked and Summon the Guard locked."""
    alice = view["players"][0]
    alice["hero"] = "oswin_the_third"
    alice["abilities"] = [
        {"id": "oswin_equip", "level": 0, "unlocked": True, "cooldown": 0, "ready": True},
        {"id": "summon_the_guard", "level": 1, "unlocked": False, "cooldown": 0, "ready": False},
        {"id": "proclaim_valor", "level": 1, "unlocked": True, "cooldown": 0, "ready": True},
    ]
    return view


def _decreed(view: v.View) -> v.View:
    """Bob's Infantry (u:21) carries a Decree of Disgrace and a Decree of Valor."""
    view["players"][1]["units"][0]["attachments"] = [
        {"handle": 301, "card": "decree_of_disgrace"},
        {"handle": 302, "card": "decree_of_valor"},
    ]
    return view


# the view model ------------------------------------------------------------------------------
def test_a_unit_lists_each_attached_card_with_its_text() -> None:
    book = default_book()
    infantry = card_details(build_table(_decreed(v.base(0)), book), "u:21", book)
    assert infantry is not None
    assert infantry.attached == (
        f"Attached: Decree of Disgrace — {DISGRACE}",
        f"Attached: Decree of Valor — {VALOR}",
    )
    assert "+2 attack power" in VALOR  # the decree's own text, from the card data
    assert not any("Attached" in s for s in infantry.state)  # said once, with its text


def test_an_attached_card_the_catalog_lacks_is_named_alone() -> None:
    book = CardBook()  # no catalog
    infantry = card_details(build_table(_decreed(v.base(0)), book), "u:21", book)
    assert infantry is not None
    assert infantry.attached == ("Attached: Decree of Disgrace", "Attached: Decree of Valor")
    assert book.by_name("Decree of Valor") is None
    assert default_book().by_name("No Such Card") is None


def test_an_ability_shows_the_card_it_attaches_and_what_it_makes() -> None:
    book = default_book()
    t = build_table(_oswin(v.base(0)), book)
    valor = card_details(t, "a:0:proclaim_valor", book)
    assert valor is not None
    assert valor.text == ("Attach a Decree of Valor to target unit you control.",)
    assert valor.more == (f"Attaches: Decree of Valor — {VALOR}",)
    guard = card_details(t, "a:0:summon_the_guard", book)
    royal = book.info("royal_guard")
    assert guard is not None and guard.more == (
        f"Makes: Royal Guard (Attack {royal.attack} · Health {royal.health}) — {royal.text}",
    )
    equip = card_details(t, "a:0:oswin_equip", book)
    assert equip is not None and equip.more == EQUIP_LINES  # it makes nothing: what it does


def test_cards_and_equipment_show_the_units_they_make() -> None:
    book = default_book()
    recruit = book.info("militia_recruit")
    makes = f"Makes: Militia Recruit (Attack {recruit.attack} · Health {recruit.health})"
    t = build_table(v.base(0), book)
    new_recruits = card_details(t, "a:0:new_recruits", book)  # Thedric's
    assert new_recruits is not None and new_recruits.more == (makes,)  # a token: no text
    captain = card_details(t, "card:knight_captain", book)  # a unit's triggered ability
    assert captain is not None and captain.more == (makes,)
    view = v.base(0)
    view["players"][1]["weapon"]["card"] = "bone_scythe"
    scythe = card_details(build_table(view, book), "w:1", book)
    assert scythe is not None and scythe.more[0].startswith("Makes: Skeleton (")


def test_the_panel_shows_the_attached_cards_and_the_popup_what_is_made() -> None:
    book = default_book()
    t = build_table(_oswin(_decreed(v.base(0))), book)
    infantry = card_details(t, "u:21", book)
    for full in (False, True):  # the wide layout's panel and the popup alike
        assert "Attached: Decree of Valor — Decree. Attach" in details_markup(infantry, full=full)
    valor = card_details(t, "a:0:proclaim_valor", book)
    assert "Attaches: Decree of Valor" in details_markup(valor, full=True)
    assert "Attaches:" not in details_markup(valor)  # the panel: its own text only


# the table -----------------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_the_popup_on_a_decreed_unit_shows_the_decrees_text_at_80x24() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, _decreed(v.maneuver()))
        await pilot.pause()
        await pilot.press("tab", "end", "right")  # Bob's hero, his last card, his first unit
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and isinstance(screen.focused, Territory)
        assert screen.inspected == "u:21"
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        text = " ".join(screen_text(app).split())  # the popup wraps its lines
        assert "Attached: Decree of Disgrace — Decree. Attach to a unit." in text
        assert "The attached unit gets -3 attack power." in text
        assert "Attached: Decree of Valor —" in text and "+2 attack power" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and fake.submits() == []


@pytest.mark.asyncio
async def test_the_wide_panel_shows_the_decrees_text() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, _decreed(v.maneuver()))
        await pilot.pause()
        await pilot.press("tab", "end", "right")
        await pilot.pause()
        assert app.screen.inspected == "u:21"
        panel = " ".join(str(app.screen.query_one(DetailsPanel).visual).split())
        assert "Attached: Decree of Valor —" in panel and "+2 attack power" in panel


@pytest.mark.asyncio
async def test_i_on_proclaim_valor_shows_the_decree_it_attaches_at_80x24() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        view = _oswin(v.maneuver())
        valor = ({"kind": "ability", "ability": "proclaim_valor", "targets": [t]}
                 for t in ("u:11", "u:12"))  # fmt: skip
        view["legal"] = [*valor, {"kind": "pass"}]
        fake.show(0, view)
        await pilot.pause()
        await pilot.press("i")  # the prompt's first line: Use Proclaim Valor
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        text = " ".join(screen_text(app).split())
        assert "Attach a Decree of Valor to target unit you control." in text
        assert "Attaches: Decree of Valor — Decree. Attach to a unit." in text
        assert "+2 attack power and +2 health." in text

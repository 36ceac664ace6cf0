"""The card browser: every card and hero, the filters, the details, at 80×24 and 120×40."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Select

from client.cardindex import Filters, catalog_entries
from client.cards import CardBook
from client.screens.cardbrowser import CardBrowserScreen, card_details, hero_details
from shared.rules.realm.catalog import CatalogError, load_catalog
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio

SIZES = [(80, 24), (120, 40)]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def shown(catalog, **filters) -> list[str]:
    return [e.id for e in catalog_entries(catalog) if Filters(**filters).keep(e)]


# what is listed ---------------------------------------------------------------------
async def test_every_card_and_hero_is_listed_once(catalog) -> None:
    ids = [e.id for e in catalog_entries(catalog)]
    assert sorted(ids) == sorted([*catalog.cards, *catalog.heroes])


async def test_the_deck_filter_matches_allegiance_cards(catalog) -> None:
    groups = {
        "basic": {"basic"}, "elite": {"elite"}, "action": {"action"},
        "special": {"special", "special_basic", "special_elite"},
        "equipment": {"weapon", "armor"},
    }  # fmt: skip
    for group, types in groups.items():
        ids = shown(catalog, group=group)
        assert ids and all(catalog.cards[i].type in types for i in ids), group
        assert len(ids) == sum(1 for c in catalog.cards.values() if c.type in types)
    assert sorted(shown(catalog, group="hero")) == sorted(catalog.heroes)


async def test_the_hero_filter_keeps_the_hero_and_its_own_cards(catalog) -> None:
    ids = shown(catalog, hero="hakor_dajet")
    assert "hakor_dajet" in ids
    assert {"skeleton", "zombie", "wasting_disease", "bone_scythe"} <= set(ids)
    assert all(i == "hakor_dajet" or catalog.cards[i].hero == "hakor_dajet" for i in ids)


async def test_the_cost_filter_looks_at_each_half_of_a_split_card(catalog) -> None:
    ids = shown(catalog, cost=2)
    assert "skilled_strike" in ids
    assert "advance_or_withdraw" in ids  # Withdraw costs 2
    assert "hakor_dajet" not in ids and "skeleton" not in ids  # no gold cost to play
    assert all(2 in {h.cost for h in catalog.cards[i].halves} or catalog.cards[i].cost == 2
               for i in ids)  # fmt: skip


async def test_text_search_looks_in_names_texts_and_abilities(catalog) -> None:
    assert shown(catalog, text="SKILLED strike") == ["skilled_strike"]
    assert "hakor_dajet" in shown(catalog, text="raise the dead")  # an ability's name
    assert "mend_wounds" in shown(catalog, text="heal 3 damage")  # the card's text
    assert shown(catalog, text="no card says this") == []


# the details ------------------------------------------------------------------------
async def test_a_split_card_shows_both_halves_with_their_costs(catalog) -> None:
    text = card_details(catalog, CardBook(catalog), "advance_or_withdraw")
    assert "Split action card" in text and "cost 1g/2g" in text and "×3" in text
    assert "[b]Advance[/] · 1 gold" in text and "[b]Withdraw[/] · 2 gold" in text
    assert "Remove target unit you control" in text


async def test_units_equipment_and_specials_show_their_stats_and_owner(catalog) -> None:
    book = CardBook(catalog)
    medic = card_details(catalog, book, "field_medic")
    assert "Basic unit · basic deck · cost 3g · ×4" in medic
    assert "Attack 1 · Health 3" in medic and "Exhaust: Heal 2 damage" in medic
    scythe = card_details(catalog, book, "bone_scythe")
    assert "Hakor Dajet's double-sided weapon card" in scythe
    assert "Other side: Gatekeeper's Staff" in scythe
    skeleton = card_details(catalog, book, "skeleton")
    assert "Special basic unit · Hakor Dajet's reserves · ×10" in skeleton


async def test_a_hero_shows_every_ability_with_level_cost_delay_and_reaction(catalog) -> None:
    text = hero_details(catalog, "kael_morvane")
    hero = catalog.heroes["kael_morvane"]
    for ability in hero.abilities:
        assert f"[b]{ability.name}[/]" in text
        assert ability.text in text
    assert "Equip[/]  [$text-muted]Initial · delay 3[/]" in text
    assert "Infernal Rage[/]  [$text-muted]Level 2 · 10 gold · delay 4 · reaction[/]" in text
    assert "Health" not in text and "health 33" in text
    assert "Imp ×4" in text


async def test_cards_and_abilities_show_the_cards_they_make_or_attach(catalog) -> None:
    book = CardBook(catalog)
    scythe = card_details(catalog, book, "bone_scythe")
    assert "Makes: Skeleton (Attack 3 · Health 2)" in scythe
    assert "Makes:" not in card_details(catalog, book, "field_medic")
    oswin = hero_details(catalog, "oswin_the_third", book)
    valor = "Attaches: Decree of Valor — Decree. Attach to a unit. The attached unit gets +2"
    assert valor in oswin
    # under its own ability: after Proclaim Valor's text, before the next ability's name
    proclaim = next(a for a in catalog.heroes["oswin_the_third"].abilities
                    if "decree_of_valor" in repr(a.program))  # fmt: skip
    after = oswin.split(proclaim.text, 1)[1]
    assert after.lstrip("\n").startswith("[$text-muted]Attaches: Decree of Valor")
    assert "Attaches:" not in hero_details(catalog, "oswin_the_third")  # no book: text only


# the screen -------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
async def test_browse_from_the_menu_and_search(size) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CardBrowserScreen)
        text = screen_text(app)
        assert "114 cards, 10 heroes" in text
        assert "── Basic deck ──" in text
        await pilot.press("slash", *"skilled", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "1 card of 114" in text  # the heroes are counted apart
        assert "Deal 3 damage to target unit." in text  # the details of the only match
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "114 cards, 10 heroes" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, CardBrowserScreen)


@pytest.mark.parametrize("size", SIZES)
async def test_arrows_show_each_entry_and_a_hero_in_full(size) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await app.run_action("cards")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CardBrowserScreen)
        screen.query_one("#cb-deck", Select).value = "hero"
        screen.query_one("#cb-hero", Select).value = "kael_morvane"
        await pilot.pause()
        listing = screen.query_one("#cb-list", OptionList)
        assert listing.option_count == 2  # the heading and the hero
        text = screen_text(app)
        assert "Kael Morvane, Hellsworn Knight" in text
        assert "Blood Pact" in text and "Level 1 · 2 gold · delay 3" in text
        screen.query_one("#cb-deck", Select).value = "special"
        await pilot.pause()
        listing.focus()
        await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        assert "Hellhound" in text and "Imp" in text
        highlighted = listing.highlighted_option
        assert highlighted is not None and highlighted.id == "imp"
        assert "Attack 2 · Health 1" in text


async def test_the_palette_offers_the_card_browser() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Card browser" in titles and "Change keys" in titles
        await pilot.pause()


async def test_bad_card_data_is_a_message_not_a_crash(monkeypatch) -> None:
    def broken():
        raise CatalogError("units.toml: bad")

    monkeypatch.setattr("shared.rules.realm.catalog.load_catalog", broken)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_action("cards")
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, CardBrowserScreen)
        assert "The card data could not be loaded:" in text and "units.toml: bad" in text
        await pilot.press("slash", "x")
        await pilot.pause()
        assert "0 cards" in screen_text(app)


async def test_long_filter_choices_stay_on_their_line_at_80x24() -> None:
    """A chosen hero or deck whose name is wider than its field is cut on its line
    ("Thrainor Deepf…"), not wrapped over the field's bottom border."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CardBrowserScreen())
        await pilot.pause()
        screen = app.screen
        screen.query_one("#cb-hero", Select).value = "thrainor_deepforge"
        screen.query_one("#cb-deck", Select).value = "special"
        await pilot.pause()
        rows = screen_text(app).splitlines()
        assert "Thrainor" in rows[1] and "Special" in rows[1], rows[:4]
        assert "Deepforge" not in rows[2] and "cards" not in rows[2], rows[:4]

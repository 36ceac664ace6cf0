"""``i`` on prompt lines that name cards: an equipment line shows its weapon and its
armor at once, a card of a discard pile says which pile it is in, a line about no card
has a label to name; and the defender list's title names the attacker it blocks."""

from __future__ import annotations

from typing import Any

import pytest

from client.cards import default_book
from client.screens.table import TableScreen
from client.viewmodel.details import card_details, together
from client.viewmodel.prompt import CARD_REF, PILE_REF, build_prompt
from client.viewmodel.table import build_table
from client.widgets.details import DetailsPopup, details_markup
from client.widgets.prompt import PromptBar
from shared.rules.realm.ruleset import RULESET
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text
from tests.client.test_client_prompt_lines import raise_the_dead

WEAPON, ARMOR = CARD_REF + "lance_of_dominion", CARD_REF + "adamantine_platemail"


# ------------------------------------------------- an equipment line: weapon and armor at once


def test_an_equipment_line_is_one_look_at_both_faces() -> None:
    book = default_book()
    table = build_table(v.equip(), book)
    details = card_details(table, together((WEAPON, ARMOR)), book)
    assert details is not None
    assert (details.ref, details.kind, details.where) == (WEAPON, "Weapon", "Not in play")
    ((armor),) = details.also
    assert (armor.ref, armor.kind, armor.name) == (ARMOR, "Armor", "Adamantine Platemail")
    markup = details_markup(details, full=True)
    assert "Lance of Dominion" in markup and "Adamantine Platemail" in markup


@pytest.mark.asyncio
async def test_i_on_an_equipment_line_shows_its_weapon_and_its_armor_together() -> None:
    """Asked again, the same line shows the same two cards (it no longer turns silently
    from the weapon to the armor)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, v.equip())
        await pilot.pause()
        bar = app.screen.query_one(PromptBar)
        assert bar.highlighted_refs(0) == [together((WEAPON, ARMOR))]
        assert bar.highlighted_refs(0) == [together((WEAPON, ARMOR))]
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        text = screen_text(app)
        assert "Lance of Dominion" in text and "Adamantine Platemail" in text
        assert "Weapon · Not in play" in text and "Armor · Not in play" in text


def equip_view(hero: str) -> dict[str, Any]:
    """The real setup prompt of ``hero`` (seat 0), its equipment faces to choose."""
    other = "nyx_valendra" if hero != "nyx_valendra" else "oswin_the_third"
    seats = [{"name": "Alice", "hero": hero}, {"name": "Bob", "hero": other}]
    g = RULESET.new_game({"format": "duel", "seats": seats}, 1)
    while (seat := RULESET.to_act(g)) != 0 or RULESET.view_for(g, 0)["prompt"]["kind"] != "equip":
        assert seat is not None
        g, _events = RULESET.apply(g, seat, RULESET.view_for(g, seat)["legal"][0])
    return RULESET.view_for(g, 0)


@pytest.mark.asyncio
@pytest.mark.parametrize("hero", ["gonde_kyal", "hakor_dajet", "thedric_egen"])  # longest
async def test_both_faces_fit_the_popup_at_80x24(hero: str) -> None:
    """The longest pair of a hero's faces: both names, and the popup's keys, on screen."""
    view = equip_view(hero)
    book = default_book()

    def length(action: dict[str, Any]) -> int:
        faces = (book.info(action["weapon"]), book.info(action["armor"]))
        return sum(len(f.text) + len(f.flavor) for f in faces)

    longest = max(range(len(view["legal"])), key=lambda i: length(view["legal"][i]))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, view)
        await pilot.pause()
        app.screen.query_one("#choices").highlighted = longest
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        text = screen_text(app)
        action = view["legal"][longest]
        # inside the popup's border (the list's lines name the faces too), no scrolling
        assert f"│ {book.info(action['weapon']).name} " in text
        assert f"│ {book.info(action['armor']).name} " in text
        assert "│ Armor · Not in play " in text and "esc, i or enter: close" in text


# --------------------------------------------------------- a card of a discard pile says so


def test_a_card_of_a_discard_pile_says_its_pile_not_not_in_play() -> None:
    book = default_book()
    table = build_table(raise_the_dead(), book)
    details = card_details(table, PILE_REF + "elite:shieldbearer", book)
    assert details is not None and details.name == "Shieldbearer"
    assert details.where == "In the elite unit discard pile"
    assert details.ref == PILE_REF + "elite:shieldbearer"
    odd = card_details(table, PILE_REF + "graveyard:shieldbearer", book)
    assert odd is not None and odd.where == "In a discard pile"
    assert card_details(table, PILE_REF + "basic:no_such_card", book) is None
    # a card by its id alone is still nowhere on the table
    catalog = card_details(table, CARD_REF + "shieldbearer", book)
    assert catalog is not None and catalog.where == "Not in play"


@pytest.mark.asyncio
async def test_i_on_a_discard_pile_option_says_which_pile() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, raise_the_dead())
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        text = screen_text(app)
        assert "Tax Collector" in text and "In the basic unit discard pile" in text
        assert "Not in play" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and fake.submits() == []


# ------------------------------------------------------ a line about no card: what it says


@pytest.mark.asyncio
async def test_the_highlighted_line_is_named_without_its_number() -> None:
    """What "i" names on a line about no card: the line's own words."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, v.maneuver())
        await pilot.pause()
        bar = app.screen.query_one(PromptBar)
        assert bar.highlighted_label() == build_prompt(v.maneuver()).choices[0].label
        await pilot.press("end")
        await pilot.pause()
        assert bar.highlighted_label() == "Pass" and bar.highlighted_refs(0) == []


# ---------------------------------------------------- the defender list names its attacker


def test_each_attacker_asks_for_its_defender_with_its_figures() -> None:
    slots = build_prompt(v.assign()).slots
    assert [s.ask for s in slots] == [
        "Defend against Lance of Dominion (Alice's weapon) 2atk: choose a defender",
        "Defend against Militia Recruit 1 (Alice) 3/3: choose a defender",
        "Defend against Militia Recruit 2 (Alice) 3/3: choose a defender",
    ]


def test_a_damaged_attacker_says_its_damage() -> None:
    view = v.assign()
    view["players"][0]["units"][0].update(damage=1, health=2)
    assert build_prompt(view).slots[1].ask == (
        "Defend against Militia Recruit 1 (Alice) 3/3 dmg 1: choose a defender"
    )


@pytest.mark.asyncio
async def test_the_defender_list_title_names_the_attacker_it_blocks() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [1])
        fake.show(1, v.assign())
        await pilot.pause()
        assert "Assign defenders against Alice's attack" in screen_text(app)
        await pilot.press("2")  # Militia Recruit 1: its defenders are listed
        await pilot.pause()
        text = screen_text(app)
        assert "Defend against Militia Recruit 1 (Alice) 3/3: choose a defender" in text
        assert "Assign defenders against" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert "Assign defenders against Alice's attack" in screen_text(app)
        assert fake.submits() == []

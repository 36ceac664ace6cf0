"""Card details: what the panel and popup say about a card (only from the seat's own
view), keyboard focus across the table, the mouse, and incremental redraws."""

from __future__ import annotations

import pytest

from client.cards import CardBook, default_book
from client.screens.curtain import CurtainScreen
from client.screens.table import TableScreen
from client.viewmodel.details import card_details
from client.viewmodel.table import build_table
from client.widgets.details import DetailsPanel, DetailsPopup
from client.widgets.hand import HandView
from client.widgets.hero import HeroPanel
from client.widgets.strip import CardStrip
from client.widgets.territory import Territory
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

BOOK = CardBook()  # no catalog: names come from the ids


# the view model ------------------------------------------------------------------------------
def test_a_unit_shows_its_stats_and_every_current_modifier() -> None:
    view = v.base(0)
    bob_units = view["players"][1]["units"]
    bob_units[0].update(attack=5, health=2, exhausted=True, shield=1, counters={"curse": 2},
                        attachments=[{"handle": 301, "card": "deathcap_venom"}])  # fmt: skip
    t = build_table(view, BOOK)
    infantry = card_details(t, "u:21", BOOK)
    assert infantry is not None
    assert infantry.name == "Infantry" and infantry.where == "Bob's territory"
    assert infantry.stats == ("Attack 5 · Health 4",)  # its maximum, as "3/4" means it
    assert infantry.state == (
        "2 damage (2 health left)",
        "Prevents the next 1 damage this turn",
        "Exhausted",
        "Curse counters: 2",
    )
    # its attached card on a line of its own (with no catalog, its name alone)
    assert infantry.attached == ("Attached: Deathcap Venom",)
    halberdier = card_details(t, "u:22", BOOK)
    assert halberdier is not None and "Entered play this turn: cannot attack" in halberdier.state
    recruit = card_details(t, "u:11", BOOK)
    assert recruit is not None and recruit.where == "Your territory"
    assert "1 augment counter (+1/+1)" in recruit.state and "Refreshed" in recruit.state


def test_printed_text_and_stats_come_from_the_catalog() -> None:
    book = default_book()
    t = build_table(v.maneuver(), book)
    strike = card_details(t, "c:102", book)
    assert strike is not None
    assert strike.where == "Your hand" and strike.cost.endswith("g") and strike.text
    assert strike.state == ("Playable now",)
    assert strike.stats == ()  # an action card has no attack or health
    golem = card_details(t, "c:104", book)
    assert golem is not None and golem.state == ("Not playable now",)
    info = book.info("infantry")
    view = v.base(0)
    view["players"][1]["units"][0].update(attack=(info.attack or 0) + 2)
    infantry = card_details(build_table(view, book), "u:21", book)
    assert infantry is not None and f"(printed {info.attack})" in infantry.stats[0]


def test_equipment_abilities_and_heroes() -> None:
    t = build_table(v.base(0), BOOK)
    hammer = card_details(t, "w:1", BOOK)
    assert hammer is not None and hammer.kind == "Weapon" and hammer.where == "Bob's weapon"
    assert hammer.stats == ("Attack 3",)
    assert hammer.state == ("Exhausted", "Other face: Styrka Validata")
    plate = card_details(t, "r:0", BOOK)
    assert plate is not None and "Armor left this turn: 2" in plate.state
    recruits = card_details(t, "a:0:new_recruits", BOOK)
    assert recruits is not None and recruits.state == ("Cooling down: 3 turns",)
    assert card_details(t, "a:0:rally", BOOK).state == ("Locked",)  # type: ignore[union-attr]
    assert card_details(t, "a:0:equip", BOOK).state == ("Ready",)  # type: ignore[union-attr]
    hero = card_details(t, "h:1", BOOK)
    assert hero is not None and "Health 37/38" in hero.state
    assert "Hand 4 (2 basic, 1 elite, 1 action)" in hero.state


def test_a_chain_entry_shows_its_card_who_announced_it_and_its_targets() -> None:
    book = default_book()
    t = build_table(v.waiting(), book)  # Skilled Strike (Bob), then Battle Surge (Alice)
    strike = card_details(t, "k:9", book)
    assert strike is not None and strike.name == "Skilled Strike"
    assert strike.where == "On the chain, announced by Bob" and strike.kind == "Action, announced"
    assert strike.text == tuple(
        line for line in book.info("skilled_strike").text.splitlines() if line.strip()
    ) and strike.text  # fmt: skip
    assert strike.state[0].startswith("Targets: ") and "Militia Recruit" in strike.state[0]
    assert strike.state[1] == "Resolves after 1 other entry"
    surge = card_details(t, "k:10", book)
    assert surge is not None and surge.state[-1] == "Resolves next"
    view = v.waiting()
    view["chain"].append({"id": 11, "seat": 1, "kind": "unlock", "source": "rally",
                          "label": "Rally", "targets": []})  # fmt: skip
    rally = card_details(build_table(view, book), "k:11", book)
    assert rally is not None and rally.kind == "Unlocking a hero ability"
    assert card_details(t, "k:99", book) is None and card_details(t, "k:x", book) is None


def test_no_details_of_cards_the_seat_cannot_see() -> None:
    alice, bob, watcher = (build_table(v.base(s), BOOK) for s in (0, 1, None))
    assert card_details(alice, "c:101", BOOK) is not None  # Alice's own Battle Surge
    assert card_details(bob, "c:101", BOOK) is None  # ... is hidden from Bob
    assert card_details(alice, "c:201", BOOK) is None  # and Bob's hand from Alice
    assert card_details(watcher, "c:101", BOOK) is None
    for ref in ("u:999", "zz", "u:x", "a:0:nope", "w:7", "c:"):
        assert card_details(alice, ref, BOOK) is None


# the table -----------------------------------------------------------------------------------
def panel_text(app) -> str:
    return str(app.screen.query_one(DetailsPanel).visual)


@pytest.mark.asyncio
async def test_tab_and_arrows_move_over_the_cards_and_the_panel_follows() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert "Tab to a card" in panel_text(app)
        await pilot.press("tab")  # from the prompt to the first strip: Bob's hero
        assert isinstance(screen.focused, HeroPanel) and screen.focused.selected == "h:1"
        await pilot.press("right")
        await pilot.pause()
        assert "Valdruun Warhammer" in panel_text(app) and "Exhausted" in panel_text(app)
        for _ in range(len(screen.focused.refs) - 1):  # past Bob's last ability...
            await pilot.press("right")
        await pilot.pause()
        assert isinstance(screen.focused, Territory)  # ... into his territory
        assert screen.focused.selected == "u:21" and "2 damage" in panel_text(app)
        territory = screen.focused
        assert any(span.style == "reverse" for span in territory.visual.spans)  # the cursor
        await pilot.press("escape")
        await pilot.pause()
        assert screen.focused is not None and screen.focused.id == "choices"
        assert not any(span.style == "reverse" for span in territory.visual.spans)
        await pilot.press("shift+tab")  # backwards: the hand (its first card, as new)
        assert isinstance(screen.focused, HandView) and screen.focused.selected == "c:101"
        await pilot.press("end")
        await pilot.pause()
        assert screen.focused.selected == "c:104"
        assert "Siege Golem" in panel_text(app) and "Not playable now" in panel_text(app)
        await pilot.press("left", "home")
        assert screen.focused.selected == "c:101"
        await pilot.press("tab", "tab")  # round: the prompt, then the first strip again,
        assert isinstance(screen.focused, HeroPanel)  # which kept its place
        assert screen.focused.selected == "a:1:ascension"


@pytest.mark.asyncio
async def test_the_panel_keeps_up_with_patches() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        view = v.maneuver()
        fake.show(0, view)
        await pilot.pause()
        await pilot.press("tab", "end", "right")  # Bob's hero, his last card, his first unit
        await pilot.pause()
        assert app.screen.inspected == "u:21" and "2 damage" in panel_text(app)
        nxt = v.maneuver_one_unit_damaged()
        fake.show(0, nxt)
        await pilot.pause()
        assert "3 damage" in panel_text(app)
        gone = v.maneuver()
        gone["version"] = 59
        gone["players"][1]["units"].pop(0)
        fake.show(0, gone)
        await pilot.pause()
        assert "no longer on the table" in panel_text(app)


@pytest.mark.asyncio
async def test_i_opens_the_details_popup_in_the_compact_layout() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("end", "i")  # the prompt's Pass line is about no card: a hint
        assert isinstance(app.screen, TableScreen)
        await pilot.press("shift+tab", "end", "left", "i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        text = screen_text(app)
        assert "Halberdier" in text and "Your hand" in text and "Playable now" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and fake.submits() == []
        await pilot.press("escape", "p")  # back to the prompt, whose keys work again
        await pilot.pause()
        assert fake.submits() == [{"kind": "pass"}]


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("keys", "shows"),
    [
        (("down", "down"), "Halberdier"),  # Enlist Halberdier: the card in the hand
        (("down", "down", "down", "down"), "Advanced Training"),  # Unlock: the ability
        (("enter", "down", "down"), "Infantry"),  # a target line of Battle Surge: it
    ],
)
async def test_i_on_a_prompt_line_shows_what_it_is_about(keys: tuple[str, ...], shows: str) -> None:
    """"i" with a prompt line highlighted opens the details of its card, ability or
    target; the prompt is unchanged after (nothing was chosen)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        await pilot.press(*keys, "i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        assert shows in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and fake.submits() == []


@pytest.mark.asyncio
async def test_the_mouse_points_at_a_card_and_a_click_opens_it() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        bob = app.screen.query(Territory).first()
        column = bob.visual.plain.split("\n")[1].index("Halberdier")  # type: ignore[attr-defined]
        await pilot.hover(bob, offset=(column, 1))
        await pilot.pause()
        assert "Halberdier" in panel_text(app) and "Entered play" in panel_text(app)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        bob = app.screen.query(Territory).first()
        column = bob.visual.plain.index("Halberdier")  # type: ignore[attr-defined]
        await pilot.click(bob, offset=(column, 0))
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        assert "Bob's territory" in screen_text(app)


@pytest.mark.asyncio
async def test_the_next_seat_never_sees_the_last_ones_card_details() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0, 1])
        fake.show(0, v.maneuver())
        bob = v.base(1)
        bob["to_act"] = 0
        fake.show(1, bob)
        await pilot.pause()
        await pilot.press("enter")  # Alice lifts the curtain
        await pilot.pause()
        await pilot.press("shift+tab", "end")  # her hand's last card
        await pilot.pause()
        assert "Siege Golem" in panel_text(app)
        fake.show(0, v.waiting())
        fake.show(1, v.assign())
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Siege Golem" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "Siege Golem" not in screen_text(app) and "Siege Golem" not in panel_text(app)
        assert app.screen.inspected is None


# redraws ---------------------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_a_patch_redraws_only_the_widgets_whose_part_changed(monkeypatch) -> None:
    drawn: list[str] = []
    update = CardStrip.update

    def spy(self, *args, **kwargs):
        drawn.append(type(self).__name__)
        return update(self, *args, **kwargs)

    monkeypatch.setattr(CardStrip, "update", spy)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        assert set(drawn) == {"HandView", "HeroPanel", "Territory", "ChainView"}  # (empty)
        drawn.clear()
        nxt = v.maneuver_one_unit_damaged()
        fake.show(0, nxt)
        await pilot.pause()
        assert drawn == ["Territory"]
        assert "dmg 3" in screen_text(app)
        drawn.clear()
        fake.show(0, nxt)  # the same view again: nothing to draw
        await pilot.pause()
        assert drawn == []


@pytest.mark.asyncio
async def test_the_chain_can_be_inspected_from_the_keyboard() -> None:
    from client.widgets.chain import ChainView

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.waiting())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        chain = screen.query_one(ChainView)
        assert chain.refs == ("k:10", "k:9")  # top of the chain first, as drawn
        for _ in range(12):  # Tab round the board to the chain
            await pilot.press("tab")
            if screen.focused is chain:
                break
        assert screen.focused is chain and chain.selected == "k:10"
        await pilot.pause()
        assert "Battle Surge" in panel_text(app) and "Resolves next" in panel_text(app)
        await pilot.press("down")
        await pilot.pause()
        assert chain.selected == "k:9" and "announced by Bob" in panel_text(app)


def test_every_heros_abilities_read_as_the_catalog_has_them() -> None:
    """An ability is the hero's own, even where a card has the same id (Hakor Dajet's
    Wasting Disease costs 10 to unlock; the special card of that name costs 0)."""
    from client.cards import default_book
    from shared.rules.realm.catalog import load_catalog

    book, catalog = default_book(), load_catalog()
    for hero in catalog.heroes.values():
        for ability in hero.abilities:
            info = book.ability(hero.id, ability.id)
            shown = (info.name, info.cost, info.level, info.text)
            assert shown == (ability.name, ability.cost, ability.level, ability.text), hero.id


def test_a_prompt_line_activating_equipment_is_about_that_equipment() -> None:
    """An activation names a unit by its handle and equipment by its reference (the
    wire's shapes): "i" on its line shows that card."""
    from client.viewmodel.prompt import action_refs

    assert action_refs({"kind": "activate", "card": "w:1", "index": 0, "targets": []}, 0) == [
        "w:1"]  # fmt: skip
    assert action_refs({"kind": "activate", "card": 21, "index": 0, "targets": []}, 0) == [
        "u:21"]  # fmt: skip


@pytest.mark.asyncio
async def test_i_on_an_equipment_activation_opens_that_equipment() -> None:
    view = v.maneuver()
    view["legal"] = [{"kind": "activate", "card": "w:0", "index": 0, "targets": []},
                     {"kind": "pass"}]  # fmt: skip
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, view)
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        weapon = app.screen.details
        assert weapon is not None and weapon.ref == "w:0"

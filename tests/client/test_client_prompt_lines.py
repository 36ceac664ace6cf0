"""Prompt lines a new player misread: ``i`` on a line that names a card by its name or
id, a battle nothing can attack in, number keys that shifted onto Pass, the title of a
target list, and the owner of a target in a response title."""

from __future__ import annotations

from typing import Any

import pytest

from client.screens.table import TableScreen
from client.viewmodel.details import together
from client.viewmodel.prompt import CARD_REF, NO_ATTACKER, PILE_REF, TITLE_WIDTH, build_prompt
from client.widgets.details import DetailsPopup
from client.widgets.prompt import PromptBar
from shared.rules.realm.ruleset import RULESET
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

# ------------------------------------------------------------------ 1. "i" on named cards


def raise_the_dead() -> dict[str, Any]:
    """Alice chooses a unit of a discard pile to put into play (options are names)."""
    view = v.choose()
    view["decks"]["basic"]["discard"] = ["infantry", "tax_collector"]
    view["decks"]["elite"]["discard"] = ["shieldbearer"]
    options = ["Tax Collector", "Shieldbearer", "Infantry", "No more"]
    view["prompt"] = {"kind": "choose", "seat": 0, "why": "put into play from a discard pile",
                      "options": options}  # fmt: skip
    view["legal"] = [{"kind": "choose", "option": i} for i in range(4)]
    return view


def test_an_option_of_a_discard_pile_names_that_card() -> None:
    refs = [c.refs for c in build_prompt(raise_the_dead()).choices]
    assert refs == [
        (PILE_REF + "basic:tax_collector",),
        (PILE_REF + "elite:shieldbearer",),
        (PILE_REF + "basic:infantry",),
        (),  # "No more" is no card
    ]


def test_an_option_naming_a_unit_you_control_is_that_unit() -> None:
    """Two units of one name are the first and the second of them, in order."""
    view = v.choose()
    view["prompt"] = {"kind": "choose", "seat": 0, "why": "destroy a unit you control",
                      "options": ["Militia Recruit", "Militia Recruit", "None"]}  # fmt: skip
    refs = [c.refs for c in build_prompt(view).choices]
    assert refs == [("u:11",), ("u:12",), ()]


def test_an_option_naming_a_hero_ability_is_that_ability() -> None:
    view = v.choose()
    view["prompt"] = {"kind": "choose", "seat": 0, "why": "ready a hero ability",
                      "options": ["New Recruits"]}  # fmt: skip
    view["legal"] = [{"kind": "choose", "option": 0}]
    assert build_prompt(view).choices[0].refs == ("a:0:new_recruits",)


def test_an_equipment_line_names_its_weapon_and_its_armor() -> None:
    first = build_prompt(v.equip()).choices[0]
    assert first.refs == (CARD_REF + "lance_of_dominion", CARD_REF + "adamantine_platemail")


def test_a_triggered_effect_line_names_its_unit_or_equipment() -> None:
    """The weapon shown is the weapon on the table; a unit is the unit in play."""
    refs = [c.refs for c in build_prompt(v.triggers()).choices]
    assert refs == [("w:0",), ("u:11",)]


@pytest.mark.asyncio
async def test_i_on_an_equipment_line_is_about_its_weapon_and_its_armor() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, v.equip())
        await pilot.pause()
        bar = app.screen.query_one(PromptBar)
        weapon, armor = CARD_REF + "lance_of_dominion", CARD_REF + "adamantine_platemail"
        assert bar.highlighted_refs(0) == [together((weapon, armor))]
        assert bar.highlighted_refs(0) == [together((weapon, armor))]  # the same, again
        await pilot.press("down")  # another line: its own weapon and armor
        await pilot.pause()
        assert bar.highlighted_refs(0) == [together((weapon, CARD_REF + "crimson_shield"))]


@pytest.mark.asyncio
async def test_i_on_a_choice_line_naming_a_unit_opens_that_unit() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.choose())  # options "u:11", "u:12", "None"
        await pilot.pause()
        await pilot.press("down", "i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        assert app.screen.details is not None and app.screen.details.ref == "u:12"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and fake.submits() == []


# --------------------------------------------------------- 2. a battle nothing can attack in


def hakor_first_turn() -> dict[str, Any]:
    """Hakor Dajet, the first player of a duel, in the maneuver phase of turn 1: no
    units, and the weapon may not attack on the opening turn."""
    seats = [{"name": "Player", "hero": "hakor_dajet"}, {"name": "Bot", "hero": "thedric_egen"}]
    g = RULESET.new_game({"format": "duel", "seats": seats}, 1)
    for _ in range(20):
        seat = RULESET.to_act(g)
        assert seat is not None
        view = RULESET.view_for(g, seat)
        if any(a["kind"] == "battle" for a in view["legal"]):
            return view
        g, _events = RULESET.apply(g, seat, view["legal"][0])
    raise AssertionError("no maneuver phase")


def battle_label(view: dict[str, Any]) -> str:
    return next(c.label for c in build_prompt(view).choices if c.label.startswith("Initiate"))


def test_the_first_players_first_battle_says_nothing_can_attack() -> None:
    view = hakor_first_turn()
    assert view["first"] == view["seat"] and not view["players"][view["seat"]]["units"]
    assert battle_label(view) == "Initiate a battle against Bot" + NO_ATTACKER


def test_a_battle_with_a_ready_unit_or_weapon_says_nothing_more() -> None:
    assert battle_label(v.maneuver()) == "Initiate a battle against Bob"  # ready units
    view = v.maneuver()
    for unit in view["players"][0]["units"]:
        unit["exhausted"] = True
    assert battle_label(view) == "Initiate a battle against Bob"  # the weapon is ready
    view["players"][0]["weapon"]["exhausted"] = True
    assert battle_label(view) == "Initiate a battle against Bob" + NO_ATTACKER


def test_the_second_players_weapon_may_attack_on_their_first_turn_in_a_duel() -> None:
    view = v.maneuver()
    view["players"][0]["units"] = []
    view["players"][0]["turns_taken"] = 1
    view["first"] = 1
    assert battle_label(view) == "Initiate a battle against Bob"
    view["first"] = 0
    assert battle_label(view) == "Initiate a battle against Bob" + NO_ATTACKER
    view["format"], view["first"] = "ffa", 1  # with more players, nobody's first turn
    assert battle_label(view) == "Initiate a battle against Bob" + NO_ATTACKER


# ------------------------------------------------------------- 3. number keys never pass


@pytest.mark.asyncio
async def test_the_number_after_the_last_choice_does_not_pass() -> None:
    view = v.maneuver()
    view["legal"] = [{"kind": "enlist", "card": 103}, {"kind": "battle", "opponent": 1},
                     {"kind": "pass"}]  # fmt: skip
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, view)
        await pilot.pause()
        text = screen_text(app)
        assert "2. Initiate a battle against Bob" in text and "3. Pass" not in text
        await pilot.press("3")
        await pilot.pause()
        assert fake.submits() == []
        await pilot.press("2")
        await pilot.pause()
        assert fake.submits() == [{"kind": "battle", "opponent": 1}]


@pytest.mark.asyncio
async def test_the_number_after_the_last_target_does_not_go_back() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("2", "5")  # Skilled Strike's four targets, then "‹ back"'s place
        await pilot.pause()
        assert "‹ back (from Play Skilled Strike" in screen_text(app)
        assert fake.submits() == []


# ------------------------------------------------------------ 4. a target list's title


@pytest.mark.asyncio
async def test_a_target_list_says_what_is_being_chosen() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        text = screen_text(app)
        assert "Play Skilled Strike: choose a target" in text
        assert "Your maneuver phase" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert "Your maneuver phase: choose a maneuver" in screen_text(app)


def test_a_group_of_target_sets_asks_for_targets() -> None:
    view = v.maneuver()
    view["legal"] = [{"kind": "ability", "ability": "equip", "targets": t}
                     for t in (["u:11"], ["u:11", "u:12"])]  # fmt: skip
    (group,) = build_prompt(view).choices
    assert group.ask == "Use Equip: choose targets"


# -------------------------------------------------------- 5. the owner of a target is said


def emberbrand_rod() -> dict[str, Any]:
    """Bot 2's Emberbrand Rod on top of the chain, targeting Player's Village Conscript."""
    view = v.response_crowded()
    view["players"][0]["name"] = "Player"
    view["players"][1]["name"] = "Bot 2"
    view["players"][0]["units"].append(v._unit(15, "village_conscript", 2, 2))
    view["chain"] = [{"id": 12, "seat": 1, "kind": "activate", "source": "emberbrand_rod",
                      "targets": ["u:15"]}]  # fmt: skip
    return view


def test_a_response_title_keeps_the_owner_of_its_target() -> None:
    title = build_prompt(emberbrand_rod()).title
    # the weapon's ability is named at length: who announced it goes before whose target
    assert title == "Respond to Emberbrand Rod's ability → Village Conscript (Player)"
    assert len(title) <= TITLE_WIDTH


async def test_i_on_an_equipment_line_opens_its_weapon_face_not_in_play() -> None:
    # setup: the faces are not on the table yet; the details come from the cards
    seats = [{"name": "Alice", "hero": "thrainor_deepforge"},
             {"name": "Bob", "hero": "thedric_egen"}]  # fmt: skip
    g = RULESET.new_game({"format": "duel", "seats": seats}, 1)
    while (seat := RULESET.to_act(g)) != 0 or RULESET.view_for(g, 0)["prompt"]["kind"] != "equip":
        assert seat is not None
        g, _events = RULESET.apply(g, seat, RULESET.view_for(g, seat)["legal"][0])
    view = RULESET.view_for(g, 0)
    weapon = view["legal"][0]["weapon"]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, view)
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup), screen_text(app)
        details = app.screen.details
        assert details is not None and details.ref == f"card:{weapon}"
        assert details.kind == "Weapon" and details.where == "Not in play" and details.text

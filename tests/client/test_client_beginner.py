"""What a new player can see and learn: the rules summary covers the set-up and the
two-player first turn, a card that cannot be played says why (when the seat's own view
tells), every hero ability's text and the decks are readable in the compact layout, and
"bot plays" stays put while the bot acts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from client.cards import default_book
from client.screens.help import help_text
from client.screens.table import TableScreen
from client.viewmodel.details import card_details
from client.viewmodel.table import build_table
from client.widgets import MarkupStatic
from client.widgets.details import DetailsPopup
from client.widgets.hero import HeroPanel, hero_content
from tests.client.fixtures import views as v
from tests.client.fixtures.views import View
from tests.client.helpers import Fake, make_app, table_info


# 1. the rules summary -----------------------------------------------------------------------
def test_the_rules_summary_covers_what_a_beginner_needs() -> None:
    text = " ".join(help_text({}).split())  # the paragraphs' lines joined
    assert "production 5, gold 0, a hand of four cards" in text
    assert "two basic units, one elite unit, one action card" in text
    assert "no production increase, draws no card and cannot attack with the hero's weapon" in text
    assert "Damage stays on a unit from turn to turn" in text
    assert "some have special rules too" in text and "card browser (`c` in the main menu)" in text
    # the keys named there are the player's own
    assert "card browser (`b` in the main menu)" in " ".join(
        help_text({"menu.cards": "b"}).split()
    )


# 2. why a card cannot be played -------------------------------------------------------------
def _state(view: View, handle: int) -> str:
    book = default_book()
    details = card_details(build_table(view, book), f"c:{handle}", book)
    assert details is not None
    return " · ".join(details.state)


def _with_griffin(view: View, gold: int) -> View:
    view["players"][0]["hand"].append({"handle": 105, "card": "griffin_rider"})
    view["players"][0]["gold"] = gold
    return view


def test_a_card_too_dear_says_what_it_costs_and_what_you_have() -> None:
    view = _with_griffin(v.maneuver(), gold=6)
    assert _state(view, 105) == "Not playable now: costs 8 gold; you have 6"
    assert _state(view, 103) == "Playable now"


def test_a_unit_outside_your_maneuver_phase_or_on_a_chain_says_only_reactions() -> None:
    view = _with_griffin(v.response(), gold=20)  # Bob's Skilled Strike on the chain
    assert _state(view, 105) == "Not playable now: only reaction maneuvers now"
    view = _with_griffin(v.maneuver(), gold=20)
    view["phase"] = "end"
    assert _state(view, 105) == (
        "Not playable now: not your maneuver phase (only reaction maneuvers now)"
    )


def test_waiting_for_another_player_and_unknown_reasons() -> None:
    view = _with_griffin(v.maneuver(), gold=20)
    view["to_act"] = 1  # Bob decides something
    assert _state(view, 105) == "Not playable now: another player is to act"
    view = _with_griffin(v.maneuver(), gold=20)  # affordable, her phase: a limit, no target…
    assert _state(view, 105) == "Not playable now"


@pytest.mark.parametrize(
    ("card", "says"),
    [
        ("ambush", "Not playable now (it needs an attacking unit to target)"),
        ("advance_or_withdraw", "Not playable now"),  # a split card: each half its own
        ("sabotage", "Not playable now"),  # targets nothing
    ],
)
def test_an_action_card_with_no_reason_known_says_what_it_must_target(card: str, says: str) -> None:
    """No battle, her maneuver phase, gold enough, and still not playable: a card that
    must target something says what (the likely reason; the view cannot tell for sure)."""
    from shared.rules.realm.catalog import load_catalog

    spec = load_catalog().cards[card]
    assert (len(spec.halves) == 1 and bool(spec.halves[0].program.targets)) == ("(" in says)
    view = v.maneuver()
    view["players"][0]["hand"].append({"handle": 105, "card": card})
    view["players"][0]["gold"] = 20
    assert _state(view, 105) == says


@pytest.mark.asyncio
async def test_the_reason_shows_in_the_details_popup() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, _with_griffin(v.maneuver(), gold=6))
        await pilot.pause()
        await pilot.press("shift+tab", "end", "i")  # the hand's last card: Griffin Rider
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        assert "costs 8 gold; you have 6" in _popup_text(app)


# 3. and 4. every ability and the decks in the compact layout --------------------------------
def _popup_text(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    return " ".join(str(screen.query_one("#details-text", MarkupStatic).visual).split())


@pytest.mark.asyncio
async def test_i_on_a_hero_lists_every_ability_with_its_text_and_the_decks() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and not screen.wide
        hero = next(p for p in screen.query(HeroPanel) if "-you" in p.classes)
        assert "Advanced Training" not in str(hero.visual)  # the strip: unlocked ones only
        hero.focus()
        await pilot.press("home", "i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        text = _popup_text(app)
        assert "Advanced Training (level 1, unlock 3g, delay 3, locked): Select up to two" in text
        assert "New Recruits (level 1, unlock 6g, delay 4, cooling down: 3 turns)" in text
        assert "Purge the Traitorous (level 2, reaction" in text
        assert "Decks:" in text and "basic 61 (discard 1, top Infantry)" in text
        assert "action 66 (discard 2, top Mend Wounds)" in text


@pytest.mark.asyncio
async def test_the_wide_panel_keeps_to_the_card_itself() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await pilot.pause()
        await pilot.press("tab")  # Bob's hero
        await pilot.pause()
        panel = str(app.screen.query_one("#details").visual)
        assert "Principus Beledan Kind" in panel and "Decks:" not in panel


# 5. "bot plays" stays while the bot acts ----------------------------------------------------
def test_bot_plays_keeps_its_place_when_the_bot_is_to_act() -> None:
    view = v.maneuver()
    info = table_info(view)
    info["seats"][1].update(connected=False, bot=True)
    bob = build_table(view, table_info=info).players[1]
    for width in (0, 78, 98):
        waiting = hero_content(bob, width=width).plain.splitlines()
        acting = hero_content(replace(bob, has_priority=True), width=width).plain.splitlines()
        assert "bot plays" in waiting[0] and "◆ to act" not in waiting[0]
        assert acting[0].startswith(waiting[0]) and "◆ to act" in "\n".join(acting)

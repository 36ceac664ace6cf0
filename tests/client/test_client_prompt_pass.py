"""Prompts a player cannot mistake: the pass key passes only from the prompt's own list
(in a list opened from a line, such as a card's targets, it sends nothing and says how to
pass), and two decisions in a row that used to read the same now differ: a unit's
triggered effect after enlisting it, each card an effect mills, an effect's draw."""

from __future__ import annotations

from typing import Any

import pytest

from client.app import AllegianceApp
from client.screens.table import TableScreen
from client.settings import Settings
from client.viewmodel.prompt import TITLE_WIDTH, build_prompt
from client.widgets.prompt import PASS_FROM_LIST, PromptBar
from shared.rules.realm.ruleset import RULESET
from shared.rules.realm.scenario import Scenario
from shared.rules.realm.view import view_for
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

View = dict[str, Any]


# 1. the pass key in a list of targets ----------------------------------------------------
def footer(app: AllegianceApp) -> str:
    return screen_text(app).splitlines()[-1]


def notices(app: AllegianceApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def open_targets(app: AllegianceApp, pilot: Any) -> tuple[Fake, PromptBar]:
    """Alice's response window (Battle Surge, or pass), its card's targets opened."""
    fake = Fake(app, [0])
    fake.show(0, v.response())
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    assert "Pass" in footer(app)
    await pilot.press("enter")  # "1. Play Battle Surge [2g] …"
    await pilot.pause()
    bar = app.screen.query_one(PromptBar)
    assert bar._question() == "Play Battle Surge: choose a target"
    return fake, bar


@pytest.mark.asyncio
async def test_p_in_a_list_of_targets_passes_nothing_and_says_how_to_pass() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake, bar = await open_targets(app, pilot)
        keys = footer(app)
        assert "Back" in keys and "Pass" not in keys  # the footer does not offer it
        await pilot.press("p")
        await pilot.pause()
        assert fake.submits() == []
        assert not bar.busy
        assert bar._question() == "Play Battle Surge: choose a target"  # still there
        assert "Play Battle Surge: choose a target" in screen_text(app)
        assert PASS_FROM_LIST in notices(app)
        await pilot.press("escape")  # back to the first list, where p passes
        await pilot.pause()
        assert "Pass" in footer(app)
        await pilot.press("p")
        await pilot.pause()
        assert fake.submits() == [{"kind": "pass"}]


@pytest.mark.asyncio
async def test_a_remapped_pass_key_in_a_list_of_targets_passes_nothing() -> None:
    app = AllegianceApp(settings=Settings(name="Alice", keys={"table.pass": "x"}), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        fake, _bar = await open_targets(app, pilot)
        await pilot.press("x")
        await pilot.pause()
        assert fake.submits() == []
        assert PASS_FROM_LIST in notices(app)
        await pilot.press("escape", "x")
        await pilot.pause()
        assert fake.submits() == [{"kind": "pass"}]


@pytest.mark.asyncio
async def test_pass_until_my_turn_in_a_list_of_targets_waits_too() -> None:
    """P turns on "pass until my turn", which passes this window at once: from an opened
    list it is the same trap as the pass key, and says the same."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake, bar = await open_targets(app, pilot)
        await pilot.press("P")
        await pilot.pause()
        assert PASS_FROM_LIST in notices(app)
        assert fake.submits() == [] and bar.in_opened_list


@pytest.mark.asyncio
async def test_a_target_is_still_chosen_from_the_list() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake, _bar = await open_targets(app, pilot)
        await pilot.press("p", "2")
        await pilot.pause()
        assert fake.submits() == [{"kind": "play", "card": 101, "half": 0, "targets": ["u:12"]}]


# 2. decisions in a row that read the same ------------------------------------------------
def scenario(**data: Any) -> Scenario:
    return Scenario({"format": "duel", "phase": "maneuver", **data})


def act(sc: Scenario, seat: int, action: View) -> None:
    RULESET.apply(sc.g, seat, action, in_place=True)


def outrider() -> Scenario:
    """Alice enlists Scout Outrider ("When Scout Outrider enters play, draw a card")."""
    sc = scenario(current="A", seats=[
        {"name": "A", "hero": "thedric_egen", "gold": 10, "hand": ["Scout Outrider"]},
        {"name": "B", "hero": "beledan_kind", "hand": ["Skilled Strike"]},
    ])  # fmt: skip
    sc.run('A enlist "Scout Outrider"')
    return sc


def test_responding_to_a_units_triggered_effect_says_so() -> None:
    """Enlisting the unit, then its "enters play" effect: Bob's two windows in a row."""
    sc = outrider()
    act(sc, 0, {"kind": "pass"})
    assert build_prompt(view_for(sc.g, 1)).title == "Respond to Scout Outrider (A) — or pass"
    act(sc, 1, {"kind": "pass"})  # enlisted: its effect goes on the chain
    act(sc, 0, {"kind": "pass"})
    assert build_prompt(view_for(sc.g, 1)).title == (
        "Respond to Scout Outrider's triggered effect (A) — or pass"
    )


def test_a_triggered_effect_with_targets_keeps_its_targets_in_the_title() -> None:
    view = v.response()
    view["chain"] = [{"id": 9, "seat": 1, "kind": "trigger", "source": "knight_captain",
                      "targets": ["u:11"]}]  # fmt: skip
    title = build_prompt(view).title  # one line at 80 columns: the target named briefly
    assert title == "Respond to Knight Captain's triggered effect (Bob) → Militia Recruit 1"
    assert len(title) <= TITLE_WIDTH


def test_an_effects_draw_says_whose_effect_it_is() -> None:
    sc = outrider()
    for seat in (0, 1, 0, 1):  # the enlisting, then the effect, resolve
        act(sc, seat, {"kind": "pass"})
    view = view_for(sc.g, 0)
    assert view["prompt"]["kind"] == "draw"
    assert build_prompt(view).title == "Draw a card (Scout Outrider's effect): choose a deck"
    assert build_prompt(v.draw()).title == "Draw a card: choose a deck"  # the draw phase's


def test_each_card_an_effect_mills_shows_in_the_next_question() -> None:
    """Exhume mills twice, asking each time with the same words: the deck it milled
    shows one card fewer, and the card milled on its discard pile."""
    sc = scenario(current="H", decks={"basic": ["Halberdier"], "elite": ["Iron Warden"]},
                  seats=[{"name": "H", "hero": "hakor_dajet", "abilities": {"Exhume": 0}},
                         {"name": "B", "hero": "beledan_kind", "hand": ["Infantry"]}])  # fmt: skip
    sc.run("H use Exhume\nall pass")
    first = build_prompt(view_for(sc.g, 0))
    sc.run('H choose "basic unit deck"')
    second = build_prompt(view_for(sc.g, 0))
    assert first.title == second.title == (
        "Exhume resolves: choose — put the top card of a deck into its discard pile"
    )
    basic = sc.g.decks["basic"]
    assert first.choices[0].label == f"basic unit deck ({len(basic) + 1} left)"
    assert second.choices[0].label == (
        f"basic unit deck ({len(basic)} left; Halberdier on its discard pile)"
    )
    assert first != second  # the bar shows it as a new decision

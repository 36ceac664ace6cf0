"""Targets of which several may be chosen together ("up to two target units") are
ticked one by one and confirmed, not listed set by set (eight units made 36 lines)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from client.cards import default_book
from client.viewmodel.prompt import build_prompt
from client.widgets.details import DetailsPopup
from client.widgets.prompt import PromptBar
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

BOOK = default_book()
UNITS = ["u:11", "u:12", "u:21", "u:22"]
NAMES = [
    "Militia Recruit 1 (Alice)", "Militia Recruit 2 (Alice)", "Infantry (Bob)",
    "Halberdier (Bob)",
]  # fmt: skip


def up_to_two(refs: list[str]) -> list[list[str]]:
    """Every set of at most two of ``refs`` (none included), as the rules list them."""
    return [list(c) for n in (0, 1, 2) for c in itertools.combinations(refs, n)]


def training() -> dict[str, Any]:
    """Alice may use Advanced Training ("up to two target units") in her maneuver phase."""
    view = v.maneuver()
    ability = [
        {"kind": "ability", "ability": "advanced_training", "targets": t}
        for t in up_to_two(UNITS)
    ]
    view["legal"] = [*ability, {"kind": "pass"}]
    return view


def lance() -> dict[str, Any]:
    """Lance of Dominion's trigger: up to two target units (at least one), or decline."""
    view = v.trigger_targets()
    view["prompt"] = {"kind": "targets", "seat": 0, "source": "lance_of_dominion"}
    sets = [t for t in up_to_two(UNITS) if t]
    view["legal"] = [{"kind": "targets", "targets": t} for t in sets] + [{"kind": "decline"}]
    return view


# ----------------------------------------------------------------------- the view model


def test_sets_of_up_to_two_are_one_line_of_ticks() -> None:
    prompt = build_prompt(lance(), BOOK)
    ticks = prompt.choices[0].ticks
    assert ticks is not None and ticks.most == 2
    assert ticks.candidates == tuple(zip(UNITS, NAMES, strict=True))
    assert ticks.chosen(frozenset({"u:22", "u:11"})) == (
        f"Targets: {NAMES[0]}, {NAMES[3]}",
        {"kind": "targets", "targets": ["u:11", "u:22"]},
    )
    assert ticks.chosen(frozenset()) is None  # this effect needs a target
    assert ticks.how == "tick up to 2 targets, then confirm"
    assert [c.label for c in prompt.choices[1:]] == ["Decline (do not use this effect)"]
    assert len(prompt.leaves()) == 10 + 1  # every set is still a leaf, and Decline


def test_a_group_of_sets_opens_on_its_ticks() -> None:
    group = build_prompt(training(), BOOK).choices[0]
    assert group.label == "Use Advanced Training …"
    assert group.ask == "Use Advanced Training: choose targets"
    (ticks,) = group.children
    assert ticks.ticks is not None and ticks.ticks.chosen(frozenset()) is not None


def test_sets_told_apart_only_by_their_order_stay_listed() -> None:
    """Two targets of different roles ("deal 2 to one, heal the other"): the order is
    the choice, and ticks could not say it."""
    view = v.trigger_targets()
    view["legal"] = [
        {"kind": "targets", "targets": ["u:11", "u:21"]},
        {"kind": "targets", "targets": ["u:21", "u:11"]},
    ]
    prompt = build_prompt(view, BOOK)
    assert all(c.ticks is None for c in prompt.choices)
    assert [c.label for c in prompt.choices][:2] == [
        f"Targets: {NAMES[0]}, {NAMES[2]}",
        f"Targets: {NAMES[2]}, {NAMES[0]}",
    ]


def test_one_target_at_a_time_stays_a_list() -> None:
    strike = build_prompt(v.maneuver(), BOOK).choices[1]
    assert all(c.ticks is None for c in strike.children)
    assert strike.children[0].label.startswith("Target: ")


# ------------------------------------------------------------------------------- the bar


@pytest.mark.asyncio
async def test_tick_two_and_confirm_sends_that_set() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, lance())
        await pilot.pause()
        text = screen_text(app)
        assert "1. [ ] Militia Recruit 1 (Alice)" in text
        assert "✔ Confirm (tick a target first)" in text
        assert "tick up to 2 targets, then confirm" in text
        await pilot.press("d")  # nothing ticked: not a legal set
        await pilot.pause()
        assert fake.submits() == []
        for key in ("4", "2"):
            await pilot.press(key)
        await pilot.pause()
        text = screen_text(app)
        assert "2. [x] Militia Recruit 2 (Alice)" in text and "4. [x] Halberdier (Bob)" in text
        assert f"✔ Confirm: {NAMES[3]}, {NAMES[1]}" in text
        await pilot.press("d")
        await pilot.pause()
        assert fake.submits() == [{"kind": "targets", "targets": ["u:12", "u:22"]}]


@pytest.mark.asyncio
async def test_a_third_tick_is_refused_and_enter_on_a_line_unticks_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, lance())
        await pilot.pause()
        for key in ("1", "2", "3"):
            await pilot.press(key)
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert notes == ["At most 2 targets: untick one first."]
        assert "3. [ ] Infantry (Bob)" in screen_text(app)
        bar = app.screen.query_one(PromptBar)
        assert list(bar._ticked) == ["u:11", "u:12"]
        await pilot.press("up", "enter")  # the highlight is on line 3: up to line 2
        await pilot.pause()
        assert list(bar._ticked) == ["u:11"]
        assert fake.submits() == []
        bar.query_one("#choices").highlighted = 4  # type: ignore[attr-defined]
        await pilot.press("enter")  # on the confirming line
        await pilot.pause()
        assert fake.submits() == [{"kind": "targets", "targets": ["u:11"]}]


@pytest.mark.asyncio
async def test_ticks_survive_the_same_decision_shown_again_and_go_with_back() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [0])
        fake.show(0, training())
        await pilot.pause()
        await pilot.press("1")  # open Use Advanced Training
        await pilot.pause()
        assert "✔ Confirm with no target" in screen_text(app)  # none is a legal set here
        await pilot.press("3")
        await pilot.pause()
        fake.show(0, training())  # a patch that leaves the decision as it was
        await pilot.pause()
        assert "3. [x] Infantry (Bob)" in screen_text(app)
        await pilot.press("i")  # the highlighted line's unit
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        assert app.screen.details is not None and app.screen.details.ref == "u:21"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")  # back to the prompt's own list: the ticks go
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert "3. [ ] Infantry (Bob)" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert fake.submits() == [
            {"kind": "ability", "ability": "advanced_training", "targets": []}
        ]

"""Prompts a new player found hard at 80×24: the armor split asked attacker by attacker
(not every split listed flat), wrapped lines indented under their text, the text of a
triggered effect under its title, and "Target:" written one way."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from client.cards import default_book
from client.screens.table import TableScreen
from client.viewmodel.prompt import Choice, Prompt, build_prompt
from client.widgets.details import DetailsPopup
from shared.rules.realm.scenario import Scenario
from shared.rules.realm.view import view_for
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text

BOOK = default_book()
#: The first question of :func:`split_view`.
FIRST = "Prevent how much from Styrka Mandatum (A's weapon)? (attack 3; 4 armor left)"

# ------------------------------------------------------------------ 1. the armor split


def split_view() -> dict[str, Any]:
    """The rules core's own view of B, whose Runic Aegis (4 armor) is split among four
    undefended attackers: A's weapon (3), Infantry (3), Halberdier (4), Crossbowman (2)."""
    data = {
        "name": "armor split", "format": "duel", "current": "A", "phase": "maneuver",
        "turn": 5,
        "seats": [
            {"name": "A", "hero": "thedric_egen", "weapon": "Styrka Mandatum",
             "units": ["Infantry", "Halberdier", "Crossbowman"], "turns_taken": 3},
            {"name": "B", "hero": "thrainor_deepforge", "armor": "Runic Aegis",
             "turns_taken": 3},
        ],
    }  # fmt: skip
    sc = Scenario(data)
    sc.run(
        "A battle B\nall pass\nA attack weapon\nA attack Infantry\nA attack Halberdier\n"
        "A attack Crossbowman\nall pass\nall pass\ncheck prompt B armor\n"
    )
    view = view_for(sc.g, 1)
    assert view["prompt"]["kind"] == "armor" and len(view["legal"]) > 9  # once listed flat
    return view


def levels(choices: tuple[Choice, ...], asked: str) -> list[tuple[str, tuple[Choice, ...]]]:
    """Every question of the cascade with its lines, depth first."""
    out = [(asked, choices)]
    for choice in choices:
        if choice.children:
            out += levels(choice.children, choice.ask)
    return out


def test_the_split_is_asked_attacker_by_attacker() -> None:
    view = split_view()
    prompt = build_prompt(view, BOOK)
    assert prompt.title == FIRST
    assert [c.label for c in prompt.choices] == [f"Prevent {n} …" for n in range(4)]
    for asked, lines in levels(prompt.choices, prompt.title):
        assert asked.startswith("Prevent how much from ") and len(asked) <= 78, asked
        assert 1 < len(lines) <= 9  # every line has its number key
        amounts = [int(c.label.split()[1]) for c in lines]
        assert amounts == sorted(amounts) and amounts[0] >= 0
    # the next attacker, with the armor the first share leaves
    infantry = prompt.choices[1]
    assert infantry.ask == "Prevent how much from Infantry (A)? (attack 3; 3 armor left)"


def test_every_split_is_one_legal_action_reached_once() -> None:
    view = split_view()
    leaves = [c.action for c in build_prompt(view, BOOK).leaves()]
    assert sorted(map(repr, leaves)) == sorted(map(repr, view["legal"]))


def test_a_line_that_fixes_the_split_says_the_rest_of_it() -> None:
    prompt = build_prompt(v.armor(), BOOK)
    ask = "Prevent how much from Militia Recruit 1 (Alice)? (attack 3; 2 armor left)"
    assert prompt.title == ask
    assert [(c.label, c.action) for c in prompt.choices] == [
        ("Prevent 0 — and 2 from Militia Recruit 2 (Alice)", v.armor()["legal"][2]),
        ("Prevent 1 — and 1 from Militia Recruit 2 (Alice)", v.armor()["legal"][1]),
        ("Prevent 2", v.armor()["legal"][0]),
    ]
    assert all(c.refs == ("u:11",) for c in prompt.choices)  # "i": the attacker asked about


@pytest.mark.asyncio
async def test_the_split_is_walked_with_keys_to_the_action_sent() -> None:
    view = split_view()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        fake = Fake(app, [1])
        fake.show(1, view)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert FIRST in text
        assert "1. Prevent 0 …" in text and "4. Prevent 3 …" in text
        await pilot.press("2")  # 1 from the weapon
        await pilot.pause()
        assert "Prevent how much from Infantry (A)? (attack 3; 3 armor left)" in screen_text(app)
        await pilot.press("escape")  # one question back
        await pilot.pause()
        assert "Prevent how much from Styrka Mandatum" in screen_text(app)
        await pilot.press("3")  # 2 from the weapon
        await pilot.pause()
        assert "(attack 3; 2 armor left)" in screen_text(app)  # Infantry's share
        await pilot.press("2")  # 1 from Infantry
        await pilot.pause()
        text = screen_text(app)
        assert "Prevent how much from Halberdier (A)? (attack 4; 1 armor left)" in text
        assert "1. Prevent 0 — and 1 from Crossbowman (A)" in text
        assert fake.submits() == []
        await pilot.press("2")  # 1 from Halberdier: the split is fixed, and sent
        await pilot.pause()
        units = {u["card"]: f"u:{u['handle']}" for u in view["players"][0]["units"]}
        prevent = [["w:0", 2], [units["infantry"], 1], [units["halberdier"], 1]]
        assert fake.submits() == [{"kind": "armor", "prevent": prevent}]
        assert fake.submits()[0] in view["legal"]


# ------------------------------------------------------- 2. wrapped lines under their text


@pytest.mark.asyncio
async def test_a_wrapped_line_goes_on_under_its_text() -> None:
    view = v.choose()
    long = "A very long option that goes on and on about what it does, past the edge of the bar"
    view["prompt"]["options"] = [{"label": long}, "u:11", {"label": "None"}]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, view)
        await pilot.pause()
        rows = screen_text(app).splitlines()
        first = next(i for i, row in enumerate(rows) if row.startswith("1. A very long"))
        assert rows[first + 1].startswith("   ") and rows[first + 1].split()[-1] == "bar"
        assert rows[first + 2].startswith("2. Militia Recruit 1 (Alice)")


# ------------------------------------------------ 3. what a triggered effect does, said


def veteran_targets() -> dict[str, Any]:
    view = v.trigger_targets()
    view["prompt"] = {"kind": "targets", "seat": 0, "source": "veteran_sergeant", "optional": True}
    refs = ["u:11", "u:12", "u:21", "u:22"]
    view["legal"] = [{"kind": "targets", "targets": [r]} for r in refs] + [{"kind": "decline"}]
    return view


def test_a_target_prompt_carries_its_effects_text() -> None:
    prompt = build_prompt(veteran_targets(), BOOK)
    assert prompt.title == "Choose targets for Veteran Sergeant's effect"
    assert prompt.note == BOOK.info("veteran_sergeant").text
    assert build_prompt(v.maneuver(), BOOK).note == ""  # no effect of its own to say


@pytest.mark.asyncio
async def test_the_effects_text_is_shown_under_the_title() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, veteran_targets())
        await pilot.pause()
        rows = screen_text(app).splitlines()
        title = next(i for i, row in enumerate(rows) if "Choose targets for Veteran" in row)
        said = " ".join(row.strip() for row in rows[title + 1 : title + 3])
        assert said == BOOK.info("veteran_sergeant").text
        assert rows[title + 3].startswith("1. Target: Militia Recruit 1 (Alice)")


def many_targets(extra: int = 1) -> dict[str, Any]:
    """Lance of Dominion's "up to two target units" among four and ``extra`` more: a
    line to tick for each, the confirming line and Decline."""
    view = v.trigger_targets()
    view["prompt"] = {"kind": "targets", "seat": 0, "source": "lance_of_dominion"}
    own = [f"u:{13 + i}" for i in range(extra)]
    for ref in own:
        view["players"][0]["units"].append(v._unit(int(ref[2:]), "infantry", 2, 2))
    refs = ["u:11", "u:12", *own, "u:21", "u:22"]
    sets = [list(c) for n in (2, 1) for c in itertools.combinations(refs, n)]
    view["legal"] = [{"kind": "targets", "targets": t} for t in sets] + [{"kind": "decline"}]
    return view


@pytest.mark.asyncio
async def test_a_long_list_under_the_text_still_says_how_many_more() -> None:
    """Two lines of text under the title: the list is a line shorter, so the line that
    says how many more lines there are stays inside the bar."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, many_targets(extra=6))
        await pilot.pause()
        text = screen_text(app)
        assert "up to two target units each" in text
        assert "↓ 5 more" in text and "7. [ ] " in text and "8. [ ] " not in text


def ordering() -> dict[str, Any]:
    """Alice orders the effects of her weapon and of Griffin Rider."""
    view = v.triggers()
    view["players"][0]["units"].append(v._unit(13, "griffin_rider", 5, 5))
    view["prompt"]["triggers"] = [
        {"index": 2, "card": "lance_of_dominion"},
        {"index": 0, "card": "griffin_rider", "ref": "u:13"},
    ]
    return view


def test_each_effect_to_order_carries_its_own_text() -> None:
    prompt = build_prompt(ordering(), BOOK)
    assert [(c.label, c.note) for c in prompt.choices] == [
        (
            "Put on the chain next: Lance of Dominion (Alice's weapon)",
            BOOK.info("lance_of_dominion").text,
        ),
        ("Put on the chain next: Griffin Rider (Alice)", BOOK.info("griffin_rider").text),
    ]


@pytest.mark.asyncio
async def test_ordering_shows_the_highlighted_effects_text_and_i_its_source() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        Fake(app, [0]).show(0, ordering())
        await pilot.pause()
        text = screen_text(app)
        assert "When Lance of Dominion is declared as an attacker" in text
        assert "When Griffin Rider" not in text
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        assert app.screen.details is not None and app.screen.details.ref == "w:0"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        assert "When Griffin Rider is declared as an attacker" in text
        assert "When Lance of Dominion" not in text
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsPopup)
        assert app.screen.details is not None and app.screen.details.ref == "u:13"


# ------------------------------------------------------------- 4. "Target:" one way


def target_lines(prompt: Prompt) -> list[str]:
    return [c.label for c in prompt.leaves() if "arget" in c.label]


def test_target_lines_start_with_a_capital_for_maneuvers_and_triggers_alike() -> None:
    maneuver = target_lines(build_prompt(v.maneuver(), BOOK))
    trigger = target_lines(build_prompt(v.trigger_targets(), BOOK))
    assert maneuver and trigger
    assert all(label.startswith(("Target: ", "Targets: ")) for label in maneuver + trigger)
    strike = build_prompt(v.maneuver(), BOOK).choices[1]
    assert strike.ask == "Play Skilled Strike: choose a target"  # inside a line: lower case

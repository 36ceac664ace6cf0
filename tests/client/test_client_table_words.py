"""The table's words for a new player: the help's legend of the board's shorthand (each
item as the widgets draw it), a unit's "3/4" read as the rulebook reads "3/5" (attack
power / health, the damage apart), and log lines in the rulebook's words (triggered
effects are not "announced" by anyone; attack power modifiers say how long they last)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from client.cards import default_book
from client.screens.help import help_text
from client.viewmodel.details import card_details
from client.viewmodel.log import LogMemory, sentences
from client.viewmodel.table import build_table
from client.widgets.territory import unit_markup
from tests.client.fixtures import views as v
from tests.client.fixtures.views import View
from tests.client.helpers import Fake, doc_for, make_app, patch, screen_text, sync
from tests.client.test_client_log_chain_names import bot_game

BOOK = default_book()


# 1. the legend ------------------------------------------------------------------------------
def legend() -> str:
    """The help's "Reading the table" section, its lines joined."""
    text = help_text({})
    start = text.index("# Reading the table")
    return " ".join(text[start : text.index("# The rules in short")].split())


def board() -> View:
    """A board that shows every item of the legend: Bob's Infantry 3/4 with 2 damage and
    an attached Honed Edge, a curse counter on Bob's hero and focus counters on Alice's,
    Alice's New Recruits 3 spaces from ready, her armor with nothing left to prevent
    this turn, and 3 damage Bob's Infantry will prevent (Battle Surge's)."""
    view = v.base(0)
    alice, bob = view["players"]
    infantry = bob["units"][0]
    infantry.update(health=2, attachments=[{"handle": 77, "card": "honed_edge"}], shield=3)
    bob["counters"] = {"curse": 1}
    alice["counters"] = {"focus": 2}
    alice["abilities"][1].update(unlocked=True, cooldown=3)
    alice["armor"]["left"] = 0
    return view


def test_the_help_explains_the_table_shorthand() -> None:
    text = legend()
    for item in ("`cd 3`", "`exh`", "`new`", "dmg 2`", "3atk`", "2arm`", "`(0 left)`",
                 "`L1 Smite`", "`4g +7`", "production rating", "`hand 4 (2b 1e 1a)`",
                 "`▶`", "`◆ to act`", "`⊕Honed Edge`", "`curse 1`", "`focus 2`",
                 "`+1`: its augment counters", "`priority: Bob`", "`to act: Bob`",
                 "must make a decision", "announce a maneuver"):  # fmt: skip
        assert item in text, item
    # a unit's slash as the rulebook reads it
    assert "`Infantry 3/4 dmg 2`: a unit of 3 attack power and 4 health" in text


@pytest.mark.asyncio
async def test_every_item_of_the_legend_is_drawn_as_it_says() -> None:
    """Each example of the legend is on the board of :func:`board` (wide and compact),
    or in the status line, as written: the legend is what the player sees."""
    samples = re.findall(r"`([^`]+)`", legend())
    skip = {"i"}  # the details key
    status_only = {"priority: Bob", "to act: Bob"}
    # drawn by reserves, a chain or a scrolled board, which this board has not: the examples are
    # checked against the widgets that draw them in test_client_help_legend.py
    elsewhere = ("reserves", "Chain ▶", "→", "(Bob)", "↑ Bob", "↑ 2 above", "↓ 3 more",
                 "Cid (Beledan)", "team 1", "hunts Bob", "T1")  # the last three: 4 players
    for size in ((80, 24), (150, 45)):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            fake = Fake(app, [0])
            fake.show(0, board())
            await pilot.pause()
            text = screen_text(app)
        for sample in samples:
            if sample in skip or sample in status_only or sample.startswith(elsewhere):
                continue
            if sample.startswith(("L1", "L2")) and size[0] < 100:
                continue  # only the wide layout shows the locked abilities
            pieces = [p.strip() for p in sample.split("…")]
            assert all(p in text for p in pieces), (size, sample)
    assert "to act: Alice" in text  # the status line's form (priority: shown on a response)
    response = build_table(v.response(), BOOK).status
    assert "priority: " in response


# 2. a unit's slash ------------------------------------------------------------------------
def sentry() -> View:
    """A Clockwork Sentry (printed 1/4) with 3 damage on it: 1 health left."""
    view = v.base(0)
    view["players"][1]["units"] = [
        {"handle": 31, "card": "clockwork_sentry", "attack": 1, "health": 1, "max_health": 4,
         "damage": 3, "augments": 0, "exhausted": False, "entered": False,
         "attachments": [], "counters": {}},
    ]  # fmt: skip
    return view


def test_a_damaged_unit_reads_attack_slash_health_then_its_damage() -> None:
    unit = build_table(sentry(), BOOK).players[1].units[0]
    assert unit.stats == "1/4"
    assert "Clockwork Sentry [b]1/4[/b]" in unit_markup(unit) and "dmg 3" in unit_markup(unit)


def test_a_damaged_units_details_give_its_health_and_what_is_left() -> None:
    details = card_details(build_table(sentry(), BOOK), "u:31", BOOK)
    assert details is not None
    assert details.stats == ("Attack 1 · Health 4",)
    assert "3 damage (1 health left)" in details.state


def test_the_initial_ability_is_called_initial_in_its_details() -> None:
    details = card_details(build_table(v.base(0), BOOK), "a:0:equip", BOOK)
    assert details is not None and details.kind == "Initial hero ability"
    level1 = card_details(build_table(v.base(0), BOOK), "a:1:smite", BOOK)
    assert level1 is not None and level1.kind == "Hero ability, level 1"


def test_a_defended_attacker_whose_defender_left_play_says_defended_against() -> None:
    view = v.assign()
    view["battle"].update(step="after_assign", attackers=["w:0"], pairs=[], blocked=["w:0"])
    lines = build_table(view, BOOK).battle.lines  # type: ignore[union-attr]
    assert lines == ("Lance of Dominion (Alice's weapon)  →  defended against (its defender "
                     "is no longer in play)",)  # fmt: skip


# 3. the log -------------------------------------------------------------------------------
def test_attack_power_modifiers_are_logged_in_the_cards_words() -> None:
    view = v.base(0)
    events: list[dict[str, Any]] = [
        {"t": "attack_modified", "target": "u:21", "amount": 2, "until": "turn"},
        {"t": "attack_modified", "target": "u:22", "amount": -2, "until": "turn"},
        {"t": "attack_modified", "target": "u:11", "amount": 1, "until": "battle"},
    ]
    assert sentences(events, view, view) == [
        "Infantry (Bob) gets +2 attack power until the end of the turn.",
        "Halberdier (Bob) gets -2 attack power until the end of the turn.",
        "Militia Recruit 1 (Alice) gets +1 attack power for this battle.",
    ]


def test_a_triggered_effect_is_logged_as_triggered_not_announced() -> None:
    before = v.base(0)
    before["players"][1]["armor"]["card"] = "robe_of_the_warden"
    robe = {"id": 9, "seat": 1, "kind": "trigger", "source": "robe_of_the_warden",
            "targets": []}  # fmt: skip
    captain = {"id": 10, "seat": 0, "kind": "trigger", "source": "knight_captain",
               "targets": ["u:11"]}  # fmt: skip
    during = v.copy_of(before)
    during["chain"] = [robe, captain]
    announced = [{"t": "announced", "item": robe}, {"t": "announced", "item": captain}]
    assert sentences(announced, during, before) == [
        "Robe of the Warden (Bob's armor) triggered.",
        "Knight Captain (Alice) triggered, targeting Militia Recruit 1 (Alice).",
    ]
    left = [{"t": "fizzled", "id": 10}, {"t": "resolved", "id": 9}]
    assert sentences(left, before, during) == [
        # its target is still in play: no longer a legal one (docs/rulings.md 6)
        "Knight Captain's effect was canceled: Militia Recruit 1 (Alice) is no longer a "
        "legal target.",
        "Robe of the Warden's effect resolved.",
    ]
    # announced and resolved within one change: still the effect's words
    at_once = [{"t": "announced", "item": robe}, {"t": "resolved", "id": 9}]
    assert sentences(at_once, before, before)[1] == "Robe of the Warden's effect resolved."


def test_a_maneuver_a_player_chose_is_still_announced_by_them() -> None:
    before = v.base(0)
    enlist = {"id": 3, "seat": 0, "kind": "enlist", "source": "knight_captain", "targets": []}
    assert sentences([{"t": "announced", "item": enlist}], before, before) == [
        "Alice announced Knight Captain."
    ]


@pytest.mark.asyncio
async def test_the_live_log_says_what_the_replay_log_says() -> None:
    """The live log (the session applies each patch; the controller makes the lines) and
    the replay's (each step's events with the views after and before it, as
    ``client.replay`` makes them) name every chain entry alike: a battle says against
    whom in both ("Initiating a battle against Bot 2 resolved.")."""
    batches, views = bot_game("duel", 1, 0, 300)
    replay: list[str] = []
    memory = LogMemory()  # as client.replay keeps one per perspective
    for i, events in enumerate(batches):
        if events:
            replay += sentences(events, views[i + 1], views[i], memory)
    app = make_app()
    async with app.run_test(size=(150, 60)) as pilot:
        fake = Fake(app, [0])
        fake.feed(sync(0, views[0]))
        await pilot.pause()
        for i, events in enumerate(batches):
            message = patch(doc_for(views[i]), doc_for(views[i + 1]), 0, i + 1, events)
            fake.controller.apply(fake.session.on_message(message))
        await pilot.pause()
        live = [str(line) for line in fake.session.streams[0].log]
    battles = [line for line in live if line.startswith("Initiating a battle")]
    assert battles and all(" against " in line for line in battles)
    assert live == replay


def test_a_triggered_effect_on_the_chain_is_not_said_to_be_announced() -> None:
    view = v.response()
    view["chain"] = [{"id": 9, "seat": 1, "kind": "trigger", "source": "robe_of_the_warden",
                      "targets": []}]  # fmt: skip
    details = card_details(build_table(view, BOOK), "k:9", BOOK)
    assert details is not None and details.kind == "Triggered effect"
    assert details.where == "On the chain, triggered (Bob's armor)"  # as the log names it

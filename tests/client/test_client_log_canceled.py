"""The log's and the battle panel's words: a canceled entry whose targets are still in
play but no longer legal, a defender that is no longer in play, equipment named as
equipment when it triggers, a weapon's or armor's ability named as an ability in the
log, the chain and the prompt alike, and augment counters counted in words."""

from __future__ import annotations

from typing import Any

from client.cards import default_book
from client.viewmodel.log import sentences
from client.viewmodel.prompt import build_prompt
from client.viewmodel.table import build_table
from tests.client.fixtures import views as v
from tests.client.fixtures.views import View

BOOK = default_book()


def with_chain(view: View, *items: dict[str, Any]) -> View:
    out = v.copy_of(view)
    out["chain"] = list(items)
    return out


def execute(*targets: str) -> dict[str, Any]:
    """Alice's Execute ("destroy target damaged unit") on the chain."""
    return {"id": 7, "seat": 0, "kind": "play", "source": "execute", "targets": list(targets)}


# 1. a canceled entry ---------------------------------------------------------------------------
def test_an_entry_whose_target_is_still_in_play_is_canceled_as_no_longer_legal() -> None:
    """docs/rulings.md 6: Execute answered by healing its damaged target."""
    after = v.base(0)  # Bob's Infantry (u:21) is still in play
    before = with_chain(after, execute("u:21"))
    events = [{"t": "healed", "target": "u:21", "amount": 2}, {"t": "fizzled", "id": 7}]
    assert sentences(events, after, before)[-1] == (
        "Execute was canceled: Infantry (Bob) is no longer a legal target."
    )


def test_an_entry_whose_targets_are_all_still_in_play_says_none_is_legal() -> None:
    after = v.base(0)
    before = with_chain(after, execute("u:21", "u:22"))
    assert sentences([{"t": "fizzled", "id": 7}], after, before) == [
        "Execute was canceled: none of its targets is still a legal target."
    ]


def test_an_entry_whose_targets_left_play_had_no_target_left() -> None:
    after = v.base(0)
    after["players"][1]["units"] = after["players"][1]["units"][1:]  # the Infantry died
    for targets in (["u:21"], ["u:21", "u:22"], ["gone"], ["h:1"]):
        before = with_chain(after, execute(*targets))
        assert sentences([{"t": "fizzled", "id": 7}], after, before) == [
            "Execute had no target left and was canceled."
        ], targets


def test_an_entry_announced_and_canceled_at_once_still_knows_its_targets() -> None:
    after = v.base(0)
    events = [{"t": "announced", "item": execute("u:21")}, {"t": "fizzled", "id": 7}]
    assert sentences(events, after, after)[-1] == (
        "Execute was canceled: Infantry (Bob) is no longer a legal target."
    )


def test_an_entry_the_log_never_saw_keeps_the_old_words() -> None:
    view = v.base(0)
    assert sentences([{"t": "fizzled", "id": 99}], view, view) == [
        "A maneuver had no target left and was canceled."
    ]


# 2. the battle panel ---------------------------------------------------------------------------
def test_a_defender_no_longer_in_play_is_said_in_neutral_words() -> None:
    view = v.assign()
    view["battle"].update(step="after_damage", attackers=["w:0", "u:11"], pairs=[],
                          blocked=["w:0", "u:11"], switched=[["u:11", "u:21"]])  # fmt: skip
    lines = build_table(view, BOOK).battle.lines  # type: ignore[union-attr]
    assert lines == (
        "Lance of Dominion (Alice's weapon)  →  defended against (its defender is no longer "
        "in play)",
        "Militia Recruit 1 (Alice)  →  defended against (its defender Infantry changed sides "
        "and left the battle)",
    )


# 3. equipment that triggers --------------------------------------------------------------------
def test_equipment_that_triggers_is_named_as_its_attack_is() -> None:
    before = v.base(0)
    before["players"][1]["weapon"].update(card="twin_fangs", faces=["twin_fangs"])
    before["players"][1]["armor"].update(card="robe_of_the_warden")
    fangs = {"id": 4, "seat": 1, "kind": "trigger", "source": "twin_fangs",
             "targets": ["u:11"]}  # fmt: skip
    robe = {"id": 5, "seat": 1, "kind": "trigger", "source": "robe_of_the_warden",
            "targets": []}  # fmt: skip
    captain = {"id": 6, "seat": 0, "kind": "trigger", "source": "knight_captain",
               "targets": []}  # fmt: skip
    during = with_chain(before, fangs, robe, captain)
    events: list[dict[str, Any]] = [
        {"t": "attacker_declared", "attacker": "w:1"},
        *({"t": "announced", "item": item} for item in (fangs, robe, captain)),
    ]
    assert sentences(events, during, before) == [
        "Twin Fangs (Bob's weapon) attacks.",
        "Twin Fangs (Bob's weapon) triggered, targeting Militia Recruit 1 (Alice).",
        "Robe of the Warden (Bob's armor) triggered.",
        "Knight Captain (Alice) triggered.",  # a unit: by its controller
    ]


def test_the_other_face_of_a_weapon_is_named_as_the_weapon_too() -> None:
    """The view lists both faces: a trigger of the face just put away is still the
    weapon's."""
    view = v.base(0)
    view["players"][1]["weapon"].update(card="styrka_validata")
    item = {"id": 4, "seat": 1, "kind": "trigger", "source": "valdruun_warhammer",
            "targets": []}  # fmt: skip
    assert sentences([{"t": "announced", "item": item}], view, view) == [
        "Valdruun Warhammer (Bob's weapon) triggered."
    ]


# 4. a weapon's or armor's ability --------------------------------------------------------------
def warhammer() -> View:
    """Alice's response window to Bob's Valdruun Warhammer's ability, which targets her
    first recruit."""
    item = {"id": 12, "seat": 1, "kind": "activate", "source": "valdruun_warhammer",
            "targets": ["u:11"]}  # fmt: skip
    return with_chain(v.response(), item)


def test_a_weapons_ability_is_named_as_an_ability_in_the_log_the_chain_and_the_prompt() -> None:
    view = warhammer()
    item = view["chain"][0]
    assert sentences([{"t": "announced", "item": item}], view, v.base(0)) == [
        "Bob announced Valdruun Warhammer's ability targeting Militia Recruit 1 (Alice)."
    ]
    (line,) = build_table(view, BOOK).chain
    assert line.label == "Valdruun Warhammer's ability"
    assert build_prompt(view, BOOK).title.startswith(
        "Respond to Valdruun Warhammer's ability"
    )
    assert sentences([{"t": "resolved", "id": 12}], v.base(0), view) == [
        "Valdruun Warhammer's ability resolved."
    ]


def test_an_armors_ability_is_named_as_an_ability() -> None:
    item = {"id": 13, "seat": 1, "kind": "activate", "source": "anointed_platemail",
            "targets": []}  # fmt: skip
    view = with_chain(v.base(0), item)
    assert sentences([{"t": "announced", "item": item}], view, v.base(0)) == [
        "Bob announced Anointed Platemail's ability."
    ]
    assert build_table(view, BOOK).chain[0].label == "Anointed Platemail's ability"


def test_a_heros_own_ability_keeps_its_name() -> None:
    item = {"id": 14, "seat": 1, "kind": "ability", "source": "smite", "targets": ["u:11"]}
    view = with_chain(v.base(0), item)
    assert sentences([{"t": "announced", "item": item}], view, v.base(0)) == [
        "Bob announced Smite targeting Militia Recruit 1 (Alice)."
    ]


# 5. augment counters ---------------------------------------------------------------------------
def test_augment_counters_are_counted_in_words() -> None:
    view = v.base(0)
    events = [{"t": "augmented", "target": "u:21", "amount": 1},
              {"t": "augmented", "target": "u:21", "amount": 2}]  # fmt: skip
    assert sentences(events, view, view) == [
        "Infantry (Bob) got 1 augment counter.",
        "Infantry (Bob) got 2 augment counters.",
    ]


def test_an_enlisted_unit_is_said_once() -> None:
    view = v.base(0)
    both = [{"t": "entered_play", "seat": 0, "card": "sellsword", "handle": 40},
            {"t": "enlisted", "seat": 0, "card": "sellsword", "handle": 40}]  # fmt: skip
    lines = sentences(both, view, view)
    assert len(lines) == 1 and lines[0].startswith("Alice enlisted ")
    # put into play by an effect: its own line stays
    assert sentences(both[:1], view, view)[0].endswith(" entered play for Alice.")

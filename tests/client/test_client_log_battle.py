"""The log's battle lines come from the rules' events: "No defenders were assigned." as
the assign step ends (not a window later), battle damage by the attacker or defender
that dealt it; a card's activated ability is not read as enlisting the card; a name
ending in s takes the apostrophe alone, as in the prompt."""

from __future__ import annotations

import copy
from typing import Any

from client.cards import default_book
from client.viewmodel.log import LogMemory, sentences
from client.viewmodel.table import build_table
from client.viewmodel.words import possessive
from shared.rules.realm import view as realm_view
from shared.rules.realm.scenario import Scenario
from tests.client.fixtures import views as v
from tests.rules.test_battle_events import battle

View = dict[str, Any]


def _lines(sc: Scenario, script: str, memory: LogMemory, seat: int = 1) -> list[str]:
    """The log lines ``seat`` reads for the batch of events ``script`` makes."""
    before = realm_view.view_for(sc.g, seat)
    start = len(sc.events)
    sc.run(script)
    events = realm_view.events_for(sc.events[start:], seat)
    return sentences(events, realm_view.view_for(sc.g, seat), before, memory)


# 1: what nobody did, when the step ends ---------------------------------------------------
def test_no_defenders_is_said_as_the_window_after_assigning_opens() -> None:
    """The tester's game: while B decides whether to respond after the assign step, the
    log already says nobody defends (it said so only at the next pass, a window late)."""
    sc, memory = battle(), LogMemory()
    _lines(sc, "A battle B\nall pass\nA attack Infantry\nA attack Halberdier\nA done", memory)
    lines = _lines(sc, "all pass", memory)  # the window after declaring closes
    assert lines == ["A passed.", "B passed.", "No defenders were assigned."]
    assert sc.g.prompt is not None and sc.g.prompt.kind == "priority"
    later = _lines(sc, "all pass", memory)
    assert "No defenders were assigned." not in later  # said once


def test_no_attackers_is_said_as_the_declare_step_ends() -> None:
    sc, memory = battle(), LogMemory()
    _lines(sc, "A battle B\nall pass", memory)
    assert _lines(sc, "A done", memory) == ["No attackers were declared."]
    rest = [line for s in ("all pass",) * 3 for line in _lines(sc, s, memory)]
    assert "No attackers were declared." not in rest
    assert "No defenders were assigned." not in rest


def test_the_events_alone_make_the_lines_in_any_batch() -> None:
    view = v.base(0)
    assert sentences([{"t": "no_attackers_declared", "seat": 0}], view, view) == [
        "No attackers were declared."]  # fmt: skip
    assert sentences([{"t": "no_defenders_assigned", "seat": 1}], view, view) == [
        "No defenders were assigned."]  # fmt: skip
    # nothing is guessed from the passes that follow the steps any more
    passes = [{"t": "battle_began", "seat": 0, "opponent": 1}, {"t": "passed", "seat": 0}]
    assert sentences(passes, view, view) == ["Alice began a battle against Bob.", "Alice passed."]


# 2: battle damage by its source -------------------------------------------------------------
def test_each_unblocked_attacker_is_named_on_its_damage_line() -> None:
    sc, memory = battle(), LogMemory()
    _lines(sc, "A battle B\nall pass\nA attack Infantry\nA attack Halberdier\nA done", memory)
    _lines(sc, "all pass\nall pass", memory)
    lines = _lines(sc, "B armor -> Infantry=2", memory)
    assert lines[-3:] == [
        "B's armor prevented 2 battle damage from Infantry (A).",
        "Infantry (A) dealt 1 battle damage to Principus Beledan Kind (B).",
        "Halberdier (A) dealt 4 battle damage to Principus Beledan Kind (B).",
    ]


def test_a_damage_line_names_the_source_the_event_gives() -> None:
    view = v.base(0)
    hits = [
        {"t": "damaged", "target": "h:1", "amount": 2, "battle": True, "source": "u:11"},
        {"t": "damaged", "target": "h:1", "amount": 5, "battle": True, "source": "u:12"},
        {"t": "damaged", "target": "u:22", "amount": 1, "battle": True, "source": "w:0"},
    ]
    assert sentences(hits, view, view) == [
        "Militia Recruit 1 (Alice) dealt 2 battle damage to Principus Beledan Kind (Bob).",
        "Militia Recruit 2 (Alice) dealt 5 battle damage to Principus Beledan Kind (Bob).",
        "Lance of Dominion (Alice's weapon) dealt 1 battle damage to Halberdier (Bob).",
    ]
    effect = [{"t": "damaged", "target": "u:22", "amount": 2, "battle": False}]
    assert sentences(effect, view, view) == ["Halberdier (Bob) was dealt 2 damage."]


# 3: an activated ability is not enlisting -----------------------------------------------------
def _announced(kind: str, item_id: int) -> list[dict[str, Any]]:
    item = {"id": item_id, "seat": 1, "kind": kind, "source": "high_cleric", "targets": []}
    return [{"t": "announced", "item": item}]


def test_using_a_units_ability_reads_apart_from_enlisting_it() -> None:
    view = v.base(0)
    assert sentences(_announced("enlist", 5), view, view) == ["Bob announced High Cleric."]
    ability = sentences(_announced("activate", 6), view, view)
    assert ability == ["Bob announced High Cleric's ability."]
    before = copy.deepcopy(view)
    before["chain"] = [_announced("activate", 6)[0]["item"]]
    resolved = [{"t": "passed", "seat": 0}, {"t": "healed", "target": "h:1", "amount": 3},
                {"t": "resolved", "id": 6}]  # fmt: skip
    assert sentences(resolved, view, before)[-1] == "High Cleric's ability resolved."
    chain = build_table(before, default_book()).chain  # the chain panel and the prompt say it too
    assert [line.label for line in chain] == ["High Cleric's ability"]


# 4: one possessive rule ---------------------------------------------------------------------
def _trigger(view: View, source: str) -> View:
    view = copy.deepcopy(view)
    view["chain"] = [{"id": 7, "kind": "trigger", "seat": 0, "source": source, "targets": []}]
    return view


def test_a_name_ending_in_s_takes_the_apostrophe_alone_as_in_the_prompt() -> None:
    after = v.base(0)
    before = _trigger(after, "twin_fangs")
    done = [{"t": "gold_gained", "seat": 0, "amount": 1}, {"t": "resolved", "id": 7}]
    assert sentences(done, after, before)[-1] == "Twin Fangs' effect resolved."
    assert possessive("Twin Fangs") + " effect" == "Twin Fangs' effect"  # the prompt's words
    declined = [{"t": "trigger_declined", "seat": 0, "source": "twin_fangs"}]
    assert sentences(declined, after, after) == ["Alice did not use Twin Fangs' effect."]
    robe = _trigger(after, "robe_of_the_warden")
    assert sentences(done, after, robe)[-1] == "Robe of the Warden's effect resolved."


def test_a_seat_whose_name_ends_in_s_takes_the_apostrophe_alone() -> None:
    view = copy.deepcopy(v.base(0))
    view["players"][1]["name"] = "Agnes"
    lines = sentences([{"t": "turn_ended", "seat": 1}, {"t": "refreshed_all", "seat": 1},
                       {"t": "armor_prevented", "seat": 1, "amount": 2}], view, view)  # fmt: skip
    assert lines == ["Agnes' turn ended.", "Agnes' cards were refreshed.",
                     "Agnes' armor prevented 2 battle damage."]  # fmt: skip
    assert sentences([{"t": "turn_ended", "seat": 0}], view, view) == ["Alice's turn ended."]


def test_a_source_the_log_cannot_name_leaves_the_line_as_it_was() -> None:
    """A sync's earlier events have no views: an attacker that came and went unseen is
    not named "card #…"; the line says what was dealt, as before."""
    hit = [{"t": "damaged", "target": "h:1", "amount": 3, "battle": True, "source": "u:999"}]
    assert sentences(hit, v.base(0)) == ["Principus Beledan Kind (Bob) was dealt 3 battle damage."]
    armor = [{"t": "armor_prevented", "seat": 1, "amount": 2, "source": "u:999"}]
    assert sentences(armor, v.base(0)) == ["Bob's armor prevented 2 battle damage."]

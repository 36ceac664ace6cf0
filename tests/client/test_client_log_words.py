"""The game log's words: battles where nobody attacks or defends, who dealt battle
damage, effects that did nothing, unit numbers that stay put; the concede question when
the last opponent is left; the setup's equipment popup with an armor without text."""

from __future__ import annotations

import copy
from typing import Any

from client.cards import CardBook, default_book
from client.screens.concede import concede_warning
from client.viewmodel.details import card_details, together
from client.viewmodel.log import LogMemory, sentences
from client.viewmodel.refs import Namer, UnitNumbers
from client.viewmodel.table import build_table
from tests.client.fixtures import views as v

BOOK = CardBook()  # no catalog: names come from the ids

View = dict[str, Any]


def skeletons(*handles: int) -> View:
    """Alice's maneuver phase with a Skeleton for each of ``handles``."""
    view = v.base(0)
    view["players"][0]["units"] = [
        {**view["players"][0]["units"][0], "handle": h, "card": "skeleton"} for h in handles
    ]
    return view


def in_battle(view: View, step: str, **parts: Any) -> View:
    view = copy.deepcopy(view)
    view["battle"] = {"attacker": 0, "defender": 1, "step": step, "attackers": [],
                      "pairs": [], "blocked": [], "left": [], "switched": [], **parts}  # fmt: skip
    return view


# unit numbers ------------------------------------------------------------------------------
def test_a_unit_keeps_its_number_when_another_of_its_name_leaves_play() -> None:
    numbers = UnitNumbers()
    three = Namer(skeletons(10, 11, 12), BOOK, numbers=numbers)
    assert [three.handle(h) for h in (10, 11, 12)] == ["Skeleton 1", "Skeleton 2", "Skeleton 3"]
    two = Namer(skeletons(10, 12), BOOK, numbers=numbers)
    assert [two.handle(h) for h in (10, 12)] == ["Skeleton 1", "Skeleton 3"]
    # a new one takes the lowest number none of those in play has
    again = Namer(skeletons(10, 12, 13), BOOK, numbers=numbers)
    assert [again.handle(h) for h in (10, 12, 13)] == ["Skeleton 1", "Skeleton 3", "Skeleton 2"]


def test_a_unit_left_alone_keeps_a_number_above_one_so_a_newcomer_is_not_taken_for_it() -> None:
    """Skeleton 2 outlives Skeleton 1: alone it is still "Skeleton 2", and the next one to
    come is "Skeleton 1" (an unnumbered "Skeleton" becoming "Skeleton 2" beside a new
    "Skeleton 1" read as if the newcomer were the one that attacked)."""
    numbers = UnitNumbers()
    Namer(skeletons(10, 11), BOOK, numbers=numbers)
    alone = Namer(skeletons(11), BOOK, numbers=numbers)
    assert alone.handle(11) == "Skeleton 2"
    joined = Namer(skeletons(11, 12), BOOK, numbers=numbers)
    assert [joined.handle(h) for h in (11, 12)] == ["Skeleton 2", "Skeleton 1"]
    first = Namer(skeletons(12), BOOK, numbers=numbers)  # Skeleton 1 alone: no number
    assert first.handle(12) == "Skeleton"


def test_without_kept_numbers_each_view_numbers_its_units_afresh() -> None:
    assert Namer(skeletons(10, 12), BOOK).handle(12) == "Skeleton 2"


def test_the_log_and_the_board_agree_on_a_unit_after_another_of_its_name_died() -> None:
    memory = LogMemory()
    before, after = skeletons(10, 11, 12), skeletons(10, 12)
    sentences([{"t": "passed", "seat": 0}], before, before, memory)
    died = [{"t": "destroyed", "target": "u:11", "card": "skeleton", "seat": 0}]
    assert sentences(died, after, before, memory) == ["Skeleton 2 (Alice) was destroyed."]
    attacks = [{"t": "attacker_declared", "attacker": "u:12"}]
    assert sentences(attacks, after, after, memory) == ["Skeleton 3 (Alice) attacks."]
    board = Namer(after, BOOK, numbers=memory.numbers)  # the table, by the same numbers
    assert board.ref("u:12") == "Skeleton 3 (Alice)"
    table = build_table(after, BOOK, numbers=memory.numbers)  # the board's unit lines
    assert [u.name for u in table.players[0].units] == ["Skeleton 1", "Skeleton 3"]
    assert [u.name for u in build_table(after, BOOK).players[0].units] == [
        "Skeleton 1", "Skeleton 2"]  # numbered afresh without the game's numbers


# battles -----------------------------------------------------------------------------------
def test_an_attacker_who_declares_nobody_is_said_as_the_step_ends() -> None:
    """The rules say so as the declare step ends (``no_attackers_declared``), in the
    batch that opens the window after it: the log does not wait for a pass."""
    memory = LogMemory()
    view = v.base(0)
    began = [{"t": "battle_began", "seat": 0, "opponent": 1}]
    declaring = in_battle(view, "declare")
    assert sentences(began, declaring, view, memory) == ["Alice began a battle against Bob."]
    window = in_battle(view, "after_declare")
    none = [{"t": "no_attackers_declared", "seat": 0}]
    assert sentences(none, window, declaring, memory) == ["No attackers were declared."]
    more = sentences([{"t": "passed", "seat": 0}], window, window, memory)
    assert more == ["Alice passed."]  # said once


def test_a_battle_without_defenders_says_so_before_its_damage_and_names_the_attacker() -> None:
    view = v.base(0)
    events = [
        {"t": "battle_began", "seat": 0, "opponent": 1},
        {"t": "attacker_declared", "attacker": "u:11"},
        {"t": "passed", "seat": 0},
        {"t": "passed", "seat": 1},
        {"t": "no_defenders_assigned", "seat": 1},
        {"t": "passed", "seat": 0},
        {"t": "passed", "seat": 1},
        {"t": "damaged", "target": "h:1", "amount": 3, "battle": True, "source": "u:11"},
    ]
    lines = sentences(events, in_battle(view, "after_damage"), view)
    assert "No attackers were declared." not in lines
    assert lines[4] == "No defenders were assigned."
    assert lines[-1] == (
        "Militia Recruit 1 (Alice) dealt 3 battle damage to Principus Beledan Kind (Bob)."
    )


def test_battle_damage_between_a_unit_and_its_defender_names_who_dealt_it() -> None:
    view = v.base(0)
    assigned = in_battle(view, "after_assign", attackers=["u:11"], pairs=[["u:11", "u:22"]])
    hits = [
        {"t": "damaged", "target": "u:22", "amount": 3, "battle": True, "source": "u:11"},
        {"t": "damaged", "target": "u:11", "amount": 4, "battle": True, "source": "u:22"},
    ]
    assert sentences(hits, in_battle(view, "after_damage"), assigned) == [
        "Militia Recruit 1 (Alice) dealt 3 battle damage to Halberdier (Bob).",
        "Halberdier (Bob) dealt 4 battle damage to Militia Recruit 1 (Alice).",
    ]


def test_damage_whose_source_the_log_cannot_tell_keeps_its_old_words() -> None:
    view = v.base(0)
    two_free = in_battle(view, "after_assign", attackers=["u:11", "u:12"])
    hit = [{"t": "damaged", "target": "h:1", "amount": 3, "battle": True}]
    assert sentences(hit, two_free, two_free) == [
        "Principus Beledan Kind (Bob) was dealt 3 battle damage."
    ]
    effect = [{"t": "damaged", "target": "u:22", "amount": 2}]
    assert sentences(effect, view, view) == ["Halberdier (Bob) was dealt 2 damage."]


# effects that did nothing ----------------------------------------------------------------------
def _with_item(view: View) -> View:
    view = copy.deepcopy(view)
    view["chain"] = [{"id": 7, "kind": "trigger", "seat": 0, "label": "Robe of the Warden",
                      "card": "robe_of_the_warden", "targets": []}]  # fmt: skip
    return view


def test_an_effect_that_resolved_right_after_the_last_pass_did_nothing() -> None:
    before, after = _with_item(v.base(0)), v.base(0)
    nothing = [{"t": "passed", "seat": 1}, {"t": "resolved", "id": 7}]
    lines = sentences(nothing, after, before)
    assert lines[-1] == "Robe of the Warden resolved (it did nothing)."
    something = [{"t": "passed", "seat": 1}, {"t": "gold_gained", "seat": 0, "amount": 1},
                 {"t": "resolved", "id": 7}]  # fmt: skip
    assert sentences(something, after, before)[-1] == "Robe of the Warden resolved."
    # its resolution began in an earlier batch (a choice in between): the log cannot tell
    assert sentences([{"t": "resolved", "id": 7}], after, before) == [
        "Robe of the Warden resolved."
    ]


def test_a_battle_that_resolved_is_not_said_to_do_nothing() -> None:
    before = copy.deepcopy(v.base(0))
    before["chain"] = [{"id": 3, "kind": "battle", "seat": 0, "opponent": 1, "targets": []}]
    events = [{"t": "passed", "seat": 1}, {"t": "resolved", "id": 3}]
    assert "did nothing" not in sentences(events, v.base(0), before)[-1]


# conceding --------------------------------------------------------------------------------------
def _table(fmt: str, alive: tuple[bool, ...], teams: tuple[int, ...] | None = None) -> View:
    names = ("Ann", "Bo", "Cy", "Di")
    players = [{"seat": s, "name": names[s], "alive": a, "team": teams[s] if teams else None}
               for s, a in enumerate(alive)]  # fmt: skip
    return {"format": fmt, "seat": 0, "phase": "maneuver", "players": players}


def test_conceding_against_the_last_opponent_left_says_who_wins() -> None:
    warning = concede_warning(_table("ffa", (True, False, True)))
    assert "the game ends, and Cy wins it." in warning and "play on" not in warning
    assert "the others play on" in concede_warning(_table("ffa", (True, True, True)))


def test_conceding_a_team_game_without_a_partner_left_says_the_other_team_wins() -> None:
    warning = concede_warning(_table("team", (True, True, False, True), (0, 1, 0, 1)))
    assert "the game ends, and Bo and Di win it." in warning
    still = concede_warning(_table("team", (True, True, True, True), (0, 1, 0, 1)))
    assert "your partner plays on" in still


# the equipment popup ------------------------------------------------------------------------------
def test_an_equipment_line_shows_an_armor_without_text_by_its_rating() -> None:
    book = default_book()
    table = build_table(v.equip(), book)
    found = card_details(table, together(["card:chainblade", "card:hellforged_mail"]), book)
    assert found is not None
    armor = next(d for d in (found, *found.also) if d.name == "Hellforged Mail")
    assert armor.kind == "Armor" and armor.stats == ("Armor 3",)
    jerkin = card_details(table, "card:wolfhide_jerkin", book)
    assert jerkin is not None and jerkin.stats == ("Armor 3",)


def test_a_bot_standing_in_and_a_concession_by_the_away_policy_are_log_lines() -> None:
    view = v.base(0)
    assert sentences([{"t": "bot_took_over", "seat": 1}], view) == [
        "Bob is away: a bot plays for them until they return."]
    # then the rules' own "Bob conceded.": one line says why, the other what
    assert sentences([{"t": "away_conceded", "seat": 1}, {"t": "conceded", "seat": 1}],
                     view) == ["Bob was away too long.", "Bob conceded."]  # fmt: skip


def test_a_duels_opening_turn_says_what_it_leaves_out() -> None:
    duel = {**v.base(0), "format": "duel"}
    first = sentences([{"t": "turn_began", "seat": 0, "turn": 1}], duel, duel)
    assert first == ["— Turn 1: Alice — (a duel's opening turn: no production rise, no draw, "
                     "no weapon attack)"]  # fmt: skip
    second = sentences([{"t": "turn_began", "seat": 1, "turn": 2}], duel, duel)
    assert second == ["— Turn 2: Bob —"]
    ffa = {**v.base(0), "format": "ffa"}  # two players in the fixture: turns 1 and 2
    assert sentences([{"t": "turn_began", "seat": 1, "turn": 2}], ffa, ffa) == [
        "— Turn 2: Bob — (their first turn: no weapon attack)"
    ]
    assert sentences([{"t": "turn_began", "seat": 0, "turn": 3}], ffa, ffa) == [
        "— Turn 3: Alice —"
    ]

"""Three blunders the bots no longer make: a heal that heals nothing (or an enemy), a
battle started and then left without attackers, and an Equip that puts the same faces
back on. ``allegiance play --vs bot`` seats the easy bot (level 1), so each is checked
for the easy bot over many seeds, and for the medium and hard bots' choices too."""

from __future__ import annotations

import random
from typing import Any

from server.botplay.hard import candidates
from server.botplay.know import Board, effect_score, equip_options, equip_score
from server.botplay.policies import easy, medium, pointless
from shared.rules.realm.scenario import Scenario
from shared.rules.realm.view import view_for

SEEDS = range(40)
View = dict[str, Any]


def _picks(view: View) -> list[dict[str, Any]]:
    """The easy bot's choice for every seed, and the medium bot's."""
    return [easy(view, random.Random(s)) for s in SEEDS] + [medium(view, random.Random(0))]


def _is_heal(board: Board, a: dict[str, Any]) -> bool:
    if a["kind"] == "play":
        return board.hand.get(int(a["card"])) == "mend_wounds"
    return a["kind"] == "activate" and isinstance(a["card"], int)  # the Field Surgeon's


# --------------------------------------------------------------------------- heals


def _surgery(own_damage: int) -> Scenario:
    """A's turn: a ready Field Surgeon and Mend Wounds in hand; B has a fresh Scout."""
    return Scenario({
        "format": "duel",
        "current": "A",
        "phase": "maneuver",
        "seats": [
            {"name": "A", "hero": "thedric_egen", "gold": 1, "hand": ["Mend Wounds"],
             "units": [{"card": "Field Surgeon", "damage": own_damage}]},
            {"name": "B", "hero": "beledan_kind", "units": ["Scout Outrider"]},
        ],
    })


def test_no_heal_without_damage_on_my_side() -> None:
    view = view_for(_surgery(0).g, 0)
    board = Board(view)
    heals = [a for a in view["legal"] if _is_heal(board, a)]
    assert {a["kind"] for a in heals} == {"play", "activate"}
    assert all(pointless(board, a) for a in heals)  # the Scout's too, and my own
    assert not any(_is_heal(board, a) for a in _picks(view))
    assert not any(_is_heal(board, a) for a in candidates(view, medium(view, random.Random(0))))


def test_a_heal_of_my_damaged_unit_is_still_worth_it() -> None:
    view = view_for(_surgery(2).g, 0)
    board = Board(view)
    mine = f"u:{board.mine['units'][0]['handle']}"
    on_mine = [a for a in view["legal"] if _is_heal(board, a) and a["targets"] == [mine]]
    on_theirs = [a for a in view["legal"] if _is_heal(board, a) and a["targets"] != [mine]]
    assert on_mine and on_theirs
    assert all((effect_score(board, a) or 0) > 0 for a in on_mine)
    assert all(pointless(board, a) for a in on_theirs)
    assert not any(a in on_theirs for a in _picks(view))


# --------------------------------------------------------------------------- battles


def _declaring() -> Scenario:
    """A has started a battle against B and declares its attackers now."""
    sc = Scenario({
        "format": "duel",
        "current": "A",
        "phase": "maneuver",
        "seats": [
            {"name": "A", "hero": "thedric_egen", "turns_taken": 3,
             "units": ["Infantry", "Infantry"]},
            {"name": "B", "hero": "beledan_kind", "turns_taken": 3},
        ],
    })
    sc.run("A battle B\nall pass")
    return sc


def test_a_started_battle_gets_an_attacker() -> None:
    view = view_for(_declaring().g, 0)
    assert view["prompt"]["kind"] == "attack" and not view["battle"]["attackers"]
    assert any(a["kind"] == "done" for a in view["legal"])
    assert all(a["kind"] == "attack" for a in _picks(view))
    assert all(a["kind"] == "attack" for a in candidates(view, medium(view, random.Random(0))))


def test_no_battle_without_an_attacker_that_deals_damage() -> None:
    sc = Scenario({
        "format": "duel",
        "current": "A",
        "phase": "maneuver",
        "seats": [
            {"name": "A", "hero": "thedric_egen", "turns_taken": 3, "weapon_exhausted": True,
             "units": [{"card": "Infantry", "exhausted": True}]},
            {"name": "B", "hero": "beledan_kind", "turns_taken": 3},
        ],
    })
    view = view_for(sc.g, 0)
    board = Board(view)
    battle = next(a for a in view["legal"] if a["kind"] == "battle")
    assert pointless(board, battle)
    assert not any(a["kind"] == "battle" for a in _picks(view))
    assert battle not in candidates(view, medium(view, random.Random(0)))


# --------------------------------------------------------------------------- equip


def _best_faces() -> tuple[str, str]:
    view = view_for(_wearing(None).g, 0)
    return max(equip_options(Board(view)), key=lambda wa: equip_score(*wa))


def _wearing(faces: tuple[str, str] | None) -> Scenario:
    seat: dict[str, Any] = {"name": "A", "hero": "thedric_egen", "abilities": {"Equip": 0}}
    if faces is not None:
        seat["weapon"], seat["armor"] = faces
    return Scenario({
        "format": "duel",
        "current": "A",
        "phase": "maneuver",
        "seats": [seat, {"name": "B", "hero": "beledan_kind"}],
    })


def test_no_equip_while_the_best_faces_are_on() -> None:
    sc = _wearing(_best_faces())
    view = view_for(sc.g, 0)
    board = Board(view)
    equip = next(a for a in view["legal"] if a["kind"] == "ability"
                 and a["ability"] == "thedric_equip")
    assert pointless(board, equip)
    assert equip not in _picks(view)
    assert equip not in candidates(view, medium(view, random.Random(0)))


def test_equip_never_puts_the_same_faces_back_on() -> None:
    for faces in equip_options(Board(view_for(_wearing(None).g, 0))):
        sc = _wearing(faces)
        sc.run("A use Equip\nall pass")
        view = view_for(sc.g, 0)
        assert view["prompt"]["kind"] == "equip"
        same = {"kind": "equip", "weapon": faces[0], "armor": faces[1]}
        assert same in view["legal"]
        assert same not in _picks(view), faces

"""The chain and response windows, transition by transition (see chain.py's table)."""

from __future__ import annotations

from shared.rules.realm.engine import legal_actions
from shared.rules.realm.scenario import Scenario

SETUP = {
    "format": "ffa", "current": "A", "phase": "maneuver",
    "seats": [
        {"name": "A", "hero": "beledan_kind", "gold": 10, "hand": ["Skilled Strike"],
         "units": [{"card": "Infantry"}]},
        {"name": "B", "hero": "thedric_egen", "gold": 10, "hand": ["Mend Wounds"],
         "units": [{"card": "Infantry"}]},
        {"name": "C", "hero": "desoth_pravus", "gold": 10, "hand": ["Skilled Strike"]},
    ],
    "script": "",
}


def _scenario() -> Scenario:
    return Scenario(dict(SETUP))


def _prio(sc: Scenario) -> str:
    pr = sc.g.prompt
    assert pr is not None and pr.kind == "priority"
    return sc.names[pr.seat]


def test_empty_chain_current_player_first_then_clockwise() -> None:
    sc = _scenario()
    assert _prio(sc) == "A"
    sc.line("A pass")
    assert _prio(sc) == "B"
    sc.line("B pass")
    assert _prio(sc) == "C"
    sc.line("C pass")
    assert sc.g.phase.name == "END"          # all passed with an empty chain: window closed


def test_announcer_responds_first_and_a_full_round_resolves_the_top() -> None:
    sc = _scenario()
    sc.line('A play "Skilled Strike" -> B:Infantry')
    assert _prio(sc) == "A" and len(sc.g.chain) == 1
    sc.line("A pass")
    sc.line('B play "Mend Wounds" -> B:Infantry')
    assert _prio(sc) == "B" and len(sc.g.chain) == 2
    sc.line("B pass")
    sc.line("C pass")
    assert len(sc.g.chain) == 2              # A has not passed since B announced
    sc.line("A pass")
    assert len(sc.g.chain) == 1              # Mend Wounds resolved (LIFO)
    assert _prio(sc) == "A"                  # a new round starts with the current player


def test_a_response_restarts_the_count_of_passes() -> None:
    sc = _scenario()
    sc.line('A play "Skilled Strike" -> B:Infantry')
    sc.line("A pass")
    sc.line("B pass")
    sc.line('C play "Skilled Strike" -> A:Infantry')
    assert _prio(sc) == "C"
    sc.line("all pass")
    assert len(sc.g.chain) == 1              # C's Skilled Strike resolved first
    assert sc.g.chain[0].seat == 0


def test_only_reactions_while_the_chain_is_not_empty() -> None:
    sc = _scenario()
    sc.line('A play "Skilled Strike" -> B:Infantry')
    kinds = {a[0] for a in legal_actions(sc.g, 0)}
    assert "battle" not in kinds and "enlist" not in kinds and "unlock" not in kinds
    assert "pass" in kinds


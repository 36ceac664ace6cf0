"""Views and events show each seat what it may know, and nothing else."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from shared.rules.realm.engine import apply_action, legal_actions, new_game
from shared.rules.realm.state import GameState, Zone
from shared.rules.realm.view import events_for, view_for
from tests.rules.conftest import FORMATS, setup_for

PUBLIC = (Zone.PLAY, Zone.ATTACHED, Zone.CHAIN, Zone.DISCARD)


def _handles(x: Any, out: set[int]) -> set[int]:
    """Every card handle in a view or event: 'handle'/'card' ints and 'u:N' references."""
    if isinstance(x, dict):
        for k, v in x.items():
            if k in ("handle",) and isinstance(v, int):
                out.add(v)
            elif isinstance(v, str) and v.startswith("u:"):
                out.add(int(v[2:]))
            else:
                _handles(v, out)
    elif isinstance(x, list):
        for v in x:
            if isinstance(v, str) and v.startswith("u:"):
                out.add(int(v[2:]))
            else:
                _handles(v, out)
    return out


def _may_see(g: GameState, seat: int | None, handle: int) -> bool:
    uid = g.handles.get(handle)
    if uid is None:
        return False
    c = g.cards[uid]
    return c.zone in PUBLIC or (c.zone == Zone.HAND and c.owner == seat)


def _check_view(g: GameState, seat: int | None) -> None:
    v = view_for(g, seat)
    for p in v["players"]:
        if p["seat"] != seat:
            assert p["hand"] is None
        assert sum(p["hand_count"].values()) == len(g.players[p["seat"]].hand)
    for h in _handles({k: v[k] for k in v if k != "legal"}, set()):
        assert _may_see(g, seat, h), f"seat {seat} sees handle {h} of a hidden card"
    if seat is None or g.prompt is None or g.prompt.seat != seat:
        assert v["legal"] == []
    text = json.dumps(v)
    assert "rng" not in text and str(g.rng) not in text


@pytest.mark.parametrize("seed", range(12))
def test_views_hold_only_what_each_seat_may_know(seed: int) -> None:
    fmt, n = FORMATS[seed % len(FORMATS)]
    rnd = random.Random(seed)
    g = new_game(setup_for(fmt, n), seed)
    steps = 0
    while g.result is None and steps < 1500:
        seat = g.prompt.seat if g.prompt else 0
        events = apply_action(g, seat, rnd.choice(legal_actions(g, seat)), check=False)
        steps += 1
        if steps % 7 == 0:
            for viewer in [*range(n), None]:
                _check_view(g, viewer)
        for viewer in [*range(n), None]:
            for e in events_for(events, viewer):
                if e["t"] == "drew" and e["seat"] != viewer:
                    assert "card" not in e and "handle" not in e


def test_a_card_entering_a_hand_gets_a_handle_nobody_saw() -> None:
    rnd = random.Random(5)
    g = new_game(setup_for("duel", 2), 5)
    seen_by_1: set[int] = set()
    for _ in range(3000):
        if g.result is not None:
            break
        seat = g.prompt.seat if g.prompt else 0
        before = set(g.players[0].hand)
        apply_action(g, seat, rnd.choice(legal_actions(g, seat)), check=False)
        for uid in set(g.players[0].hand) - before:
            assert g.cards[uid].handle not in seen_by_1
        seen_by_1 |= _handles(view_for(g, 1), set())


def test_hand_card_types_are_public_but_not_names() -> None:
    g = new_game(setup_for("duel", 2, ["beledan_kind", "thedric_egen"]), 9)
    other = view_for(g, 1)["players"][0]
    assert other["hand"] is None
    assert other["hand_count"] == {"basic": 2, "elite": 1, "action": 1}
    mine = view_for(g, 0)["players"][0]
    assert len(mine["hand"]) == 4


def test_spectator_sees_no_hand_and_has_no_actions() -> None:
    g = new_game(setup_for("ffa", 3), 2)
    v = view_for(g, None)
    assert all(p["hand"] is None for p in v["players"])
    assert v["legal"] == []


def test_an_attacker_whose_defender_left_play_is_shown_blocked() -> None:
    """docs/rulings.md 8: the attacker stays defended (no damage to the hero); the view
    says so, and a bot's sample rebuilt from that view keeps it blocked."""
    from pathlib import Path

    from shared.rules.realm.determinize import determinize
    from shared.rules.realm.scenario import Scenario, load

    path = Path(__file__).parents[1] / "scenarios/rules/battle/defender_leaves_play.toml"
    sc = Scenario(load(path))
    sc.run(str(sc.data["script"]).split("check B:Crossbowman gone")[0])
    battle = view_for(sc.g, 0)["battle"]
    halberdier = next(r for r in battle["attackers"] if r not in dict(battle["pairs"]))
    assert battle["blocked"] == [halberdier]
    assert [a for a, _ in battle["pairs"]] != [halberdier]
    for seat in (0, 1):
        view = view_for(sc.g, seat)
        if view.get("legal"):
            sample = determinize(view, random.Random(1))
            assert view_for(sample, seat)["battle"] == view["battle"]


def test_a_discard_prompt_says_what_makes_the_seat_discard() -> None:
    from pathlib import Path

    from shared.rules.realm.scenario import Scenario, load

    path = Path(__file__).parents[1] / "scenarios/cards/hakor_dajet/abilities.toml"
    sc = Scenario(load(path))
    sc.run(str(sc.data["script"]).split('B discard "Skilled Strike"')[0])
    prompt = view_for(sc.g, 1)["prompt"]
    assert prompt["kind"] == "discard"
    assert (prompt["source"], prompt["by"], prompt["ability"]) == ("exhume", 0, True)


def test_a_choice_asked_as_an_effect_resolves_names_the_chain_entry() -> None:
    """A "choose" prompt carries what resolves (the chain entry's terms), for the
    player to know what the choice is for."""
    seen = 0
    for seed in range(40):
        rnd = random.Random(seed)
        g = new_game(setup_for("duel", 2), seed)
        for _ in range(3000):
            if g.result is not None or g.prompt is None:
                break
            if g.prompt.kind == "choose":
                prompt = view_for(g, g.prompt.seat)["prompt"]
                assert prompt["why"] and prompt["resolving"]["source"], prompt
                assert prompt["resolving"]["seat"] == g.resolution.item.seat  # type: ignore[union-attr]
                seen += 1
            seat = g.prompt.seat
            apply_action(g, seat, rnd.choice(legal_actions(g, seat)))
        if seen >= 3:
            break
    assert seen >= 3

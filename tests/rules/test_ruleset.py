"""The plain-data interface: actions round-trip, bad commands are refused unchanged."""

from __future__ import annotations

import random
from typing import Any

import msgpack
import pytest

from shared.rules.base import Refused, get_ruleset
from shared.rules.realm import wire
from shared.rules.realm.engine import legal_actions
from tests.rules.conftest import FORMATS, setup_for

R = get_ruleset("realm")


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_action_round_trips_through_the_wire(seed: int) -> None:
    fmt, n = FORMATS[seed % len(FORMATS)]
    g = R.new_game(setup_for(fmt, n), seed)
    rnd = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(1500):
        seat = R.to_act(g)
        if seat is None:
            break
        for a in legal_actions(g, seat):
            w = msgpack.unpackb(msgpack.packb(wire.to_wire(g, a)))
            assert wire.from_wire(g, w) == a
            kinds.add(w["kind"])
        g, _ = R.apply(g, seat, rnd.choice(R.legal_actions(g, seat)), in_place=True)
    assert {"pass", "draw", "equip"} <= kinds


def _fresh() -> tuple[Any, int]:
    g = R.new_game(setup_for("duel", 2, ["beledan_kind", "thedric_egen"]), 4)
    seat = R.to_act(g)
    assert seat is not None
    return g, seat


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"kind": "fly"}, "malformed"),
        ({}, "malformed"),
        ("pass", "malformed"),
        ({"kind": "equip", "weapon": 3, "armor": "x"}, "malformed"),
        ({"kind": "play", "card": 99999, "half": 0, "targets": []}, "malformed"),
        ({"kind": "play", "card": True, "half": 0}, "malformed"),
        ({"kind": "attack", "attacker": "h:7"}, "malformed"),
        ({"kind": "equip", "weapon": "bone_scythe", "armor": "robe_of_the_warden"}, "illegal"),
        ({"kind": "pass"}, "illegal"),
    ],
)
def test_bad_commands_are_refused_and_change_nothing(action: Any, code: str) -> None:
    g, seat = _fresh()
    before = R.state_hash(g)
    with pytest.raises(Refused) as err:
        R.apply(g, seat, action)
    assert err.value.code == code
    assert err.value.message
    assert R.state_hash(g) == before


def test_stale_and_out_of_turn_commands_are_refused() -> None:
    g, seat = _fresh()
    legal = R.legal_actions(g, seat)[0]
    with pytest.raises(Refused) as err:
        R.apply(g, seat, legal, version=R.version(g) - 1)
    assert err.value.code == "stale"
    with pytest.raises(Refused) as err:
        R.apply(g, 1 - seat, legal)
    assert err.value.code == "not_your_turn"
    with pytest.raises(Refused) as err:
        R.apply(g, 7, legal)
    assert err.value.code == "unknown_seat"


def test_apply_is_pure_unless_in_place() -> None:
    g, seat = _fresh()
    before = R.state_hash(g)
    g2, events = R.apply(g, seat, R.legal_actions(g, seat)[0], version=R.version(g))
    assert R.state_hash(g) == before and R.state_hash(g2) != before
    assert events and all("t" in e for e in events)
    assert R.version(g2) == R.version(g) + 1


def test_timeout_action_is_a_legal_pass_or_default() -> None:
    g, seat = _fresh()
    assert R.timeout_action(g, seat) in R.legal_actions(g, seat)


def test_team_setups_without_teams_alternate_and_bad_teams_are_refused() -> None:
    from shared.rules.base import SetupError

    seats = [{"name": f"P{i}"} for i in range(4)]
    g = R.new_game({"format": "team", "seats": seats}, 3)
    assert [p.team for p in g.players] == [0, 1, 0, 1]
    assert "team" not in seats[0]  # the caller's setup is left as it was
    for teams in ([0, 0, 1, None], [0, 0, 0, 1], ["a", "a", "b", "b"], [True, True, 0, 0]):
        bad = [{"name": f"P{i}", "team": t} for i, t in enumerate(teams)]
        with pytest.raises(SetupError, match="team 0 and two with team 1"):
            R.new_game({"format": "team", "seats": bad}, 3)


def test_any_malformed_setup_is_refused_with_a_setup_error() -> None:
    from shared.rules.base import SetupError

    rnd = random.Random(11)
    junk: list[Any] = [None, 0, -1, 1.5, "", "x", [], {}, [1], {"a": 1}, True, 2**70, "team"]
    junk += ["random", "beledan_kind"]
    started = 0
    for _ in range(3000):
        seats: Any = [
            {k: rnd.choice(junk) for k in ("name", "hero", "team") if rnd.random() < 0.4}
            for _ in range(rnd.choice([0, 2, 3, 4, 5]))
        ]
        if rnd.random() < 0.05:
            seats = rnd.choice(junk)
        fmt = rnd.choice(["duel", "ffa", "sworn", "team", rnd.choice(junk)])
        try:
            R.new_game({"format": fmt, "seats": seats}, rnd.randrange(2**64))
            started += 1
        except SetupError:
            pass
    assert started > 0  # the well-formed ones among them still start


def _play_with_concessions(
    fmt: str, n: int, seed: int
) -> tuple[Any, list[tuple[int, Any]], set[int], list[int]]:
    """A random game in which, from turn 3, a random seat decides to concede; each one
    concedes at its next priority (as the server does for a seat that conceded)."""
    from shared.rules.realm import invariants

    rnd = random.Random(seed)
    g = R.new_game(setup_for(fmt, n), seed)
    log: list[tuple[int, Any]] = []
    conceding: set[int] = set()
    conceded: set[int] = set()
    fallen: list[int] = []  # the seats eliminated, in order
    for _ in range(20_000):
        seat = R.to_act(g)
        if seat is None:
            break
        if g.turn >= 3 and rnd.random() < 0.02 and len(conceding) < n - 1:
            conceding.add(rnd.randrange(n))
        action = R.concede_action(g, seat) if seat in conceding else None
        if action is None:
            action = rnd.choice(R.legal_actions(g, seat))
            assert R.concede_action(g, seat) is None or g.prompt.kind == "priority"
        else:
            conceded.add(seat)
        g, events = R.apply(g, seat, action, in_place=True)
        log.append((seat, action))
        fallen += [e["seat"] for e in events if e["t"] == "eliminated"]
        assert [s for s in range(n) if R.seat_out(g, s)] == sorted(fallen)
        invariants.check(g)
        if action["kind"] == "concede":
            assert not g.players[seat].alive and R.seat_out(g, seat)
            assert [e["t"] for e in events][:2] == ["conceded", "eliminated"]
    return g, log, conceded, fallen


@pytest.mark.parametrize(("fmt", "n"), FORMATS)
def test_a_seat_that_concedes_is_eliminated_and_the_game_goes_on(fmt: str, n: int) -> None:
    seen = 0
    for seed in range(8):
        g, log, conceded, fallen = _play_with_concessions(fmt, n, 100 + seed)
        seen += len(conceded)
        assert R.is_over(g)
        winners = set(R.result(g)["winners"])  # type: ignore[index]
        if fmt != "team":  # a team wins as a team, a member who conceded included
            assert not winners & conceded
        else:  # the winning team has a member standing; the other has none
            assert any(g.players[s].alive for s in winners)
            assert not any(p.alive for p in g.players if p.seat not in winners)
        view = R.view_for(g, None)
        marked = {p["seat"] for p in view["players"] if p["conceded"]}
        assert marked == conceded  # the public view says who conceded, not just "out"
        reason = R.result(g)["reason"]  # type: ignore[index]
        assert reason.endswith("conceded") == (fallen[-1] in conceded), reason
        if fmt == "duel" and conceded:
            assert R.result(g)["winners"] == [1 - next(iter(conceded))]  # type: ignore[index]
        replayed = R.new_game(setup_for(fmt, n), 100 + seed)  # the log replays exactly
        for seat, action in log:
            replayed, _ = R.apply(replayed, seat, action, in_place=True)
        assert R.state_hash(replayed) == R.state_hash(g)
    assert seen  # some seats did concede


def test_conceding_is_refused_away_from_priority_and_never_listed() -> None:
    g = R.new_game(setup_for("duel", 2), 5)
    seat = R.to_act(g)
    assert seat is not None and g.prompt.kind == "equip"
    assert R.concede_action(g, seat) is None
    assert all(a["kind"] != "concede" for a in R.legal_actions(g, seat))
    with pytest.raises(Refused) as refused:
        R.apply(g, seat, {"kind": "concede"})
    assert refused.value.code == "illegal"


def test_a_team_game_logs_which_team_won_the_roll_and_who_chooses() -> None:
    """Ruling 23: the roll picks a team, whose first seat chooses who goes first."""
    for seed in range(6):
        g = R.new_game(setup_for("team", 4), seed)
        (roll,) = [e for e in g.events if e["t"] == "team_roll"]
        assert g.prompt.kind == "first" and roll["seat"] == g.prompt.seat
        assert g.players[roll["seat"]].team == roll["team"]


def test_conceding_after_everyone_else_passed_is_the_windows_last_pass() -> None:
    """A free-for-all: the current player ends the maneuver phase (passes), the next
    seat passes, and the last one concedes at its priority. Every seat still in the game
    had passed, so the window closes as on a last pass: the turn moves on to its end
    phase, not back to the current player's maneuver phase (ruling 41)."""
    from shared.rules.realm.state import Phase

    g = R.new_game(setup_for("ffa", 3), 7)
    for _ in range(2000):  # to a turn's maneuver phase, its window open on the current seat
        if g.phase == Phase.MANEUVER and not g.chain and g.prompt.kind == "priority" \
                and g.prompt.seat == g.current and g.turn >= 4:  # fmt: skip
            break
        seat = R.to_act(g)
        legal = R.legal_actions(g, seat)
        action = next((a for a in legal if a["kind"] == "pass"), legal[0])
        g, _ = R.apply(g, seat, action, in_place=True)
    else:
        raise AssertionError("no maneuver phase with an open window")
    current = g.current
    g, _ = R.apply(g, current, {"kind": "pass"}, in_place=True)
    second = R.to_act(g)
    assert second != current and g.prompt.kind == "priority"
    g, _ = R.apply(g, second, {"kind": "pass"}, in_place=True)
    last = R.to_act(g)
    assert last not in (current, second) and g.prompt.kind == "priority"
    action = R.concede_action(g, last)
    assert action is not None
    g, events = R.apply(g, last, action, in_place=True)
    assert not g.players[last].alive and not R.is_over(g)
    assert g.phase != Phase.MANEUVER or g.current != current, (g.phase, g.prompt)
    assert "passed" not in [e["t"] for e in events]

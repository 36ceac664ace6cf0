"""Battle arithmetic from a view: which attackers to send, which defenders to assign.

Battle damage is simultaneous: a blocked attacker and its defender hit each other; an
unblocked attacker hits the defending hero, less the armor still left this turn. A weapon
attacker takes no damage from a defender. Attacking exhausts a unit until its
controller's next refresh, so it cannot defend in the opponents' turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from server.botplay.know import Board, unit_value

Unit = Mapping[str, Any]


def ready_attackers(board: Board) -> list[str]:
    """Refs that could attack in a battle I would start now."""
    me = board.mine
    out = [f"u:{u['handle']}" for u in me["units"] if not u["exhausted"] and not u["entered"]]
    w = me["weapon"]
    barred = int(me["turns_taken"]) == 1 and (
        board.fmt != "duel" or int(board.view["first"]) == board.me
    )
    if w["card"] and not w["exhausted"] and not barred and int(w["attack"]) > 0:
        out.append(f"w:{board.me}")
    return out


def blockers(board: Board, seat: int) -> list[Unit]:
    return [u for u in board.players[seat]["units"] if not u["exhausted"]]


def threat_to(board: Board, seat: int) -> int:
    """The most battle damage the enemies could send at ``seat`` on their turns."""
    worst = 0
    for s in board.enemies():
        p = board.players[s]
        power = sum(int(u["attack"]) for u in p["units"])
        power += int(p["weapon"]["attack"]) if p["weapon"]["card"] else 0
        worst = max(worst, power)
    return worst


def _kills(att: int, hp: int) -> bool:
    return att >= hp


def plan_attack(
    board: Board, defender: int, candidates: list[str], declared: list[str] | None = None
) -> list[str]:
    """The attackers worth declaring against ``defender`` among ``candidates``."""
    declared = declared or []
    d = board.players[defender]
    blocks = blockers(board, defender)
    hp = board.hero_hp(defender) + int(d["armor"]["left"])
    # lethal if even the best blocks cannot stop it
    atks = sorted((board.attack_of(r) for r in candidates + declared), reverse=True)
    unstoppable = sum(atks[len(blocks) :])
    if atks and unstoppable >= hp:
        return list(candidates)
    me = board.mine
    my_hp = board.hero_hp(board.me) + int(me["armor"]["rating"])
    threat = threat_to(board, board.me)
    keep = 0.0  # defensive capacity I want to keep at home
    if threat >= my_hp - 4:
        keep = threat - (my_hp - 8)
    out: list[str] = []
    home: list[tuple[float, str]] = []
    for ref in candidates:
        if ref.startswith("w:"):
            out.append(ref)
            continue
        u = board.unit(ref)
        if u is None:
            continue
        unit = u[1]
        atk, health = int(unit["attack"]), int(unit["health"])
        if atk <= 0:
            continue
        bad = False
        for b in blocks:
            if _kills(int(b["attack"]), health) and not _kills(atk, int(b["health"])):
                bad = True  # it would die for nothing
                break
            if _kills(int(b["attack"]), health) and unit_value(b) < 0.8 * unit_value(unit):
                bad = True  # a poor trade
                break
        if not bad:
            home.append((float(atk + health), ref))
    # keep the sturdiest at home while the threat calls for it
    home.sort(reverse=True)
    for value, ref in home:
        if keep > 0:
            keep -= value
            continue
        out.append(ref)
    # a lone weak attack into many blockers does nothing but lose tempo; fine to send
    return out


def attack_value(board: Board, defender: int) -> float:
    """Rough value of starting a battle against ``defender`` with the planned attackers."""
    plan = plan_attack(board, defender, ready_attackers(board))
    if not plan:
        return 0.0
    d = board.players[defender]
    blocks = sorted(blockers(board, defender), key=lambda u: -int(u["health"]))
    atks = sorted((board.attack_of(r) for r in plan), reverse=True)
    through = sum(atks[len(blocks) :]) - int(d["armor"]["left"])
    hp = board.hero_hp(defender)
    if through >= hp:
        return 1000.0
    return max(0.0, float(through)) + 0.5 * len(plan)


def plan_defense(board: Board) -> list[tuple[str, str]]:
    """(defender, attacker) pairs to assign now, given the pairs already assigned."""
    b = board.battle
    assert b is not None
    me = board.mine
    paired_def = set(board.defending)
    free_def = [
        u for u in me["units"] if not u["exhausted"] and f"u:{u['handle']}" not in paired_def
    ]
    attackers = [a for a in b["attackers"] if a not in board.pairs]
    attackers.sort(key=lambda r: -board.attack_of(r))
    hp = board.hero_hp(board.me)
    armor = int(me["armor"]["left"])
    incoming = sum(board.attack_of(a) for a in attackers) - armor
    out: list[tuple[str, str]] = []
    used: set[int] = set()

    def pick(att: str, ok: Any) -> Unit | None:
        best = None
        for u in free_def:
            if int(u["handle"]) in used or not ok(u):
                continue
            if best is None or unit_value(u) < unit_value(best):
                best = u
        return best

    left = list(attackers)
    # 1. blocks that kill and survive, or survive a weapon
    for att in list(left):
        a_atk = board.attack_of(att)
        a_unit = board.unit(att)
        a_hp = int(a_unit[1]["health"]) if a_unit else 10**6
        u = pick(
            att,
            lambda u, a_atk=a_atk, a_hp=a_hp, weapon=a_unit is None: (
                int(u["health"]) > a_atk and (int(u["attack"]) >= a_hp or weapon or a_atk >= 2)
            ),
        )
        if u is not None:
            used.add(int(u["handle"]))
            out.append((f"u:{u['handle']}", att))
            left.remove(att)
            incoming -= a_atk
    # 2. even trades
    for att in list(left):
        a_unit = board.unit(att)
        if a_unit is None:
            continue
        a_atk = board.attack_of(att)
        a_val = unit_value(a_unit[1])
        u = pick(
            att,
            lambda u, a_unit=a_unit, a_val=a_val: (
                int(u["attack"]) >= int(a_unit[1]["health"]) and unit_value(u) <= a_val
            ),
        )
        if u is not None:
            used.add(int(u["handle"]))
            out.append((f"u:{u['handle']}", att))
            left.remove(att)
            incoming -= a_atk
    # 3. chump blocks only against lethal (or near-lethal) damage
    for att in list(left):
        if incoming < hp - 2:
            break
        u = pick(att, lambda u: True)
        if u is None:
            break
        used.add(int(u["handle"]))
        out.append((f"u:{u['handle']}", att))
        left.remove(att)
        incoming -= board.attack_of(att)
    return out

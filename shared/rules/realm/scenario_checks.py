"""Scenario notation: the decisions a script line can make, and the checks it can state."""

from __future__ import annotations

import re
import shlex
from typing import TYPE_CHECKING, Any

from shared.rules.realm import ops
from shared.rules.realm.engine import Action
from shared.rules.realm.state import armor_ref, hero_ref, weapon_ref

if TYPE_CHECKING:
    from shared.rules.realm.scenario import Scenario


def _fail(msg: str) -> Exception:
    from shared.rules.realm.scenario import ScenarioFailure

    return ScenarioFailure(msg)


def number(text: str, what: str, least: int = 1) -> int:
    """``text`` as a whole number of at least ``least``; a ScenarioFailure naming ``what``
    otherwise (``half x`` is not a crash)."""
    try:
        value = int(text.strip())
    except ValueError:
        value = least - 1
    if value < least:
        raise _fail(f"{what} must be a whole number from {least}, not {text.strip()!r}")
    return value


def words_of(text: str) -> list[str]:
    """The shell-style words of a line; an unclosed quote is a ScenarioFailure."""
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise _fail(f"cannot read the line: {exc}") from None


def _deck(piles: dict[str, list[int]], name: str) -> list[int]:
    if name not in piles:
        raise _fail(f"no deck {name!r} (basic, elite, action)")
    return piles[name]


# --------------------------------------------------------------------------- decisions


def parse_decision(sc: Scenario, seat: int, verb: str, args: list[str],
                   _targets: tuple[int, ...], tail: str) -> Action:
    verb = verb.lower()
    fn = _VERBS.get(verb)
    if fn is None:
        raise _fail(f"unknown verb {verb!r}; known: {', '.join(sorted(_VERBS))}")
    action: Action = fn(sc, seat, args, tail)
    return action


def _one(args: list[str], what: str) -> str:
    if not args:
        raise _fail(f"name the {what}")
    return " ".join(args)


def _targets(sc: Scenario, seat: int, tail: str) -> tuple[int, ...]:
    return sc.targets(seat, tail) if tail.strip() else ()


def _play(sc: Scenario, seat: int, args: list[str], tail: str) -> Action:
    name = args[0] if args else ""
    half = 0
    if len(args) >= 3 and args[1] == "half":
        half = number(args[2], "the half") - 1
    try:
        uid = sc.hand_card(seat, name)
    except Exception:
        uid, half = _split_half(sc, seat, name)
    return ("play", uid, half, _targets(sc, seat, tail))


def _split_half(sc: Scenario, seat: int, name: str) -> tuple[int, int]:
    for uid in sc.g.players[seat].hand:
        cdef = ops.card_def(sc.g, uid)
        for h, half in enumerate(cdef.halves):
            if half.name.lower() == name.lower():
                return uid, h
    raise _fail(f"{sc.names[seat]} has no {name} in hand")


def _activate(sc: Scenario, seat: int, args: list[str], tail: str) -> Action:
    what = args[0] if args else ""
    index = number(args[1], "the ability's number") - 1 if len(args) > 1 else 0
    low = what.lower()
    ref = weapon_ref(seat) if low == "weapon" else armor_ref(seat) if low == "armor" \
        else sc.unit(seat, what)
    return ("activate", ref, index, _targets(sc, seat, tail))


def _attack(sc: Scenario, seat: int, args: list[str], tail: str) -> Action:
    what = _one(args, "attacker")
    return ("attack", weapon_ref(seat) if what.lower() == "weapon" else sc.unit(seat, what))


def _defend(sc: Scenario, seat: int, args: list[str], tail: str) -> Action:
    b = sc.g.battle
    if b is None:
        raise _fail("there is no battle")
    defender = sc.unit(seat, _one(args, "defender"))
    attacker = sc.ref(b.attacker, tail.strip())
    return ("defend", defender, attacker)


def _armor(sc: Scenario, seat: int, args: list[str], tail: str) -> Action:
    b = sc.g.battle
    if b is None:
        raise _fail("there is no battle")
    parts = []
    for item in tail.split(","):
        ref_text, _, amount = item.partition("=")
        if item.strip():
            parts.append((sc.ref(b.attacker, ref_text.strip()),
                          number(amount, f"the armor for {ref_text.strip()}", 0)))
    return ("armor", tuple(p for p in parts if p[1] > 0))


def _trigger(sc: Scenario, seat: int, args: list[str], tail: str) -> Action:
    cid = sc.card_id(_one(args, "trigger's card"))
    pr = sc.g.prompt
    for i in (pr.data.get("indices", []) if pr else []):
        if sc.g.pending[i].card_id == cid:
            return ("trigger", i)
    raise _fail(f"no pending trigger from {cid}")


def _choose(sc: Scenario, seat: int, args: list[str], tail: str) -> Action:
    pr = sc.g.prompt
    if pr is None or pr.kind != "choose":
        raise _fail("nothing to choose now")
    text = _one(args, "option")
    labels = [str(x).lower() for x in pr.data["options"]]
    if text.lower() in labels:
        return ("choose", labels.index(text.lower()))
    if text.isdigit() and 1 <= int(text) <= len(labels):
        return ("choose", int(text) - 1)
    raise _fail(f"no option {text!r}; options: {', '.join(pr.data['options'])}")


def _equip(sc: Scenario, args: list[str]) -> Action:
    if len(args) != 2:
        raise _fail("name the weapon and the armor: equip WEAPON ARMOR")
    return ("equip", sc.card_id(args[0]), sc.card_id(args[1]))


def _ability(sc: Scenario, seat: int, name: str) -> str:
    return sc._ability_id(sc.g.players[seat].hero, name)


_VERBS: dict[str, Any] = {
    "pass": lambda sc, s, a, t: ("pass",),
    "done": lambda sc, s, a, t: ("done",),
    "decline": lambda sc, s, a, t: ("decline",),
    "equip": lambda sc, s, a, t: _equip(sc, a),
    "first": lambda sc, s, a, t: ("first", sc.seat(_one(a, "seat"))),
    "draw": lambda sc, s, a, t: ("draw", _one(a, "deck")),
    "unlock": lambda sc, s, a, t: ("unlock", _ability(sc, s, _one(a, "ability"))),
    "use": lambda sc, s, a, t: ("ability", _ability(sc, s, _one(a, "ability")),
                                _targets(sc, s, t)),
    "enlist": lambda sc, s, a, t: ("enlist", sc.hand_card(s, _one(a, "unit"))),
    "discard": lambda sc, s, a, t: ("discard", sc.hand_card(s, _one(a, "card"))),
    "play": _play,
    "activate": _activate,
    "battle": lambda sc, s, a, t: ("battle", sc.seat(_one(a, "opponent"))),
    "attack": _attack,
    "defend": _defend,
    "armor": _armor,
    "trigger": _trigger,
    "targets": lambda sc, s, a, t: ("targets", _targets(sc, s, t)),
    "choose": _choose,
}


# --------------------------------------------------------------------------- checks

_CMP = re.compile(r"^(?P<lhs>.+?)\s*(?P<op>==|=|!=|>=|<=|>|<)\s*(?P<rhs>[^=<>!]+)$")


def check(sc: Scenario, expr: str) -> None:
    """Evaluate one ``check`` line; raise ScenarioFailure with the difference."""
    for fn in (_check_simple, _check_compare):
        if fn(sc, expr):
            return
    raise _fail(f"cannot read the check {expr!r}")


def _check_simple(sc: Scenario, expr: str) -> bool:
    g = sc.g
    words = words_of(expr)
    low = [w.lower() for w in words]
    if low == ["chain", "empty"]:
        _expect(not g.chain, "the chain is empty", f"{len(g.chain)} pending")
        return True
    if low[:1] in (["winner"], ["winners"]):
        names = [w for w in " ".join(words[1:]).replace(",", " ").split() if w]
        got = g.result["winners"] if g.result else None
        want = sorted(sc.seat(n) for n in names)
        shown = ([sc.names[s] for s in got] if got is not None else None)
        _expect(got == want, f"{' and '.join(names)} win", f"result {g.result} ({shown})")
        return True
    if low == ["not", "over"] or low == ["over"]:
        _expect((g.result is not None) == (low == ["over"]), expr, f"result {g.result}")
        return True
    if low[:1] == ["prompt"]:
        pr = g.prompt
        got = f"{sc.names[pr.seat]} {pr.kind}" if pr else "none"
        _expect(got.lower() == " ".join(low[1:]), " ".join(words[1:]), got)
        return True
    if low[:1] == ["event"] and len(words) == 2:
        n = sum(1 for e in sc.events if e["t"] == words[1])
        _expect(n > 0, f"an event {words[1]!r}", "none happened")
        return True
    if low[:2] == ["no", "event"] and len(words) == 3:
        n = sum(1 for e in sc.events if e["t"] == words[2])
        _expect(n == 0, f"no event {words[2]!r}", f"{n} happened")
        return True
    if len(words) >= 2 and low[-1] == "gone" and ":" in words[0]:
        subject = " ".join(words[:-1])
        owner, _, what = subject.partition(":")
        try:
            sc.unit(sc.seat(owner), what)
        except Exception:
            return True
        raise _fail(f"expected {subject} gone, but it is in play")
    if len(words) >= 4 and low[0] == "discard" and low[2] == "has":
        cid = sc.card_id(" ".join(words[3:]))
        pile = [g.cards[u].card for u in _deck(g.discards, low[1])]
        _expect(cid in pile, f"{cid} in the {low[1]} discard pile", f"the pile is {pile}")
        return True
    if len(words) >= 3 and low[1] == "hand" and low[2] == "has":
        seat = sc.seat(words[0])
        if len(words) >= 4 and low[3] == "no":
            name = " ".join(words[4:])
            try:
                sc.hand_card(seat, name)
            except Exception:
                return True
            raise _fail(f"expected no {name} in {words[0]}'s hand, but there is one")
        sc.hand_card(seat, " ".join(words[3:]))
        return True
    return False


def _check_compare(sc: Scenario, expr: str) -> bool:
    m = _CMP.match(expr)
    if not m:
        return False
    got = _value(sc, m.group("lhs").strip())
    want_text = m.group("rhs").strip()
    want: Any = _literal(want_text)
    op = m.group("op")
    try:
        ok = _OPS[op](got, want)
    except TypeError:
        raise _fail(f"cannot compare {got!r} with {want!r}") from None
    _expect(ok, f"{m.group('lhs').strip()} {op} {want_text}", f"it is {got}")
    return True


_OPS: dict[str, Any] = {
    "=": lambda a, b: a == b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, "<": lambda a, b: a < b,
}


def _literal(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        return text.strip('"')


def _expect(ok: bool, wanted: str, got: str) -> None:
    if not ok:
        raise _fail(f"expected {wanted}, but {got}")


_PLAYER_FIELDS = ("health", "gold", "production", "max_health", "alive", "shield")


def _value(sc: Scenario, lhs: str) -> Any:
    g = sc.g
    low = lhs.lower()
    if low in ("turn", "chain"):
        return g.turn if low == "turn" else len(g.chain)
    if low == "current":
        return sc.names[g.current]
    if low == "phase":
        return g.phase.name.lower()
    if low == "options":
        pr = g.prompt
        if pr is None or pr.kind != "choose":
            return "none"
        return ",".join(str(x) for x in pr.data["options"])
    if low == "order":
        return ",".join(sc.names[s] for s in g.order)
    if low == "first":
        return sc.names[g.first_player]
    if low == "battle":
        b = g.battle
        return "none" if b is None else f"{sc.names[b.attacker]} vs {sc.names[b.defender]}"
    if low.startswith("discard "):
        deck = low.split()[1]
        pile = _deck(g.discards, deck)
        return g.cards[pile[-1]].card if pile else "empty"
    if low.startswith("discards "):
        return len(_deck(g.discards, low.split()[1]))
    if low.startswith("deck "):
        parts = low.split()
        pile = _deck(g.decks, parts[1])
        if len(parts) == 2:
            return len(pile)
        if not pile:
            return "empty"
        return g.cards[pile[-1] if parts[2] == "top" else pile[0]].card
    if ":" in lhs:
        return _unit_value(sc, lhs)
    head, _, attr = lhs.partition(".")
    seat = sc.seat(head.strip())
    return _player_value(sc, seat, attr.strip())


def _player_value(sc: Scenario, seat: int, attr: str) -> Any:
    g = sc.g
    p = g.players[seat]
    low = attr.lower()
    if low in _PLAYER_FIELDS:
        return getattr(p, low)
    if low == "hand":
        return len(p.hand)
    if low.startswith("hand "):
        deck = low.split()[1]
        return sum(1 for u in p.hand if ops.card_def(g, u).deck == deck)
    if low == "units":
        return len(p.units)
    if low == "armor_left":
        return ops.armor_left(g, seat)
    if low == "weapon":
        return p.weapon
    if low == "armor":
        return p.armor
    if low == "weapon_attack":
        return ops.weapon_attack(g, seat)
    if low == "weapon_exhausted":
        return p.weapon_exhausted
    if low == "armor_exhausted":
        return p.armor_exhausted
    if low in ("turns_taken", "armor_used"):
        return getattr(p, low)
    if low == "weapon_can_attack":
        from shared.rules.realm import flow

        return not p.weapon_exhausted and not flow._weapon_barred(g, seat)
    if low.startswith("cooldown"):
        name = attr[len("cooldown"):].strip().strip('"')
        aid = sc._ability_id(p.hero, name)
        return p.abilities.get(aid, "locked")
    if low.startswith("reserves"):
        cid = sc.card_id(attr[len("reserves"):].strip().strip('"'))
        return p.reserves.get(cid, 0)
    if low.startswith("counter"):
        return p.counters.get(attr[len("counter"):].strip(), 0)
    if low == "hero_damage":
        return p.max_health - p.health
    raise _fail(f"unknown player field {attr!r}")


def _unit_value(sc: Scenario, lhs: str) -> Any:
    g = sc.g
    owner, _, rest = lhs.partition(":")
    seat = sc.seat(owner.strip())
    if rest.lower().endswith(" count"):
        cid = sc.card_id(rest[:-6].strip())
        return sum(1 for u in g.players[seat].units if g.cards[u].card == cid)
    what, _, attr = rest.rpartition(".")
    if not what:
        raise _fail(f"say which value of {lhs} to check (e.g. {lhs}.damage)")
    if what.lower() == "hero":
        return _player_value(sc, seat, attr)
    uid = sc.unit(seat, what.strip())
    c = g.cards[uid]
    values = {
        "damage": c.damage, "augments": c.augments, "exhausted": c.exhausted,
        "attack": ops.unit_attack(g, uid), "max_health": ops.unit_max_health(g, uid),
        "health": ops.unit_max_health(g, uid) - c.damage, "shield": c.shield,
        "attachments": len(c.attachments),
        "can_attack": not c.exhausted and c.entered_turn != g.turn,
        "owner": sc.names[c.owner] if c.owner >= 0 else "none",
    }
    if attr.startswith("counter "):
        return c.counters.get(attr[8:].strip(), 0)
    if attr not in values:
        raise _fail(f"unknown unit field {attr!r}")
    return values[attr]


def hero(seat: int) -> int:
    return hero_ref(seat)

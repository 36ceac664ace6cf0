"""A full game state consistent with one seat's view: the hard bot's sample of the unknown.

``determinize(view, rnd)`` rebuilds a :class:`GameState` from the plain-data view of one
seat (``view_for(state, seat)``) and nothing else. What the view shows is copied exactly:
heroes, health, gold, production, equipment, cooldowns, units (with their damage,
augments, attachments and counters), reserves, discard piles, the chain, the battle and
the seat's own hand, all under the handles the view used, so the view's legal actions
decode against the sample. What the view hides is sampled with ``rnd`` (the bot's RNG):
the other seats' hands are drawn from the cards nobody has seen, by their public counts
per deck (basic, elite, action), and the rest of those cards are shuffled into the decks.
The sample gets its own rules RNG from ``rnd`` as well.

Known approximations (none reads hidden state): a response window is rebuilt with no
passes counted yet; cards temporarily removed from play are treated as unseen; the order
of known cards at the bottom of a deck is forgotten. Decisions that happen in the middle
of resolving an effect (``choose``, ``discard``, trigger targets, …) cannot be rebuilt
from a view; for those :class:`Unsupported` is raised and the caller decides otherwise.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from shared.rules.realm import ops
from shared.rules.realm import rng as rules_rng
from shared.rules.realm.catalog import Catalog, load_catalog
from shared.rules.realm.state import (
    Battle,
    BattleStep,
    Card,
    ChainItem,
    Ctx,
    GameState,
    Phase,
    Player,
    Prompt,
    Window,
    Zone,
    armor_ref,
    hero_ref,
    weapon_ref,
)

DECKS = ("basic", "elite", "action")
SUPPORTED_PROMPTS = ("priority", "attack", "defend")


class Unsupported(Exception):
    """The view's pending decision cannot be rebuilt from the view alone."""


class _Builder:
    def __init__(self, view: Mapping[str, Any], rnd: random.Random, cat: Catalog) -> None:
        self.v = view
        self.rnd = rnd
        self.cat = cat
        self.seen: Counter[str] = Counter()  # deck cards visible somewhere
        players = [self._player(p) for p in view["players"]]
        self.g = GameState(
            format=str(view["format"]),
            players=players,
            cards=[],
            decks={d: [] for d in DECKS},
            discards={d: [] for d in DECKS},
            rng=rules_rng.seed_state(rnd.getrandbits(64)),
            options={},
        )
        self.g.ctx = Ctx(cat)
        self.max_handle = 0

    # -- players and cards ------------------------------------------------------

    def _player(self, p: Mapping[str, Any]) -> Player:
        cat = self.cat
        armor = str(p["armor"]["card"])
        rating = cat.cards[armor].armor if armor else 0
        pl = Player(
            seat=int(p["seat"]),
            name=str(p["name"]),
            hero=str(p["hero"]),
            team=p["team"],
            health=int(p["health"]),
            max_health=int(p["max_health"]),
            gold=int(p["gold"]),
            production=int(p["production"]),
            alive=bool(p["alive"]),
            weapon=str(p["weapon"]["card"]),
            armor=armor,
            weapon_exhausted=bool(p["weapon"]["exhausted"]),
            armor_exhausted=bool(p["armor"]["exhausted"]),
            armor_used=max(0, rating - int(p["armor"]["left"])) if armor else 0,
            turns_taken=int(p["turns_taken"]),
            abilities={a["id"]: int(a["cooldown"]) for a in p["abilities"] if a["unlocked"]},
            reserves={str(k): int(n) for k, n in p["reserves"].items()},
            counters={str(k): int(n) for k, n in p["counters"].items()},
            shield=int(p.get("shield", 0)),
            conceded=bool(p.get("conceded", False)),
        )
        if pl.weapon:
            pl.weapon_temp_attack = int(p["weapon"]["attack"]) - cat.cards[pl.weapon].attack
        return pl

    def card(
        self, card_id: str, zone: Zone, handle: int | None, owner: int = -1, controller: int = -1
    ) -> Card:
        g = self.g
        c = Card(uid=len(g.cards), card=card_id, owner=owner, zone=zone, controller=controller)
        g.cards.append(c)
        if handle is not None:
            c.handle = handle
            g.handles[handle] = c.uid
            self.max_handle = max(self.max_handle, handle)
        deck = self.cat.cards[card_id].deck
        if deck is not None and zone != Zone.DECK and not (zone == Zone.HAND and handle is None):
            self.seen[card_id] += 1
        return c

    def build_visible(self) -> None:
        g, v = self.g, self.v
        turn = int(v["turn"])
        for p in v["players"]:
            seat = int(p["seat"])
            for u in p["units"]:
                cdef = self.cat.cards[str(u["card"])]
                owner = seat if cdef.deck is None else -1
                c = self.card(str(u["card"]), Zone.PLAY, int(u["handle"]), owner, seat)
                c.damage = int(u["damage"])
                c.augments = int(u["augments"])
                c.exhausted = bool(u["exhausted"])
                c.entered_turn = turn if u["entered"] else -1
                c.shield = int(u.get("shield", 0))
                c.counters = {str(k): int(n) for k, n in u.get("counters", {}).items()}
                g.players[seat].units.append(c.uid)
                for a in u.get("attachments", []):
                    adef = self.cat.cards[str(a["card"])]
                    ac = self.card(
                        str(a["card"]),
                        Zone.ATTACHED,
                        int(a["handle"]),
                        seat if adef.deck is None else -1,
                        seat,
                    )
                    ac.host = c.uid
                    c.attachments.append(ac.uid)
            if p.get("hand") is not None:
                for h in p["hand"]:
                    c = self.card(str(h["card"]), Zone.HAND, int(h["handle"]), seat)
                    g.players[seat].hand.append(c.uid)
        for d in DECKS:
            for cid in reversed(list(v["decks"][d]["discard"])):  # the view lists top first
                c = self.card(str(cid), Zone.DISCARD, None)
                g.discards[d].append(c.uid)
        # stats the view shows beyond the printed card (temporary attack changes)
        for p in g.players:
            for uid in p.units:
                c = g.cards[uid]
                shown = next(
                    u for u in v["players"][p.seat]["units"] if int(u["handle"]) == c.handle
                )
                c.temp_attack += int(shown["attack"]) - ops.unit_attack(g, uid)

    def ref(self, text: str, extra: list[Card]) -> tuple[int, int]:
        """(internal ref, announced handle) of a view target reference."""
        g = self.g
        if text == "gone":
            c = self.card(self._any_unit_id(), Zone.REMOVED, None)
            extra.append(c)
            return c.uid, -1
        kind, _, num = text.partition(":")
        n = int(num)
        if kind == "u":
            if n not in g.handles:
                raise Unsupported(f"unknown unit handle {n}")
            return g.handles[n], n
        if kind == "c":
            if n not in g.handles:
                raise Unsupported(f"unknown card handle {n}")
            return g.handles[n], 0
        return {"h": hero_ref, "w": weapon_ref, "r": armor_ref}[kind](n), 0

    def _any_unit_id(self) -> str:
        return next(cid for cid, c in self.cat.cards.items() if c.is_unit)

    def build_chain(self) -> None:
        g = self.g
        for it in self.v["chain"]:
            kind = str(it["kind"])
            seat = int(it["seat"])
            source = str(it["source"])
            item = ChainItem(id=int(it["id"]), seat=seat, kind=kind, source=source)
            extra: list[Card] = []
            refs = [self.ref(str(t), extra) for t in it["targets"]]
            item.targets = tuple(r for r, _ in refs)
            item.data["handles"] = [h if r >= 0 else 0 for r, h in refs]
            if kind in ("play", "enlist"):
                c = self.card(source, Zone.CHAIN, None, seat, seat)
                item.card = c.uid
                item.half = int(it.get("half", 0))
            elif kind == "battle":
                item.opponent = int(it["opponent"])
            elif kind in ("activate", "trigger"):
                cdef = self.cat.cards.get(source)
                if cdef is None:
                    raise Unsupported(f"unknown source {source!r}")
                progs = (
                    [a.program for a in cdef.activated]
                    if kind == "activate"
                    else [t.program for t in cdef.triggers]
                )
                fits = [
                    i
                    for i, pr in enumerate(progs)
                    if (len(pr.targets) > 0) == (len(item.targets) > 0)
                ]
                if not fits:
                    raise Unsupported(f"cannot tell which ability of {source!r} this is")
                item.index = fits[0]
                owner = g.players[seat]
                host = next((u for u in owner.units if g.cards[u].card == source), -1)
                item.card = host
            g.chain.append(item)
        g.next_item = max((it.id for it in g.chain), default=0) + 1

    def build_hidden(self) -> None:
        g, v, rnd = self.g, self.v, self.rnd
        handle = self.max_handle + 1
        for d in DECKS:
            full = Counter(self.cat.deck_list(d))
            pool: list[str] = []
            for cid in sorted(full):
                pool.extend([cid] * max(0, full[cid] - self.seen[cid]))
            rnd.shuffle(pool)
            spare = self.cat.deck_list(d)
            for p in v["players"]:
                if p.get("hand") is not None:
                    continue
                seat = int(p["seat"])
                for _ in range(int(p["hand_count"][d])):
                    cid = pool.pop() if pool else rnd.choice(spare)
                    c = self.card(cid, Zone.HAND, handle, seat)
                    handle += 1
                    g.players[seat].hand.append(c.uid)
            want = int(v["decks"][d]["count"])
            while len(pool) < want:
                pool.append(rnd.choice(spare))
            del pool[want:]
            for cid in pool:
                c = self.card(cid, Zone.DECK, handle)
                handle += 1
                g.decks[d].append(c.uid)
        for c in g.cards:
            if c.handle == 0:
                c.handle = handle
                g.handles[handle] = c.uid
                handle += 1
        g.next_handle = handle

    def build_flow(self) -> None:
        g, v = self.g, self.v
        g.version = int(v["version"])
        g.turn = int(v["turn"])
        g.current = int(v["current"])
        g.first_player = int(v["first"])
        g.order = [int(s) for s in v["order"]]
        g.phase = Phase[str(v["phase"]).upper()]
        b = v.get("battle")
        if b is not None:
            battle = Battle(
                attacker=int(b["attacker"]),
                defender=int(b["defender"]),
                step=BattleStep[str(b["step"]).upper()],
            )
            extra: list[Card] = []
            battle.attackers = [self.ref(str(a), extra)[0] for a in b["attackers"]]
            for a, d in b["pairs"]:
                battle.pairs[self.ref(str(a), extra)[0]] = self.ref(str(d), extra)[0]
            # units that changed sides stay out of the battle (ruling 44)
            battle.left = tuple(self.ref(str(u), extra)[0] for u in b.get("left", ()))
            switched = {str(a): str(d) for a, d in b.get("switched", ())}
            for a in b.get("blocked", ()):  # its defender changed sides, or left play: gone
                d = switched.get(str(a), "gone")
                battle.pairs[self.ref(str(a), extra)[0]] = self.ref(d, extra)[0]
            g.battle = battle
        pr = v.get("prompt")
        if pr is None or v.get("result") is not None:
            raise Unsupported("nothing to decide")
        kind = str(pr["kind"])
        if kind not in SUPPORTED_PROMPTS:
            raise Unsupported(f"a {kind!r} decision is made while an effect resolves")
        seat = int(pr["seat"])
        if kind == "priority":
            g.window = Window(priority=seat)
        elif g.battle is None:
            raise Unsupported("a battle decision without a battle")
        g.prompt = Prompt(kind=kind, seat=seat)


def determinize(
    view: Mapping[str, Any], rnd: random.Random, catalog: Catalog | None = None
) -> GameState:
    """A full game state consistent with ``view``; hidden cards sampled with ``rnd``."""
    if view.get("seat") is None:
        raise Unsupported("a spectator's view has no seat to play")
    b = _Builder(view, rnd, catalog or load_catalog())
    b.build_visible()
    b.build_chain()
    b.build_hidden()
    b.build_flow()
    return b.g

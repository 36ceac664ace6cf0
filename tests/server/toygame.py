"""A tiny rule set for testing the server without the Realm Divided rules.

"Toy": 2–4 seats, a shuffled deck of uniquely named cards, hidden hands, a response
window after every play (the other seats may counter with a higher card or pass), a score
target and a turn limit, so every game ends. It implements the whole ``RuleSet``
interface of ``shared/rules/base.py`` and, like the real rules, hides the deck and the
other seats' hands (cards in a hand carry opaque handles), so leak tests mean something.

Card identities look like ``"c07v5"`` (card 7, value 5): a leak scan looks for them.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from shared.rules.base import Refused, SetupError

Action = dict[str, Any]
Event = dict[str, Any]


@dataclass
class ToyState:
    n: int
    target: int
    max_turns: int
    deck: list[str]
    hands: list[list[tuple[int, str]]]
    scores: list[int]
    played: list[list[str]]
    names: list[str]
    turn: int = 1
    current: int = 0
    phase: str = "main"
    pending: tuple[int, str] | None = None
    responders: list[int] = field(default_factory=list)
    version: int = 0
    next_handle: int = 1
    result: dict[str, Any] | None = None

    def clone(self) -> ToyState:
        return replace(
            self,
            deck=list(self.deck),
            hands=[list(h) for h in self.hands],
            scores=list(self.scores),
            played=[list(p) for p in self.played],
            responders=list(self.responders),
            names=list(self.names),
        )


def value_of(card: str) -> int:
    return int(card.split("v")[1])


def all_cards(n: int) -> list[str]:
    return [f"c{i:02d}v{1 + (i * 7) % 9}" for i in range(10 * n)]


class ToyRuleSet:
    name = "toy"

    def opening_events(self, state: ToyState) -> list[dict[str, Any]]:
        return []

    def new_game(self, setup: Mapping[str, Any], seed: int) -> ToyState:
        players = setup.get("seats")
        n = len(players) if isinstance(players, list) else players
        if not isinstance(n, int) or not 2 <= n <= 4:
            raise SetupError("toy needs 2 to 4 seats")
        listed = players if isinstance(players, list) else [{}] * n
        names = [str(p.get("name") or f"Seat {i + 1}") for i, p in enumerate(listed)]
        deck = all_cards(n)
        random.Random(seed).shuffle(deck)
        state = ToyState(
            n=n,
            target=int(setup.get("target", 12)),
            max_turns=int(setup.get("max_turns", 24)),
            deck=deck,
            hands=[[] for _ in range(n)],
            scores=[0] * n,
            played=[[] for _ in range(n)],
            names=names,
        )
        for seat in range(n):
            for _ in range(3):
                self._draw(state, seat, [])
        return state

    # --- queries -------------------------------------------------------------------

    def seats(self, state: ToyState) -> int:
        return state.n

    def version(self, state: ToyState) -> int:
        return state.version

    def to_act(self, state: ToyState) -> int | None:
        if state.phase == "over":
            return None
        if state.phase == "respond":
            return state.responders[0]
        return state.current

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        if self.to_act(state) != seat:
            return []
        hand = state.hands[seat]
        if state.phase == "respond":
            assert state.pending is not None
            beat = value_of(state.pending[1])
            counters = [{"kind": "counter", "card": h} for h, c in hand if value_of(c) > beat]
            return [{"kind": "pass"}, *counters]
        actions: list[Action] = [{"kind": "play", "card": h} for h, _ in hand]
        if state.deck and len(hand) < 5:
            actions.append({"kind": "draw"})
        actions.append({"kind": "pass"})
        return actions

    def is_over(self, state: ToyState) -> bool:
        return state.phase == "over"

    def seat_out(self, state: ToyState, seat: int) -> bool:
        return False  # nobody is eliminated in the toy game

    def result(self, state: ToyState) -> dict[str, Any] | None:
        return None if state.result is None else dict(state.result)

    def timeout_action(self, state: ToyState, seat: int) -> Action:
        return {"kind": "pass"}

    def concede_action(self, state: ToyState, seat: int) -> Action | None:
        return None  # the toy game has no conceding: a conceded seat passes

    def state_hash(self, state: ToyState) -> str:
        blob = json.dumps(state.__dict__, sort_keys=True, default=list).encode()
        return hashlib.sha256(blob).hexdigest()

    # --- commands ------------------------------------------------------------------

    def apply(
        self, state: ToyState, seat: int, action: Action, version: int | None = None
    ) -> tuple[ToyState, list[Event]]:
        if not isinstance(action, dict) or not isinstance(action.get("kind"), str):
            raise Refused("malformed", "An action must be a map with a kind.")
        if state.phase == "over":
            raise Refused("game_over", "The game has ended.")
        if not isinstance(seat, int) or not 0 <= seat < state.n:
            raise Refused("unknown_seat", "There is no such seat.")
        if version is not None and version != state.version:
            raise Refused("stale", "That command was made against an older view.")
        if self.to_act(state) != seat:
            raise Refused("not_your_turn", "Another seat must decide now.")
        if action not in self.legal_actions(state, seat):
            raise Refused("illegal", "The rules do not allow that now.")
        new = state.clone()
        events: list[Event] = []
        getattr(self, f"_do_{new.phase}")(new, seat, action, events)
        new.version += 1
        return new, events

    def _do_main(self, s: ToyState, seat: int, action: Action, events: list[Event]) -> None:
        kind = action["kind"]
        if kind == "play":
            card = self._take(s, seat, action["card"])
            events.append({"t": "played", "seat": seat, "card": card})
            s.pending = (seat, card)
            s.responders = [(seat + i) % s.n for i in range(1, s.n)]
            s.phase = "respond"
            return
        if kind == "draw":
            self._draw(s, seat, events)
        else:
            events.append({"t": "passed", "seat": seat})
        self._end_turn(s, events)

    def _do_respond(self, s: ToyState, seat: int, action: Action, events: list[Event]) -> None:
        assert s.pending is not None
        owner, card = s.pending
        if action["kind"] == "counter":
            counter = self._take(s, seat, action["card"])
            s.played[seat].append(counter)
            events.append({"t": "countered", "seat": seat, "card": counter, "against": card})
        else:
            events.append({"t": "passed", "seat": seat})
            s.responders.pop(0)
            if s.responders:
                return
            s.scores[owner] += value_of(card)
            s.played[owner].append(card)
            events.append({"t": "scored", "seat": owner, "points": value_of(card)})
        s.pending = None
        s.responders = []
        s.phase = "main"
        self._end_turn(s, events)

    def _take(self, s: ToyState, seat: int, handle: int) -> str:
        for i, (h, card) in enumerate(s.hands[seat]):
            if h == handle:
                del s.hands[seat][i]
                return card
        raise Refused("illegal", "That card is not in your hand.")

    def _draw(self, s: ToyState, seat: int, events: list[Event]) -> None:
        if not s.deck:
            return
        card = s.deck.pop()
        s.hands[seat].append((s.next_handle, card))
        s.next_handle += 1
        events.append({"t": "drew", "seat": seat, "card": card})

    def _end_turn(self, s: ToyState, events: list[Event]) -> None:
        best = max(s.scores)
        if best >= s.target or s.turn >= s.max_turns:
            winners = [i for i, score in enumerate(s.scores) if score == best]
            s.phase = "over"
            s.result = {"winners": winners, "reason": "target" if best >= s.target else "turns"}
            events.append({"t": "game_over", "winners": winners})
            return
        s.turn += 1
        s.current = (s.current + 1) % s.n
        events.append({"t": "turn_began", "seat": s.current, "turn": s.turn})
        if len(s.hands[s.current]) < 5:
            self._draw(s, s.current, events)

    # --- what each recipient may see ----------------------------------------------------

    def view_for(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        to_act = self.to_act(state)
        view: dict[str, Any] = {
            "game": "toy",
            "version": state.version,
            "seat": seat,
            "turn": state.turn,
            "current": state.current,
            "phase": state.phase,
            "to_act": to_act,
            "deck_count": len(state.deck),
            "chain": []
            if state.pending is None
            else [{"seat": state.pending[0], "card": state.pending[1]}],
            "battle": None,
            "prompt": None if to_act is None else {"kind": state.phase, "seat": to_act},
            "legal": self.legal_actions(state, seat) if seat is not None and seat == to_act else [],
            "players": [self._player_view(state, i, seat) for i in range(state.n)],
            "result": self.result(state),
        }
        return view

    def _player_view(self, state: ToyState, i: int, seat: int | None) -> dict[str, Any]:
        hand = state.hands[i]
        return {
            "seat": i,
            "name": state.names[i],
            "score": state.scores[i],
            "hand_count": len(hand),
            "hand": [{"handle": h, "card": c} for h, c in hand] if i == seat else None,
            "played": list(state.played[i]),
        }

    def events_for(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        out = []
        for event in events:
            if event["t"] == "drew" and event["seat"] != seat:
                event = {k: v for k, v in event.items() if k != "card"}
            out.append(dict(event))
        return out


RULESET = ToyRuleSet()


def hidden_from(state: ToyState, seat: int | None) -> set[str]:
    """Card identities ``seat`` must not learn in ``state`` (test oracle for leak scans)."""
    hidden = set(state.deck)
    for i, hand in enumerate(state.hands):
        if i != seat:
            hidden.update(card for _, card in hand)
    return hidden

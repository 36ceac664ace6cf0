"""Realm Divided behind the generic :class:`shared.rules.base.RuleSet` interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shared.rules.base import Action, Event, Refused, View
from shared.rules.realm import engine, view, wire
from shared.rules.realm.state import GameState


class RealmRuleSet:
    """Stateless adapter: plain-data actions in, plain-data views and events out."""

    name = "realm"

    def new_game(self, setup: Mapping[str, Any], seed: int) -> GameState:
        return engine.new_game(setup, seed)

    def opening_events(self, state: GameState) -> list[Event]:
        """Who plays first (or which team won the roll) and the start; not the deal's
        draws, which each hand shows (sixteen lines of them would open the log)."""
        if state.version != 0:
            return []
        return [e for e in state.events if e["t"] != "drew"]

    def seats(self, state: GameState) -> int:
        return len(state.players)

    def version(self, state: GameState) -> int:
        return state.version

    def to_act(self, state: GameState) -> int | None:
        return engine.to_act(state)

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        return list(view.legal_wire(state, seat))

    def apply(self, state: GameState, seat: int, action: Action,
              version: int | None = None, in_place: bool = False) -> tuple[GameState, list[Event]]:
        self._check(state, seat, version)
        decoded = wire.from_wire(state, action)
        if not engine.is_legal(state, seat, decoded) and not (
            decoded == engine.CONCEDE and self.concede_action(state, seat) is not None
        ):
            raise Refused("illegal", "The rules do not allow that now.")
        g = state if in_place else state.clone()
        events = engine.apply_action(g, seat, decoded, check=False)
        return g, events

    def _check(self, state: GameState, seat: int, version: int | None) -> None:
        if not isinstance(seat, int) or not 0 <= seat < len(state.players):
            raise Refused("unknown_seat", "There is no such seat at this table.")
        if state.result is not None:
            raise Refused("game_over", "The game has ended.")
        if version is not None and version != state.version:
            raise Refused("stale", "That was decided against an older view; here is the new one.")
        if engine.to_act(state) != seat:
            raise Refused("not_your_turn", "Another player must decide now.")

    def view_for(self, state: GameState, seat: int | None) -> View:
        return view.view_for(state, seat)

    def window_view(self, state: GameState, seat: int) -> View:
        """The part of ``seat``'s view the server's automatic passes read (optional in
        a rule set: the server builds the whole view without it)."""
        return view.window_view(state, seat)

    def events_for(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        return view.events_for(events, seat)

    def is_over(self, state: GameState) -> bool:
        return state.result is not None

    def seat_out(self, state: GameState, seat: int) -> bool:
        return not state.players[seat].alive

    def result(self, state: GameState) -> dict[str, Any] | None:
        return dict(state.result) if state.result is not None else None

    def state_hash(self, state: GameState) -> str:
        return view.state_hash(state)

    def timeout_action(self, state: GameState, seat: int) -> Action:
        """A seat that ran out of time passes; where passing is not a choice, it takes the
        first listed option (finish declaring, keep the first deck, …)."""
        legal = self.legal_actions(state, seat)
        for kind in ("pass", "done", "decline"):
            for a in legal:
                if a["kind"] == kind:
                    return a
        return legal[0] if legal else {"kind": "pass"}

    def concede_action(self, state: GameState, seat: int) -> Action | None:
        """A seat concedes when it has priority (a response window or its own maneuver
        phase), where it is eliminated as a hero at 0 health is (ruling 41); the
        decisions in between (setup, declaring, assigning, a discard, …) get
        :meth:`timeout_action`. Every seat has priority within a turn."""
        pr = state.prompt
        if state.result is None and pr is not None and pr.kind == "priority" and pr.seat == seat:
            return {"kind": "concede"}
        return None


RULESET = RealmRuleSet()

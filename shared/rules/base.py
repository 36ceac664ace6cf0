"""The interface every rule set offers to its drivers (server, hot-seat, bots, tests).

The server, the client and the bots know a game only through this interface, so a second
rule set can sit beside Realm Divided (``shared/rules/<name>/``) without touching them.

Everything that crosses this interface is *plain data* (dicts, lists, str, int, bool,
None), so it can be encoded with msgpack and compared with ``==``:

* an **action** is a dict with a ``"kind"`` key (see each rule set's docs for the kinds);
  the legal actions of a seat are listed in its view under ``"legal"``;
* an **event** is a past-tense dict with a ``"t"`` key; ``events_for`` filters a batch of
  events for one recipient (hidden card identities removed);
* a **view** is a dict: everything one seat (or a spectator, ``seat=None``) may know.

Call-order contract: ``new_game`` once; then repeatedly ``to_act`` → ``legal_actions`` →
``apply``. ``apply`` never mutates the state it is given unless told to (``in_place``);
an illegal, stale or malformed action raises :class:`Refused` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]

StateT = TypeVar("StateT")


class RulesError(Exception):
    """Base of every error raised by a rules core."""


class SetupError(RulesError):
    """A game setup (format, seats, heroes, options) is not valid."""


class Refused(RulesError):
    """A command was refused; the state is unchanged.

    ``code`` is a stable machine-readable reason (see ``REASONS``); ``message`` is one
    sentence for people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


#: Reason codes a rule set may use when refusing a command.
REASONS: Mapping[str, str] = {
    "malformed": "the command is not well formed",
    "not_your_turn": "another seat must decide now",
    "stale": "the command was made against an older view",
    "illegal": "the rules do not allow that now",
    "game_over": "the game has ended",
    "unknown_seat": "no such seat at this table",
}


class RuleSet(Protocol[StateT]):
    """What a game must provide to be served. Implementations are stateless objects."""

    name: str

    def new_game(self, setup: Mapping[str, Any], seed: int) -> StateT:
        """A new game. Raises :class:`SetupError` for a bad setup."""
        ...

    def opening_events(self, state: StateT) -> list[Event]:
        """The events of setting a new game up (the deal, who plays first), unfiltered:
        the table sends each seat what :meth:`events_for` lets it see."""
        ...

    def seats(self, state: StateT) -> int:
        """Number of seats."""
        ...

    def version(self, state: StateT) -> int:
        """Number of commands applied so far (the view version commands refer to)."""
        ...

    def to_act(self, state: StateT) -> int | None:
        """The seat whose decision is pending, or None when the game is over."""
        ...

    def legal_actions(self, state: StateT, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (empty when it is not that seat's decision)."""
        ...

    def apply(
        self, state: StateT, seat: int, action: Action, version: int | None = None
    ) -> tuple[StateT, list[Event]]:
        """Apply one command; return the new state and the events it caused.

        ``version``, when given, must equal ``self.version(state)`` or the command is
        refused as ``stale``.
        """
        ...

    def view_for(self, state: StateT, seat: int | None) -> View:
        """What ``seat`` (None: a spectator) may know, as plain data."""
        ...

    def events_for(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        """``events`` as ``seat`` may see them. Events it does not know are the server's
        own (``{"t": "timed_out", "seat": n}``: a seat's time ran out before the
        command that follows): public, passed on unchanged."""
        ...

    def is_over(self, state: StateT) -> bool: ...

    def seat_out(self, state: StateT, seat: int) -> bool:
        """True once ``seat`` is out of the game being played (eliminated, or its
        concession taken): no decision of this game comes to it again."""
        ...

    def result(self, state: StateT) -> dict[str, Any] | None:
        """``{"winners": [seat, ...], "reason": str}`` once the game is over."""
        ...

    def state_hash(self, state: StateT) -> str:
        """A hash of the whole state, stable across processes and machines."""
        ...

    def timeout_action(self, state: StateT, seat: int) -> Action:
        """The action the server sends for a seat that ran out of time (a pass)."""
        ...

    def concede_action(self, state: StateT, seat: int) -> Action | None:
        """The action by which ``seat`` concedes now, or None when it cannot at this
        decision (the server answers it with :meth:`timeout_action` and asks again at
        the next). Not among :meth:`legal_actions`: only the server sends it, for a seat
        that conceded (reconnect policy "concede", or its player's choice)."""
        ...


_REGISTRY: dict[str, str] = {
    "realm": "shared.rules.realm.ruleset:RULESET",
}


def get_ruleset(name: str) -> RuleSet[Any]:
    """The rule set registered under ``name`` (imported lazily)."""
    import importlib

    try:
        target = _REGISTRY[name]
    except KeyError:
        raise SetupError(f"unknown game {name!r}; known: {', '.join(sorted(_REGISTRY))}") from None
    module_name, _, attr = target.partition(":")
    ruleset: RuleSet[Any] = getattr(importlib.import_module(module_name), attr)
    return ruleset


def register_ruleset(name: str, target: str) -> None:
    """Register another rule set (``"package.module:OBJECT"``), e.g. a test game."""
    _REGISTRY[name] = target

"""The parts of a table: its seats, its per-recipient streams, and what it needs from the
server around it."""

from __future__ import annotations

import asyncio
import signal
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from server.config import ServerConfig
from server.options import DEFAULT_SETTINGS
from server.store import Store


class SeatLike(Protocol):
    seat: int
    name: str
    hero: str | None


def seat_extra(setup: dict[str, Any], seat: int) -> dict[str, Any]:
    """The setup's own keys for one seat (``setup["seats"][seat]``, e.g. ``team``)."""
    given = setup.get("seats")
    extra = given[seat] if isinstance(given, list) and seat < len(given) else None
    return extra if isinstance(extra, dict) else {}


def merged_setup(
    setup: dict[str, Any], seats: Sequence[SeatLike], heroes: dict[int, str | None] | None
) -> dict[str, Any]:
    """The rule set's setup: ``setup`` with each seat's name and hero (a match's dealt
    hero over the seat's own) merged into its own keys in ``setup["seats"]``."""
    merged = []
    for s in seats:
        hero = s.hero if heroes is None or s.seat not in heroes else heroes[s.seat]
        merged.append({**seat_extra(setup, s.seat), "name": s.name, "hero": hero})
    return {**setup, "seats": merged}


class Subscriber(Protocol):
    def deliver(self, frame: bytes) -> None: ...


@dataclass
class Seat:
    seat: int
    kind: str
    level: int
    name: str
    hero: str | None
    token_hash: str | None = None
    settings: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_SETTINGS))
    hold_armed: bool = False
    takeover: bool = False
    conceded: bool = False
    #: its player said ``leave`` (not a lost connection) and is not back yet
    left: bool = False
    #: it conceded because its player was away past the grace (policy "concede"), not
    #: by their own choice
    conceded_away: bool = False
    #: the server has made the seat's last command of this game for its absent player
    #: (source ``server.matchplay.AWAY``): the next such command starts no new streak in the log
    away_streak: bool = False
    #: commands made for its absent player that they have not been told of yet
    away_moves: int = 0
    grace: asyncio.TimerHandle | None = None
    recent: OrderedDict[str, int] = field(default_factory=OrderedDict)

    @property
    def claimed(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None

    @property
    def botlike(self) -> bool:
        return self.kind == "bot" or self.takeover or self.conceded

    @property
    def stood_in(self) -> bool:
        """Whether the server plays this person's seat because they are away (a bot
        that took it over, or its concession by the away policy)."""
        return self.kind == "human" and (self.takeover or self.conceded_away)


@dataclass
class Stream:
    seq: int = 0
    doc: dict[str, Any] | None = None
    subscribers: dict[Subscriber, int] = field(default_factory=dict)


@dataclass
class Host:
    """What a table needs from the server around it."""

    store: Store
    config: ServerConfig
    executor: Executor
    on_idle: Callable[[Any], None] = lambda table: None
    heavy: Executor | None = None

    def heavy_pool(self) -> Executor:
        """Worker processes for the stronger bots, started on first use."""
        if self.heavy is None:
            import multiprocessing

            context = multiprocessing.get_context("spawn")
            self.heavy = _WorkerPool(self.config.bot_workers, mp_context=context)
        return self.heavy


class _WorkerPool(ProcessPoolExecutor):
    """The bot worker processes, deaf to Ctrl-C: a terminal sends SIGINT to the server and
    its workers alike, and the server stops its pool itself; a worker that took the
    signal would print a ``KeyboardInterrupt`` traceback into the server's clean stop.
    Workers start inside :meth:`submit`, so SIGINT is blocked there and the processes
    started then inherit the block (until exit, from their first instruction on)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
            return super().submit(fn, *args, **kwargs)
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return super().submit(fn, *args, **kwargs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _id_key(cmd_id: int | str) -> str:
    return f"i{cmd_id}" if isinstance(cmd_id, int) else f"s{cmd_id}"

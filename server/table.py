"""One table: its game state, seats, per-seat document streams, timers and bots.

Theory of operation
-------------------
A table is the only writer of its game state. Every command — a person's ``submit``, a
bot's choice, an automatic pass, a timeout — goes through :meth:`Table.submit`, which is
one synchronous critical section: check the duplicate id, ask the rules to apply it
(validation and application are one call, no ``await`` anywhere), append it to the
SQLite log and commit, swap the state, acknowledge, re-plan the pending decision, and
push a patch to every subscribed stream. The event loop runs one callback at a time, so
this section *is* the table's serial executor: two answers to one response window
cannot interleave.

After every change :meth:`_plan` decides who makes the pending decision:

=====================================  ============================================
pending seat is …                      the server …
=====================================  ============================================
a bot, taken over, or conceded         runs the bot in the thread pool; submits its
                                       choice after ``delay`` (timeout action if
                                       conceded)
human, only passes legal, auto-pass    submits a pass after ``delay``
on, no stop or hold applies
human, real choice, timer set          submits ``timeout_action`` after ``timer``
human, real choice, no timer           waits
=====================================  ============================================

``delay`` is the table's ``pass_delay`` on tables with more than one human (not
hot-seat), else 0: timing-safe passing. A planned action carries the state version it
was planned for and is dropped if the state moved on. With no delay, the automatic
passes that are due at once are applied inside the same critical section
(:meth:`_passes`), each logged like any command (in one transaction with the command
that set them off, committed before it is acknowledged or any patch is sent), and the
recipients get one patch carrying all their events.

Publishing the table to its recipients (documents, patches, syncs, notices, chat) is
the :class:`~server.streams.Publisher` half of the class, in ``server/streams.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from server import bots
from server.matchplay import AWAY, Series, absent_between_games, game_over, is_boundary
from server.options import SeatSpec, spectator_view
from server.seating import Host, Seat, Stream, _id_key, merged_setup
from server.store import TableRow
from server.streams import Publisher
from server.tokens import hash_token, new_token, token_matches
from shared.protocol import ProtocolError
from shared.protocol.windows import others_turn_window, own_on_top
from shared.rules.base import Refused, RuleSet, SetupError

log = logging.getLogger("allegiance.table")

Reply = Callable[[dict[str, Any]], None]
RECENT_IDS = 512
#: Most automatic passes applied in one go before yielding to the event loop.
CHAIN_LIMIT = 200
#: The least reconnect grace (seconds) of a seat whose grace starts soon after the table
#: is restored: every player lost the connection at once and each comes back at their
#: client's pace (the terminal client waits up to 8 s between tries), so a short table
#: grace must not let the away policy act for someone still on their way back.
RESTART_GRACE = 30.0


class _Failed(Exception):
    """A command was not applied: ``code`` and ``message`` go into ``refused``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Table(Publisher):
    def __init__(self, host: Host, ruleset: RuleSet[Any], row: TableRow) -> None:
        self.host = host
        self.rules = ruleset
        self.id = row.id
        self.code = row.code
        self.game = row.game
        self.setup = row.setup
        self.options = row.options
        self._seed = row.seed
        self._bot_seed = row.bot_seed
        #: where the game being played begins in the command log (its concessions count)
        self._game_start = 0
        self.series = Series(row)  # matches and rematches: server/matchplay.py
        self.series.install(self)
        self.status = "waiting"
        self.result: dict[str, Any] | None = None
        self.seats = [
            Seat(s.seat, s.kind, s.level, s.name, s.hero, s.token_hash) for s in row.seats
        ]
        self.state: Any = None
        self.log_len = 0
        self.streams: dict[int | None, Stream] = {}
        self.clock: dict[str, Any] | None = None
        #: The decision timer's countdown: (game, seat, version, when it runs out, its
        #: clock). Kept while the same decision waits, so that planning again (a seat's
        #: settings, a reconnect, a grace that ends) never gives the seat its time back.
        self._countdown: tuple[int, int, int, float, dict[str, Any]] | None = None
        self._legal_cache: tuple[Any, tuple[int, int], list[dict[str, Any]]] | None = None
        self._planned: asyncio.TimerHandle | asyncio.Task[None] | None = None
        self.loop = asyncio.get_running_loop()
        #: A grace that starts before this loop time lasts until it at least (a restore
        #: sets it :data:`RESTART_GRACE` ahead).
        self._back_until = 0.0
        # Apply in place when the rules offer it (no clone per command); on any failure
        # after a possible change the state is rebuilt from the log.
        self._in_place = "in_place" in inspect.signature(ruleset.apply).parameters
        # The few keys of a seat's view the auto-pass checks read, when the rules can give
        # them without building the whole view (``_window``).
        self._window_view: Callable[[Any, int], Any] | None = getattr(
            ruleset, "window_view", None
        )
        humans = sum(1 for s in self.seats if s.kind == "human")
        safe = humans > 1 and not self.options["hotseat"]
        self.delay = float(self.options["pass_delay"]) if safe else 0.0

    def __repr__(self) -> str:  # never show the seed
        return f"<Table {self.code} {self.game} {self.status}>"

    # --- setup ---------------------------------------------------------------------

    def full_setup(self, heroes: dict[int, str | None] | None = None) -> dict[str, Any]:
        """The rule set's setup: the table's ``setup`` with each seat's name and hero
        merged into ``setup["seats"][i]`` (other per-seat keys, e.g. ``team``, kept)."""
        heroes = self.series.heroes if heroes is None else heroes
        return merged_setup(self.setup, self.seats, heroes)

    def check_setup(self, heroes: dict[int, str | None] | None = None) -> None:
        """Raises SetupError if the game could not start with these seats."""
        self.series.check_heroes(heroes)
        self.rules.new_game(self.full_setup(heroes), self._seed)

    def _replay(self) -> Any:
        """The game state rebuilt from the seed and the command log (the source of truth)."""
        self.series.rewind(self)
        self.forget_events()  # rebuilt from the log too: a restart keeps the game's log
        for s in self.seats:  # the log says again who played for whom
            s.away_streak, s.away_moves = False, 0
        state = self.rules.new_game(self.full_setup(), self._seed)
        self.keep_events(self.rules.opening_events(state))
        self.log_len = 0
        self._game_start = 0
        for cmd in self.host.store.commands(self.id):
            if is_boundary(cmd):  # the next game of a match, or a rematch
                state = self.series.replay_boundary(self, state)
                self.keep_events(self.rules.opening_events(state))
                self.log_len = self._game_start = cmd.idx + 1
                continue
            state, events = self.rules.apply(state, cmd.seat, cmd.action)
            self.series.note_command(cmd.action, cmd.source, self.seats[cmd.seat].kind == "bot")
            self.keep_events(self._events_told(events, cmd.seat, cmd.source))
            if cmd.cmd_id is not None:
                self._remember(self.seats[cmd.seat], cmd.cmd_id, self.rules.version(state))
            self.log_len = cmd.idx + 1
        return state

    def _rebuild(self) -> None:
        """After a failed in-place command: the state may be half-changed, so replay."""
        if self._in_place:
            self.state = self._replay()

    def restore(self, row: TableRow) -> None:
        """Rebuild a table from the store: replay its command log from its seed."""
        self._restore_seat_states()
        if row.status == "waiting":
            return
        self._back_until = self.loop.time() + RESTART_GRACE
        self.state = self._replay()
        if self.rules.is_over(self.state):  # the log decides: it may have begun a next game
            self.status = "over"
            self.result = self.rules.result(self.state)
            game_over(self)
            for seat in self.host.store.asks(self.id, self.log_len):
                if 0 <= seat < self.n and self.seats[seat].kind == "human":
                    self.series.ask(seat)  # asked before the restart: still asking
            return
        self.status = "playing"
        self._restore_concessions()
        for s in self.seats:
            if s.kind == "human":
                self._start_grace(s)
        self._plan()

    def _restore_concessions(self) -> None:
        """The concessions of the game being played that the rules have not taken yet
        (a seat concedes at its next priority): kept in the store, marked again."""
        for seat, at, away in self.host.store.concessions(self.id):
            if at >= self._game_start and 0 <= seat < self.n:
                s = self.seats[seat]
                s.conceded = True
                s.conceded_away = s.conceded_away or away

    def keep_seat_state(self, s: Seat) -> None:
        """Store the seat's settings and left-the-table mark (a failure is only logged:
        they stand in memory, and only a restart could forget them)."""
        try:
            self.host.store.keep_seat_state(self.id, s.seat, s.settings, s.left)
        except sqlite3.Error:
            log.exception("table %s: could not keep seat %d's settings", self.code, s.seat)

    def _restore_seat_states(self) -> None:
        """The seats' settings and left-the-table marks, as kept (invalid ones: the
        defaults)."""
        from server.options import DEFAULT_SETTINGS, response_settings

        for seat, (settings, left) in self.host.store.seat_states(self.id).items():
            if not 0 <= seat < self.n:
                continue
            s = self.seats[seat]
            try:
                s.settings = response_settings(settings, DEFAULT_SETTINGS)
            except ProtocolError:
                s.settings = dict(DEFAULT_SETTINGS)
            s.left = left

    def keep_ask(self, seat: int, asked: bool = True) -> None:
        """Store that ``seat`` asks for the next game (or no longer does). A failure is
        only logged: the ask stands in memory, and only a restart could forget it."""
        try:
            self.host.store.keep_ask(self.id, seat, self.log_len, asked)
        except sqlite3.Error:
            log.exception("table %s: could not keep an ask for the next game", self.code)

    def _keep_concession(self, seat: int, away: bool) -> None:
        """Store a concession before it is acknowledged (the rules take it only at the
        seat's next priority; a restart meanwhile must not forget it)."""
        try:
            self.host.store.append_concession(self.id, seat, self.log_len, away)
        except sqlite3.Error:
            log.exception("table %s: could not keep a concession", self.code)
            raise ProtocolError("internal", "The server could not record the concession.") from None

    # --- seats and tokens ----------------------------------------------------------

    @property
    def n(self) -> int:
        return len(self.seats)

    def token_ok(self, seat: int, token: object) -> bool:
        return 0 <= seat < self.n and token_matches(token, self.seats[seat].token_hash)

    def free_seat(self, wanted: int | None) -> int | None:
        free = [s.seat for s in self.seats if s.kind == "human" and s.token_hash is None]
        if wanted is None:
            return free[0] if free else None
        return wanted if wanted in free else None

    def claim(self, seat: int, name: str | None, hero: str | None) -> str:
        """Give a free human seat a token (returned once, stored hashed)."""
        s = self.seats[seat]
        token = new_token()
        s.token_hash = hash_token(token)
        s.name = self._distinct_name(seat, name or s.name)
        s.hero = hero or s.hero
        self.host.store.claim_seat(self.id, seat, s.name, s.hero, s.token_hash)
        return token

    def _distinct_name(self, seat: int, name: str) -> str:
        """``name``, or ``name (N)`` (N the seat's number) when another seat already has
        it: two players who both kept the default name must still tell who is who."""
        taken = {s.name.casefold() for s in self.seats if s.seat != seat}
        if name.casefold() not in taken:
            return name
        return f"{name} ({seat + 1})"

    def maybe_start(self) -> None:
        if self.status != "waiting" or not all(s.claimed for s in self.seats):
            return
        self.state = self.rules.new_game(self.full_setup(), self._seed)
        self.status = "playing"
        self.host.store.set_status(self.id, "playing")
        self.notice("game_started", "The game has started.")
        self.begin_game()

    def begin_game(self) -> None:
        """Publish a new game's opening (the deal, who plays first: its events are kept
        for those who come later, as a command's are), then its first decisions."""
        opening = self.rules.opening_events(self.state)
        self.keep_events(opening)
        self._after_change(list(opening))

    # --- commands ------------------------------------------------------------------

    def submit(
        self,
        seat: int,
        cmd_id: int | str | None,
        version: int | None,
        action: dict[str, Any],
        source: str,
        reply: Reply | None = None,
    ) -> dict[str, Any]:
        """Validate, apply, log, acknowledge, publish: one critical section, no await."""
        base = {"id": cmd_id, "table": self.code, "seat": seat}
        if self.state is None:
            return self._answer(
                reply, "refused", base, "not_started", "The table still waits for players."
            )
        s = self.seats[seat]
        if source == "human" and s.conceded:
            said = "You conceded this game; the server plays it out."
            return self._answer(reply, "refused", base, "conceded", said)
        if cmd_id is not None and _id_key(cmd_id) in s.recent:
            answer = {"t": "accepted", **base, "version": s.recent[_id_key(cmd_id)], "dup": True}
            if reply:
                reply(answer)
            return answer
        try:
            events, applied = self._commit_with_passes(seat, cmd_id, version, action, source)
        except _Failed as exc:
            return self._answer(reply, "refused", base, exc.code, exc.message)
        answer = {"t": "accepted", **base, "version": applied}
        if reply:
            reply(answer)
        self._after_change(events, passed=True)
        return answer

    def _commit_with_passes(
        self,
        seat: int,
        cmd_id: int | str | None,
        version: int | None,
        action: dict[str, Any],
        source: str,
    ) -> tuple[list[dict[str, Any]], int]:
        """One command and the automatic passes due at once after it, logged in one
        transaction (one commit per command, not two), committed before it is
        acknowledged: their events and the state version the command itself made.
        Raises :class:`_Failed`; if the commit fails, nothing is logged and the state is
        rebuilt from the log without them."""
        try:
            with self.host.store.batch():
                events = self._commit(seat, cmd_id, version, action, source)
                applied = self.rules.version(self.state)
                events, replay = self._passes(events)
        except sqlite3.Error:
            log.exception("table %s: could not log a command", self.code)
            if cmd_id is not None:
                self.seats[seat].recent.pop(_id_key(cmd_id), None)
            self.state = self._replay()
            raise _Failed("internal", "The server could not store it.") from None
        if replay:
            self.state = self._replay()
        return events, applied

    def _commit(
        self,
        seat: int,
        cmd_id: int | str | None,
        version: int | None,
        action: dict[str, Any],
        source: str,
    ) -> list[dict[str, Any]]:
        """Apply one command, log it, swap the state; its events. Raises :class:`_Failed`."""
        try:
            new_state, raw = self._apply(seat, action, version)
        except Refused as exc:
            raise _Failed(exc.code, exc.message) from None
        except Exception:
            log.exception("table %s: the rules failed on a command", self.code)
            self._rebuild()
            raise _Failed("internal", "The server failed on that.") from None
        try:
            self.host.store.append_command(self.id, self.log_len, seat, cmd_id, action, source)
        except sqlite3.Error:
            log.exception("table %s: could not log a command", self.code)
            self._rebuild()
            raise _Failed("internal", "The server could not store it.") from None
        self.state = new_state
        self.log_len += 1
        self.series.note_command(action, source, self.seats[seat].kind == "bot")
        events = self._events_told(raw, seat, source)
        self.keep_events(events)  # a failed batch commit replays the log, these with it
        s = self.seats[seat]
        if cmd_id is not None:
            self._remember(s, cmd_id, self.rules.version(new_state))
        # only an announcement arms ``hold``: a setup choice, a discard, a defender or any
        # other answer is no maneuver of the seat's to respond to
        s.hold_armed = bool(s.settings["hold"]) and _announces(raw, seat)
        return events

    def _apply(self, seat: int, action: dict[str, Any], version: int | None) -> tuple[Any, Any]:
        if self._in_place:
            apply: Any = self.rules.apply
            result: tuple[Any, Any] = apply(self.state, seat, action, version, in_place=True)
            return result
        return self.rules.apply(self.state, seat, action, version)

    def _answer(
        self, reply: Reply | None, kind: str, base: dict[str, Any], code: str, message: str
    ) -> dict[str, Any]:
        answer = {"t": kind, **base, "code": code, "message": message}
        if reply:
            reply(answer)
        return answer

    def _remember(self, s: Seat, cmd_id: int | str, version: int) -> None:
        s.recent[_id_key(cmd_id)] = version
        while len(s.recent) > RECENT_IDS:
            s.recent.popitem(last=False)

    def _after_change(self, events: list[dict[str, Any]], passed: bool = False) -> None:
        """Finish, plan and publish after a change; ``passed``: the automatic passes due
        after it were applied already (with the command, :meth:`_commit_with_passes`)."""
        if not passed:
            events = self._pass_through(events)
        if self.status == "playing" and self.rules.is_over(self.state):
            self._finish()
        self._plan()
        self.publish(events)
        if self.status == "over":
            self.notice("game_over", "The game is over.", {"result": self.result})
            game_over(self)

    def _pass_through(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Apply the automatic passes that are due at once (no timing-safe delay) in this
        same critical section, and return all their events, so a chain of passes costs
        one publication instead of one per pass (all of them logged in one commit)."""
        before, replay = list(events), False
        try:
            with self.host.store.batch():
                events, replay = self._passes(events)
        except sqlite3.Error:
            log.exception("table %s: could not log the automatic passes", self.code)
            replay, events = True, before
        if replay:
            self.state = self._replay()
        return events

    def _passes(self, events: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], bool]:
        """The automatic passes due at once, inside the caller's store batch: all the
        events, and whether the state must be rebuilt from the log once the batch is
        committed (an automatic pass failed inside the rules). Bounded, so a rule set that
        could pass forever still yields to the event loop (the rest is then planned)."""
        if self.delay > 0:
            return events, False
        for _ in range(CHAIN_LIMIT):
            if self.status != "playing" or self.rules.is_over(self.state):
                break
            seat = self.rules.to_act(self.state)
            if seat is None or self.seats[seat].botlike:
                break
            if not self._auto_passes(self.seats[seat], self._legal(seat)):
                break
            action = self.rules.timeout_action(self.state, seat)
            version = self.rules.version(self.state)
            try:
                events += self._commit(seat, None, version, action, "auto")
            except _Failed as exc:
                log.warning("table %s: automatic pass refused (%s)", self.code, exc.code)
                return events, exc.code == "internal"  # rebuilt without the batch: again
        return events, False

    def _finish(self) -> None:
        self.status = "over"
        self.result = self.rules.result(self.state)
        self.host.store.set_status(self.id, "over", self.result)
        for s in self.seats:
            if s.grace is not None:
                s.grace.cancel()
                s.grace = None

    # --- who decides next ------------------------------------------------------------

    def _cancel_plan(self) -> None:
        if self._planned is not None:
            self._planned.cancel()
            self._planned = None
        self.clock = None

    def _plan(self) -> None:
        self._cancel_plan()
        self._end_skips()
        if self.status != "playing":
            return
        seat = self.rules.to_act(self.state)
        if seat is None:
            return
        version = self.rules.version(self.state)
        s = self.seats[seat]
        if s.botlike:
            self._planned = self.loop.create_task(
                self._bot_move(s, version, self.loop.time() + self.delay)
            )
            return
        legal = self._legal(seat)
        if self._auto_passes(s, legal):
            action = self.rules.timeout_action(self.state, seat)
            self._planned = self.loop.call_later(
                self.delay, self._server_submit, seat, version, action, "auto"
            )
        elif self.options["timer"] > 0:
            action = self.rules.timeout_action(self.state, seat)
            decision = (self.series.played, seat, version)  # a match's games restart versions
            countdown = self._countdown
            if countdown is None or countdown[:3] != decision:
                timer = float(self.options["timer"])
                clock = {"seat": seat, "version": version, "ms": int(timer * 1000)}
                countdown = self._countdown = (*decision, self.loop.time() + timer, clock)
            self.clock = countdown[4]
            self._planned = self.loop.call_at(
                countdown[3], self._server_submit, seat, version, action, "timeout"
            )

    def clock_left(self) -> float:
        """Seconds left on the decision timer's countdown (0 with none running)."""
        if self.clock is None or self._countdown is None:
            return 0.0
        return max(0.0, self._countdown[3] - self.loop.time())

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        """The seat's legal actions now, computed once per state version (of this game:
        the next game of a match counts its versions from 0 again)."""
        key = (self.rules.version(self.state), seat)
        cached = self._legal_cache
        if cached is None or cached[0] is not self.state or cached[1] != key:
            legal = self.rules.legal_actions(self.state, seat)
            cached = self._legal_cache = (self.state, key, legal)
        return cached[2]

    def _auto_passes(self, s: Seat, legal: list[dict[str, Any]]) -> bool:
        """Whether the server passes this decision for the seat: only passes are legal
        and auto-pass is on (checked first: most windows, and it needs no view), or the
        seat's settings pass it anyway (:meth:`_passed_as_asked`)."""
        if not legal:
            return False
        return self._nothing_but_passes(s, legal) or self._passed_as_asked(s, legal)

    def _nothing_but_passes(self, s: Seat, legal: list[dict[str, Any]]) -> bool:
        if not s.settings["auto_pass"] or s.hold_armed:
            return False
        if any(a.get("kind") != "pass" for a in legal):
            return False
        stops = s.settings["stops"]
        if stops:
            view = self._view(s.seat)  # built once per version, shared with the publication
            if "chain" in stops and view.get("chain"):
                return False
            if "battle" in stops and view.get("battle") is not None:
                return False
        return True

    def _passed_as_asked(self, s: Seat, legal: list[dict[str, Any]]) -> bool:
        """Whether the seat's settings pass this response window although it could
        respond: ``skip`` ("pass until my turn") on another seat's turn; without ``hold``,
        its own maneuver on top of the chain. The rules are ``shared.protocol.windows``'s,
        which clients use to tell the same from their documents; every other decision
        (defenders, armor, targets, choices) still waits for the seat."""
        skip, hold = s.settings.get("skip"), s.settings["hold"]
        if (hold and not skip) or not any(a.get("kind") == "pass" for a in legal):
            return False
        view = self._window(s.seat)
        return bool(skip and others_turn_window(view)) or (not hold and own_on_top(view))

    def _window(self, seat: int) -> Any:
        """What :meth:`_passed_as_asked` reads of ``seat``'s view: the view itself when it
        is built already (or the rules cannot give less), else the rules' window view.
        The decisions a chain of automatic passes goes through are never published, and
        their whole views cost more than the rules' part; the one it stops at has its
        view built when the change is published."""
        if self._window_view is None or self._view_built(seat):
            return self._view(seat)  # built once per version, shared with the publication
        return self._window_view(self.state, seat)

    def _end_skips(self) -> None:
        """A seat's ``skip`` ends when its own turn begins (and with the game)."""
        for s in self.seats:
            if not s.settings.get("skip"):
                continue
            if self.status != "playing" or self._view(s.seat).get("current") == s.seat:
                s.settings = {**s.settings, "skip": False}

    async def _bot_move(self, s: Seat, version: int, release_at: float) -> None:
        if s.conceded:
            action: dict[str, Any] | None = self._concede_action(s.seat)
        else:
            view = self.rules.view_for(self.state, s.seat)
            level = self._bot_level(s)
            pool = self.host.heavy_pool() if bots.is_heavy(level) else self.host.executor
            action = await self.loop.run_in_executor(
                pool, bots.choose, view, self._bot_seed, s.seat, level
            )
        wait = release_at - self.loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        if action is not None:
            self._planned = None
            self._server_submit(s.seat, version, action, AWAY if s.stood_in else "bot")

    def _bot_level(self, s: Seat) -> int:
        """The level of the bot that plays ``s``: a bot seat's own; for a person's seat
        taken over while they are away, a bot that plays to win for them, never the
        random one (a person's seat is stored with level 0): :func:`bots.stand_in_level`."""
        if s.kind == "bot":
            return s.level
        return bots.stand_in_level(self.game, (b.level for b in self.seats if b.kind == "bot"))

    def _concede_action(self, seat: int) -> dict[str, Any]:
        """A conceded seat's answer: it concedes where the rules let it (the game goes on
        without it), and takes the timeout action at the decisions in between."""
        action = self.rules.concede_action(self.state, seat)
        return action if action is not None else self.rules.timeout_action(self.state, seat)

    def _server_submit(self, seat: int, version: int, action: dict[str, Any], source: str) -> None:
        if self.state is None or self.rules.version(self.state) != version:
            return
        if source == "timeout":  # before the action's patch, so it reads as its reason
            name = self.seats[seat].name
            self.notice("timed_out", f"{name} ran out of time.", {"seat": seat})
        answer = self.submit(seat, None, version, action, source)
        if answer["t"] == "refused":
            log.warning(
                "table %s: server-made %s action refused (%s)", self.code, source, answer["code"]
            )

    # --- reconnect policy --------------------------------------------------------------

    def _start_grace(self, s: Seat) -> None:
        """A human seat lost its last connection: after the table's grace its policy
        applies — during a game, or between the games of a match (ruling 39)."""
        between = self.status == "over" and self.series.between_games()
        if s.grace is not None or not (self.status == "playing" or between):
            return
        if self.out_of_game(s.seat):
            return  # nothing of this game waits for them; the game's end starts it anew
        grace = max(float(self.options["grace"]), self._back_until - self.loop.time())
        s.grace = self.loop.call_later(grace, self._grace_over, s)

    def out_of_game(self, seat: int) -> bool:
        """The seat is out of the game being played: eliminated, or conceded (at once
        or at its next priority). Its player's absence no longer matters to this game."""
        if self.status != "playing" or self.state is None:
            return False
        return self.seats[seat].conceded or self.rules.seat_out(self.state, seat)

    def _grace_over(self, s: Seat) -> None:
        s.grace = None
        if self.out_of_game(s.seat):
            return  # out while away: no bot plays for them, nothing to concede
        policy = self.options["policy"]
        if policy == "bot":
            s.takeover = True
            self.notice(
                "bot_took_over", f"A bot plays for {s.name} until they return.", {"seat": s.seat}
            )
        elif policy == "concede":
            if s.conceded and self.status == "playing":
                return  # they conceded themselves before going: nothing more to say or do
            if self.status == "playing":
                with contextlib.suppress(ProtocolError):  # said in the server's log
                    self._keep_concession(s.seat, away=True)
            s.conceded = s.conceded_away = True
            said = f"{s.name} was away too long and concedes (out at their next priority)."
            self.notice("seat_conceded", said, {"seat": s.seat})
        else:
            return
        if self.status == "over":
            absent_between_games(self)
        self._plan()
        self.publish([])

    # --- conceding --------------------------------------------------------------------

    def concede(self, seat: int) -> None:
        """The seat's player concedes the game being played: from now on the server
        answers the seat's decisions, conceding where the rules let it (ruling 41). It
        cannot be taken back; the next game of a match or a rematch seats it again."""
        if self.status != "playing":
            raise ProtocolError("not_playing", "There is no game being played to concede.")
        s = self.seats[seat]
        if s.conceded:
            return
        self._keep_concession(seat, away=False)
        s.conceded = True
        now = self.rules.concede_action(self.state, seat) is not None  # they have priority
        said = f"{s.name} concedes{'' if now else ' (out at their next priority)'}."
        self.notice("seat_conceded", said, {"seat": seat})
        self._plan()
        self.publish([])

    # --- settings and chat -------------------------------------------------------------

    def set_settings(self, seat: int, settings: dict[str, Any]) -> None:
        self.seats[seat].settings = settings
        self.keep_seat_state(self.seats[seat])
        if self.status == "playing":
            self._plan()
        self.publish([])

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.code,
            "game": self.game,
            "status": self.status,
            "seats": self.meta(None)["seats"],
            "spectators": bool(self.options["spectators"]),
            "spectator_view": spectator_view(self.options),
            "best_of": self.options.get("best_of", 1),
            "match": self.series.info(self),
        }

    def _events_told(
        self, events: Sequence[dict[str, Any]], seat: int, source: str
    ) -> list[dict[str, Any]]:
        """A command's events as the table tells them (played now or replayed from the
        log, which gives the same): :func:`_told`'s, and before the first command the
        server makes for an absent player's seat (source :data:`AWAY`) since the seat's
        last other command of this game, why (``bot_took_over``, or ``away_conceded``
        under the policy "concede"), so a player who catches up later reads it too.
        Counts those commands for the player's return (:attr:`Seat.away_moves`)."""
        s, told = self.seats[seat], _told(events, seat, source)
        if source != AWAY:
            s.away_streak = False
            if source == "human":
                s.away_moves = 0
            return told
        s.away_moves += 1
        if s.away_streak:
            return told
        s.away_streak = True
        if self.options["policy"] == "concede":
            return [{"t": "away_conceded", "seat": seat}, *told]
        return [{"t": "bot_took_over", "seat": seat}, *told]

    def shutdown(self) -> None:
        self._cancel_plan()
        for s in self.seats:
            if s.grace is not None:
                s.grace.cancel()
                s.grace = None


def _announces(events: Sequence[dict[str, Any]], seat: int) -> bool:
    """Whether a command's events announce something of ``seat``'s own: an ``announced``
    event whose ``item`` (the chain entry) has that ``seat`` (a maneuver it played, or a
    trigger of its own put on the chain). What arms its ``hold``; a rule set with no such
    events never arms it."""
    for event in events:
        if event.get("t") == "announced":
            item = event.get("item")
            if isinstance(item, dict) and item.get("seat") == seat:
                return True
    return False


def _told(events: Sequence[dict[str, Any]], seat: int, source: str) -> list[dict[str, Any]]:
    """A command's events as the table tells them: a seat's time running out comes first
    (``timed_out``, a public event of the server's own, made again when the log is
    replayed, so a player who was away finds it in the log they catch up on)."""
    if source == "timeout":
        return [{"t": "timed_out", "seat": seat}, *events]
    return list(events)


def seat_rows(specs: list[SeatSpec]) -> list[Any]:
    from server.store import SeatRow

    return [
        SeatRow(i, spec.kind, spec.level, spec.name, spec.hero, None)
        for i, spec in enumerate(specs)
    ]


__all__ = ["Host", "SetupError", "Table", "seat_rows"]

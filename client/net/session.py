"""The client side of the wire protocol, without I/O (see ``docs/protocol.md``).

A :class:`ClientSession` is fed every decoded server message (:meth:`on_message`) and
returns what changed for the screens as :class:`Update` records; it writes requests by
calling ``send`` (a function given at construction). The connection adapter
(``client.net.connection``) moves the bytes and calls :meth:`on_connected` after every
(re)connect, which yields the messages that restore the session: the first ``create``,
``join`` or ``watch``, and later a ``join`` with its token for every held seat plus the
command whose answer never came (same id, so the server never applies it twice).

Per seat it keeps the last full document and applies patches in ``seq`` order; a gap,
a patch that does not fit or a hash mismatch drops the document and asks for a ``sync``.
It never changes a document itself and never decides what is legal. Documents are
immutable once kept: a patch makes a new one (``diff.apply_ops(..., copy=True)`` copies
only the maps and lists on the ops' paths, the rest is shared with the previous one), so
the previous view stays valid as ``earlier_view`` without a deep copy. Nothing in the
client may change a view in place.

A ``sync`` carries the seat's events of the game so far (``SeatChanged.earlier``), for
a log that starts empty: the controller shows them once, as earlier lines.

It also keeps the table's chat: the lines said live (``chat``) and, after each join,
resume or watch, the ``chat_history`` the server sends; a history line this client has
already shown (after a reconnect, say) is not shown again, and lines said before it
came (or while it was away) are marked ``earlier``.

Call order: ``start_*`` once → ``on_connected`` (after each connect) → ``on_message``
for each frame; ``submit`` / ``chat`` / ``send_settings`` whenever the screens ask.
"""

from __future__ import annotations

import itertools
import secrets
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from shared.protocol import PROTOCOL_VERSION, ProtocolError, diff

Message = dict[str, Any]
Action = dict[str, Any]


# ----------------------------------------------------------------------------- updates
@dataclass(frozen=True)
class Update:
    """Base of what a message changed, for the screens."""


@dataclass(frozen=True)
class SeatChanged(Update):
    """A seat's document changed (``events`` are the patch's events for that seat);
    ``earlier``: a sync's events, those of the game so far (the log of a seat that has
    none yet: just joined, watching late, or back after a restart)."""

    seat: int | None
    events: tuple[Mapping[str, Any], ...] = ()
    full: bool = False
    earlier: tuple[Mapping[str, Any], ...] = ()
    #: a sync's events this client had not seen (it was away, or fell behind), and
    #: whether more were missed than the server keeps
    missed: tuple[Mapping[str, Any], ...] = ()
    gap: bool = False
    #: the seat's view after this change and before it (a patch's, a sync's: the view
    #: from before a gap): the log names what its events (or the events missed) are
    #: about by them, even when later patches have come in meanwhile
    view: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    before: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Notice(Update):
    text: str
    severity: str = "information"  # "information" | "warning" | "error"
    #: also a line of the game log (what happened to a seat: it ran out of time, …)
    logged: bool = False
    #: a ``server_stopping`` notice's reason, if its host's client gave one
    #: (``STOP_TABLE_CLOSED``, ``STOP_HOST_LEFT``; ``shared.protocol.messages``)
    stopping: str = ""
    #: the server's ``notice.code`` ("" for the client's own notices and errors)
    code: str = ""


@dataclass(frozen=True)
class ChatLine(Update):
    """A line of the table's chat; ``earlier``: said before this client came or while it
    was away (from ``chat_history``), not just now."""

    seat: int | None
    name: str
    text: str
    ts: int = 0  # unix ms, from the server
    earlier: bool = False

    @property
    def key(self) -> tuple[int | None, str, str, int]:
        """What tells two lines apart (history lines carry no id)."""
        return (self.seat, self.name, self.text, self.ts)


#: Chat lines the session keeps (more than the server's 200 of ``chat_history``, so a
#: history after a reconnect always finds the lines already shown).
CHAT_KEEP = 500


@dataclass(frozen=True)
class Seated(Update):
    """A seat was claimed by this client; ``token`` is to be kept for resuming."""

    table: str
    seat: int
    token: str


@dataclass(frozen=True)
class TableCreated(Update):
    table: str


@dataclass(frozen=True)
class Failed(Update):
    """The session cannot go on (no such table, seat taken, version mismatch…); ``code``:
    the server's error code when the server refused (empty otherwise)."""

    text: str
    code: str = ""


# ------------------------------------------------------------------------------- state
def battle_step(view: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """Which battle step a view is at: the turn, the battle's sides and its step (None
    outside battles). A batch of choices (attackers, defenders) belongs to one step."""
    battle = view.get("battle")
    if not isinstance(battle, Mapping):
        return None
    return (view.get("turn"), battle.get("attacker"), battle.get("defender"), battle.get("step"))


@dataclass
class SeatStream:
    """One seat's (or the spectator's) document and what is pending for it."""

    seat: int | None
    token: str | None = None
    seq: int = -1
    doc: dict[str, Any] | None = None
    earlier_view: dict[str, Any] | None = None  # the view before the last patch
    in_flight: Message | None = None  # a submit whose answer has not come yet
    batch: list[Action] = field(default_factory=list)  # actions to send one by one
    #: the battle step the batch answers (see :func:`battle_step`); once the view's step
    #: is another, the rest of the batch is dropped
    batch_step: tuple[Any, ...] | None = None
    sent_version: int = -1  # the view version of the last submit
    log: list[str] = field(default_factory=list)
    awaiting_sync: bool = False
    #: the events of the game ``events_game`` seen so far (a sync's, then each patch's)
    events_seen: int | None = None
    events_game: object = None
    #: the decision timer's countdown shown: its clock (seat, version, ms) and when it
    #: runs out (``time.monotonic``); see :meth:`countdown`
    clock_key: tuple[Any, ...] | None = None
    clock_due: float = 0.0

    def countdown(self) -> float | None:
        """When the pending decision's timer runs out (``time.monotonic``), or None.
        Counted from when the countdown arrived (each patch asks, so it is not from when
        it was first drawn), or from what a sync said was left of it (``clock_left``);
        every seat and spectator sees it."""
        clock = self.table_info.get("clock")
        view = self.view
        if not isinstance(clock, dict) or clock.get("version") != (view or {}).get("version"):
            return None
        key = (clock.get("seat"), clock.get("version"), clock.get("ms"))
        if key != self.clock_key:
            self.clock_key = key
            self.clock_due = time.monotonic() + float(clock.get("ms") or 0) / 1000.0
        return self.clock_due

    def sync_countdown(self, left: object) -> None:
        """A sync's ``clock_left``: the countdown in the new document has that much left."""
        self.clock_key = None
        if isinstance(left, int) and not isinstance(left, bool) and self.countdown() is not None:
            self.clock_due = time.monotonic() + left / 1000.0

    @property
    def view(self) -> dict[str, Any] | None:
        if self.doc is None:
            return None
        view = self.doc.get("view")
        return view if isinstance(view, dict) else None

    @property
    def table_info(self) -> dict[str, Any]:
        info = (self.doc or {}).get("table")
        return info if isinstance(info, dict) else {}

    @property
    def legal(self) -> list[Action]:
        view = self.view
        return list(view.get("legal") or []) if view else []


_FATAL_ERRORS = {
    "version_mismatch", "not_found", "seat_taken", "table_full", "forbidden",
    "unauthorized", "bad_setup",
}  # fmt: skip


class ClientSession:
    """Holds the seats of one table as this client sees them."""

    def __init__(self, send: Callable[[Message], None], name: str = "Player") -> None:
        self.send = send
        self.name = name[:32] or "Player"
        self.table: str | None = None
        self.streams: dict[int | None, SeatStream] = {}
        self._ids = itertools.count(1)
        #: Request ids are unique across client processes: a seat resumed by a new process
        #: (after a crash or a restart) must not repeat the command ids the server keeps
        #: from its last one, or its commands would be answered as duplicates.
        self._id_prefix = secrets.token_hex(4)
        self._opening: Message | None = None  # create / join / watch, until answered
        self._pending_claims: list[int] = []
        #: ids of the ``join``-with-token requests of the latest (re)connection
        self._resume_ids: set[str] = set()
        self.spectator = False
        #: Watch the table's public view too (the spectator's stream, beside the seats):
        #: a hot-seat keyboard shows it while nobody sitting at it decides.
        self.watch_too = False
        #: The table's chat as received so far, oldest first (the last :data:`CHAT_KEEP`).
        self.chat_lines: list[ChatLine] = []

    # opening -----------------------------------------------------------------------
    def _next_id(self) -> str:
        return f"c{self._id_prefix}.{next(self._ids)}"

    def start_create(
        self,
        setup: Mapping[str, Any],
        seats: list[dict[str, Any]],
        options: Mapping[str, Any],
        claim: list[int],
    ) -> None:
        """Make a table and hold the ``claim``ed seats (hot-seat: every human seat)."""
        self._opening = {
            "t": "create", "id": self._next_id(), "game": "realm", "setup": dict(setup),
            "seats": seats, "options": dict(options), "claim": list(claim),
        }  # fmt: skip

    def start_join(
        self, table: str, seat: int | None = None, token: str | None = None, hero: str | None = None
    ) -> None:
        """Claim a free seat of ``table`` (or resume one with its ``token``)."""
        self.table = table
        if token is not None and seat is not None:
            self.streams[seat] = SeatStream(seat, token)
            return
        msg: Message = {"t": "join", "id": self._next_id(), "table": table, "name": self.name}
        if seat is not None:
            msg["seat"] = seat
        if hero:
            msg["hero"] = hero
        self._opening = msg

    def start_watch(self, table: str) -> None:
        self.table = table
        self.spectator = True
        self._opening = {"t": "watch", "id": self._next_id(), "table": table}

    def on_connected(self) -> list[Message]:
        """The messages to send after ``hello`` on every (re)connection, in order."""
        out: list[Message] = [{"t": "hello", "v": PROTOCOL_VERSION, "name": self.name}]
        self._resume_ids = set()
        if self._opening is not None:
            out.append(self._opening)
        for stream in self.streams.values():
            stream.seq, stream.awaiting_sync = -1, True
            if stream.seat is None:
                if self._opening is None:
                    out.append({"t": "watch", "id": self._next_id(), "table": self.table})
                continue
            if stream.token is None:
                continue
            resume_id = self._next_id()
            self._resume_ids.add(resume_id)
            out.append({"t": "join", "id": resume_id, "table": self.table,
                        "seat": stream.seat, "token": stream.token})  # fmt: skip
            if stream.in_flight is not None:
                out.append(stream.in_flight)  # same id: applied at most once
        return out

    # seats ---------------------------------------------------------------------------
    @property
    def seats(self) -> list[int]:
        """Seats this client plays, in seat order."""
        return sorted(s for s in self.streams if s is not None)

    def stream(self, seat: int | None) -> SeatStream | None:
        return self.streams.get(seat)

    def view(self, seat: int | None) -> dict[str, Any] | None:
        stream = self.streams.get(seat)
        return stream.view if stream else None

    def any_table_info(self) -> dict[str, Any]:
        for stream in self.streams.values():
            if stream.doc is not None:
                return stream.table_info
        return {}

    @property
    def sees_every_hand(self) -> bool:
        """Watching a table whose spectators see every hand (``spectators: "all"``)."""
        options = self.any_table_info().get("options")
        view = options.get("spectator_view") if isinstance(options, dict) else None
        return self.spectator and view == "all"

    def seats_to_decide(self) -> list[int]:
        """Held seats that have a decision pending now (legal actions, nothing in flight)."""
        return [
            s for s in self.seats
            if self.streams[s].legal and self.streams[s].in_flight is None
        ]  # fmt: skip

    # commands ------------------------------------------------------------------------
    def submit(self, seat: int, action: Action) -> str | None:
        """Send ``action`` (taken from the seat's ``legal``) for ``seat``.

        Returns a sentence when it cannot be sent now (nothing is sent then).
        """
        stream = self.streams.get(seat)
        if stream is None or stream.token is None or stream.view is None:
            return "You do not hold that seat."
        if stream.in_flight is not None:
            return "Still waiting for the server to answer your last choice."
        if action not in stream.legal:
            return "That choice is no longer open; the table has changed."
        msg: Message = {
            "t": "submit", "id": self._next_id(), "table": self.table, "seat": seat,
            "token": stream.token, "version": int(stream.view.get("version", 0)),
            "action": action,
        }  # fmt: skip
        stream.in_flight = msg
        stream.sent_version = msg["version"]
        self.send(msg)
        return None

    def submit_batch(self, seat: int, actions: list[Action]) -> str | None:
        """Send several actions in turn, each once the previous one was applied
        (declaring attackers, assigning defenders). Stops if one is no longer legal."""
        stream = self.streams.get(seat)
        if stream is None or not actions:
            return "Nothing to send."
        stream.batch = list(actions[1:])
        stream.batch_step = battle_step(stream.view or {})
        problem = self.submit(seat, actions[0])
        if problem:
            stream.batch = []
        return problem

    def _continue_batch(self, stream: SeatStream) -> list[Update]:
        if not stream.batch or stream.in_flight is not None or stream.seat is None:
            return []
        view = stream.view or {}
        if int(view.get("version", -1)) <= stream.sent_version:
            return []  # the last one is not applied to this view yet
        if battle_step(view) != stream.batch_step:
            # The step ended by itself (the last defender it allowed was assigned, say):
            # its closing "done" must not answer the next battle's step.
            stream.batch = []
            return []
        if not stream.legal:
            return []
        action = stream.batch[0]
        if action not in stream.legal:
            kinds = {a.get("kind") for a in stream.legal}
            if kinds & {action.get("kind"), "done"}:
                stream.batch = []  # the same step, but our choice is gone
                return [Notice("The rest of your choices are no longer open.", "warning")]
            return []  # another decision came first (a trigger's targets): resume after it
        stream.batch.pop(0)
        self.submit(stream.seat, action)
        return []

    def request_sync(self, stream: SeatStream) -> None:
        stream.doc, stream.seq, stream.awaiting_sync = None, -1, True
        msg: Message = {
            "t": "sync",
            "id": self._next_id(),
            "table": self.table,
            "seat": stream.seat,
        }
        if stream.token is not None:
            msg["token"] = stream.token
        self.send(msg)

    def chat(self, seat: int | None, text: str) -> str | None:
        """Say ``text`` at the table as ``seat``; a sentence when it cannot be said."""
        stream = self.streams.get(seat)
        text = text.strip()[:300]
        if seat is None and self.spectator:
            return "Spectators read the chat but cannot write in it."
        if stream is None or stream.token is None or not text:
            return None
        self.send(
            {"t": "chat", "table": self.table, "seat": seat, "token": stream.token, "text": text}
        )
        return None

    def ask_next_game(self) -> None:
        """Ask for the table's next game — a match's next game, or a rematch — for every
        held seat (it begins once every human seat has asked)."""
        for seat in self.seats:
            stream = self.streams[seat]
            if stream.token is not None:
                self.send({"t": "next_game", "id": self._next_id(), "table": self.table,
                           "seat": seat, "token": stream.token})  # fmt: skip

    def concede(self, seat: int) -> bool:
        """Concede the game being played for ``seat``, a seat held here; False when it
        is not one."""
        stream = self.streams.get(seat)
        if seat not in self.seats or stream is None or stream.token is None:
            return False
        self.send({"t": "concede", "id": self._next_id(), "table": self.table, "seat": seat,
                   "token": stream.token})  # fmt: skip
        return True

    def send_settings(self, auto_pass: bool, stops: list[str], hold: bool) -> None:
        for seat in self.seats:
            stream = self.streams[seat]
            if stream.token is None:
                continue
            self.send({
                "t": "settings", "id": self._next_id(), "table": self.table, "seat": seat,
                "token": stream.token, "auto_pass": auto_pass, "stops": list(stops), "hold": hold,
            })  # fmt: skip

    def leave_messages(self) -> list[Message]:
        """``leave`` for each seat held here (and the spectator's stream): the server
        then tells the others the player left, rather than lost the connection."""
        if self.table is None:
            return []
        out: list[Message] = []
        for seat, stream in self.streams.items():
            if seat is None or stream.token is not None:
                msg: Message = {"t": "leave", "table": self.table, "seat": seat}
                if stream.token is not None:
                    msg["token"] = stream.token
                out.append(msg)
        return out

    def send_skip(self, seat: int, on: bool) -> str | None:
        """Turn "pass until my turn" (the ``skip`` setting) on or off for ``seat``;
        a sentence when it cannot be sent."""
        stream = self.streams.get(seat)
        if stream is None or stream.token is None:
            return "You do not hold that seat."
        self.send({
            "t": "settings", "id": self._next_id(), "table": self.table, "seat": seat,
            "token": stream.token, "skip": on,
        })  # fmt: skip
        return None

    # incoming ------------------------------------------------------------------------
    def on_message(self, msg: Mapping[str, Any]) -> list[Update]:
        """Apply one server message; return what the screens should know."""
        handler = getattr(self, f"_on_{msg.get('t')}", None)
        if handler is None:
            return []
        result: list[Update] = handler(msg)
        return result

    def _on_welcome(self, msg: Mapping[str, Any]) -> list[Update]:
        return []

    def _on_pong(self, msg: Mapping[str, Any]) -> list[Update]:
        return []

    def _on_created(self, msg: Mapping[str, Any]) -> list[Update]:
        self._opening = None
        self.table = str(msg["table"])
        updates: list[Update] = [TableCreated(self.table)]
        for item in msg.get("tokens") or []:
            seat, token = int(item["seat"]), str(item["token"])
            self.streams[seat] = SeatStream(seat, token)
            updates.append(Seated(self.table, seat, token))
            self.send({"t": "join", "id": self._next_id(), "table": self.table,
                       "seat": seat, "token": token})  # fmt: skip
        if self.watch_too:
            self.send({"t": "watch", "id": self._next_id(), "table": self.table})
        return updates

    def _on_seated(self, msg: Mapping[str, Any]) -> list[Update]:
        seat = int(msg["seat"])
        self.table = str(msg["table"])
        if self._opening is not None and self._opening.get("t") == "join":
            self._opening = None
        stream = self.streams.setdefault(seat, SeatStream(seat))
        if msg.get("token"):
            stream.token = str(msg["token"])
            return [Seated(self.table, seat, stream.token)]
        return []

    def _on_watching(self, msg: Mapping[str, Any]) -> list[Update]:
        self._opening = None
        self.streams.setdefault(None, SeatStream(None))
        return []

    def _on_sync(self, msg: Mapping[str, Any]) -> list[Update]:
        seat = msg.get("seat")
        stream = self.streams.setdefault(seat, SeatStream(seat))
        before = stream.earlier_view = stream.view  # documents are never changed in place
        stream.doc = dict(msg["doc"])
        stream.seq = int(msg["seq"])
        stream.awaiting_sync = False
        stream.sync_countdown(msg.get("clock_left"))
        earlier = tuple(e for e in msg.get("events") or () if isinstance(e, Mapping))
        missed, gap = _unseen(stream, earlier, msg.get("events_at"))
        changed = SeatChanged(seat, (), full=True, earlier=earlier, missed=missed, gap=gap,
                              view=stream.view, before=before)  # fmt: skip
        return [changed, *self._continue_batch(stream)]

    def _on_patch(self, msg: Mapping[str, Any]) -> list[Update]:
        stream = self.streams.get(msg.get("seat"))
        if stream is None or stream.doc is None:
            return []  # a sync is on its way
        if int(msg["seq"]) != stream.seq + 1:
            self.request_sync(stream)
            return []
        before = stream.view
        try:  # a new document; the kept one (and ``before`` in it) stays as it was
            doc = diff.apply_ops(stream.doc, list(msg.get("ops") or []), copy=True)
        except ProtocolError:
            self.request_sync(stream)
            return []
        digest = msg.get("hash")  # on every HASH_EVERY-th patch (docs/protocol.md)
        if digest is not None and diff.view_hash(doc) != digest:
            self.request_sync(stream)
            return []
        stream.doc, stream.seq, stream.earlier_view = doc, int(msg["seq"]), before
        # a countdown runs from its arrival, not from when a screen first shows it (a
        # hot-seat seat's table is drawn only once its curtain lifts)
        stream.countdown()
        events = tuple(msg.get("events") or ())
        _count_seen(stream, len(events))
        changed = SeatChanged(stream.seat, events, view=doc.get("view"), before=before)
        return [changed, *self._continue_batch(stream)]

    def _on_accepted(self, msg: Mapping[str, Any]) -> list[Update]:
        stream = self.streams.get(msg.get("seat"))
        if stream is not None and stream.in_flight and stream.in_flight["id"] == msg.get("id"):
            stream.in_flight = None
            return self._continue_batch(stream)
        return []

    def _on_refused(self, msg: Mapping[str, Any]) -> list[Update]:
        stream = self.streams.get(msg.get("seat"))
        if stream is not None and stream.in_flight and stream.in_flight["id"] == msg.get("id"):
            stream.in_flight = None
            stream.batch = []
        if msg.get("code") == "stale":
            return [
                # the game moved on: another seat acted, or this seat's time ran out and
                # the server chose for it (then there may be nothing left to choose)
                Notice("Your choice came too late and was not applied: the game had "
                       "moved on.", "warning")
            ]
        return [Notice(str(msg.get("message") or "The server refused that."), "warning")]

    def _on_chat(self, msg: Mapping[str, Any]) -> list[Update]:
        line = _chat_line(msg, earlier=False)
        self._keep_chat([line])
        return [line]

    def _on_chat_history(self, msg: Mapping[str, Any]) -> list[Update]:
        """The table's last lines, oldest first: those not shown yet, marked earlier.

        Lines are told apart by seat, name, text and time; a line said twice in the same
        millisecond counts twice (a history holding it more often than this client saw
        it shows the rest)."""
        if msg.get("table") not in (None, self.table):
            return []
        raw = msg.get("lines")
        lines = [_chat_line(m, earlier=True) for m in raw or () if isinstance(m, Mapping)]
        known = Counter(line.key for line in self.chat_lines)
        seen: Counter[tuple[int | None, str, str, int]] = Counter()
        fresh: list[ChatLine] = []
        for line in lines:
            seen[line.key] += 1
            if seen[line.key] > known[line.key]:
                fresh.append(line)
        self._keep_chat(fresh)
        return list(fresh)

    def _keep_chat(self, lines: list[ChatLine]) -> None:
        self.chat_lines.extend(lines)
        del self.chat_lines[:-CHAT_KEEP]

    def _on_notice(self, msg: Mapping[str, Any]) -> list[Update]:
        code = msg.get("code")
        raw = msg.get("data")
        data: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
        own = ("seat_connected", "seat_disconnected", "next_game_asked")
        if code in own and data.get("seat") in self.streams:
            return []  # about our own seats: the status line says it
        if code in ("game_over", "match_over"):
            return []  # the game-over screen says it (a toast covered its title)
        said = str(msg.get("message", code))
        kind = code if isinstance(code, str) else ""
        if code in (*own, "game_started"):
            return [Notice(said, "information", code=kind)]
        if code == "resync":
            return []
        # a seat's time running out, a bot standing in for an away player, a concession:
        # the game's events say them (``timed_out``, ``bot_took_over``, ``away_conceded``,
        # ``conceded``), so the log has them, also for a player who catches up after a
        # reconnect: a toast here. What was played for a player who is back is said to
        # them alone, by this notice: the log keeps it too.
        logged = code == "played_for_you"
        reason = data.get("reason") if code == "server_stopping" else None
        stopping = reason if isinstance(reason, str) else ""
        return [Notice(said, "warning", logged, stopping, kind)]

    def _on_error(self, msg: Mapping[str, Any]) -> list[Update]:
        text = str(msg.get("message") or msg.get("code") or "The server reported an error.")
        opening = self._opening
        fatal = msg.get("code") in _FATAL_ERRORS
        if fatal and self._is_resume(msg.get("id")):
            self._opening = None
            return [Failed(self._gone(text), str(msg.get("code")))]
        if fatal and (
            msg.get("code") == "version_mismatch"
            or (opening is not None and msg.get("id") == opening.get("id"))
        ):
            self._opening = None
            return [Failed(text, str(msg.get("code")))]
        return [Notice(text, "error")]

    def _is_resume(self, request_id: Any) -> bool:
        """Whether ``request_id`` asked to resume a held seat: an error to it means the
        seat is gone (the table ended, or a restarted server did not keep it)."""
        if isinstance(request_id, str) and request_id in self._resume_ids:
            return True
        return (
            bool(request_id)
            and not self.seats_to_decide()
            and all(s.doc is None for s in self.streams.values())
        )

    def _gone(self, text: str) -> str:
        if not any(s.doc is not None for s in self.streams.values()):
            return text
        return (
            f"{text} The game at table {self.table} cannot go on from here: the server no "
            "longer has your seat (it may have been restarted without keeping its games)."
        )


def _chat_line(msg: Mapping[str, Any], earlier: bool) -> ChatLine:
    """A ``chat`` message, or a line of ``chat_history``, as a :class:`ChatLine`."""
    seat = msg.get("seat")
    ts = msg.get("ts")
    return ChatLine(
        seat if isinstance(seat, int) else None,
        str(msg.get("name", "?")),
        str(msg.get("text", "")),
        ts if isinstance(ts, int) else 0,
        earlier,
    )


def _game_of(stream: SeatStream) -> object:
    """Which game of the table the stream's document shows (a match's or rematch's)."""
    match = stream.table_info.get("match")
    return match.get("played") if isinstance(match, dict) else None


def _count_seen(stream: SeatStream, count: int) -> None:
    """Count a patch's events among those of its game seen (a new game counts anew)."""
    game = _game_of(stream)
    if stream.events_seen is None:
        return
    if game != stream.events_game:
        stream.events_seen, stream.events_game = count, game
    else:
        stream.events_seen += count


def _unseen(
    stream: SeatStream, earlier: tuple[Mapping[str, Any], ...], at: object
) -> tuple[tuple[Mapping[str, Any], ...], bool]:
    """Of a sync's ``earlier`` events (the game's, from number ``at``), those this
    stream has not seen yet, and whether more were missed than the server kept; the
    count then starts from the sync. Nothing when nothing was seen before (a fresh
    join shows the earlier events as such) or the sync is of another game."""
    if isinstance(at, bool) or not isinstance(at, int):
        stream.events_seen = None  # a server that does not count them: do not guess
        return (), False
    seen, before = stream.events_seen, stream.events_game
    stream.events_seen, stream.events_game = at + len(earlier), _game_of(stream)
    if seen is None or before != stream.events_game:
        return (), False
    return earlier[max(0, seen - at) :], seen < at

"""Publishing a table to its recipients: documents, patches, syncs, notices, chat.

Each recipient (a seat, or ``None`` for spectators) has a :class:`Stream`: the last
document sent and its sequence number. A patch is the diff of two consecutive documents
of the same recipient, both built by the rules' ``view_for`` — never from raw state — so
a patch can carry nothing its recipient may not see. One frame is encoded per recipient
and shared by every connection subscribed to it.
"""

from __future__ import annotations

import time
from typing import Any

from server.seating import Host, Seat, Stream, Subscriber
from shared.protocol import codec
from shared.protocol.diff import diff, view_hash
from shared.rules.base import RuleSet


class Publisher:
    """The publishing half of :class:`server.table.Table` (a mixin; the table owns the
    attributes declared here)."""

    host: Host
    rules: RuleSet[Any]
    code: str
    game: str
    status: str
    options: dict[str, Any]
    seats: list[Seat]
    state: Any
    streams: dict[int | None, Stream]
    clock: dict[str, Any] | None
    result: dict[str, Any] | None

    def _plan(self) -> None:
        raise NotImplementedError

    def _start_grace(self, s: Seat) -> None:
        raise NotImplementedError

    def doc(self, seat: int | None) -> dict[str, Any]:
        view = None if self.state is None else self.rules.view_for(self.state, seat)
        return {"view": view, "table": self.meta(seat)}

    def meta(self, seat: int | None) -> dict[str, Any]:
        seats = []
        for s in self.seats:
            stream = self.streams.get(s.seat)
            seats.append(
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "claimed": s.claimed,
                    "connected": s.kind == "bot" or bool(stream and stream.subscribers),
                    "bot": s.botlike,
                }
            )
        spectators = self.streams.get(None)
        return {
            "table": self.code,
            "game": self.game,
            "status": self.status,
            "seats": seats,
            "clock": self.clock,
            "settings": None if seat is None else dict(self.seats[seat].settings),
            "options": {
                k: self.options[k]
                for k in ("timer", "grace", "policy", "spectators", "pass_delay", "hotseat")
            },
            "spectators": len(spectators.subscribers) if spectators else 0,
            "result": self.result,
        }

    def publish(self, events: list[dict[str, Any]]) -> None:
        """Send every subscribed recipient the patch from its last document to now."""
        for seat, stream in self.streams.items():
            if not stream.subscribers or stream.doc is None:
                continue
            doc = self.doc(seat)
            ops = diff(stream.doc, doc)
            seen = self.rules.events_for(events, seat) if events else []
            if not ops and not seen:
                continue
            stream.doc = doc
            self._send_patch(stream, seat, ops, doc, seen)

    def _send_patch(self, stream: Stream, seat: int | None, ops: list[Any],
                    doc: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """The next patch of ``seat``'s stream, to each of its subscribers."""
        stream.seq += 1
        frame = codec.encode({"t": "patch", "table": self.code, "seat": seat,
                              "seq": stream.seq, "ops": ops, "hash": view_hash(doc),
                              "events": events})
        for sub in list(stream.subscribers):
            sub.deliver(frame)

    def sync_message(self, seat: int | None, request_id: int | str | None = None) -> dict[str, Any]:
        """A full sync of ``seat``'s stream; the stream's next patch follows from it."""
        stream = self.streams.setdefault(seat, Stream())
        self.publish_one(seat)
        assert stream.doc is not None
        msg = {
            "t": "sync",
            "table": self.code,
            "seat": seat,
            "seq": stream.seq,
            "doc": stream.doc,
            "hash": view_hash(stream.doc),
        }
        if request_id is not None:
            msg["id"] = request_id
        return msg

    def publish_one(self, seat: int | None) -> None:
        """Bring one stream's document up to date (patching its other subscribers)."""
        stream = self.streams[seat]
        doc = self.doc(seat)
        if stream.doc is not None and stream.subscribers:
            ops = diff(stream.doc, doc)
            if ops:
                self._send_patch(stream, seat, ops, doc, [])
        stream.doc = doc

    def subscribe(self, sub: Subscriber, seat: int | None) -> None:
        stream = self.streams.setdefault(seat, Stream())
        first = seat is not None and not stream.subscribers
        sync = codec.encode(self.sync_message(seat))
        stream.subscribers[sub] = stream.subscribers.get(sub, 0) + 1
        sub.deliver(sync)
        if seat is not None and first:
            s = self.seats[seat]
            if s.grace is not None:
                s.grace.cancel()
                s.grace = None
            was_bot = s.takeover
            s.takeover = False
            if self.status == "playing":
                self.notice("seat_connected", f"{s.name} is connected.", {"seat": seat})
            if was_bot:
                self._plan()
        self.publish([])

    def unsubscribe(self, sub: Subscriber, seat: int | None) -> None:
        stream = self.streams.get(seat)
        if stream is None or sub not in stream.subscribers:
            return
        del stream.subscribers[sub]
        if seat is not None and not stream.subscribers and self.seats[seat].kind == "human":
            s = self.seats[seat]
            if self.status == "playing":
                self.notice("seat_disconnected", f"{s.name} lost the connection.", {"seat": seat})
                self._start_grace(s)
        if not stream.subscribers:
            stream.doc = None
        self.publish([])
        if self.status == "over" and not any(st.subscribers for st in self.streams.values()):
            self.host.on_idle(self)

    def subscribers(self) -> set[Subscriber]:
        subs: set[Subscriber] = set()
        for stream in self.streams.values():
            subs.update(stream.subscribers)
        return subs

    def notice(self, code: str, message: str, data: dict[str, Any] | None = None) -> None:
        msg: dict[str, Any] = {"t": "notice", "table": self.code, "code": code, "message": message}
        if data is not None:
            msg["data"] = data
        self.broadcast(msg)

    def broadcast(self, msg: dict[str, Any]) -> None:
        frame = codec.encode(msg)
        for sub in self.subscribers():
            sub.deliver(frame)

    def chat(self, seat: int, text: str, sender: Subscriber, request_id: Any = None) -> None:
        """Send a chat line to everyone at the table; the sender's copy echoes its id."""
        clean = "".join(ch for ch in text if ch.isprintable())[:300]
        msg: dict[str, Any] = {
            "t": "chat",
            "table": self.code,
            "seat": seat,
            "name": self.seats[seat].name,
            "text": clean,
            "ts": int(time.time() * 1000),
        }
        frame = codec.encode(msg)
        for sub in self.subscribers():
            if sub is not sender:
                sub.deliver(frame)
        if request_id is not None:
            msg["id"] = request_id
        sender.deliver(codec.encode(msg))

"""Publishing a table to its recipients: documents, patches, syncs, notices, chat.

Each recipient (a seat, or ``None`` for spectators) has a :class:`Stream`: the last
document sent and its sequence number. A patch is the diff of two consecutive documents
of the same recipient, both built by the rules' ``view_for`` — never from raw state — so
a patch can carry nothing its recipient may not see. One frame is encoded per recipient
and shared by every connection subscribed to it. Spectators see the public view, or, on a
table created with ``spectators: "all"``, each seat's entry as that seat sees it
(:meth:`Publisher._open_view`). The table keeps its last chat lines (in the store too) and
sends them to each connection that joins, resumes or watches.

The table also keeps the last :data:`EVENTS_KEEP` raw events of its current game, so a
sync carries the recipient's earlier events (filtered like a patch's, by
:meth:`Publisher._events_for`): a player who rejoins, a late spectator, or everyone after
a restart (the table rebuilds them by replaying its log) sees the game's log so far.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

from server.options import spectator_view
from server.seating import Host, Seat, Stream, Subscriber, seat_extra
from shared.protocol import codec
from shared.protocol.diff import PackMemo, diff, hash_due, view_hash
from shared.rules.base import RuleSet

log = logging.getLogger("allegiance.table")
#: Chat lines a table keeps for people who join, resume or watch later.
CHAT_KEEP = 200
#: Raw events of the current game a table keeps for the syncs of those who come later.
EVENTS_KEEP = 300


def away_conceded_sentence(
    games: list[tuple[int, int]], here: tuple[int, int], best_of: int, moves: int
) -> str:
    """What a player back at their seat is told under the away policy "concede": the
    games their seat conceded while they were away (``games``: match number and game in
    it; ``here``: the current one) and the other moves made for them (``moves`` counts
    every move made for them, one concession per game among them)."""
    others = max(moves - len(games), 0)
    plural = "" if others == 1 else "s"
    what = _games_said(games, here, best_of)
    if len(games) == 1:  # the moves came before the concession
        before = f" ({others} move{plural} made for you first)" if others else ""
    else:  # in several games: before, between and after the concessions
        before = f" ({others} other move{plural} made for you)" if others else ""
    return f"You were away too long: your seat conceded {what}{before}."


def _games_said(games: list[tuple[int, int]], here: tuple[int, int], best_of: int) -> str:
    """"this game", "game 2", "games 2 and 3"; a count where numbers would not say which
    (games of a table without matches, or of two matches)."""
    if games == [here]:
        return "this game"
    numbered = best_of > 1 and len({number for number, _ in games}) == 1
    if not numbered:
        return "an earlier game" if len(games) == 1 else f"{len(games)} games"
    numbers = [str(game) for _, game in sorted(games)]
    if len(numbers) == 1:
        return f"game {numbers[0]}"
    return f"games {', '.join(numbers[:-1])} and {numbers[-1]}"


class Publisher:
    """The publishing half of :class:`server.table.Table` (a mixin; the table owns the
    attributes declared here)."""

    host: Host
    rules: RuleSet[Any]
    code: str
    game: str
    setup: dict[str, Any]
    status: str
    options: dict[str, Any]
    seats: list[Seat]
    state: Any
    streams: dict[int | None, Stream]
    clock: dict[str, Any] | None
    id: int
    #: the kept chat lines (None: not loaded yet) and the number of the next one
    _chat: deque[dict[str, Any]] | None = None
    _chat_next: int = 0
    #: the kept events of the current game (None: none yet) and that game's number
    _game_events: deque[dict[str, Any]] | None = None
    _events_game: int = 0
    #: how many events the current game has had (the kept ones are the last of them)
    _events_total: int = 0
    #: by seat, the games (match number, game in it) the away policy "concede" conceded
    #: for it since its player was last told (:meth:`_tell_away`); None: none yet
    _away_games: dict[int, list[tuple[int, int]]] | None = None
    #: the views of the state ``_views_of`` at ``_views_version``, by recipient
    _views: dict[int | None, Any] = {}  # noqa: RUF012  # replaced, never mutated in place
    _views_of: Any = None
    _views_version: int = -1
    #: the bytes of document parts already hashed (shared parts, unchanged parts)
    _packed: PackMemo | None = None
    #: the last ``meta_base``, kept while equal so unchanged parts stay the same objects
    _base: dict[str, Any] | None = None
    result: dict[str, Any] | None
    series: Any  # server.matchplay.Series

    def _plan(self) -> None:
        raise NotImplementedError

    def _start_grace(self, s: Seat) -> None:
        raise NotImplementedError

    def out_of_game(self, seat: int) -> bool:
        raise NotImplementedError

    def keep_seat_state(self, s: Seat) -> None:
        raise NotImplementedError

    def clock_left(self) -> float:
        raise NotImplementedError

    def doc(self, seat: int | None, base: dict[str, Any] | None = None) -> dict[str, Any]:
        view = None if self.state is None else self._view(seat)
        return {"view": view, "table": self.meta(seat, base)}

    # --- what each recipient sees ------------------------------------------------------

    def _view(self, seat: int | None) -> Any:
        """``seat``'s view of the current state, built once per state version (views are
        immutable snapshots, shared by the documents that hold them)."""
        version = self.rules.version(self.state)
        if self._views_of is not self.state or self._views_version != version:
            self._views, self._views_of, self._views_version = {}, self.state, version
        view = self._views.get(seat)
        if view is None:
            if seat is None and spectator_view(self.options) == "all":
                view = self._open_view()
            else:
                view = self.rules.view_for(self.state, seat)
            self._views[seat] = view
        return view

    def _view_built(self, seat: int | None) -> bool:
        """Whether ``seat``'s view of the current state is built already."""
        return (
            self._views_of is self.state
            and self._views_version == self.rules.version(self.state)
            and seat in self._views
        )

    def _open_view(self) -> Any:
        """The spectators' view of a table whose spectators see every hand: the public
        view with each seat's entry in ``players`` taken from that seat's own view. Only
        ``view_for`` decides what a view holds; this shows a spectator what the seats
        themselves see. A view without a ``players`` list per seat stays public."""
        public = self.rules.view_for(self.state, None)
        players = public.get("players") if isinstance(public, dict) else None
        if not isinstance(players, list) or len(players) != len(self.seats):
            return public
        shown = [self._view(i)["players"][i] for i in range(len(self.seats))]
        return {**public, "players": shown}

    def _events_for(self, events: list[dict[str, Any]], seat: int | None) -> list[Any]:
        """``events`` as ``seat`` may see them; on a table whose spectators see every
        hand, a spectator gets each event as the seat that saw the most of it."""
        public = self.rules.events_for(events, seat)
        if seat is not None or spectator_view(self.options) != "all":
            return public
        fullest = list(public)
        for i in range(len(self.seats)):
            seen = self.rules.events_for(events, i)
            if len(seen) != len(fullest):
                return public  # a rule set that drops events: keep the public ones
            fullest = [
                mine if isinstance(mine, dict) and len(mine) > len(best) else best
                for best, mine in zip(fullest, seen, strict=True)
            ]
        return fullest

    def meta(self, seat: int | None, base: dict[str, Any] | None = None) -> dict[str, Any]:
        """The document's ``table`` section for ``seat``; ``base``: :meth:`meta_base`
        made once for several recipients of the same change."""
        meta = dict(self.meta_base() if base is None else base)
        meta["settings"] = None if seat is None else dict(self.seats[seat].settings)
        return meta

    def connected(self, seat: int | None) -> bool:
        """Whether anyone is subscribed to ``seat``'s stream now."""
        stream = self.streams.get(seat)
        return bool(stream and stream.subscribers)

    def meta_base(self) -> dict[str, Any]:
        """The ``table`` section every recipient shares (``settings`` left empty)."""
        seats = []
        for s in self.seats:
            team = seat_extra(self.setup, s.seat).get("team")
            seats.append(
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "claimed": s.claimed,
                    "connected": s.kind == "bot" or self.connected(s.seat),
                    "bot": s.botlike,
                    "level": s.level if s.kind == "bot" else None,  # the host chose it
                    "conceded": s.conceded,
                    # the away policy conceded for it, not its player (:meth:`_tell_away`)
                    "conceded_away": s.conceded_away,
                    "out": self.out_of_game(s.seat),  # nothing of this game waits for them
                    "left": s.left,  # said leave (the others see "left", not "away")
                    "hero": s.hero if s.hero not in ("", "random") else None,
                    "team": team if type(team) is int else None,
                }
            )
        return {
            "table": self.code,
            "game": self.game,
            "status": self.status,
            "seats": seats,
            "clock": self.clock,
            "settings": None,
            "options": {
                **{k: self.options[k] for k in ("timer", "grace", "policy", "spectators")},
                "spectator_view": spectator_view(self.options),
                **{k: self.options[k] for k in ("pass_delay", "hotseat")},
            },
            "spectators": len(self._onlookers()),
            "result": self.result,
            "match": self.series.info(self),
        }

    def publish(self, events: list[dict[str, Any]]) -> None:
        """Send every subscribed recipient the patch from its last document to now."""
        memo: PackMemo | None = None  # a round of the hash memo only when a patch is hashed
        base = self.meta_base()
        if base == self._base:  # unchanged: the same objects, which the diff skips at once
            base = self._base
        self._base = base
        for seat, stream in self.streams.items():
            if not stream.subscribers or stream.doc is None:
                continue
            doc = self.doc(seat, base)
            ops = diff(stream.doc, doc)
            seen = self._events_for(events, seat) if events else []
            if not ops and not seen:
                continue
            stream.doc = doc
            if memo is None and hash_due(stream.seq + 1):
                memo = self._hash_memo()
            self._send_patch(stream, seat, ops, doc, seen, memo)

    def _hash_memo(self) -> PackMemo:
        """The memo that hashes the documents of one change (a new round of it). Rounds
        are the changes whose patches carry a hash, so parts kept unchanged since the last
        hashed one are still remembered."""
        if self._packed is None:
            self._packed = PackMemo()
        self._packed.next_round()
        return self._packed

    def _send_patch(self, stream: Stream, seat: int | None, ops: list[Any],
                    doc: dict[str, Any], events: list[dict[str, Any]],
                    memo: PackMemo | None = None) -> None:
        """The next patch of ``seat``'s stream, to each of its subscribers; every
        :data:`~shared.protocol.diff.HASH_EVERY`-th carries the document's hash."""
        stream.seq += 1
        digest = view_hash(doc, memo) if hash_due(stream.seq) else None
        frame = codec.encode({"t": "patch", "table": self.code, "seat": seat,
                              "seq": stream.seq, "ops": ops, "hash": digest, "events": events})
        for sub in list(stream.subscribers):
            sub.deliver(frame)

    def sync_message(self, seat: int | None, request_id: int | str | None = None) -> dict[str, Any]:
        """A full sync of ``seat``'s stream; the stream's next patch follows from it."""
        stream = self.streams.setdefault(seat, Stream())
        self.publish_one(seat)
        assert stream.doc is not None
        kept = self._kept_events()
        msg = {
            "t": "sync",
            "table": self.code,
            "seat": seat,
            "seq": stream.seq,
            "doc": stream.doc,
            "hash": view_hash(stream.doc),
            "events": self._events_for(list(kept), seat),
            "events_at": self._events_total - len(kept),
        }
        if self.clock is not None:  # the document says the countdown's length; this, what is left
            msg["clock_left"] = int(self.clock_left() * 1000)
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
        """Attach ``sub`` to ``seat``'s stream: a full sync, then (when ``sub`` was not at
        this table yet) the chat history, then every patch."""
        new_here = not any(sub in st.subscribers for st in self.streams.values())
        stream = self.streams.setdefault(seat, Stream())
        first = seat is not None and not stream.subscribers
        sync = codec.encode(self.sync_message(seat))
        stream.subscribers[sub] = stream.subscribers.get(sub, 0) + 1
        sub.deliver(sync)
        if new_here:
            sub.deliver(codec.encode(self.chat_history()))
        if seat is None and new_here:
            self._tell_players_of_a_watcher()
        elif new_here and self.status == "waiting" and None in self.streams:
            self._tell_players_of_a_watcher({sub})
        if seat is not None and first:
            s = self.seats[seat]
            if s.grace is not None:
                s.grace.cancel()
                s.grace = None
            was_bot, was_left = s.takeover, s.left
            s.takeover = s.left = False
            if was_left:
                self.keep_seat_state(s)
            if self.status == "playing":
                self.notice("seat_connected", f"{s.name} is connected.", {"seat": seat})
            if s.away_moves:
                self._tell_away(sub, s)
            if was_bot:
                self._plan()
        self.publish([])

    def _tell_away(self, sub: Subscriber, s: Seat) -> None:
        """Tell a player who is back at their seat what the server did for it while they
        were away: the others heard it as it happened, and the log they catch up on says
        only when it began (``bot_took_over``, ``away_conceded``)."""
        n, policy = s.away_moves, self.options["policy"]
        data: dict[str, Any] = {"seat": s.seat, "moves": n, "policy": policy}
        if policy == "concede":
            games = self._untold_away_games(s.seat)
            here = (self.series.number, self.series.game)
            said = away_conceded_sentence(games, here, self.series.best_of, n)
            data["games"] = [game for _, game in games]
        else:
            said = f"A bot played for you while you were away ({n} move{'' if n == 1 else 's'})."
        s.away_moves = 0  # told once: a later return tells only what came after
        self.notice("played_for_you", said, data, to={sub})

    def _untold_away_games(self, seat: int) -> list[tuple[int, int]]:
        """The games the away policy conceded for ``seat`` since its player was last
        told, forgotten once told; the current game when none is known (moves made for a
        seat that goes on conceding after its player came back and went again)."""
        games = (self._away_games or {}).pop(seat, [])
        return games or [(self.series.number, self.series.game)]

    def _note_away_game(self, event: dict[str, Any]) -> None:
        """An ``away_conceded`` event (the policy "concede" begins to answer for an absent
        player's seat) notes the game it is in. It comes with the seat's first move of the
        game made for them: when that is also the first move they were not told of
        (:attr:`Seat.away_moves` counts them, and starts again once they are told or play
        themselves), the games noted before are ones they know of."""
        seat = event.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return
        if self._away_games is None:
            self._away_games = {}
        games = self._away_games.get(seat, []) if self.seats[seat].away_moves > 1 else []
        here = (self.series.number, self.series.game)
        if here not in games:
            games.append(here)
        self._away_games[seat] = games

    def unsubscribe(self, sub: Subscriber, seat: int | None, left: bool = False) -> None:
        """Detach ``sub``; ``left``: it said so (``leave``), rather than its connection
        dropping: the others are told the player left, not that the connection was lost
        (the seat is still theirs; the grace period and policy are the same)."""
        stream = self.streams.get(seat)
        if stream is None or sub not in stream.subscribers:
            return
        del stream.subscribers[sub]
        if seat is not None and not stream.subscribers and self.seats[seat].kind == "human":
            s = self.seats[seat]
            if s.left != left:
                s.left = left
                self.keep_seat_state(s)
            if left and self.status == "waiting":
                self._release(s)  # the lobby: the game must not start with them gone
            between = self.status == "over" and self.series.between_games()
            if self.status in ("playing", "over"):  # after a game too: a rematch waits for them
                # the seat is kept for them: they are away, as after a lost connection
                gone = "left the table; their seat is kept for them (away)"
                if self.out_of_game(seat):
                    gone = "left the table (out of this game)"
                elif self.status == "over":  # "(left the table)", as the game-over card says
                    gone = "left the table"
                said = f"{s.name} {gone}." if left else f"{s.name} lost the connection."
                self.notice("seat_disconnected", said, {"seat": seat, "left": left})
            if self.status == "playing" or between:
                self._start_grace(s)
        if not stream.subscribers:
            stream.doc = None
        self.publish([])
        if self.status == "over" and not any(st.subscribers for st in self.streams.values()):
            self.host.on_idle(self)

    def _release(self, s: Seat) -> None:
        """A player who left the lobby (said ``leave`` before the table's first game)
        gives their seat up: it is free for someone else, and their token no longer
        takes it back (they join again like anyone)."""
        said = f"{s.name} left; their seat is free again."
        s.token_hash = None
        s.name = f"Player {s.seat + 1}"  # the leaver's name goes with them
        self.host.store.release_seat(self.id, s.seat, s.name)
        self.notice("seat_disconnected", said, {"seat": s.seat, "left": True})

    def _tell_players_of_a_watcher(self, arrived: set[Subscriber] | None = None) -> None:
        """The players (not the watchers) are told that someone watches: at a table whose
        watchers see every hand, that they do. ``arrived``: only this player, who sat
        down in the lobby after the watchers came (they would not hear it otherwise)."""
        count = len(self._onlookers())
        if not count:
            return  # a hot-seat keyboard's own public view is nobody watching
        said = f"Someone is watching ({count} watching)."
        if spectator_view(self.options) == "all":
            said += " Watchers at this table see every hand."
        players = arrived if arrived is not None else self._players()
        self.notice("spectator_joined", said, {"spectators": count}, to=players)

    def _players(self) -> set[Subscriber]:
        """The connections that hold a seat."""
        return {
            sub for seat, stream in self.streams.items() if seat is not None
            for sub in stream.subscribers
        }  # fmt: skip

    def _onlookers(self) -> list[Subscriber]:
        """The watchers who hold no seat: a hot-seat client that watches its own table
        beside its seats (its public view between people) is not someone watching."""
        watchers = self.streams.get(None)
        if watchers is None or not watchers.subscribers:
            return []
        players = self._players()
        return [sub for sub in watchers.subscribers if sub not in players]

    def subscribers(self) -> set[Subscriber]:
        subs: set[Subscriber] = set()
        for stream in self.streams.values():
            subs.update(stream.subscribers)
        return subs

    def notice(
        self,
        code: str,
        message: str,
        data: dict[str, Any] | None = None,
        to: set[Subscriber] | None = None,
    ) -> None:
        """A notice to everyone at the table, or to the subscribers ``to``."""
        msg: dict[str, Any] = {"t": "notice", "table": self.code, "code": code, "message": message}
        if data is not None:
            msg["data"] = data
        self.broadcast(msg, to)

    def broadcast(self, msg: dict[str, Any], to: set[Subscriber] | None = None) -> None:
        frame = codec.encode(msg)
        for sub in self.subscribers() if to is None else to:
            sub.deliver(frame)

    def chat(self, seat: int, text: str, sender: Subscriber, request_id: Any = None) -> None:
        """Send a chat line to everyone at the table; the sender's copy echoes its id.
        The table keeps its last :data:`CHAT_KEEP` lines, in memory and in the store."""
        clean = "".join(ch for ch in text if ch.isprintable())[:300]
        line = {
            "seat": seat,
            "name": self.seats[seat].name,
            "text": clean,
            "ts": int(time.time() * 1000),
        }
        self._keep_chat(line)
        msg: dict[str, Any] = {"t": "chat", "table": self.code, **line}
        frame = codec.encode(msg)
        for sub in self.subscribers():
            if sub is not sender:
                sub.deliver(frame)
        if request_id is not None:
            msg["id"] = request_id
        sender.deliver(codec.encode(msg))

    # --- the current game's events ----------------------------------------------------

    def _kept_events(self) -> deque[dict[str, Any]]:
        """The current game's kept events. They belong to one game of the table: when the
        next game of a match or a rematch has begun, the last game's are dropped here (a
        comparison, so the command path costs no more than the append)."""
        played = self.series.played
        if self._game_events is None or self._events_game != played:
            self._game_events = deque(maxlen=EVENTS_KEEP)
            self._events_game, self._events_total = played, 0
        return self._game_events

    def keep_events(self, events: Sequence[dict[str, Any]]) -> None:
        """Keep the raw events of an applied command (not copied: events are never
        changed once made); each sync filters them for its recipient."""
        if events:
            self._kept_events().extend(events)
            self._events_total += len(events)
            first = events[0]  # the table puts its ``away_conceded`` before a command's events
            if isinstance(first, dict) and first.get("t") == "away_conceded":
                self._note_away_game(first)

    def forget_events(self) -> None:
        """Drop the kept events (before the table's log is replayed from the start)."""
        self._game_events = None

    # --- chat history ------------------------------------------------------------------

    def _chat_lines(self) -> deque[dict[str, Any]]:
        """The kept chat lines, loaded from the store on first use (after a restart too)."""
        if self._chat is None:
            rows = self.host.store.chat_lines(self.id)
            self._chat = deque((line for _, line in rows), maxlen=CHAT_KEEP)
            self._chat_next = rows[-1][0] + 1 if rows else 0
        return self._chat

    def _keep_chat(self, line: dict[str, Any]) -> None:
        lines = self._chat_lines()
        lines.append(line)
        self._chat_next += 1
        try:
            self.host.store.append_chat(self.id, self._chat_next - 1, line, CHAT_KEEP)
        except sqlite3.Error:  # the line is still sent; only a restart would forget it
            log.exception("table %s: could not store a chat line", self.code)

    def chat_history(self) -> dict[str, Any]:
        """The ``chat_history`` message: the kept lines, oldest first."""
        return {"t": "chat_history", "table": self.code, "lines": list(self._chat_lines())}

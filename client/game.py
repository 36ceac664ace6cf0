"""The game controller: one table as this terminal plays it.

It owns the :class:`~client.net.session.ClientSession` (and, when connected, the
:class:`~client.net.connection.Connection` and an in-process server for local games),
turns session updates into screens, and decides which held seat is *displayed*:

* a seat with a decision pending is shown; while no held seat must decide (bots or
  remote players are thinking), the displayed seat stays;
* when control passes to a different human seat of this terminal (hot-seat), the
  curtain goes up first and the table under it shows the public view (no hand); as
  the new player lifts it, the table is switched to their seat *before* the curtain
  goes, so no frame ever shows a hand to the wrong player.

The controller holds no game rules: prompts come from ``view["legal"]``.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.notifications import Notification, Notify

from client.net.connection import Connection, LinkState
from client.net.session import (
    ChatLine,
    ClientSession,
    Failed,
    Notice,
    SeatChanged,
    Seated,
    SeatStream,
    TableCreated,
    Update,
)
from client.screens.curtain import CurtainScreen
from client.screens.gameover import (
    LOCAL_MATCH_WARNING,
    GameOverScreen,
    match_label,
    seat_names,
    seat_teams,
)
from client.screens.leave import close_warning
from client.screens.lobby import LobbyScreen
from client.screens.logview import LogScreen
from client.screens.table import TableFrame, TableScreen
from client.settings import forget_seat
from client.viewmodel.log import LogMemory, sentences
from client.viewmodel.prompt import (
    Prompt,
    as_the_server_passes,
    is_out,
    marked_wait,
    safe_prompt,
)
from client.viewmodel.table import build_table
from client.widgets.log import earlier_lines
from shared.protocol.messages import STOP_HOST_LEFT, STOP_TABLE_CLOSED

if TYPE_CHECKING:
    from client.app import AllegianceApp


#: What the players who joined are told when their host's server stops: the game is over
#: (the table closes with it), or it is being played (it is kept, and resumes). The
#: notice's reason says which; the words are for people.
HOST_CLOSED = "The host closed the table."
HOST_LEFT = "The host stopped hosting; the game goes on when they host it again."
_STOP_WORDS = {STOP_TABLE_CLOSED: HOST_CLOSED, STOP_HOST_LEFT: HOST_LEFT}

#: How long a notice of the table stays while the game-over screen shows (it says the
#: same: who asked for the next game), so no toast covers its box for long.
OVER_NOTICE_TIMEOUT = 3.0


class NetUpdates(Message):
    """Updates from the network worker, delivered on the app's message queue."""

    def __init__(self, controller: GameController, updates: list[Update]) -> None:
        super().__init__()
        self.controller = controller
        self.updates = updates


class GameController:
    """Connects screens, the session and (for local games) the in-process server."""

    def __init__(
        self,
        app: AllegianceApp,
        session: ClientSession,
        url: str | None = None,
        *,
        local: bool = False,
        title: str = "",
        on_seated: Callable[[Seated], None] | None = None,
        settings: dict[str, Any] | None = None,
        advertise: str | None = None,
    ) -> None:
        self.app = app
        self.session = session
        self.url = url
        self.local = local
        self.title = title
        self.on_seated = on_seated
        self.settings = settings
        #: ``allegiance host``: the LAN name to advertise the in-process server under.
        self.advertise = advertise
        self.advertiser: Any = None
        #: Called when the server says the seat this client resumed is gone.
        self.on_seat_gone: Callable[[], None] | None = None
        #: For tables made here: the server's address others type to join (the lobby
        #: shows the commands).
        self.reach: str | None = None
        #: The table was made on another machine's server (``allegiance host --on``).
        self.made_elsewhere = False
        self.connection: Connection | None = None
        self.server: Any = None
        self.displayed: int | None = None
        self.curtain: CurtainScreen | None = None
        self.table_screen: TableScreen | None = None
        self.lobby: LobbyScreen | None = None
        # per seat stream: the game its log memory is of, and the memory (the unit
        # numbers the board, the prompt and the log share; the battle being fought)
        self._memories: dict[int | None, tuple[object, LogMemory]] = {}
        self.link = ""
        self.over_shown = False
        self.over_screen: GameOverScreen | None = None
        self.played = 0  # the table's game shown (doc.table.match.played), 0: none yet
        self._headed = 0  # the last game whose title heads the log
        self.closed = False
        self._settings_sent = False
        #: seats passing until their turn when the link dropped, and the view's turn then
        self._skips_to_resend: dict[int, object] = {}
        self._render_pending = False
        self.revision = 0  # grows with every batch of updates (tests wait on it)
        #: Chat lines that came before the table screen (in the lobby; the history).
        self.early_chat: list[ChatLine] = []
        #: The toast of the last watchers' count, replaced by the next one.
        self._watchers_note: Notification | None = None
        #: The host's server said why it stops (STOP_TABLE_CLOSED, STOP_HOST_LEFT), if it did.
        self.host_said = ""
        #: Hot-seat: the seat of the person the curtain last went up for (None: none yet),
        #: and each person's unsent chat line, put away while the others have the keyboard.
        self._at_keyboard: int | None = None
        self._drafts: dict[int, str] = {}
        #: The phase of the last view seen before the game's result (a game that ended
        #: while being set up says so, not "1 turn").
        self._phase_before_over = ""

    # lifetime -------------------------------------------------------------------------------
    async def run(self) -> None:
        """The network worker: start the local server if asked, then connect and serve."""
        if self.local:
            try:
                from server.local import start_local_server

                self.server = await start_local_server(**self.app.server_settings)
            except Exception as exc:  # the server could not start: say so, no traceback
                self.deliver([Failed(start_failure(exc, self.app.server_settings))])
                return
            self.url = self.server.url
            if self.advertise is not None:
                await self._advertise(self.advertise)
        if self.url is None:
            return
        self.connection = Connection(self.url, self.session, self.deliver)
        await self.connection.run()

    async def _advertise(self, name: str) -> None:
        """Announce the hosted server on the LAN; the game goes on without it if it fails."""
        from server.lan import Advertiser

        assert self.server is not None
        config = self.server.server.config
        self.advertiser = Advertiser(
            name, config.host, self.server.server.port, lobby=self.server.server.lobby
        )
        try:
            await self.advertiser.start()
        except Exception as exc:
            self.advertiser = None
            self.deliver([Notice(f"Not advertised on the LAN: {exc}", "warning")])

    def deliver(self, updates: list[Update]) -> None:
        self.app.post_message(NetUpdates(self, updates))

    async def stop(self) -> None:
        """Leave the table for good. This terminal's own server (a local or hosted game)
        stops first, so the players who joined hear that it stops, not that their host
        lost the connection."""
        self.closed = True
        if self.connection is not None and self.server is not None:
            self.connection.stop_reconnecting()
        await self._stop_server(self._stop_reason())
        if self.connection is not None:
            online = self.link == "" and not self.local  # a local server stops anyway
            lobby = self.session.any_table_info().get("status") == "waiting"
            if online and lobby and self.url and self.session.table:
                forget_seat(self.url, self.session.table)  # leaving a lobby frees the seat
            await self.connection.close(self.session.leave_messages() if online else None)

    def _stop_reason(self) -> str:
        """Why this terminal's server stops, as the players who joined are told."""
        over = self.over_shown or self.session.any_table_info().get("status") == "over"
        return STOP_TABLE_CLOSED if over else STOP_HOST_LEFT

    async def _stop_server(self, reason: str | None = None) -> None:
        """Stop the LAN advertisement and the in-process server, if any (``reason``:
        why, as their clients are told)."""
        if self.advertiser is not None:
            advertiser, self.advertiser = self.advertiser, None
            with contextlib.suppress(Exception):
                await advertiser.close()
        if self.server is not None:
            server, self.server = self.server, None
            with contextlib.suppress(Exception):  # stopping must not raise at exit
                await server.stop(_STOP_WORDS.get(reason or ""), reason)

    @property
    def hosting(self) -> bool:
        """This terminal runs the table's server for others (``allegiance host``); a
        table made on another server (``host --on``) has a join hint but no server here."""
        return self.reach is not None and not self.made_elsewhere

    def all_out(self) -> bool:
        """Every seat this terminal plays is out of the game being played, or conceded it
        (it leaves at its next priority: it will never decide again either)."""
        seats = list(self.session.seats)
        return bool(seats) and all(self._out_or_conceded(seat) for seat in seats)

    def _out_or_conceded(self, seat: int) -> bool:
        view, stream = self.session.view(seat), self.session.stream(seat)
        if view is None:
            return False
        return is_out(view) or (stream is not None and seat_conceded(stream, seat))

    def concede(self) -> bool:
        """Concede the game being played for the seat on screen (its player's choice);
        False when there is none to concede for."""
        seat = self.displayed
        view = self.session.view(seat) if seat is not None else None
        if seat is None or view is None or view.get("result") or is_out(view):
            return False
        return self.session.concede(seat)

    @property
    def hotseat(self) -> bool:
        return len(self.session.seats) > 1

    # updates --------------------------------------------------------------------------------
    def apply(self, updates: list[Update]) -> None:
        self.revision += 1
        changed = False
        self._mark_next_game()  # before the new game's first lines ("The game began.")
        for update in updates:
            if isinstance(update, SeatChanged):
                self._log(update)
                changed = True
            elif isinstance(update, Notice):
                self._notice(update)
                if update.logged:
                    for stream in self.session.streams.values():
                        stream.log.append(update.text)
                    changed = True
            elif isinstance(update, ChatLine):
                if self.table_screen is None:
                    self.early_chat.append(update)  # _ensure_table shows it with the table
                else:
                    self.table_screen.add_chat(update.name, update.text, update.earlier)
                if isinstance(self.app.screen, LogScreen):
                    self.app.screen.add_chat(update.name, update.text, update.earlier)
                else:
                    self._chat_notice(update)
            elif isinstance(update, Seated):
                if self.on_seated is not None:
                    self.on_seated(update)
            elif isinstance(update, TableCreated):
                changed = True
            elif isinstance(update, LinkState):
                self._link(update)
                changed = True
            elif isinstance(update, Failed):
                if update.code in ("not_found", "unauthorized") and self.on_seat_gone:
                    self.on_seat_gone()  # the seat this client resumed is no more
                self.app.game_failed(self, update.text)
                return
        if changed:
            self.route()

    def _notice(self, notice: Notice) -> None:
        """Show a server's notice as a toast (short while the game-over screen shows)."""
        if notice.stopping in _STOP_WORDS and self.server is None:
            self.host_said = notice.stopping  # the link drops next: say why, not "lost"
            if notice.stopping == STOP_TABLE_CLOSED and self.connection is not None:
                self.connection.stop_reconnecting()  # the table is gone for good
            if notice.stopping == STOP_TABLE_CLOSED and self.over_screen is not None:
                self.over_screen.table_closed(f"{notice.text} There is no next game.")
        quiet = self.over_screen is not None and notice.severity == "information"
        timeout = OVER_NOTICE_TIMEOUT if quiet else None
        if notice.code == "spectator_joined":  # "Someone is watching (3 watching)."
            self._watchers_notice(notice, timeout)
            return
        self.app.notify(notice.text, severity=notice.severity, timeout=timeout)  # type: ignore[arg-type]

    def _watchers_notice(self, notice: Notice, timeout: float | None) -> None:
        """How many watch, as the one toast about watchers: it replaces the last one
        still shown, so a burst of watchers (a notice each) shows the current count, not
        a pile of toasts over the board. (Textual has no public way to drop one toast;
        both steps go through the app's queue, in order, so the last toast is dropped
        even when it was not shown yet.)"""
        if self._watchers_note is not None:
            self.app.call_later(self.app._unnotify, self._watchers_note)
        seconds = self.app.NOTIFICATION_TIMEOUT if timeout is None else timeout
        # plain text, as the app's every toast: these are the server's words
        note = Notification(notice.text, "", notice.severity, seconds, markup=False)  # type: ignore[arg-type]
        self._watchers_note = note
        self.app.post_message(Notify(note))

    def _chat_notice(self, line: ChatLine) -> None:
        """In the compact layout the chat is on its own screen: a line someone else says
        now shows as a notice, so nobody misses it (the wide layout shows the chat)."""
        screen = self.table_screen
        own = line.seat is not None and line.seat in self.session.seats
        if line.earlier or own or (screen is not None and screen.wide):
            return
        self.app.notify(line.text, title=f"{line.name} says", timeout=8)

    def _log(self, update: SeatChanged) -> None:
        stream = self.session.stream(update.seat)
        if stream is None or stream.view is None:
            return
        if update.earlier and not stream.log:
            memory = self._memory(stream)
            if stream.view.get("version") == 0:  # the game's opening, seen as it begins
                stream.log.extend(sentences(list(update.earlier), stream.view, None, memory))
            else:
                stream.log.extend(self._earlier_log(update, stream.view, memory))
        elif update.missed or update.gap:  # back after a gap: what happened meanwhile
            if update.gap:
                stream.log.append("(Some of what happened meanwhile is not shown.)")
            # the sync's own views (later patches of the same batch may have come in): the
            # view before the gap names the chain entries that left the chain during it
            memory = self._memory(stream)
            view = update.view if update.view is not None else stream.view
            missed = sentences(list(update.missed), view, update.before, memory)
            stream.log.extend(missed)
        if update.events:  # by the views of its own patch: more may have come since
            view = update.view if update.view is not None else stream.view
            before = update.before if update.view is not None else stream.earlier_view
            stream.log.extend(sentences(list(update.events), view, before, self._memory(stream)))
        if self.settings is not None and not self._settings_sent and update.seat is not None:
            self._settings_sent = True
            self.session.send_settings(**self.settings)
        if update.full and update.seat in self._skips_to_resend:
            self._resend_skip(update.seat, self._skips_to_resend.pop(update.seat), stream.view)

    def _memory(self, stream: SeatStream) -> LogMemory:
        """The log memory of ``stream``'s current game (a new one for each game: the
        handles of a new game are not the last game's units)."""
        kept = self._memories.get(stream.seat)
        if kept is None or kept[0] != stream.events_game:
            kept = self._memories[stream.seat] = (stream.events_game, LogMemory())
        return kept[1]

    @staticmethod
    def _earlier_log(
        update: SeatChanged, view: dict[str, Any], memory: LogMemory | None = None
    ) -> list[str]:
        """The log lines of a sync's earlier events (the game so far), marked earlier.
        Only a log that is still empty gets them (a fresh join or watch, a new client
        after a restart): a client that shows the game's lines already keeps them, so a
        mere reconnect shows none twice."""
        return earlier_lines(sentences(list(update.earlier), view, None, memory))

    def _resend_skip(self, seat: int, turn: object, view: dict[str, Any]) -> None:
        """After a reconnect, "pass until my turn" again for a seat that had it on, when
        no turn has begun since the link dropped (so its own turn cannot have ended it):
        a server restarted meanwhile has forgotten it. Otherwise it stays off."""
        if turn is not None and view.get("turn") == turn and view.get("current") != seat:
            self.session.send_skip(seat, True)

    def _remember_skips(self) -> None:
        """Note the seats passing until their turn as the link drops (see
        :meth:`_resend_skip`)."""
        self._skips_to_resend = {}
        for seat in self.session.seats:
            stream = self.session.stream(seat)
            if stream is None or stream.view is None:
                continue
            if (stream.table_info.get("settings") or {}).get("skip"):
                self._skips_to_resend[seat] = stream.view.get("turn")

    def _link(self, update: LinkState) -> None:
        before = self.link
        if update.state == "online":
            self.link = ""
            if before.startswith("reconnecting"):
                self.app.notify("Connected again.", severity="information")
                self._settings_sent = False  # a restarted server has only the defaults
            if before and self.over_screen is not None:
                # An ask for the next game may have been lost with the link: the
                # server's table info says again who asked.
                self.over_screen.follow_server()
        elif update.state == "connecting":
            self.link = "connecting…" + (f" {update.detail}" if update.detail else "")
        elif update.state == "reconnecting":
            self.link = "reconnecting…" + (f" {update.detail}" if update.detail else "")
            if before == "" and not self.host_said:  # online: say so once, on any screen
                self._remember_skips()
                self.app.notify(
                    "Lost the connection to the server; reconnecting…", severity="warning"
                )
            elif before == "":  # the host stopped its server: its notice said so
                self._remember_skips()
        elif self.host_said == STOP_TABLE_CLOSED:
            self.link = "the host closed the table"
        else:
            self.link = "disconnected"

    # routing --------------------------------------------------------------------------------
    def route(self) -> None:
        """Show the right screen and the right seat for the current state."""
        if self.closed:
            return
        info = self.session.any_table_info()
        if info.get("status") == "waiting" or (
            self.session.table and not any(s.view for s in self.session.streams.values())
        ):
            self._show_lobby(info)
            return
        if not any(s.view for s in self.session.streams.values()):
            return
        self._ensure_table()
        self._follow_games()
        target = self._target_seat()
        if target is None and self.curtain is not None:
            curtain, self.curtain = self.curtain, None
            curtain.lower()  # the public view stays: nobody sits down
            self.displayed = None
        elif target != self.displayed:
            if self.hotseat and target is not None:
                self._hand_over(target)
            else:
                self.displayed = target
        self.render()
        self._check_over()

    def _target_seat(self) -> int | None:
        """The seat the table should show: a held seat that decides (the one shown, if
        it does), else (hot-seat) :meth:`_idle_seat`, else the one shown."""
        held: list[int | None] = list(self.session.seats) or [None]
        deciding = self._deciding()
        if self.curtain is not None:
            if not deciding and self.curtain.seat not in self._playing():
                return None  # out of the game while called: nobody to call now
            keep = self.curtain.seat in deciding or not deciding
            return self.curtain.seat if keep else deciding[0]
        if self.displayed in deciding:
            return self.displayed
        if deciding:
            return deciding[0]
        if self.hotseat:
            return self._idle_seat()
        return self.displayed if self.displayed in held else held[0]

    def _deciding(self) -> list[int]:
        """The held seats with a decision to make. A seat that conceded is not one: the
        server answers for it until it leaves (ruling 41), so nobody is asked to sit
        down for it."""
        return [
            seat for seat in self.session.seats_to_decide()
            if not self._conceded(seat)
        ]  # fmt: skip

    def _conceded(self, seat: int) -> bool:
        stream = self.session.stream(seat)
        return stream is not None and seat_conceded(stream, seat)

    def _playing(self) -> list[int]:
        """The held seats still in the game: not out, not on their way out."""
        return [
            seat for seat in self.session.seats
            if not is_out(self.session.view(seat) or {}) and not self._conceded(seat)
        ]  # fmt: skip

    def _idle_seat(self) -> int | None:
        """Hot-seat, no person at this keyboard decides: the seat the table shows
        meanwhile.

        * The game is over: the seat shown stays (the public view, if that is what
          shows): the game-over screen tells everyone everything, and nobody is asked
          to sit down behind a curtain for nothing.
        * The turn is a bot's (or a seat's out of reach of this keyboard): the public
          view, so the last person's hand does not wait on screen for the next person
          to see. So too when every person here is out of the game: they watch.
        * A person's own turn: the seat shown stays while bots respond, so it does not
          blink away after every maneuver; after the public view, that person's seat.
        """
        public = self.session.view(None)
        shown = self.session.view(self.displayed)
        if shown is not None and shown.get("result") is not None:
            return self.displayed
        playing = self._playing()
        if public is None:  # its first view is on its way: a held seat, as before it
            held = self.session.seats
            return self.displayed if self.displayed in held else (playing or held)[0]
        current = public.get("current")
        if current not in playing:
            return None
        return self.displayed if self.displayed in self.session.seats else current

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: show ``seat`` instead of what shows now. The curtain goes up first,
        unless the keyboard stays with the person who lifted the last one (only bots
        played meanwhile, the table showing its public view): nobody else was asked to
        take the keyboard, and that person's own hand is no secret to them. A curtain
        already up stays up, for whoever decides now: the keyboard may have changed
        hands while it was up."""
        if self.curtain is None and seat == self._at_keyboard:
            self.displayed = seat
            if self.table_screen is not None:
                self.table_screen.hold_keys()  # not a key pressed at the public view
            return
        self._raise_curtain(seat)

    def _raise_curtain(self, seat: int) -> None:
        stream = self.session.stream(seat)
        name = self._seat_name(seat)
        reason = safe_prompt(stream.view).title if stream and stream.view else ""
        deciding = seat in self._deciding()  # or only their turn at the keyboard
        if self.curtain is not None:
            self.curtain.retarget(seat, name, reason, deciding)
            return
        self._put_draft_away()
        # Nothing private of the old seat may wait above the table (its log, say).
        while (
            self.table_screen is not None
            and self.app.screen is not self.table_screen
            and (len(self.app.screen_stack) > 3)
        ):
            self.app.pop_screen()
        # Nor its toasts ("Passing until your turn"): they belong to the person who
        # caused them. Toasts are posted: those this batch's updates posted are still on
        # their way, and stay for the next person (what the server said to the table).
        self.app.clear_notifications()
        curtain = CurtainScreen(seat, name, reason, on_lift=self._sit_down, deciding=deciding)
        self.curtain = curtain
        self.app.push_screen(curtain, lambda _seat: self._lifted(curtain))
        # Under the curtain: what every seat may see, drawn now. The old seat's hand must
        # not wait there for the curtain to go (the table is drawn again as it comes back).
        if self.session.view(None) is not None:
            self.displayed = None
            self.render_now()

    def _sit_down(self, seat: int) -> None:
        """The curtain goes for the player of ``seat``: draw their table now, while the
        curtain still covers it. The curtain's dismiss callback (:meth:`_lifted`) comes
        only after the pop, and a frame may be drawn in between."""
        self.curtain = None  # going: a decision that moves on now raises a new one
        self.displayed = seat
        self._at_keyboard = seat
        if self.table_screen is not None:  # their own unsent line, if they left one
            self.table_screen.give_chat_draft(self._drafts.pop(seat, ""))
            self.table_screen.hold_keys()  # a second Enter is not their first choice
        self.render_now()

    def _put_draft_away(self) -> None:
        """The keyboard is passing on: the unsent chat line (the table's, or its log
        screen's) leaves the field, kept for the person who typed it; left there, it
        would be said under the next person's name."""
        if self.table_screen is None:
            return
        draft = self.table_screen.take_chat_draft()
        owner = self._at_keyboard if self._at_keyboard is not None else self.displayed
        if draft and owner is not None:
            self._drafts[owner] = draft

    def _lifted(self, curtain: CurtainScreen) -> None:
        if self.curtain is curtain:  # taken down without :meth:`_sit_down`
            self.curtain = None
        self.render()
        self.route()

    def _seat_name(self, seat: int) -> str:
        view = self.session.view(seat) or {}
        for p in view.get("players", []):
            if p.get("seat") == seat:
                return str(p.get("name") or f"Seat {seat + 1}")
        return f"Seat {seat + 1}"

    def _show_lobby(self, info: dict[str, Any]) -> None:
        if self.lobby is None:
            self.lobby = LobbyScreen()
            self.app.switch_to(self.lobby)
        address = "" if self.local else (self.url or "")  # the server a guest joined
        self.lobby.show(
            self.session.table or "", info, self.reach, self.link, self.session.seats,
            address=address, watching=self.session.spectator,
        )  # fmt: skip

    def _ensure_table(self) -> None:
        if self.table_screen is None:
            self.table_screen = TableScreen(watching=self.session.spectator)
            for line in self.early_chat:
                self.table_screen.add_chat(line.name, line.text, line.earlier)
            self.early_chat = []
            self.app.switch_to(self.table_screen)
            self.lobby = None
            # What is loaded by now (the card catalog, the rules, the app) lives as long
            # as the process: keep it out of the garbage collector's full passes, which
            # otherwise stall a redraw now and then for tens of milliseconds.
            gc.freeze()

    # rendering ------------------------------------------------------------------------------
    def frame(self, seat: int | None) -> TableFrame | None:
        """What the table shows for ``seat`` now (None before its first view)."""
        stream = self.session.stream(seat)
        if stream is None or stream.view is None:
            return None
        view = stream.view
        # Busy while a choice is on its way, or the next of a batch is about to go (a
        # trigger's targets asked in between must stay answerable).
        busy = stream.in_flight is not None or (
            bool(stream.batch) and stream.batch[0] in stream.legal
        )
        match = stream.table_info.get("match")
        teams = seat_teams(stream.table_info)  # a team game's score is the teams'
        names = seat_names(stream.table_info)  # more than two seats: who has won, by name
        label = match_label(match, teams=teams, names=names)  # "Game 2 of best of 3 · 1–0"
        code = self.session.table if self.reach is not None or not self.local else ""
        short = " · ".join(t for t in (code or "", match_label(match, True, teams, names)) if t)
        numbers = self._memory(stream).numbers  # units named as the log names them
        table = build_table(view, table_info=stream.table_info, numbers=numbers)
        return TableFrame(
            table=table,
            prompt=self._conceded_prompt(stream, view) or marked_wait(as_the_server_passes(
                safe_prompt(view, numbers=numbers), view, stream.table_info.get("settings")
            ), table.players),
            log=stream.log,
            log_owner=stream,
            busy=busy,
            # no countdown while the link is down: the server's clock cannot be known
            # (a server that stopped runs none; the sync on reconnecting brings it back)
            deadline=None if self.link else stream.countdown(),
            link=self.link,
            title=" · ".join(t for t in (self._title(), label) if t),
            short_title=short,
        )

    def _title(self) -> str:
        """The status line's title: a hosted table's join code (for those who join or watch
        later); a spectator who sees every hand is told so."""
        if self.reach is not None and self.session.table:
            return f"{self.title} {self.session.table}"
        if self.session.sees_every_hand:
            return f"{self.title} — all hands shown"
        return self.title

    def render(self) -> None:
        """Redraw the table soon: a burst of patches is drawn once."""
        if not self._render_pending:
            self._render_pending = True
            self.app.call_later(self.render_now)

    def render_now(self) -> None:
        self._render_pending = False
        if self.table_screen is None or self.closed:
            return
        frame = self.frame(self.displayed)
        if frame is not None:
            self.table_screen.show(frame)
            if isinstance(self.app.screen, LogScreen) and self.curtain is None:
                self.app.screen.add_line(frame.log)

    def _check_over(self) -> None:
        stream = self.session.stream(self.displayed)
        view = stream.view if stream else None
        if view and not view.get("result"):  # the game goes on: in which phase
            self._phase_before_over = str(view.get("phase", ""))
        if not stream or not view or not view.get("result") or _played(stream) != self.played:
            return
        match = stream.table_info.get("match")
        seats = stream.table_info.get("seats") or []
        # between the games of a match a seat the server plays for its away player (a bot,
        # or its concession by the away policy) agrees to the next game unasked: the
        # screen does not wait for it (a rematch waits for everyone's own ask)
        stand_in = isinstance(match, dict) and match.get("next") == "game"
        away = {i: "left the table" if s.get("left") else "away" for i, s in enumerate(seats)
                if s.get("kind") == "human" and s.get("claimed")
                and s.get("connected") is False
                and not (stand_in and (s.get("bot") or s.get("conceded_away")))}  # fmt: skip
        if self.over_screen is not None:  # who has asked for the next game, who is away
            self.over_screen.show(build_table(view), match, away)
        if self.over_shown:
            return
        self.over_shown = True
        if self.curtain is not None:  # nobody decides any more: the game-over box tells all
            curtain = self.curtain
            self._sit_down(curtain.seat)
            curtain.lower()
        names = [str(s.get("name") or f"Seat {i + 1}") for i, s in enumerate(seats)]
        humans = [i for i, s in enumerate(seats) if s.get("kind") == "human"]
        mine = self.session.seats
        screen = GameOverScreen(
            build_table(view), bool(mine), match, names, humans, mine,
            self._close_warning(match), away, self._leave_match_warning(match),
            during_setup=self._phase_before_over == "setup",
        )  # fmt: skip
        self.over_screen = screen
        # The screen says it all: no toast over its box. Toasts are posted, not shown at
        # once: this clears too those of this batch ("The game is over.").
        self.app.call_later(self.app.clear_notifications)
        self.app.push_screen(screen, lambda choice: self._over_closed(screen, choice))

    @staticmethod
    def _conceded_prompt(stream: SeatStream, view: dict[str, Any]) -> Prompt | None:
        """The seat conceded and is not out yet: the server answers its decisions until
        its next priority, where it leaves the game (ruling 41); nothing to choose. A
        concession the away policy made while its player was gone is said as such: they
        did not concede themselves."""
        seat = stream.seat
        if seat is None or view.get("result") or is_out(view) or not seat_conceded(stream, seat):
            return None
        if _seat_entry(stream, seat).get("conceded_away"):
            title = (
                "You were away too long: your seat conceded; it leaves the game at its "
                "next priority."
            )
        else:
            title = "You conceded: you leave the game at your next priority."
        return Prompt(mode="wait", title=title, seat=seat)

    def closing_warning(self) -> str | None:
        """The question before quitting once the game is over: a host's closes the table,
        and a local match's next game is lost."""
        match = self.session.any_table_info().get("match")
        return self._close_warning(match) or self._leave_match_warning(match)

    def _close_warning(self, match: Any) -> str | None:
        """A host's question before the menu closes the table, when someone joined it."""
        seats = self.session.any_table_info().get("seats") or []
        others = [
            s for s in seats if s.get("kind") == "human" and s.get("seat") not in self.session.seats
        ]
        if not self.hosting or not others:
            return None
        return close_warning(isinstance(match, dict) and match.get("next") == "game")

    def _leave_match_warning(self, match: Any) -> str | None:
        """The question before leaving a match of this terminal's own server between its
        games: the server stops when this terminal leaves, and the match cannot be
        resumed. A match at a server elsewhere (joined, or made there with ``host --on``)
        is not asked about: its seat can be joined again. A host whose table others
        joined is asked :meth:`_close_warning` instead (the game-over screen asks that
        first)."""
        goes_on = isinstance(match, dict) and match.get("next") == "game"
        if not self.local or not goes_on or self.session.spectator:
            return None
        return LOCAL_MATCH_WARNING

    def _over_closed(self, screen: GameOverScreen, choice: str | None) -> None:
        if self.over_screen is screen:
            self.over_screen = None
        self.app.after_game(choice)

    def _follow_games(self) -> None:
        """When the table begins its next game (a match's next game, a rematch): close
        the game-over screen and mark the log."""
        played = max((_played(s) for s in self.session.streams.values() if s.doc), default=1)
        if played <= self.played:
            return
        first, self.played = self.played == 0, played
        if first:
            return
        self.over_shown = False
        if self.hotseat:  # new hands: the first to decide sits down behind the curtain,
            self.displayed = None  # even the seat shown last (route raises it on a change)
            self._at_keyboard = None  # and even the person who had the keyboard last
        # The last game's toasts go ("The game is over."). Toasts are posted: this
        # batch's ("Game 2 has started") are still on their way, and stay.
        self.app.clear_notifications()
        for stream in self.session.streams.values():
            stream.clock_key = None  # the next game counts its versions from 0 again
        screen, self.over_screen = self.over_screen, None
        if screen is not None:
            screen.retire()

    def _mark_next_game(self) -> None:
        """Head the log with the next game's title ("— Game 2 of best of 3 · 1–0 —") when
        these updates bring it, before its first lines."""
        played = max((_played(s) for s in self.session.streams.values() if s.doc), default=1)
        if self.played == 0 or played <= max(self.played, self._headed):
            return
        self._headed = played
        info = self.session.any_table_info()
        label = match_label(info.get("match"), teams=seat_teams(info),
                            names=seat_names(info)) or f"Game {played}"  # fmt: skip
        for stream in self.session.streams.values():
            stream.log.append(f"— {label} —")

    # intents --------------------------------------------------------------------------------
    def choose(self, seat: int | None, actions: list[dict[str, Any]]) -> None:
        """Submit what the player chose (``seat`` must be the displayed seat)."""
        if seat is None or seat != self.displayed or self.curtain is not None:
            self.render()  # the prompt bar showed it as sent: show it as it is
            return
        problem = self.session.submit_batch(seat, actions)
        if problem:
            self.app.notify(problem, severity="warning")
        self.render()

    def skip(self, on: bool | None) -> None:
        """Pass until my turn for the displayed seat: ``on`` None turns it on or off. Each
        request says what it did: in a decision the server does not pass (choosing
        defenders, say) nothing else on the table shows that it is on or off."""
        seat = self.displayed
        stream = self.session.stream(seat)
        if seat is None or stream is None or stream.view is None or self.curtain is not None:
            return
        skipping = bool((stream.table_info.get("settings") or {}).get("skip"))
        wanted = not skipping if on is None else on
        if wanted == skipping:
            return
        if wanted and stream.view.get("current") == seat:
            # Decided: "pass until my turn" is for the other players' turns only. The
            # server ends it as the seat's own turn begins (server/table.py _end_skips),
            # so a request now would be undone at once; P says why instead, in the
            # maneuver phase and in the end-of-turn window alike.
            self.app.notify(
                "Not during your own turn: \"pass until my turn\" is for others' turns. "
                "Ask again once your turn has ended.",
                severity="warning",
            )
            return
        problem = self.session.send_skip(seat, wanted)
        if problem:
            self.app.notify(problem, severity="warning")
        elif wanted:
            self.app.notify("Passing until your turn (P stops).", timeout=3)
        else:
            self.app.notify("Stopped passing until your turn: you are asked again.", timeout=3)

    def chat(self, text: str) -> None:
        if self.link and text.strip():  # not online: the line would be lost unseen
            self.app.notify(
                f"Not sent (no connection to the server): {text.strip()[:80]}",
                severity="warning",
            )
            return
        if self.displayed is None and self.session.seats:  # hot-seat, a bot's turn
            self.app.notify(
                "Not sent: the table shows its public view while a bot plays; write when "
                "a player's view is back.",
                severity="warning",
            )
            return
        problem = self.session.chat(self.displayed, text)
        if problem:
            self.app.notify(problem, severity="warning")

    def ask_next_game(self) -> None:
        """The player asks for the table's next game (of the match, or a rematch). Not
        while the link is down: the request would be lost unseen, so the player is told
        and the game-over screen offers it again."""
        if self.link:
            match = self.session.any_table_info().get("match")
            rematch = not isinstance(match, dict) or match.get("next") != "game"
            what = "a rematch" if rematch else "the next game"
            self.app.notify(
                f"Not sent (no connection to the server): ask for {what} once connected "
                "again.",
                severity="warning",
            )
            if self.over_screen is not None:
                self.over_screen.follow_server()
            return
        self.session.ask_next_game()


def seat_conceded(stream: SeatStream, seat: int) -> bool:
    """Whether the table says ``seat`` conceded the game being played."""
    return bool(_seat_entry(stream, seat).get("conceded"))


def _seat_entry(stream: SeatStream, seat: int) -> dict[str, Any]:
    """The table's entry for ``seat`` (empty when it has none)."""
    for s in stream.table_info.get("seats") or []:
        if isinstance(s, dict) and s.get("seat") == seat:
            return s
    return {}


def _played(stream: SeatStream) -> int:
    """Which of its table's games a stream's document shows (1 for an older server)."""
    match = stream.table_info.get("match")
    return int(match.get("played") or 1) if isinstance(match, dict) else 1


def start_failure(exc: Exception, settings: dict[str, Any]) -> str:
    """Why the local server did not start, in one sentence. A database that cannot be
    used is named; one that is not a games database says what to do about it."""
    import sqlite3
    from pathlib import Path

    from server.local import local_games_path

    said = f"Could not start the local server: {exc}"
    db = settings.get("db_path")
    if not db or not isinstance(exc, sqlite3.Error):
        return said
    if str(db) not in said:
        said = f"Could not start the local server: {db}: {exc}"
    if isinstance(exc, sqlite3.OperationalError):  # locked, unreadable: not the file's content
        return said
    if Path(db) == local_games_path():  # the file of this machine's local games
        return f"{said}. Move that file away (a new one is made in its place) and try again."
    return f"{said}. Choose another file with --db."

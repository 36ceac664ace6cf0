"""Join (or watch) a game on another machine: the server's address and the join code.

Games advertised on the LAN (``allegiance host`` / ``allegiance serve``) are listed live
at the top; picking one (arrows, enter) fills in its address and moves to the join code,
which the host still has to tell you. Typing an address by hand always works. When
looking on the LAN is not possible (no network, no multicast) a one-line note says so
and the rest of the screen works as before. A player who joins may choose the hero to
play (the seat's hero as the host set it, by default); a watcher has no such choice.

Once an address and a whole join code are typed (and the fields are quiet for a moment)
the screen asks the server about that table (``list`` with the code) and says who sits
there and what joining or watching gives; the hero list marks the heroes other seats
already have, and Join does not send one of those (the server would refuse it).
"""

from __future__ import annotations

import contextlib
import urllib.parse
from dataclasses import dataclass
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from client.cards import default_book
from client.markup import escape
from client.net.ask import ServerSaid, peek_table
from client.net.connection import unreachable
from client.net.lan import Discovery, DiscoveryFactory, LanGame, Listener, lan_browser
from client.settings import Settings, recall_seat
from client.viewmodel.peek import best_of, hero_options, table_words, taken_heroes
from server.tokens import CODE_LENGTH

#: Seconds after which "looking…" becomes "no games found yet" (display only).
QUIET_AFTER = 4.0
#: Seconds the address and code fields stay unchanged before the table is looked up.
PEEK_AFTER = 0.4


@dataclass(frozen=True)
class JoinPlan:
    url: str
    table: str
    watch: bool = False
    hero: str | None = None  # the hero to play (a free seat that lets its player choose)


def server_url(address: str) -> str:
    """``host:port`` (or a ``ws://`` / ``wss://`` URL) as a websocket URL."""
    address = address.strip()
    if "://" in address:
        return address
    if ":" not in address.rsplit("]", 1)[-1]:
        address += ":8765"
    return f"ws://{address}"


def address_problem(address: str) -> str | None:
    """Why ``address`` (as typed: ``host:port`` or a URL) is not a server's address, for
    people; None when it is one. Checked before connecting: a port out of range or an
    unclosed bracket would otherwise fail only inside the connection."""
    why = _why_not(server_url(address))
    return None if why is None else f"{address.strip()} is not a server address: {why}."


def _why_not(url: str) -> str | None:
    """What is wrong with a websocket URL, or None."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:  # "Invalid IPv6 URL": a bracket left open
        return "a bracket is not closed (an IPv6 address is written [::1]:8765)"
    try:
        port = parts.port
    except ValueError:  # not a number, or out of range
        port = 0
    if parts.scheme not in ("ws", "wss"):
        return "write it as HOST:PORT (or a ws:// URL)"
    if port == 0 and not parts.netloc.startswith("[") and parts.netloc.count(":") > 1:
        return "an IPv6 address goes in brackets, as [::1]:8765"
    if port == 0:
        return "the port must be a number from 1 to 65535"
    if not parts.hostname:
        return "the host is missing (HOST:PORT)"
    return None


def default_discovery(on_change: Listener) -> Discovery:
    """The discovery the screen uses unless given one (tests replace this)."""
    return lan_browser(on_change)


async def default_peek(url: str, code: str) -> dict[str, Any]:
    """How the screen looks a table up (tests replace this): the server's summary."""
    return await peek_table(url, code)


def game_line(game: LanGame) -> str:
    """One row of the list: name, address, open tables and seats."""
    summary = game.summary()
    extra = f"  [$text-muted]{escape(summary)}[/]" if summary else ""
    return f"[b]{escape(game.name)}[/]  {escape(game.address)}{extra}"


class JoinScreen(Screen[JoinPlan | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "go", "Connect"),
        Binding("down", "to_list", "Games found", show=False),
    ]

    def __init__(
        self,
        address: str = "",
        watch: bool = False,
        discovery: DiscoveryFactory | None = None,
        hero: str | None = None,
        code: str = "",
    ) -> None:
        """``code``: the join code to show already (a join that failed, to try again)."""
        super().__init__()
        self.address = address
        self.code = code
        self.spectate = watch
        self.hero = hero
        self.games: list[LanGame] = []
        self._factory = discovery
        self._discovery: Discovery | None = None
        self._looking = True
        self._unavailable: str | None = None
        self.peek_after = PEEK_AFTER
        self._peek_timer: Timer | None = None
        #: The address and code last looked up, and what the server said of that table
        #: (None: nothing yet, or no such table).
        self._peeked: tuple[str, str] | None = None
        self._table: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        verb = "Watch" if self.spectate else "Join"
        with Vertical(classes="center-box"), Vertical(classes="panel", id="join-panel"):
            yield Static(f"{verb} a game", classes="panel-title")
            yield Label("Games on this network", classes="field-label", id="lan-label")
            yield OptionList(id="lan-games")
            yield Static("", id="lan-note")
            with Horizontal(id="join-fields"):
                with Vertical(id="address-field"):
                    yield Label("Server address (host:port)", classes="field-label")
                    # no select-all on focus: a key typed on the list continues the
                    # address, and a Backspace after it takes one character, not all
                    yield Input(self.address, placeholder="192.168.1.20:8765", id="address",
                                select_on_focus=False)  # fmt: skip
                with Vertical(id="code-field"):
                    yield Label("Join code", classes="field-label")
                    yield Input(self.code, placeholder="from the host", id="code", max_length=16,
                                select_on_focus=False)  # fmt: skip
            yield Static("", id="table-note")
            if not self.spectate:
                heroes = hero_options(None, default_book().heroes())
                with Horizontal(id="join-hero-field"):
                    yield Label("Your hero", classes="field-label", id="join-hero-label")
                    yield Select(heroes, value=self.hero or "", allow_blank=False,
                                 id="join-hero")  # fmt: skip
            with Horizontal(classes="buttons"):
                yield Button(verb, variant="primary", id="go")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#lan-games", OptionList).display = False
        self._show_note()
        self.query_one("#address" if not self.address else "#code", Input).focus()
        self.run_worker(self._discover(), group="lan", exit_on_error=False)
        self.set_timer(QUIET_AFTER, self._stop_looking)
        self.query_one("#table-note", Static).display = False
        self._fields_changed()  # a code given already (a join to try again) is looked up

    # discovery --------------------------------------------------------------------------
    async def _discover(self) -> None:
        factory = self._factory or default_discovery
        try:
            discovery = factory(self.show_games)
            self._discovery = discovery
            await discovery.start()
        except Exception as exc:  # no network, no multicast, a zeroconf bug: say so quietly
            self._discovery = None
            self.discovery_failed(str(exc) or type(exc).__name__)

    def discovery_failed(self, reason: str) -> None:
        self._unavailable = reason
        self._show_note()

    def _stop_looking(self) -> None:
        self._looking = False
        self._show_note()

    def _show_note(self) -> None:
        note = self.query_one("#lan-note", Static)
        if self._unavailable is not None:
            text = (
                "Cannot look for games on this network "
                f"({escape(self._unavailable[:60])}); type the address below."
            )
        elif self.games:
            text = "↑↓ and enter pick a game; the host tells you the join code."
        elif self._looking:
            text = "Looking for games on this network…"
        else:
            text = "No games found on this network yet; type the address below."
        note.update(f"[$text-muted]{text}[/]")

    def show_games(self, games: list[LanGame]) -> None:
        """The discovery's listener: show ``games`` (the whole, current list)."""
        if not self.is_mounted:
            return
        # games keep their places and newcomers go last, so nothing moves under the cursor
        place = {g.key: i for i, g in enumerate(self.games)}
        self.games = sorted(games, key=lambda g: place.get(g.key, len(place)))
        listing = self.query_one("#lan-games", OptionList)
        highlighted = listing.highlighted_option
        keep = highlighted.id if highlighted is not None else None
        listing.clear_options()
        listing.add_options([Option(game_line(g), id=g.key) for g in self.games])
        listing.display = bool(self.games)
        keys = [g.key for g in self.games]
        if self.games:
            listing.highlighted = keys.index(keep) if keep in keys else 0
        self._show_note()
        # A found game never takes the focus: what the player types meanwhile goes on
        # into the field they are in (the list is reached with the arrows).

    def action_to_list(self) -> None:
        """↓ in the address or code field: into the list of found games (if any)."""
        listing = self.query_one("#lan-games", OptionList)
        if listing.display and listing.option_count:
            if listing.highlighted is None:
                listing.highlighted = 0
            listing.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """↓ reaches the list only from the text fields (elsewhere it does as before)."""
        if action == "to_list":
            return isinstance(self.focused, Input)
        return True

    def on_key(self, event: events.Key) -> None:
        """Typing while on the list of found games types into the address field (its
        end): nothing typed is lost, and none of it lands in the join code."""
        if self.focused is not self.query_one("#lan-games", OptionList):
            return
        if event.character is None or not event.is_printable:
            return
        event.stop()
        event.prevent_default()
        address = self.query_one("#address", Input)
        address.focus()
        address.cursor_position = len(address.value)
        address.insert_text_at_cursor(event.character)

    @on(OptionList.OptionSelected, "#lan-games")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game = next((g for g in self.games if g.key == event.option_id), None)
        if game is None:
            return
        self.query_one("#address", Input).value = game.address
        self.query_one("#code", Input).focus()

    async def on_unmount(self) -> None:
        discovery, self._discovery = self._discovery, None
        if discovery is not None:
            with contextlib.suppress(Exception):  # closing takes well under a millisecond
                await discovery.close()

    # the table the code names --------------------------------------------------------
    @on(Input.Changed, "#address")
    @on(Input.Changed, "#code")
    def _fields_changed(self) -> None:
        """Look the table up once the fields are quiet for a moment (not at every key)."""
        if self._peek_timer is not None:
            self._peek_timer.stop()
            self._peek_timer = None
        if self.peek_after <= 0:  # at once (Textual's timers need a positive delay)
            self.call_later(self._peek)
            return
        self._peek_timer = self.set_timer(self.peek_after, self._peek)

    def _fields(self) -> tuple[str, str] | None:
        """The server's URL and the join code typed, when both are whole; else None."""
        address = self.query_one("#address", Input).value.strip()
        code = self.query_one("#code", Input).value.strip().upper()
        if not address or len(code) < CODE_LENGTH or address_problem(address) is not None:
            return None
        return server_url(address), code

    def _peek(self) -> None:
        fields = self._fields()
        if fields == self._peeked:
            return
        self._peeked, self._table = fields, None
        self._show_heroes()
        if fields is None:
            self._say_table("")
            return
        self._say_table(f"Looking for table {fields[1]}…")
        self.run_worker(self._look(*fields), group="peek", exclusive=True, exit_on_error=False)

    async def _look(self, url: str, code: str) -> None:
        try:
            table: dict[str, Any] | None = await default_peek(url, code)
            said = ""
        except ServerSaid as exc:
            table, said = None, exc.message
        except (OSError, TimeoutError) as exc:
            table, said = None, unreachable(url, exc)
        except Exception as exc:  # websockets' handshake errors, a bad frame
            table, said = None, f"The server at {url} did not answer: {exc}"
        if self._peeked != (url, code) or not self.is_mounted:
            return  # the fields changed meanwhile: a newer look is under way
        self._table = table
        names = dict(default_book().heroes())
        held = recall_seat(url, code)  # "you asked for a rematch" when the seat is ours
        own = held[0] if held is not None else None
        self._say_table(said if table is None else table_words(table, names, self.spectate, own))
        self._show_heroes()

    def _say_table(self, text: str) -> None:
        note = self.query_one("#table-note", Static)
        note.display = bool(text)
        note.update(escape(text))

    def _show_heroes(self) -> None:
        """The hero list as the table found allows it: other seats' heroes marked; off
        in a match (the server deals each game's heroes, which the shown value says)."""
        if self.spectate:
            return
        select = self.query_one("#join-hero", Select)
        chosen = select.value
        options = hero_options(self._table, default_book().heroes())
        with select.prevent(Select.Changed):
            select.set_options(options)
            if chosen in {value for _, value in options}:
                select.value = chosen
            # The value kept is often the one before, under new words ("Random each
            # game", "— taken by Ann"): a value set again unchanged does not redraw them.
            # (mypy cannot type the class attribute of the generic Select.)
            select.mutate_reactive(Select.value)  # type: ignore[misc]
        select.disabled = self._table is not None and best_of(self._table) > 1

    def _taken(self, hero: str) -> str | None:
        """Why ``hero`` cannot be had at the table found ("Nyx Valendra is taken by
        Ann"), or None."""
        if self._table is None or self._peeked != self._fields():
            return None
        why = taken_heroes(self._table).get(hero)
        if why is None:
            return None
        return f"{dict(default_book().heroes()).get(hero, hero).split(',')[0]} is {why}"

    # joining ----------------------------------------------------------------------------
    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "address":
            self.query_one("#code", Input).focus()
        else:
            self.action_go()

    @on(Button.Pressed, "#go")
    def action_go(self) -> None:
        address = self.query_one("#address", Input).value.strip()
        code = self.query_one("#code", Input).value.strip().upper()
        if not address or not code:
            self.notify("Give the server's address and the join code.", severity="warning")
            return
        problem = address_problem(address)
        if problem is not None:
            self.notify(problem, severity="warning")
            self.query_one("#address", Input).focus()
            return
        hero = None
        if not self.spectate:
            select = self.query_one("#join-hero", Select)
            chosen = select.value
            hero = chosen if isinstance(chosen, str) and chosen and not select.disabled else None
            taken = self._taken(hero) if hero is not None else None
            if taken is not None:
                self.notify(f"{taken}; choose another hero.", severity="warning")
                select.focus()
                return
        self.dismiss(JoinPlan(server_url(address), code, self.spectate, hero))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self._keep_address()
        self.dismiss(None)

    def _keep_address(self) -> None:
        """The address typed here becomes the one the Join and Watch screens offer next,
        as a join or watch made from here keeps it: a player who goes back to watch
        rather than join (or the other way) does not type it again. The app's settings
        hold it, so it is written with their next save."""
        typed = self.query_one("#address", Input).value.strip()
        settings = getattr(self.app, "settings", None)
        if typed and address_problem(typed) is None and isinstance(settings, Settings):
            settings.last_address = server_url(typed).removeprefix("ws://")

"""New local game: the format, for a duel one game or a best-of-3/5 match, and for each
seat a human in this terminal or a bot, its name and its hero (or random; a match deals
random heroes before each game, so the hero choices are off then).

The same screen sets up a game to host (``hosting``): the first human seat is the
host's, the other human seats wait for players who join with the code the lobby shows
(they bring their own names), and the host says who may watch, what happens to a player
who is away past the server's grace (a minute: the table waits, a bot plays for them or
they concede; the decision timer is the one in Settings) and where the table is made: on
this machine, served to the LAN, or on another machine's server (one running
``allegiance serve``, as ``allegiance host --on``).

Two seats cannot choose the same hero (``docs/rulings.md``, 46): the screen says so under
the seats and Start waits until they differ. The last local game started here is kept in
the config folder (``new-game.json``), so the screen opens on it after a restart too; so is
the last table hosted from it (``host-game.json``, with who may watch, the away choice,
where it was made and the server address typed), or the Host form as Back left it when
its choices were changed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from client.cards import default_book
from client.screens.join import address_problem
from client.settings import config_dir, read_kept, write_json

FORMATS = (
    ("duel", "Duel — two players"),
    ("ffa", "Free-for-all — three or four"),
    ("sworn", "Sworn enemy — three or four"),
    ("team", "Teams — two against two"),
)
SEAT_COUNTS = {"duel": (2,), "ffa": (3, 4), "sworn": (3, 4), "team": (4,)}
#: One game, or a Competitive Match (rulebook): duels only.
BEST_OF = ((1, "One game"), (3, "Best of 3 — a match"), (5, "Best of 5 — a match"))
#: Who may watch a hosted table (the server's ``spectators`` option).
SPECTATORS = (
    ("public", "Spectators: anyone with the code, no hands shown"),
    ("none", "Spectators: nobody"),
    ("all", "Spectators: anyone with the code, every hand shown"),
)
#: What happens to a player of a hosted table who loses the connection and is not back
#: within the server's grace (the server's ``policy`` option; ``allegiance host --if-away``).
IF_AWAY = (
    ("wait", "If a player is away: the table waits for them"),
    ("bot", "If a player is away a minute: a bot plays for them"),
    ("concede", "If a player is away a minute: they concede"),
)


def if_away_options(grace: object) -> list[tuple[str, str]]:
    """The away choices as the form lists them, saying the plan's grace when it has one
    of its own (``allegiance host --grace 5``: "away 5 s"), else the server's minute."""
    own = isinstance(grace, int | float) and not isinstance(grace, bool) and grace != 60
    span = f"{grace:g} s" if own else "a minute"
    return [(text.replace("a minute", span), key) for key, text in IF_AWAY]


#: Where a hosted table is made: served here, or on a server at an address typed in.
WHERE = (
    ("here", "Served from this machine (LAN)"),
    ("there", "On a server at an address…"),
)
KINDS = (
    ("human", "Human"),
    ("bot0", "Bot — random"),
    ("bot1", "Bot — easy"),
    ("bot2", "Bot — medium"),
    ("bot3", "Bot — hard"),
)


@dataclass(frozen=True)
class SeatPlan:
    kind: str  # "human" | "bot"
    name: str
    hero: str | None  # None: random
    level: int = 1  # bots: 0 random, 1 easy, 2 medium, 3 hard

    @property
    def choice(self) -> str:
        return "human" if self.kind == "human" else f"bot{self.level}"

    def to_wire(self) -> dict[str, object]:
        seat: dict[str, object] = {"kind": self.kind, "name": self.name, "hero": self.hero}
        if self.kind == "bot":
            seat["level"] = self.level
        return seat


@dataclass(frozen=True)
class LocalPlan:
    """A local game to start: the format and one plan per seat, in seat order."""

    format: str
    seats: tuple[SeatPlan, ...]
    options: dict[str, object] = field(default_factory=dict)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def best_of(self) -> int:
        value = self.options.get("best_of", 1)
        return value if isinstance(value, int) and self.format == "duel" else 1

    def setup(self) -> dict[str, object]:
        """The rule set's setup: the format and, in a team game, each seat's team as the
        screen shows it (seats 1 and 3 are team 1, "T1"; 2 and 4 team 2)."""
        if self.format != "team":
            return {"format": self.format}
        return {"format": "team", "seats": [{"team": i % 2} for i in range(len(self.seats))]}


def default_name(kind: str, i: int) -> str:
    """Seat ``i``'s name when nobody typed one: "Player 2" or "Bot 2"."""
    return f"Player {i + 1}" if kind == "human" else f"Bot {i + 1}"


def kind_name(name: str, kind: str, i: int) -> str:
    """Seat ``i``'s name for a ``kind`` of seat: a default name of the other kind ("Bot",
    "Bot 3"; "Player", "Player 3") or none becomes this kind's default; a name the user
    typed stays."""
    name = name.strip()[:32]
    other = "bot" if kind == "human" else "human"
    stale = {default_name(other, j) for j in range(4)} | {"Bot" if other == "bot" else "Player"}
    return default_name(kind, i) if not name or name in stale else name


def seat_label(i: int, fmt: str) -> str:
    """A seat's label, in a team game with its team: "Seat 3 T1" (seats 1 and 3 are
    team 1)."""
    return f"Seat {i + 1}" + (f" T{i % 2 + 1}" if fmt == "team" else "")


def default_plan(name: str = "Player") -> LocalPlan:
    """The plan the new-game screen opens on when this session has none yet: the last
    one started from it (kept across restarts, :func:`load_plan`), else a duel of
    ``name`` against a bot."""
    return load_plan(name) or first_plan(name)


def first_plan(name: str = "Player") -> LocalPlan:
    """A duel of ``name`` against a bot: the new-game screen's plan the first time."""
    bot = SeatPlan("bot", "Bot", None, 2)  # medium, as a hosted table's bots
    return LocalPlan("duel", (SeatPlan("human", name, None), bot))


def default_host_plan(name: str = "Player") -> LocalPlan:
    """The plan the Host form opens on when this session has made no table from it yet:
    the last one made from it (kept across restarts, :func:`load_host_memory`), else
    :func:`first_host_plan`."""
    kept, _ = load_host_memory(name)
    return kept.plan if kept is not None else first_host_plan(name)


def first_host_plan(name: str = "Player") -> LocalPlan:
    """A duel between the host and one player who joins: the Host form's plan the first
    time."""
    seats = (SeatPlan("human", name, None), SeatPlan("human", "Player 2", None))
    return LocalPlan("duel", seats, {"spectators": "public"})


def hero_problem(seats: Sequence[SeatPlan], names: Mapping[str, str]) -> str | None:
    """Why these seats cannot start: a hero chosen by more than one of them ("Thedric
    Egen is chosen by seats 1, 2 and 3."), or None. ``names`` gives a hero id's name."""
    held: dict[str, list[int]] = {}
    for i, seat in enumerate(seats):
        if seat.hero is not None:
            held.setdefault(seat.hero, []).append(i + 1)
    for hero, numbers in held.items():
        if len(numbers) > 1:
            listed = ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
            return f"{names.get(hero, hero)} is chosen by seats {listed}; each needs its own hero."
    return None


# --- the last plan, kept across restarts ----------------------------------------------

#: The file in the config folder that keeps the last plan started from the screen.
PLAN_FILE = "new-game.json"


def plan_path() -> Path:
    return config_dir() / PLAN_FILE


def plan_to_json(plan: LocalPlan, name: str) -> dict[str, Any]:
    """What the file keeps of ``plan``: the format, the match length and each seat's
    kind, bot level, name and hero. A seat named ``name`` (the player's own name from
    the settings) is kept without it, so a name changed in the settings is used next
    time."""
    seats = []
    for s in plan.seats:
        seat: dict[str, Any] = {"kind": s.kind, "name": None if s.name == name else s.name,
                                "hero": s.hero}  # fmt: skip
        if s.kind == "bot":
            seat["level"] = s.level
        seats.append(seat)
    return {"format": plan.format, "best_of": plan.best_of, "seats": seats}


def save_plan(plan: LocalPlan, name: str, path: Path | None = None) -> str | None:
    """Keep ``plan`` for the next start of the screen; returns a sentence when that
    failed."""
    return _write_kept(path or plan_path(), plan_to_json(plan, name), "the new game's settings")


def _write_kept(path: Path, data: dict[str, Any], what: str) -> str | None:
    """Write ``data`` to ``path`` whole (a file cut short by a crash is never left
    there); returns a sentence naming ``what`` when that failed."""
    try:
        write_json(path, data)
    except OSError as exc:
        return f"Could not keep {what} in {path}: {exc.strerror}"
    return None


def load_plan(name: str, path: Path | None = None) -> LocalPlan | None:
    """The plan kept by :func:`save_plan`, or None when there is none or the file is
    unusable (damaged, edited into something else): the screen then opens on its first
    plan. Nothing here raises."""
    return load_plan_report(name, path)[0]


def load_plan_report(name: str, path: Path | None = None) -> tuple[LocalPlan | None, str | None]:
    """:func:`load_plan`, and why the file was passed over (None when it was not, or
    there is none)."""
    return _load_kept(path or plan_path(), lambda data: plan_from_json(data, name),
                      "a set-up of the New local game screen")  # fmt: skip


#: What a kept set-up file holds (a :class:`LocalPlan`, a :class:`HostMemory`).
_Kept = TypeVar("_Kept")


def _load_kept(
    path: Path, parse: Callable[[object], _Kept | None], what: str
) -> tuple[_Kept | None, str | None]:
    """What ``parse`` makes of the file at ``path`` (None when there is none or it is
    unusable), and why the file was passed over, as a sentence ending "not ``what``"
    when it reads but ``parse`` finds nothing in it."""
    kept = read_kept(path)
    if kept is None:
        return None, None
    data, why = kept
    found = parse(data) if why is None else None
    if found is None:
        return None, why or f"{path}: not {what}"
    return found, None


def plan_from_json(data: object, name: str) -> LocalPlan | None:
    """The plan in ``data`` (as :func:`plan_to_json` writes it), or None when it is not
    one. A hero the cards no longer have becomes a random one."""
    if not isinstance(data, dict):
        return None
    fmt, raw = data.get("format"), data.get("seats")
    if not isinstance(fmt, str) or fmt not in SEAT_COUNTS:
        return None
    if not isinstance(raw, list) or len(raw) not in SEAT_COUNTS[fmt]:
        return None
    seats: list[SeatPlan] = []
    for i, item in enumerate(raw):
        seat = _seat_from_json(item, i, name if not any(s.kind == "human" for s in seats) else "")
        if seat is None:
            return None
        seats.append(seat)
    best_of = data.get("best_of")
    match = fmt == "duel" and best_of in (3, 5) and type(best_of) is int
    if match:  # the server deals the heroes of a match
        seats = [SeatPlan(s.kind, s.name, None, s.level) for s in seats]
    return LocalPlan(fmt, tuple(seats), {"best_of": best_of} if match else {})


def _seat_from_json(item: object, i: int, own_name: str) -> SeatPlan | None:
    """Seat ``i`` of a kept plan, or None when it is not one. A seat kept without a
    name is ``own_name`` (the first human seat: the player's name), else its default."""
    if not isinstance(item, dict) or item.get("kind") not in ("human", "bot"):
        return None
    kind = str(item["kind"])
    level = item.get("level", 1)
    if kind == "bot" and (type(level) is not int or not 0 <= level <= 3):
        return None
    name = item.get("name")
    name = name.strip()[:32] if isinstance(name, str) else ""
    if not name and kind == "human":
        name = own_name
    hero = item.get("hero")
    known = {h for h, _ in default_book().heroes()} if isinstance(hero, str) else set()
    return SeatPlan(kind, kind_name(name, kind, i), hero if hero in known else None,
                    level if kind == "bot" else 1)  # fmt: skip


# --- the Host form's last table, kept across restarts ------------------------------------
# A file of its own rather than a part of new-game.json: the two forms are kept at
# different times and hold different things (a hosted table's seats wait for people who
# join), and one file damaged or written by an older version never costs the other its
# set-up.

#: The file in the config folder that keeps the last table made from the Host form.
HOST_FILE = "host-game.json"


@dataclass(frozen=True)
class HostMemory:
    """The Host form's last set-up: the table and where it was made."""

    plan: LocalPlan
    #: Made on a server at :attr:`server` ("On a server at an address…"), else served
    #: from this machine.
    there: bool = False
    #: The server address last typed, kept when the table was served here too, so
    #: choosing "On a server" again offers it; "" for none.
    server: str = ""


def host_path() -> Path:
    return config_dir() / HOST_FILE


def host_to_json(memory: HostMemory, name: str) -> dict[str, Any]:
    """What the file keeps: the plan as :func:`plan_to_json` writes it, who may watch,
    what happens to a player who is away, where the table was made and the address.
    The decision timer is not kept: it is the one in Settings when the table is made."""
    options = memory.plan.options
    return {**plan_to_json(memory.plan, name), "spectators": options.get("spectators", "public"),
            "if_away": options.get("policy", "wait"), "where": "there" if memory.there else "here",
            "server": memory.server}  # fmt: skip


def save_host_memory(memory: HostMemory, name: str, path: Path | None = None) -> str | None:
    """Keep the Host form's set-up for its next opening; returns a sentence when that
    failed."""
    return _write_kept(path or host_path(), host_to_json(memory, name), "the Host form's set-up")


def load_host_memory(name: str, path: Path | None = None) -> tuple[HostMemory | None, str | None]:
    """The set-up kept by :func:`save_host_memory` (None when there is none or the file
    is unusable), and why the file was passed over (None when it was not). Nothing here
    raises."""
    return _load_kept(path or host_path(), lambda data: host_from_json(data, name),
                      "a set-up of the Host form")  # fmt: skip


def host_from_json(data: object, name: str) -> HostMemory | None:
    """The set-up in ``data`` (as :func:`host_to_json` writes it), or None when its plan
    is not one; who may watch, the away choice and the address each fall back to the
    form's first choice when they are not one of its own."""
    plan = plan_from_json(data, name)
    if plan is None or not isinstance(data, dict):
        return None
    watchers, away, server = data.get("spectators"), data.get("if_away"), data.get("server")
    if not (isinstance(watchers, str) and watchers in dict(SPECTATORS)):
        watchers = "public"
    if not (isinstance(away, str) and away in dict(IF_AWAY)):
        away = "wait"
    options = {**plan.options, "spectators": watchers, "policy": away}
    server = server.strip()[:200] if isinstance(server, str) else ""
    there = data.get("where") == "there" and bool(server)
    return HostMemory(LocalPlan(plan.format, plan.seats, options), there, server)


class SetupScreen(Screen[LocalPlan | None]):
    """Dismissed with the plan (Start) or None (Back).

    Where the bordered fields do not fit (a narrow or short terminal, or a host's screen
    with its extra rows at 80×24) the screen is ``-small``: fields one line high."""

    CSS = """
    SetupScreen .panel { overflow-y: auto; }
    SetupScreen #host-note { margin: 0 0 1 0; }
    SetupScreen #problem { color: $error; margin: 1 0 0 0; }
    SetupScreen.-small #problem { margin: 0; }
    /* bordered (not -small), its border, padding and arrow take 7 more columns: 40
       shows "Served from this machine (LAN)" whole */
    SetupScreen #where { width: 40; }
    SetupScreen.-small #where { width: 36; }
    SetupScreen #server { width: 1fr; }
    SetupScreen SelectCurrent Static#label {
        height: 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    SetupScreen .row > Input.name { width: 18; }  /* "Player 2" and its cursor, unscrolled */
    SetupScreen.-small .row { margin: 0 0 1 0; }
    SetupScreen.-small #seat-rows .row { margin: 0; }
    SetupScreen.-small #seat-rows { margin: 0 0 1 0; }
    SetupScreen.-small .row.host-row { margin: 0; }  /* who may watch, if away: together */
    SetupScreen.-small .row > .seat-label { padding: 0; width: 10; }
    SetupScreen.-small .row > Select.kind { width: 16; }
    SetupScreen.-small .row > Input.name { width: 13; margin: 0 1; }
    SetupScreen.-small .buttons { padding: 0; }
    /* A one-line field has no border to light up when it has the focus (Textual only
       tints it a shade): it takes the cursor's colours, so Tab is plain to follow. */
    SetupScreen.-small Select:focus > SelectCurrent,
    SetupScreen.-small Input:focus {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+s", "host", "Host"),  # the same key, named as the button is
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, plan: LocalPlan, hosting: bool = False, server: str = "") -> None:
        super().__init__()
        self.plan = plan
        self.hosting = hosting
        #: Hosting: the server address typed in (``where`` "there"), or "" to serve here;
        #: set as the screen is dismissed with a plan, or by Back with :attr:`left`.
        self.server = server
        #: The set-up Back left the form with, when it differs from the one the form
        #: opened on (None: unchanged, or not left by Back), to open on it next time (a
        #: person who went to check something expects the form as they left it).
        self.left: LocalPlan | None = None
        #: The set-up the form opened on, as the form reads it (on mount).
        self._opened: HostMemory | None = None
        #: Hosting: where the form opens (on a server, else here) and the address in its
        #: field: ``server`` when this session made a table there, else the kept set-up's.
        self._there, self._address = bool(server), server
        #: Why the kept set-up (host-game.json, new-game.json) was passed over, told as
        #: the screen shows.
        self._kept_problem: str | None = None
        if hosting:
            kept, self._kept_problem = load_host_memory("")
            if kept is not None and not server:
                self._there, self._address = kept.there, kept.server
        else:
            self._kept_problem = load_plan_report("")[1]
        self.heroes = [("Random hero", "")] + [(n, i) for i, n in default_book().heroes()]
        self._counts: tuple[int, ...] = ()  # the seat counts the count choice offers

    def _host_note(self, timer: bool) -> str:
        """The Host form's note; with ``timer``, the decision timer the table gets: the
        one in Settings (the form has none of its own, and a host looked for it here).
        A narrow screen leaves the timer out: its rows are the seats'."""
        seconds = getattr(getattr(self.app, "settings", None), "timer", 0)
        said = f" Timer (Settings): {f'{seconds} s' if seconds else 'none'}." if timer else ""
        return (
            "[$text-muted]The first human seat is yours; the other human seats are for "
            f"players who join with the code the lobby shows.{said}[/]"
        )

    def compose(self) -> ComposeResult:
        fmt = self.plan.format if self.plan.format in SEAT_COUNTS else "duel"
        counts = SEAT_COUNTS[fmt]
        count = len(self.plan.seats) if len(self.plan.seats) in counts else counts[0]
        match = self.plan.best_of > 1
        self._counts = counts
        with VerticalScroll(classes="center-box"), Vertical(classes="panel"):
            title = "Host a game" if self.hosting else "New local game"
            yield Static(title, classes="panel-title")
            if self.hosting:
                yield Static(self._host_note(timer=True), id="host-note")
            with Horizontal(classes="row"):
                yield Select(
                    [(t, k) for k, t in FORMATS], value=fmt, allow_blank=False, id="format"
                )
                yield Select(self._count_options(counts), value=count, allow_blank=False,
                             id="count")  # fmt: skip
            with Horizontal(classes="row", id="match-row") as match_row:
                match_row.display = fmt == "duel"
                yield Label("Match", classes="seat-label")
                yield Select([(t, n) for n, t in BEST_OF], value=self.plan.best_of,
                             allow_blank=False, id="best-of")  # fmt: skip
            # Every seat a format can have is built once and the unused ones hidden, so a
            # change of format or count never removes and remounts widgets (a Select
            # removed before it has mounted ends the app).
            with Vertical(id="seat-rows"):
                for i in range(max(n for c in SEAT_COUNTS.values() for n in c)):
                    yield self._seat_row(i, fmt, match, shown=i < count)
            problem = Static("", id="problem", markup=False)  # a hero at two seats
            problem.display = False
            yield problem
            if self.hosting:
                with Horizontal(classes="row host-row"):
                    watchers = self.plan.options.get("spectators", "public")
                    yield Select(list((t, k) for k, t in SPECTATORS), allow_blank=False,
                                 value=watchers if watchers in dict(SPECTATORS) else "public",
                                 id="spectators")  # fmt: skip
                with Horizontal(classes="row host-row"):
                    away = self.plan.options.get("policy", "wait")
                    grace = self.plan.options.get("grace")
                    yield Select(if_away_options(grace), allow_blank=False,
                                 value=away if away in dict(IF_AWAY) else "wait",
                                 id="if-away")  # fmt: skip
                with Horizontal(classes="row"):
                    yield Select([(t, k) for k, t in WHERE], allow_blank=False,
                                 value="there" if self._there else "here", id="where")  # fmt: skip
                    address = Input(self._address, placeholder="server:8765", id="server",
                                    max_length=200)  # fmt: skip
                    address.display = self._there
                    yield address
            with Horizontal(classes="buttons"):
                yield Button("Host" if self.hosting else "Start", variant="primary", id="start")
                yield Button("Back", id="back")
        yield Footer()

    def _seat_row(self, i: int, fmt: str, match: bool, shown: bool) -> Horizontal:
        seat = (
            self.plan.seats[i]
            if i < len(self.plan.seats)
            else SeatPlan("bot", default_name("bot", i), None)
        )
        name = kind_name(seat.name, seat.kind, i)
        row = Horizontal(
            Label(seat_label(i, fmt), id=f"seat-{i}", classes="seat-label"),
            Select(
                [(t, k) for k, t in KINDS],
                value=seat.choice,
                allow_blank=False,
                id=f"kind-{i}",
                classes="kind",
            ),
            Input(name, placeholder="name", max_length=32, id=f"name-{i}", classes="name"),
            Select(
                self.heroes,
                value="" if match else seat.hero or "",
                allow_blank=False,
                id=f"hero-{i}",
                classes="hero",
                disabled=match,
            ),
            classes="row seat-row",
        )
        row.display = shown
        return row

    @staticmethod
    def _count_options(counts: tuple[int, ...]) -> list[tuple[str, int]]:
        return [(f"{n} players", n) for n in counts]

    def on_mount(self) -> None:
        self._show_problem()  # a plan kept from before may name a hero twice
        self.query_one("#format", Select).focus()
        self._opened = self._as_left()
        if self._kept_problem:
            made = ("a table is made from it or it is left changed" if self.hosting
                    else "a game is started from it")  # fmt: skip
            title = "Host a game" if self.hosting else "New local game"
            self.notify(f"{self._kept_problem}; the form opens on a new set-up, kept once "
                        f"{made}.", title=title, severity="warning",
                        timeout=10)  # fmt: skip

    def on_resize(self) -> None:
        self._fit()

    def _full_height(self) -> int:
        """The lines the screen needs with bordered fields (3 lines each)."""
        fmt = self.query_one("#format", Select).value
        count = self.query_one("#count", Select).value
        rows = 1 + (fmt == "duel") + (count if isinstance(count, int) else 4) + 3 * self.hosting
        note = 3 if self.hosting else 0  # two lines of text and a margin below
        problem = 2 if self.query_one("#problem", Static).display else 0  # a line, a margin
        return 2 + note + 3 * rows + problem + 4 + 2 + 1  # title, rows, buttons, border, footer

    def _fit(self) -> None:
        width, height = self.size
        small = width < 78 or height < self._full_height()
        self.set_class(small, "-small")
        if self.hosting:
            self.query_one("#host-note", Static).update(self._host_note(timer=width >= 78))
        for widget in self.query("Select, Input, Button"):
            if isinstance(widget, Select | Input | Button):
                widget.compact = small

    def _seat_rows(self) -> list[Horizontal]:
        return list(self.query_one("#seat-rows", Vertical).query_children(Horizontal))

    @on(Select.Changed, "#format")
    @on(Select.Changed, "#best-of")
    @on(Select.Changed, "#count")
    def _refresh(self) -> None:
        """Show what the chosen format, count and series ask for: the count's choices,
        the match row (duels), the seat rows and their teams, and the hero choices (off
        in a match). Changes only what differs, so a repeated event changes nothing."""
        value = self.query_one("#format", Select).value
        fmt = value if isinstance(value, str) and value in SEAT_COUNTS else "duel"
        self.query_one("#match-row").display = fmt == "duel"
        counts = SEAT_COUNTS[fmt]
        counter = self.query_one("#count", Select)
        if counts != self._counts:
            count = counter.value if counter.value in counts else counts[0]
            with counter.prevent(Select.Changed):
                counter.set_options(self._count_options(counts))
                counter.value = count
            self._counts = counts
        count = counter.value if isinstance(counter.value, int) else counts[0]
        match = self._best_of() > 1
        for i, row in enumerate(self._seat_rows()):
            row.display = i < count
            row.query_one(f"#seat-{i}", Label).update(seat_label(i, fmt))
            hero = row.query_one(f"#hero-{i}", Select)
            hero.disabled = match
            if match and hero.value != "":
                hero.value = ""
        self._show_problem()

    @on(Select.Changed, ".hero")
    def _show_problem(self) -> str | None:
        """Say under the seats when two of them chose the same hero (Start waits until
        they differ); returns what it says, or None."""
        names = {hero: label.split(",")[0] for label, hero in self.heroes if hero}
        problem = hero_problem(self.current_plan().seats, names)
        line = self.query_one("#problem", Static)
        if line.display != bool(problem):
            line.display = bool(problem)
        line.update(problem or "")
        self._fit()
        return problem

    @on(Select.Changed, "#where")
    def _where_changed(self, event: Select.Changed) -> None:
        """The server's address is asked for only when the table is made elsewhere. Its
        field shows right after the choice, and the focus stays on the choice, as with
        every other choice of the form: Tab goes on to the field (a focus moved there by
        itself had the Tab out of habit land on Host, and the address typed next lost)."""
        there = event.value == "there"
        box = self.query_one("#server", Input)
        if box.display != there:
            box.display = there

    def _server_address(self) -> str | None:
        """Where to make the table: "" here, an address, or None (one that is no
        address; the player is told why)."""
        if not self.hosting or self.query_one("#where", Select).value != "there":
            return ""
        address = self.query_one("#server", Input).value.strip()
        problem = address_problem(address) if address else "Type the server's address."
        if problem:
            self.notify(problem, severity="warning")
            self.query_one("#server", Input).focus()
            return None
        return address

    @on(Select.Changed, ".kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        """A seat's default name follows its kind ("Bot 3" as a human becomes "Player 3");
        a name the user typed stays."""
        i = int((event.select.id or "kind-0").removeprefix("kind-"))
        kind = "human" if event.value == "human" else "bot"
        name = self.query_one(f"#name-{i}", Input)
        renamed = kind_name(name.value.strip(), kind, i)
        if renamed != name.value.strip():
            name.value = renamed

    def _best_of(self) -> int:
        """The chosen series: a match only for a duel."""
        value = self.query_one("#best-of", Select).value
        fmt = self.query_one("#format", Select).value
        return value if isinstance(value, int) and fmt == "duel" else 1

    def current_plan(self) -> LocalPlan:
        seats: list[SeatPlan] = []
        for row in self._seat_rows():
            if not row.display:
                break
            i = len(seats)
            before = (
                self.plan.seats[i] if i < len(self.plan.seats) else SeatPlan("bot", "", None, 0)
            )
            choice = row.query_one(f"#kind-{i}", Select).value
            choice = choice if isinstance(choice, str) else before.choice
            kind = "human" if choice == "human" else "bot"
            level = int(choice[3:]) if kind == "bot" and choice[3:].isdigit() else 1
            name = row.query_one(f"#name-{i}", Input).value.strip()[:32]
            hero_value = row.query_one(f"#hero-{i}", Select).value
            hero = hero_value or None if isinstance(hero_value, str) else before.hero
            seats.append(SeatPlan(kind, kind_name(name, kind, i), hero, level))
        fmt = self.query_one("#format", Select).value
        options = {k: v for k, v in self.plan.options.items() if k != "best_of"}
        if self.hosting:
            watchers = self.query_one("#spectators", Select).value
            options["spectators"] = watchers if isinstance(watchers, str) else "public"
            away = self.query_one("#if-away", Select).value
            options["policy"] = away if isinstance(away, str) else "wait"
        best_of = self._best_of()
        if best_of > 1:  # the server deals the heroes of a match
            options["best_of"] = best_of
            seats = [SeatPlan(s.kind, s.name, None, s.level) for s in seats]
        return LocalPlan(fmt if isinstance(fmt, str) else self.plan.format, tuple(seats), options)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("start", "host"):
            return (action == "host") == self.hosting
        return True

    def action_host(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        plan = self.current_plan()
        if not plan.humans:
            where = "you, the host" if self.hosting else "a human in this terminal"
            self.notify(f"At least one seat must be {where}.", severity="warning")
            return
        problem = self._show_problem()
        if problem:
            self.notify(problem, severity="warning")
            return
        server = self._server_address()
        if server is None:
            return
        self.server = server
        # Kept for the next start of the program; a file that cannot be written only
        # means the screen opens on its first plan then: not worth a warning.
        if self.hosting:
            save_host_memory(HostMemory(plan, bool(server), self._typed_address()),
                             self._own_name())  # fmt: skip
        else:
            save_plan(plan, self._own_name())
        self.dismiss(plan)

    def _typed_address(self) -> str:
        """The server address in the field, to offer again next time (even when the
        table is served here), or "" when it is no address."""
        address = self.query_one("#server", Input).value.strip()
        return address if address and address_problem(address) is None else ""

    def _own_name(self) -> str:
        """The player's name from the settings (the app's), or "" where there is none."""
        settings = getattr(self.app, "settings", None)
        name = getattr(settings, "name", "")
        return name if isinstance(name, str) else ""

    def _as_left(self) -> HostMemory:
        """The form's set-up as it stands; the Host form's address as typed (kept even when
        it is not one yet: the form is left as it was)."""
        if not self.hosting:  # New local game: no "where", no address
            return HostMemory(self.current_plan(), False, "")
        there = self.query_one("#where", Select).value == "there"
        address = self.query_one("#server", Input).value.strip()[:200]
        return HostMemory(self.current_plan(), there, address)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Back to the menu. The form keeps choices changed as it keeps those of a game
        started or a table made from it (``new-game.json``, ``host-game.json``;
        :attr:`left` and :attr:`server` for the app), so it opens as it was left."""
        left = self._as_left()
        if left != self._opened:  # a file that cannot be written: as for Start/Host
            if self.hosting:
                save_host_memory(left, self._own_name())
                self.left, self.server = left.plan, left.server if left.there else ""
            else:
                save_plan(left.plan, self._own_name())
                self.left = left.plan
        self.dismiss(None)

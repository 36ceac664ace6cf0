"""New local game: the format, for a duel one game or a best-of-3/5 match, and for each
seat a human in this terminal or a bot, its name and its hero (or random; a match deals
random heroes before each game, so the hero choices are off then).

The same screen sets up a game to host on this network (``hosting``): the first human
seat is the host's, the other human seats wait for players who join with the code the
lobby shows (they bring their own names), and the host says who may watch."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from client.cards import default_book

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


def default_plan(name: str = "Player") -> LocalPlan:
    return LocalPlan("duel", (SeatPlan("human", name, None), SeatPlan("bot", "Bot", None)))


def default_host_plan(name: str = "Player") -> LocalPlan:
    """A duel between the host and one player who joins."""
    seats = (SeatPlan("human", name, None), SeatPlan("human", "Player 2", None))
    return LocalPlan("duel", seats, {"spectators": "public"})


class SetupScreen(Screen[LocalPlan | None]):
    """Dismissed with the plan (Start) or None (Back)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, plan: LocalPlan, hosting: bool = False) -> None:
        super().__init__()
        self.plan = plan
        self.hosting = hosting
        self.heroes = [("Random hero", "")] + [(n, i) for i, n in default_book().heroes()]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="center-box"), Vertical(classes="panel"):
            title = "Host a game on this network" if self.hosting else "New local game"
            yield Static(title, classes="panel-title")
            if self.hosting:
                yield Static(
                    "[$text-muted]The first human seat is yours; the other human seats are "
                    "for players who join with the code the lobby shows.[/]",
                    id="host-note",
                )
            with Horizontal(classes="row"):
                yield Select(
                    [(t, k) for k, t in FORMATS],
                    value=self.plan.format,
                    allow_blank=False,
                    id="format",
                )
                yield Select([("2 players", 2)], value=2, allow_blank=False, id="count")
            with Horizontal(classes="row", id="match-row"):
                yield Label("Match", classes="seat-label")
                yield Select([(t, n) for n, t in BEST_OF], value=self.plan.best_of,
                             allow_blank=False, id="best-of")  # fmt: skip
            yield Vertical(id="seat-rows")
            if self.hosting:
                with Horizontal(classes="row"):
                    watchers = self.plan.options.get("spectators", "public")
                    yield Select(list((t, k) for k, t in SPECTATORS), allow_blank=False,
                                 value=watchers if watchers in dict(SPECTATORS) else "public",
                                 id="spectators")  # fmt: skip
            with Horizontal(classes="buttons"):
                yield Button("Host" if self.hosting else "Start", variant="primary", id="start")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._rebuild(len(self.plan.seats))
        self.query_one("#format", Select).focus()

    def _rebuild(self, count: int) -> None:
        fmt = str(self.query_one("#format", Select).value)
        self.query_one("#match-row").display = fmt == "duel"
        match = self._best_of() > 1
        counts = SEAT_COUNTS[fmt]
        count = count if count in counts else counts[0]
        counter = self.query_one("#count", Select)
        with counter.prevent(Select.Changed):
            counter.set_options([(f"{n} players", n) for n in counts])
            counter.value = count
        rows = self.query_one("#seat-rows", Vertical)
        rows.remove_children()
        for i in range(count):
            seat = (
                self.plan.seats[i]
                if i < len(self.plan.seats)
                else SeatPlan("bot", f"Bot {i + 1}", None)
            )
            team = f" T{i % 2 + 1}" if fmt == "team" else ""
            rows.mount(
                Horizontal(
                    Label(f"Seat {i + 1}{team}", classes="seat-label"),
                    Select(
                        [(t, k) for k, t in KINDS],
                        value=seat.choice,
                        allow_blank=False,
                        id=f"kind-{i}",
                        classes="kind",
                    ),
                    Input(
                        seat.name, placeholder="name", max_length=32, id=f"name-{i}", classes="name"
                    ),
                    Select(
                        self.heroes,
                        value="" if match else seat.hero or "",
                        allow_blank=False,
                        id=f"hero-{i}",
                        classes="hero",
                        disabled=match,
                    ),
                    classes="row",
                )
            )

    @on(Select.Changed, "#format")
    def _format_changed(self, event: Select.Changed) -> None:
        if event.value == self.plan.format:
            return  # the initial value, or no change
        self.plan = self.current_plan()
        self._rebuild(len(self.plan.seats))

    @on(Select.Changed, "#best-of")
    def _best_of_changed(self, event: Select.Changed) -> None:
        if event.value == self.plan.best_of:
            return  # the initial value, or no change
        self.plan = self.current_plan()
        self._rebuild(len(self.plan.seats))

    def _best_of(self) -> int:
        """The chosen series: a match only for a duel."""
        value = self.query_one("#best-of", Select).value
        fmt = self.query_one("#format", Select).value
        return value if isinstance(value, int) and fmt == "duel" else 1

    @on(Select.Changed, "#count")
    def _count_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, int) or event.value == len(self.plan.seats):
            return
        self.plan = self.current_plan()
        self._rebuild(event.value)

    def current_plan(self) -> LocalPlan:
        seats: list[SeatPlan] = []
        for row in self.query("#seat-rows > Horizontal"):
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
            default = f"Player {i + 1}" if kind == "human" else f"Bot {i + 1}"
            seats.append(SeatPlan(kind, name or default, hero, level))
        fmt = self.query_one("#format", Select).value
        options = {k: v for k, v in self.plan.options.items() if k != "best_of"}
        if self.hosting:
            watchers = self.query_one("#spectators", Select).value
            options["spectators"] = watchers if isinstance(watchers, str) else "public"
        best_of = self._best_of()
        if best_of > 1:  # the server deals the heroes of a match
            options["best_of"] = best_of
            seats = [SeatPlan(s.kind, s.name, None, s.level) for s in seats]
        return LocalPlan(fmt if isinstance(fmt, str) else self.plan.format, tuple(seats), options)

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        plan = self.current_plan()
        if not plan.humans:
            where = "you, the host" if self.hosting else "a human in this terminal"
            self.notify(f"At least one seat must be {where}.", severity="warning")
            return
        self.dismiss(plan)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)

"""Hot-seat hand-overs, frame by frame: what reaches the terminal when a person lifts
the curtain. Every update the app paints is applied to a grid of characters (a
terminal's screen), and the grid is read after each paint, so a table drawn for one
frame only is seen too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.segment import ControlType

from client.app import AllegianceApp
from client.screens.curtain import CurtainScreen
from client.screens.setup import LocalPlan, SeatPlan
from client.screens.table import TableScreen
from tests.client.driver import hand_names, play_to_the_end, public_names
from tests.client.helpers import make_app, screen_text

pytestmark = pytest.mark.asyncio


class Terminal:
    """The characters on a terminal the app paints to (no styles)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.console = Console(width=width, height=height, color_system=None)

    def apply(self, update: Any) -> None:
        x = y = 0
        for segment in self._segments(update):
            if segment.control:
                for code, *args in segment.control:
                    if code == ControlType.CURSOR_MOVE_TO:
                        x, y = int(args[0]), int(args[1])
                continue
            for char in segment.text:
                if char == "\n":
                    continue
                if 0 <= y < self.height and 0 <= x < self.width:
                    self.rows[y][x] = char
                x += max(cell_len(char), 1)

    def _segments(self, update: Any) -> Iterator[Any]:
        yield from update.__rich_console__(self.console, self.console.options)

    def text(self) -> str:
        return "\n".join("".join(row) for row in self.rows)


class HandOverWatch:
    """Reads the terminal after every paint: once a person lifted the curtain, no other
    person's hand may be on it (but what that person may see anyway); while the curtain
    is up, nobody's hand may be. The first table painted after a lift is the lifter's.

    What it finds wrong is kept in ``problems`` (an assertion raised while the app
    paints would only stop the app)."""

    def __init__(self, app: AllegianceApp) -> None:
        self.app = app
        width, height = app.size
        self.terminal = Terminal(width, height)
        self.viewer: int | None = None  # the seat whose curtain was lifted last
        self.lifts = 0
        self.first_frames = 0  # table frames painted first after a lift
        self.problems: list[str] = []
        self._fresh = False
        display = app._display

        def painted(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None:
                self.terminal.apply(renderable)
                self.check(screen, self.terminal.text(), "painted")

        app._display = painted  # type: ignore[method-assign]

    def lifted(self, seat: int) -> None:
        """The curtain for ``seat`` is being dismissed: that person now looks."""
        self.viewer = seat
        self.lifts += 1
        self._fresh = True

    def check(self, screen: Any, text: str, when: str) -> None:
        game = self.app.game
        if game is None or not game.session.seats:
            return
        seats = game.session.seats
        if isinstance(screen, CurtainScreen):
            looking: int | None = None
            publics = [public_names(game.session.view(s) or {}, [], own_hand=False) for s in seats]
            allowed = set.intersection(*publics)
        elif self.viewer is None:
            return
        else:
            looking = self.viewer
            stream = game.session.stream(looking)
            assert stream is not None and stream.view is not None
            allowed = public_names(stream.view, stream.log)
            if isinstance(screen, TableScreen) and self._fresh and when == "painted":
                self._fresh = False
                self.first_frames += 1
                drawn = screen.frame.table.seat if screen.frame else None
                if drawn != looking:
                    self.problems.append(
                        f"hand-over {self.lifts}: the first frame is seat {drawn}'s, "
                        f"not seat {looking}'s"
                    )
        for seat in seats:
            if seat == looking:
                continue
            leaked = {n for n in hand_names(game.session.view(seat)) - allowed if n in text}
            if leaked:
                self.problems.append(
                    f"{when}: seat {seat}'s hand on the terminal while seat {looking} "
                    f"looks (hand-over {self.lifts}): {sorted(leaked)}"
                )

    def under_the_curtain(self) -> None:
        """While the curtain is up, the table beneath it holds no hand."""
        game, screen = self.app.game, self.app.screen
        if game is None or not isinstance(screen, CurtainScreen) or game.table_screen is None:
            return
        frame = game.table_screen.frame
        if frame is not None and (frame.table.seat is not None or frame.table.hand):
            self.problems.append(
                f"under the curtain for seat {screen.seat}: seat {frame.table.seat}'s table"
            )


def watch_lifts(monkeypatch: pytest.MonkeyPatch, watch: HandOverWatch) -> None:
    """Note each curtain lifted, and read the table the moment the curtain goes."""
    dismiss = CurtainScreen.dismiss

    def dismissed(self: CurtainScreen, result: int | None = None) -> Any:
        watch.lifted(self.seat)
        done = dismiss(self, result)
        app = watch.app
        if isinstance(app.screen, TableScreen):  # what the table holds as it comes back
            watch.check(app.screen, screen_text(app), "at the lift")
        return done

    monkeypatch.setattr(CurtainScreen, "dismiss", dismissed)


class Enough(Exception):
    """Seen enough hand-overs."""


def people(names: list[str]) -> tuple[SeatPlan, ...]:
    return tuple(SeatPlan("human", name, None) for name in names)


@pytest.mark.parametrize(
    ("fmt", "names", "size", "seed"),
    [
        ("ffa", ["Ann", "Ben", "Cy"], (120, 40), 3),
        ("duel", ["Ann", "Ben"], (80, 24), 7),
    ],
)
async def test_no_frame_after_a_lifted_curtain_shows_the_last_persons_hand(
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
    names: list[str],
    size: tuple[int, int],
    seed: int,
) -> None:
    app = make_app(start=LocalPlan(fmt, people(names), {"seed": seed}))
    app.server_settings = {"allow_fixed_seeds": True}
    async with app.run_test(size=size) as pilot:
        watch = HandOverWatch(app)
        watch_lifts(monkeypatch, watch)

        def each_step() -> None:
            watch.under_the_curtain()
            if watch.lifts > 8:
                raise Enough

        with pytest.raises(Enough):
            await play_to_the_end(app, pilot, each_step=each_step)
    assert not watch.problems, "\n".join(watch.problems[:6])
    assert watch.first_frames >= 8  # the frame after each hand-over was read

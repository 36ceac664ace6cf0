"""P5: from a received patch to the table's screen updated, in the Textual client.

The real client runs headless (``App.run_test``) at 120×40 and at 80×24, showing seat 0
of a duel vs a bot mid-game: random play with fixed seeds, and of the positions where
seat 0 has a decision and at least four cards in hand, the one with the most units in
play. Each sample feeds one ``patch`` frame to the client's session exactly as the
network worker does (``ClientSession.on_message``: the patch applied and its hash
checked; then ``GameController.apply``), then lets the app settle.

"Screen updated" means: the last frame the app commits after the patch. Textual renders
a frame in ``Screen._compositor_refresh`` and hands it to ``App._display``; headless, that
step skips turning the frame into terminal bytes, so the bench's app does it
(``CompositorUpdate.render_segments``) to pay what a real terminal costs, and stamps the
time. A sample ends at the last frame before the app is idle again (a patch that changes
the layout takes several frames; all are counted).

The figure is the **CPU time** of the process from the patch arriving to that frame
(``time.process_time``): the work the update costs. Wall time also includes Textual's
frame pacing (a frame is drawn on the next tick of a 60 fps timer, so up to 16.7 ms of
waiting that is not work); its median is in the notes.

- P5a/P5c: one card changed (one enemy unit takes 1 damage), at 120×40 / 80×24;
  aim ≤ 5 ms.
- P5b/P5d: the full board changed: every hero's health and gold, every unit's damage and
  exhaustion, every ability's cooldown, a card fewer in hand (the rest reordered), every
  deck, the turn (status line) and a legal action fewer (the prompt), at 120×40 / 80×24;
  aim ≤ 16.7 ms (one frame at 60 fps).

The floor is the least a Textual program can do to show a change: a bare app of the same
size whose one ``Static`` gets a new line of text, measured the same way.
"""

from __future__ import annotations

import asyncio
import copy
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from bench.harness import Figure

View = dict[str, Any]
SIZES = ((120, 40), (80, 24))
SETTLE_FRAMES = 3  # idle frame periods that end a sample


@dataclass
class Stamps:
    """When the app committed frames: (wall, cpu) per frame."""

    frames: list[tuple[float, float]] = field(default_factory=list)

    def mark(self) -> None:
        self.frames.append((time.perf_counter(), time.process_time()))


def _position(seed: int = 3) -> View:
    """Seat 0's view of a crowded duel board where seat 0 must decide, holding at least
    four cards, with a unit of the opponent's in play (the one-card patch damages it):
    from the random game of ``seed``, or of the next seed that has one (the same one
    for the same rules)."""
    for tried in range(seed, seed + 50):
        found = _crowded(tried)
        if found is not None:
            return found
    raise ValueError(f"no random game of seeds {seed}–{seed + 49} has such a board")


def _crowded(seed: int) -> View | None:
    from server.bots import random_choice
    from shared.rules.base import get_ruleset

    rules = get_ruleset("realm")
    setup = {"format": "duel", "seats": [{"name": "Alice"}, {"name": "Bot"}]}
    state = rules.new_game(setup, seed)
    best: tuple[int, View] | None = None
    for _ in range(1500):
        if rules.is_over(state):
            break
        view = rules.view_for(state, 0)
        enemy = any(p["units"] for p in view["players"] if p["seat"] != 0)
        if view.get("legal") and enemy and len(view["players"][0].get("hand") or []) >= 4:
            crowd = sum(len(p["units"]) for p in view["players"])
            if best is None or crowd > best[0]:
                best = (crowd, view)
        seat = rules.to_act(state)
        assert seat is not None
        action = random_choice(rules.view_for(state, seat), seed, seat)
        assert action is not None
        state, _ = rules.apply(state, seat, action)
    return None if best is None else best[1]


def _one_card(view: View) -> View:
    """The same view with one enemy unit damaged by 1 (or healed back)."""
    out = copy.deepcopy(view)
    out["version"] = int(view["version"]) + 1
    for player in out["players"]:
        if player["seat"] != out["seat"] and player["units"]:
            unit = player["units"][0]
            step = -1 if unit.get("damage", 0) else 1
            unit["damage"] = int(unit.get("damage", 0)) + step
            unit["health"] = int(unit["health"]) - step
            return out
    raise ValueError("no enemy unit in play")


def _full_board(view: View) -> View:
    """Every section of the table changed: heroes, units, hand, decks, status, prompt."""
    out = copy.deepcopy(view)
    out["version"] = int(view["version"]) + 1
    out["turn"] = int(view["turn"]) + 1
    for player in out["players"]:
        player["health"] = int(player["health"]) - 1
        player["gold"] = int(player["gold"]) + 1
        for unit in player["units"]:
            unit["damage"] = int(unit.get("damage", 0)) + 1
            unit["health"] = int(unit["health"]) - 1
            unit["exhausted"] = not unit.get("exhausted")
        for ability in player.get("abilities", []):
            ability["cooldown"] = int(ability.get("cooldown", 0)) + 1
        if player.get("hand"):
            player["hand"] = list(reversed(player["hand"]))[1:]
            deck = "basic"
            player["hand_count"][deck] = max(0, int(player["hand_count"].get(deck, 0)) - 1)
    for deck in out["decks"].values():
        deck["count"] = int(deck["count"]) - 1
    out["legal"] = list(out.get("legal") or [])[1:] or out.get("legal")
    return out


def _doc(view: View) -> dict[str, Any]:
    return {"view": view, "table": {"table": "BENCH1", "status": "playing", "clock": None}}


def _stamp_frames(app: Any, stamps: Stamps) -> None:
    """Make ``app`` turn each committed frame into terminal bytes (as a real terminal
    driver does; headless Textual skips it) and stamp the time."""
    from textual._compositor import CompositorUpdate

    display = app._display

    def timed(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if isinstance(renderable, CompositorUpdate) and screen is app.screen:
            renderable.render_segments(app.console)
            stamps.mark()

    app._display = timed


async def _measure_table(size: tuple[int, int], views: dict[str, tuple[View, View]],
                         runs: int) -> dict[str, tuple[list[float], list[float]]]:  # fmt: skip
    """Per change kind: CPU and wall seconds of each sample, in the game client."""
    from client.app import AllegianceApp
    from client.game import GameController
    from client.net.session import ClientSession, SeatStream
    from client.screens.table import TableScreen
    from client.settings import Settings
    from shared.protocol import diff

    stamps = Stamps()

    app = AllegianceApp(settings=Settings(name="Alice"), save=False)
    _stamp_frames(app, stamps)
    out: dict[str, tuple[list[float], list[float]]] = {}
    async with app.run_test(size=size) as pilot:
        session = ClientSession(lambda _msg: None, "Alice")
        session.table = "BENCH1"
        session.streams[0] = SeatStream(0, "tok0")
        controller = GameController(app, session, None, title="Bench")
        app.game = controller
        first = next(iter(views.values()))[0]
        doc = _doc(first)
        seq = 0
        controller.apply(session.on_message({"t": "sync", "table": "BENCH1", "seat": 0,
                                             "seq": seq, "doc": copy.deepcopy(doc),
                                             "hash": diff.view_hash(doc)}))  # fmt: skip
        await pilot.pause()
        await _settle(stamps)
        assert isinstance(app.screen, TableScreen), type(app.screen).__name__
        for kind, (a, b) in views.items():
            cpu: list[float] = []
            wall: list[float] = []
            # Start each kind from its first view; the first two samples warm up.
            for i in range(runs + 2):
                new = _doc(b if i % 2 == 0 else a)
                seq += 1
                message = {"t": "patch", "table": "BENCH1", "seat": 0, "seq": seq,
                           "ops": diff.diff(doc, new), "hash": diff.view_hash(new),
                           "events": []}  # fmt: skip
                doc = new
                await _settle(stamps)
                stamps.frames.clear()
                t0, c0 = time.perf_counter(), time.process_time()
                controller.apply(session.on_message(message))
                await _settle(stamps, drawn=True)
                if not stamps.frames:
                    raise RuntimeError(f"no frame was drawn after a {kind} patch")
                w1, c1 = stamps.frames[-1]
                if i >= 2:
                    cpu.append(c1 - c0)
                    wall.append(w1 - t0)
            out[kind] = (cpu, wall)
        if session.stream(0).seq != seq:  # type: ignore[union-attr]
            raise RuntimeError("the client asked for a sync: a patch did not apply")
    return out


async def _settle(stamps: Stamps, drawn: bool = False) -> None:
    """Wait until the app has drawn nothing for a few frame periods; with ``drawn``, after
    it has drawn at least one frame (a change that takes longer than those periods to
    render blocks the loop, and the sleep below may then wake before the frame's timer)."""
    from textual.screen import UPDATE_PERIOD

    deadline = time.perf_counter() + 5.0
    while time.perf_counter() < deadline:
        seen = len(stamps.frames)
        await asyncio.sleep(UPDATE_PERIOD * SETTLE_FRAMES)
        if len(stamps.frames) == seen and (seen or not drawn):
            return


async def _measure_floor(size: tuple[int, int], runs: int) -> tuple[list[float], list[float]]:
    """The same measure for a bare app whose one Static changes its text."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    stamps = Stamps()

    class Floor(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("0", id="text")

    app = Floor()
    _stamp_frames(app, stamps)
    cpu: list[float] = []
    wall: list[float] = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = app.query_one("#text", Static)
        for i in range(runs + 2):
            await _settle(stamps)
            stamps.frames.clear()
            t0, c0 = time.perf_counter(), time.process_time()
            text.update(f"line {i}")
            await _settle(stamps, drawn=True)
            w1, c1 = stamps.frames[-1]
            if i >= 2:
                cpu.append(c1 - c0)
                wall.append(w1 - t0)
    return cpu, wall


def _ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def measure(quick: bool) -> list[Figure]:
    runs = 4 if quick else 30
    start = _position()
    views: dict[str, tuple[View, View]] = {
        "one card": (start, _one_card(start)),
        "full board": (start, _full_board(start)),
    }
    units = sum(len(p["units"]) for p in start["players"])
    hand = len(start["players"][0].get("hand") or [])
    figures: list[Figure] = []
    ids = iter(("P5a", "P5b", "P5c", "P5d"))
    for width, height in SIZES:
        table = asyncio.run(_measure_table((width, height), views, runs))
        floor_cpu, floor_wall = asyncio.run(_measure_floor((width, height), runs))
        for kind, aim in (("one card", "≤ 5 ms"), ("full board", "≤ 16.7 ms")):
            cpu, wall = table[kind]
            figures.append(
                Figure(
                    id=next(ids),
                    name=f"redraw, {kind}, {width}×{height} (CPU, median)",
                    value=_ms(cpu),
                    unit="ms",
                    peer="bare app: one Static changed",
                    peer_value=_ms(floor_cpu),
                    aim=aim,
                    notes=f"{runs} patches; p90 {_p90(cpu):.1f} ms CPU; wall (with frame "
                    f"pacing) median {_ms(wall):.1f} ms, floor {_ms(floor_wall):.1f} ms; "
                    f"duel, {units} units in play, {hand} cards in hand",
                )
            )
    return figures


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] * 1000

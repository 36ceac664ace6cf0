"""P7: start-up time.

- P7a: ``allegiance --help`` as a user runs it (the console script in a fresh process),
  beside the floor ``python -c pass`` — what any Python command pays before its first line.
- P7b: time from spawning a process to the game's first screen mounted, headless at
  80×24, beside an empty Textual app shown the same way. The app is ``client.app``'s
  ``make_app()`` if it has one, else ``AllegianceApp(save=False)``.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path

from bench.harness import Figure, median_interleaved, time_command

# Runs in a fresh process: shows the app headless and prints the wall-clock time at which
# its first screen was mounted, and that screen's class name.
_FIRST_SCREEN = """
import asyncio, time
{make}
async def main():
    app = make_app()
    async with app.run_test(headless=True, size=(80, 24)) as pilot:
        await pilot.pause()
        print(time.time(), type(app.screen).__name__, flush=True)
asyncio.run(main())
"""

# The game as `allegiance play` opens it, saving nothing.
_GAME_APP = """
import client.app as game
def make_app():
    factory = getattr(game, "make_app", None)
    return factory() if callable(factory) else game.AllegianceApp(save=False)
"""

_EMPTY_APP = """
from textual.app import App
from textual.widgets import Static
class Empty(App[None]):
    def compose(self):
        yield Static("empty")
def make_app():
    return Empty()
"""


def _help_argv() -> tuple[list[str], str]:
    script = Path(sys.executable).parent / "allegiance"
    if script.exists():
        return [str(script), "--help"], ""
    return [sys.executable, "-m", "client.cli", "--help"], "console script not installed; "


def _help_figure(runs: int) -> Figure:
    argv, note = _help_argv()
    floor = [sys.executable, "-c", "pass"]
    value, peer = median_interleaved(lambda: time_command(argv), lambda: time_command(floor), runs)
    return Figure(
        id="P7a",
        name="allegiance --help",
        value=value * 1000,
        unit="ms",
        peer="python -c pass",
        peer_value=peer * 1000,
        aim="under 150 ms",
        notes=f"{note}median of {runs} runs each, taken turn about",
    )


def _time_to_screen(script: str) -> tuple[float, str]:
    """Seconds from spawning a process to its first screen mounted, and the screen's name."""
    started = time.time()
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the app did not start: {last}")
    mounted, screen = done.stdout.split()[-2:]
    return float(mounted) - started, screen


def _first_screen_figure(runs: int) -> Figure:
    game = _FIRST_SCREEN.format(make=_GAME_APP)
    empty = _FIRST_SCREEN.format(make=_EMPTY_APP)
    screens: set[str] = set()

    def time_game() -> float:
        seconds, screen = _time_to_screen(game)
        screens.add(screen)
        return seconds

    value, peer = median_interleaved(time_game, lambda: _time_to_screen(empty)[0], runs)
    return Figure(
        id="P7b",
        name="first screen (headless 80×24)",
        value=value * 1000,
        unit="ms",
        peer="empty Textual app",
        peer_value=peer * 1000,
        aim="under 1 s",
        notes=f"process spawn to {'/'.join(sorted(screens))} mounted; median of {runs} runs each",
    )


def measure(quick: bool) -> list[Figure]:
    runs = 5 if quick else 21
    figures = [_help_figure(runs)]
    if importlib.util.find_spec("client.app") is None:
        return [_with_note(figures[0], "P7b (first screen) not measured: no client.app yet")]
    try:
        figures.append(_first_screen_figure(max(3, runs // 3)))
    except RuntimeError as exc:  # keep P7a; say loudly why P7b is missing
        figures[0] = _with_note(figures[0], f"P7b FAILED: {exc}")
    return figures


def _with_note(figure: Figure, note: str) -> Figure:
    from dataclasses import replace

    return replace(figure, notes=f"{figure.notes}; {note}" if figure.notes else note)

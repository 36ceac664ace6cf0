"""P9: a whole game log drawn at once, in the Textual client.

A hot-seat seat's log is drawn whole as its curtain lifts (the table's log is one
widget, shown for the seat at the keyboard), and the log screen (``l``) draws the whole
game as it opens. The client runs headless (``App.run_test``) at 80×24; a sample shows a
log of N lines of game text (wrapped to the log's width) and lets the app settle.

- P9a: 1,500 lines (a 27-turn game of four), P9b: 6,000 lines (over a 61-turn game of
  four), each beside the floor: Textual's own ``RichLog`` given the same rows in one
  write. Aim: within 2× the floor, and P9a under 250 ms.

The figure is wall time, from the call to the app idle again (the drawing is all work:
nothing waits on a timer but the last frame's pacing, at most 16.7 ms).
"""

from __future__ import annotations

import asyncio
import statistics
import time

from bench.harness import Figure

_LINE = "Bot 3 enlisted Militia Recruit 2; Ann's Knight Captain was dealt 3 damage by {n}."


async def _samples(count: int, runs: int) -> tuple[list[float], list[float]]:
    from rich.text import Text
    from textual.app import App, ComposeResult
    from textual.widgets import RichLog

    from client.widgets.log import FULL_LOG_MAX_LINES, GameLog

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield GameLog(FULL_LOG_MAX_LINES, id="ours")
            yield RichLog(id="floor", max_lines=3 * FULL_LOG_MAX_LINES)

    lines = [_LINE.format(n=n) for n in range(count)]
    ours_times: list[float] = []
    floor_times: list[float] = []
    app = LogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        ours, floor = app.query_one(GameLog), app.query_one(RichLog)
        await pilot.pause()
        width = ours.scrollable_content_region.width
        from client.widgets.log import wrap_line

        rows = "\n".join(row for line in lines for row in wrap_line(line, width))
        for run in range(runs + 1):  # the first of each: a warm-up
            start = time.perf_counter()
            ours.show(object(), lines)
            await pilot.pause()
            took = time.perf_counter() - start
            start = time.perf_counter()
            floor.clear()
            floor.write(Text(rows), width=width)
            await pilot.pause()
            if run:
                ours_times.append(took)
                floor_times.append(time.perf_counter() - start)
    return ours_times, floor_times


def measure(quick: bool) -> list[Figure]:
    runs = 3 if quick else 9
    figures: list[Figure] = []
    for tag, count, aim in (("P9a", 1500, "under 250 ms; within 2× the floor"),
                            ("P9b", 6000, "within 2× the floor")):  # fmt: skip
        ours, floor = asyncio.run(_samples(count, runs))
        figures.append(
            Figure(
                id=tag,
                name=f"a whole game log drawn at once, {count:,} lines, 80×24",
                value=statistics.median(ours) * 1000,
                unit="ms",
                peer="RichLog, the same rows in one write",
                peer_value=statistics.median(floor) * 1000,
                aim=aim,
                notes=f"median of {runs}",
            )
        )
    return figures



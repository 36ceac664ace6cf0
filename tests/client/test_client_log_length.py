"""A game log keeps a long game whole (LOG_MAX_LINES lines; a 27-turn game of four made
some 1,500), and shows a whole log at once, as a hot-seat seat's log is shown when its
curtain lifts: the lines past what it keeps are not written only to be dropped, and the
rows of lines in one style go in one write."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult

from client.widgets.log import FULL_LOG_MAX_LINES, LOG_MAX_LINES, GameLog, earlier_lines


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


def rows(log: GameLog) -> list[str]:
    return [strip.text for strip in log.lines]


def dim(log: GameLog, row: int) -> bool:
    return any(seg.style is not None and seg.style.dim for seg in log.lines[row])


@pytest.mark.asyncio
async def test_a_long_game_is_kept_whole_and_shown_in_few_writes(monkeypatch: Any) -> None:
    assert LOG_MAX_LINES >= 6000  # a 61-turn game of four made over 3,000
    app = LogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        await pilot.pause()
        writes: list[object] = []
        real = GameLog.write

        def counted(self: GameLog, *args: Any, **kw: Any) -> Any:
            writes.append(args[0])
            return real(self, *args, **kw)

        monkeypatch.setattr(GameLog, "write", counted)
        total = LOG_MAX_LINES + 1000
        lines = [*earlier_lines(["Ann enlisted Pikeman."]), *(f"line {n}" for n in range(total))]
        log.show(object(), lines)
        await pilot.pause()
        shown = rows(log)
        assert len(shown) == LOG_MAX_LINES
        assert shown[0] == f"line {total - LOG_MAX_LINES}" and shown[-1] == f"line {total - 1}"
        assert len(writes) == 1  # one style: one write
        log.show(object(), lines[:50])  # another seat's log: the earlier lines dimmed
        await pilot.pause()
        assert rows(log)[:3] == [lines[0], "Ann enlisted Pikeman.", "line 0"]
        assert dim(log, 0) and dim(log, 1) and not dim(log, 2)
        assert len(writes) == 1 + 3  # the rule, the earlier line, the rest: three styles


class FullLogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield GameLog(FULL_LOG_MAX_LINES, id="log")


@pytest.mark.asyncio
async def test_the_log_screen_keeps_a_game_longer_than_the_tables_log_whole() -> None:
    """A 61-turn game of four made more lines than the table's log keeps: the log screen
    (``l``) has them all, back to the first turn, wrapped lines too."""
    assert FULL_LOG_MAX_LINES >= 3 * LOG_MAX_LINES
    app = FullLogApp()
    async with app.run_test(size=(40, 24)) as pilot:
        log = app.query_one(GameLog)
        await pilot.pause()
        long = "Bot 3 enlisted Militia Recruit and it entered play."  # two rows at 40
        lines = ["— Turn 1: Ann —", *(long for _ in range(LOG_MAX_LINES + 200))]
        log.show(object(), lines)
        await pilot.pause()
        shown = rows(log)
        assert shown[0] == "— Turn 1: Ann —"
        assert len(shown) == 1 + 2 * (LOG_MAX_LINES + 200)


@pytest.mark.asyncio
async def test_a_resize_keeps_the_reader_where_they_were() -> None:
    """Wrapping the lines again for a new width kept the log at its end, wherever the
    reader had scrolled to (the first turn, say); a reader at the end stays there."""
    app = FullLogApp()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        await pilot.pause()
        said = [f"— Turn {n}: Ann — and what happened on it, at length." for n in range(400)]
        log.show(object(), said)
        await pilot.pause()
        log.scroll_home(animate=False)
        await pilot.pause()
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == 0 and rows(log)[0].startswith("— Turn 0:")
        log.scroll_end(animate=False)
        await pilot.pause()
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0

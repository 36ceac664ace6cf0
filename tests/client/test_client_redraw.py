"""What a redraw of the table costs Textual (bench figure P5): a patch that changes the
height of some sections is laid out once, the log's scrollbar is not repainted by a
layout pass that leaves the log where it was, and the prompt's choices are not drawn
again when only their height changes."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from client.screens.table import TableScreen
from client.widgets.log import SteadyLog
from client.widgets.prompt import ChoiceList
from tests.client.driver import settle
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text


async def _drawn(pilot: Pilot[Any]) -> None:
    """Wait until the screen has handled every message and drawn twice since (a second
    layout pass asked for by the first would be done by then)."""
    for _ in range(2):
        await settle(pilot)
        done = asyncio.Event()
        pilot.app.screen.call_after_refresh(done.set)
        await done.wait()
    await settle(pilot)


def _calls(monkeypatch: pytest.MonkeyPatch, obj: object, name: str) -> list[bool]:
    """A list that grows by one each time ``obj.name`` is called (it still runs)."""
    calls: list[bool] = []
    original = getattr(obj, name)

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(True)
        return original(*args, **kwargs)

    monkeypatch.setattr(obj, name, spy)
    return calls


def _count_layouts(monkeypatch: pytest.MonkeyPatch) -> list[Screen[Any]]:
    passes: list[Screen[Any]] = []
    original = Screen._refresh_layout

    def spy(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        passes.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", spy)
    return passes


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_patch_that_changes_heights_is_laid_out_once(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    passes = _count_layouts(monkeypatch)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        fake = Fake(app, [0])
        fake.show(0, v.maneuver())
        await _drawn(pilot)
        assert isinstance(app.screen, TableScreen)
        passes.clear()
        nxt = v.maneuver()
        nxt["version"] = 58
        alice = nxt["players"][0]
        alice["hand"] = alice["hand"][1:]  # the hand is a card shorter
        alice["hand_count"]["basic"] -= 1
        nxt["legal"] = nxt["legal"][4:]  # and the prompt fewer lines
        for unit in nxt["players"][1]["units"]:
            unit["damage"] = 1
        fake.show(0, nxt)
        await _drawn(pilot)
        assert [s for s in passes if s is app.screen] == [app.screen]
        assert "dmg 1" in screen_text(app)


class LogApp(App[None]):
    CSS = "#top { height: 1; } SteadyLog { height: 5; }"

    def compose(self) -> ComposeResult:
        yield Static("top", id="top")
        yield SteadyLog(id="log")


@pytest.mark.asyncio
async def test_a_layout_pass_that_leaves_the_log_alone_does_not_repaint_its_scrollbar(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(SteadyLog)
        for n in range(20):
            log.write(f"line {n}")
        await _drawn(pilot)
        bar = log.vertical_scrollbar
        assert log.show_vertical_scrollbar
        repaints = _calls(monkeypatch, bar, "refresh")
        app.query_one("#top", Static).styles.height = 3  # the log moves down, same size
        await _drawn(pilot)
        assert log.region.y == 3
        assert repaints == []
        log.styles.height = 7  # a new size: the scrollbar is drawn again
        await _drawn(pilot)
        assert repaints
        assert bar.window_size == 7


class ListApp(App[None]):
    CSS = "ChoiceList { height: 4; width: 30; border: none; padding: 0; }"

    def compose(self) -> ComposeResult:
        yield ChoiceList(id="choices")


@pytest.mark.asyncio
async def test_the_choices_keep_their_drawn_lines_when_only_their_height_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = ListApp()
    async with app.run_test(size=(40, 12)) as pilot:
        choices = app.query_one(ChoiceList)
        choices.set_options(["1. Play Skilled Strike", "2. Enlist Infantry", "3. Pass"])
        await _drawn(pilot)
        dropped = _calls(monkeypatch, choices, "_clear_caches")
        choices.styles.height = 6
        await _drawn(pilot)
        assert choices.size.height == 6 and dropped == []
        choices.styles.width = 18  # a new width wraps the options: drawn again
        await _drawn(pilot)
        assert dropped
        lines = [strip.text for strip in choices.render_lines(choices.size.region)]
        assert lines[0].strip() == "1. Play Skilled" and lines[1].strip() == "Strike"

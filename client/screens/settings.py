"""Settings: your name, the theme, auto-pass and stops, and the timer of new tables."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from client.settings import Settings

TIMERS = ((("No timer"), 0), ("15 s", 15), ("30 s", 30), ("60 s", 60), ("120 s", 120))


class SettingsScreen(Screen[Settings | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, settings: Settings, themes: list[str]) -> None:
        super().__init__()
        self.settings = settings
        self.themes = themes

    def compose(self) -> ComposeResult:
        s = self.settings
        timers = list(TIMERS)
        if s.timer not in {t for _, t in timers}:
            timers.append((f"{s.timer} s", s.timer))
        with VerticalScroll(classes="center-box"), Vertical(classes="panel"):
            yield Static("Settings", classes="panel-title")
            yield Label("Your name", classes="field-label")
            yield Input(s.name, max_length=32, id="name")
            yield Label("Theme", classes="field-label")
            themes = [(t, t) for t in self.themes]
            yield Select(
                themes,
                value=s.theme if s.theme in self.themes else self.themes[0],
                allow_blank=False,
                id="theme",
            )
            yield Label("Response windows", classes="field-label")
            yield Checkbox("Auto-pass when passing is all I can do", s.auto_pass, id="auto_pass")
            yield Checkbox(
                "…but stop while something is on the chain", "chain" in s.stops, id="stop_chain"
            )
            yield Checkbox("…but stop during battles", "battle" in s.stops, id="stop_battle")
            yield Checkbox("Let me respond to my own maneuvers (hold)", s.hold, id="hold")
            yield Label("Decision timer on tables I create", classes="field-label")
            yield Select(timers, value=s.timer, allow_blank=False, id="timer")
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Back", id="back")
        yield Footer()

    @on(Select.Changed, "#theme")
    def _preview_theme(self, event: Select.Changed) -> None:
        self.app.theme = str(event.value)

    def current(self) -> Settings:
        stops = [k for k in ("chain", "battle") if self.query_one(f"#stop_{k}", Checkbox).value]
        return Settings(
            name=self.query_one("#name", Input).value.strip()[:32] or "Player",
            theme=str(self.query_one("#theme", Select).value),
            auto_pass=self.query_one("#auto_pass", Checkbox).value,
            stops=stops,
            hold=self.query_one("#hold", Checkbox).value,
            timer=int(self.query_one("#timer", Select).value),  # type: ignore[arg-type]
            last_address=self.settings.last_address,
        )

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        self.dismiss(self.current())

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.theme = self.settings.theme
        self.dismiss(None)

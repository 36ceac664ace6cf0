"""Host a game from the menu while a hosted game was left unfinished: resume it, or not.

A game hosted from this terminal is kept in the local games' database; when the hosting
process stopped before the end (the terminal closed, the machine went down), hosting
again can take the host's seat back and the others reconnect by themselves. From the
menu the player chooses; ``allegiance host`` resumes it as ``allegiance host --db`` does.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option


class ResumeHostScreen(ModalScreen[str]):
    """Dismissed with "resume", "new", or "back" (escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('resume')", "Resume"),
        Binding("n", "choose('new')", "New game"),
        Binding("escape", "choose('back')", "Back"),
    ]

    def __init__(self, code: str, waiting: bool = False) -> None:
        super().__init__()
        self.code = code
        #: the table was still in its lobby (waiting for players): no game began there
        self.waiting = waiting

    def compose(self) -> ComposeResult:
        with Vertical(classes="center-box"), Vertical(classes="panel"):
            yield Static(self._title(), classes="panel-title")
            yield Static(self._text(), classes="panel-text")
            yield OptionList(
                Option(f"Open {self.code} again" if self.waiting else f"Resume {self.code}",
                       id="resume"),
                Option("Host a new game", id="new"),
                id="resume-list",
            )
        yield Footer()

    def _title(self) -> str:
        return "Your hosted table is still open" if self.waiting else (
            "Your hosted game is not finished")  # fmt: skip

    def _text(self) -> str:
        if self.waiting:
            return (
                f"The table {self.code} you were hosting was waiting for players when it "
                "stopped; no game began there. Open it again (the same code; those who "
                "joined reconnect by themselves), or host a new game."
            )
        return (
            f"The game {self.code} you were hosting stopped before its end. Resume it "
            "(the others reconnect to their seats by themselves), or host a new game "
            "(that one is then kept only as a replay)."
        )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "back")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

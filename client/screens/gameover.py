"""End of game: who won and why, the heroes' final health, and "play again"."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from client.viewmodel.table import TableModel


def over_markup(table: TableModel) -> str:
    lines = [f"[b]{escape(table.result or 'The game is over')}[/b]", ""]
    for p in table.players:
        state = "[$success]standing[/]" if p.alive else "[$error]defeated[/]"
        lines.append(f"{escape(p.name)} · {escape(p.hero)}  ♥ {p.health}/{p.max_health}  {state}")
    lines.append(f"\n[$text-muted]{table.turn} turns[/]")
    return "\n".join(lines)


class GameOverScreen(ModalScreen[str]):
    """Dismissed with "again", "menu" or "table" (look at the final table)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "choose('again')", "Play again"),
        Binding("m", "choose('menu')", "Main menu"),
        Binding("escape", "choose('table')", "See the table"),
    ]

    def __init__(self, table: TableModel, can_replay: bool = True) -> None:
        super().__init__()
        self.table = table
        self.can_replay = can_replay

    def compose(self) -> ComposeResult:
        options = [Option("See the final table", id="table"), Option("Main menu", id="menu")]
        if self.can_replay:
            options.insert(0, Option("Play again", id="again"))
        with Vertical(classes="center-box"), Vertical(classes="panel"):
            yield Static("Game over", classes="panel-title")
            yield Static(over_markup(self.table), classes="panel-text")
            yield OptionList(*options, id="over-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#over-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(str(event.option_id))

    def action_choose(self, what: str) -> None:
        if what == "again" and not self.can_replay:
            return
        self.dismiss(what)

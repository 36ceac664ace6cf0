"""Leaving a game that is being played: asked first, with what leaving does.

Ctrl+L is the key many terminals use to clear the screen, and one press used to end a
hot-seat game for everyone at the keyboard, or stop a hosted game's server under the
players who joined. A game that is over, a lobby and watching are left at once. Quitting
the app (Ctrl+Q) during a game is asked the same way.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

#: What a table's reconnect policy does once a seat's grace period is over.
_POLICY = {
    "wait": "the table waits for you",
    "bot": "a bot plays your seat until you are back",
    "concede": "your seat concedes",
}


def leave_warning(
    kind: str,
    table_info: dict[str, Any],
    quitting: bool = False,
    *,
    out: bool = False,
    address: str = "",
) -> str | None:
    """What leaving (or ``quitting`` the app) does, for people; None when nothing is lost
    (the game is not being played). ``kind``: "hosting", "local" (every seat at this
    keyboard or bots) or "joined"; ``out``: every seat this terminal plays is out of the
    game (knocked out: it will never decide again); ``address``: the server's, as the
    join command takes it (a joined seat is taken back there)."""
    if table_info.get("status") != "playing":
        return None
    if out and kind == "joined":
        return None  # the seat has nothing left to play: leaving loses nothing
    if kind == "hosting":
        doing = "quitting" if quitting else "leaving"
        return (
            f"You are hosting: {doing} stops the server, and the players who joined wait "
            "until you host again (Host a game, or allegiance host, resumes it)."
        )
    if kind == "local":
        return (
            "This game ends here: it is kept in Replays, but a local game cannot be "
            "resumed."
        )
    options = table_info.get("options") or {}
    code = table_info.get("table") or "its code"
    grace = options.get("grace")
    policy = _POLICY.get(str(options.get("policy")), _POLICY["wait"])
    if policy == _POLICY["wait"] and options.get("timer"):
        # the decision timer still runs for an away seat: out of time, it passes
        policy = "the timer still runs for you: out of time, your seat passes"
    timed = isinstance(grace, (int, float)) and policy in (_POLICY["bot"], _POLICY["concede"])
    after = f"after {grace:g} s away, {policy}" if timed else policy
    where = f"{address} " if address else ""
    return f"Your seat stays yours: join {where}{code} again to take it back ({after})."


def close_warning(match_goes_on: bool) -> str:
    """What a host's leaving does once the game is over: the server stops, and the table
    with it (``match_goes_on``: a match's next game is due)."""
    lost = "the match ends here (no next game)" if match_goes_on else "there is no rematch"
    return (
        f"You are hosting: leaving closes the table, so {lost}; the players who joined "
        "are told the host closed it."
    )


def _answers(go: str, stay: str) -> list[BindingType]:
    """``y`` goes, ``n`` or Escape stays; the footer says them in ``go`` and ``stay``."""
    return [Binding("y", "answer(True)", go), Binding("n,escape", "answer(False)", stay)]


class LeaveScreen(ModalScreen[bool]):
    """Dismissed with True to leave, False to stay. A question of the same kind (quit,
    close the table, concede) is a subclass that sets the words below."""

    #: The question, its answers, and the footer's words for ``y`` and ``n``.
    QUESTION = "Leave this game?"
    GO = "Leave"
    STAY = "Stay in the game"
    GO_KEY, STAY_KEY = "Leave", "Stay"
    BINDINGS: ClassVar[list[BindingType]] = _answers(GO_KEY, STAY_KEY)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        cls.BINDINGS = _answers(cls.GO_KEY, cls.STAY_KEY)  # before Textual reads them
        super().__init_subclass__(**kwargs)

    def __init__(self, warning: str) -> None:
        super().__init__()
        self.warning = warning

    def compose(self) -> ComposeResult:
        with Vertical(classes="center-box"), Vertical(classes="panel"):
            yield Static(self.QUESTION, classes="panel-title")
            yield Static(self.warning, classes="panel-text")
            yield OptionList(*self.answers(), id="leave-list")
        yield Footer()

    def answers(self) -> list[Option]:
        """The list's answers: stay (``n``), then go (``y``)."""
        return [Option(f"{self.STAY} (n)", id="stay"), Option(f"{self.GO} (y)", id="leave")]

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id == "leave")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)


class CloseTableScreen(LeaveScreen):
    """A host leaving the game-over screen: asked first, as closing the table ends the
    match for the players who joined. Dismissed with True to leave."""

    GO_KEY = "Close it"
    QUESTION = "Close the table?"
    GO = "Close it and leave"
    STAY = "Stay at the table"


class QuitScreen(LeaveScreen):
    """Quitting the app (Ctrl+Q) during a game being played: asked as leaving is.
    Dismissed with True to quit."""

    GO_KEY = "Quit"
    QUESTION = "Quit Allegiance?"
    GO = "Quit"

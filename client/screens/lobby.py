"""The lobby: the table's seats, who has joined, the join code to share, whether the
table plays one game or a best-of-N match, and what spectators may see; under it, for a
table just made on another server, the tables made there before and not finished."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from client.cards import default_book
from client.markup import escape


def lobby_markup(
    table: str,
    info: dict[str, Any],
    reach: str | None = None,
    mine: Collection[int] = (),
    address: str = "",
    watching: bool = False,
) -> str:
    """The lobby's text; ``mine``: the seats this terminal holds (marked "you");
    ``reach``: the address the maker's guests type to reach the table;
    ``address``: the server this terminal joined or watches (a guest knows it too);
    ``watching``: this terminal watches the table."""
    lines = [f"Join code: [b $accent]{escape(table)}[/]", ""]
    if watching:
        lines[:0] = ["[b $accent]You are watching this table[/] — you hold no seat.", ""]
    commands = reach_lines(table, info, reach or server_address(address))
    lines[-1:-1] = commands
    for seat in info.get("seats") or []:
        number = int(seat.get("seat", 0))
        named = seat.get("team")
        team = f"  [b]team {named + 1}[/b]" if isinstance(named, int) else ""
        who = escape(str(seat.get("name") or "—"))
        if number in mine:  # every taken seat says "here": which one is this player's
            who += " [b $accent](you)[/]"
        if seat.get("kind") == "bot":
            level = _BOT_LEVELS.get(seat.get("level"))
            state = f"bot ({level})" if level else "bot"
        elif seat.get("claimed"):
            state = "[$success]here[/]" if seat.get("connected") else "[$warning]away[/]"
        else:
            state = "[$text-muted]free seat[/]"
        hero = _hero_name(seat.get("hero"))
        lines.append(f"Seat {number + 1}: {who}  {state}  [$text-muted]{hero}[/]{team}")
    best_of = int((info.get("match") or {}).get("best_of") or 1)
    if best_of > 1:
        lines += ["", f"[b]Best of {best_of}[/b]: a match of up to {best_of} games, new random "
                  "heroes each game, the loser of a game chooses who plays first in the next."]
    spectators = spectators_line(info)
    if spectators:
        lines += ["", spectators]
    watchers = watchers_line(info)
    if watchers:
        lines += [watchers] if spectators else ["", watchers]
    rules = table_rules_line(info)
    if rules:
        lines += [rules] if spectators else ["", rules]
    lines += ["", "[$text-muted]The game starts when every human seat is taken.[/]"]
    return "\n".join(lines)


def reach_lines(table: str, info: dict[str, Any], where: str) -> list[str]:
    """The commands others type to join the table at ``where`` (a server's address)
    and, where it allows watchers, to watch it."""
    if not where:
        return []
    lines = [f"Others join with: [b]{escape(f'allegiance join {where} {table}')}[/]"]
    if watchable(info):
        lines.append(f"Others watch with: [b]{escape(f'allegiance watch {where} {table}')}[/]")
    return lines


def server_address(url: str) -> str:
    """The address to type for a server's websocket ``url``: ``host:port`` for a plain
    ``ws://host:port`` (as ``allegiance join`` turns it back), else the URL itself."""
    plain = url.strip().removeprefix("ws://")
    return plain if "/" not in plain else url.strip()


def watchable(info: dict[str, Any]) -> bool:
    """Whether the table lets people watch (False before its options are known)."""
    options = info.get("options")
    if not isinstance(options, dict):
        return False
    view = options.get("spectator_view")
    if view in SPECTATOR_LINES:
        return bool(view != "none")
    return bool(options.get("spectators", True))


def watchers_line(info: dict[str, Any]) -> str:
    """How many people watch the table now ("" when nobody does)."""
    count = info.get("spectators")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return ""
    return f"[b]Watching now:[/b] {'1 person' if count == 1 else f'{count} people'}."


def _hero_name(hero: object) -> str:
    """The seat's hero as chosen at the table, or "random hero" (drawn when it starts)."""
    if not isinstance(hero, str) or not hero:
        return "random hero"
    return escape(default_book().name(hero))


#: What spectators of a table see, by the table's ``spectator_view`` option.
SPECTATOR_LINES = {
    "none": "Spectators: [b]none[/b] — nobody may watch this table.",
    "public": "Spectators: [b]public view[/b] — anyone with the code may watch; they see no hand.",
    "all": "Spectators: [b $warning]all hands shown[/] — anyone with the code may watch "
    "and sees every player's hand (for teaching or streaming).",
}


def spectators_line(info: dict[str, Any]) -> str:
    """The lobby's line about spectators ("" before the table's options are known;
    older servers: the ``spectators`` bool only)."""
    options = info.get("options")
    if not isinstance(options, dict):
        return ""
    view = options.get("spectator_view")
    if view not in SPECTATOR_LINES:
        view = "public" if options.get("spectators", True) else "none"
    return SPECTATOR_LINES[str(view)]


#: The bots' levels by number, as the server and ``--bot-level`` name them.
_BOT_LEVELS = {0: "random", 1: "easy", 2: "medium", 3: "hard"}

#: What happens to a player away past the grace, by the table's reconnect ``policy``.
_AWAY = {"wait": "the table waits", "bot": "a bot plays for them", "concede": "they concede"}

#: What a player away meets under the policy "wait" on a table with a decision timer: the
#: timer does not wait (the server answers each of their decisions when it runs out).
_AWAY_TIMED = "the timer still runs for them (out of time, the seat passes)"


def table_rules_line(info: dict[str, Any]) -> str:
    """The lobby's line about the decision timer and a player who loses the connection
    ("" before the table's options are known). The grace is said only where it changes
    something: under "bot" and "concede" the policy acts once it is over; under "wait"
    nothing happens when it ends (the table waits for them, or their timer runs, from
    the moment they go), so no number of seconds is given, with a timer or without."""
    options = info.get("options")
    if not isinstance(options, dict):
        return ""
    timer = options.get("timer")
    clock = f"[b]{timer:g} s[/b] a decision" if _seconds(timer) else "[b]no time limit[/b]"
    policy = str(options.get("policy"))
    policy = policy if policy in _AWAY else "wait"
    if policy == "wait":
        waits = _AWAY_TIMED if _seconds(timer) else "the table waits for them"
        return f"Timer: {clock}. A player away: {waits}."
    grace = options.get("grace")
    away = f"away over {grace:g} s" if _seconds(grace) else "away"
    return f"Timer: {clock}. A player {away}: {_AWAY[policy]}."


def _seconds(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


class LobbyScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+l", "app.leave_game", "Leave", id="table.leave")
    ]

    def __init__(self) -> None:
        super().__init__()
        self._text = "Connecting…"
        self._held = ""  # :meth:`tell_held`'s words, kept under every :meth:`show`

    def compose(self) -> ComposeResult:
        with Vertical(classes="center-box"), Vertical(classes="panel"):
            yield Static("Waiting for players", classes="panel-title")
            yield Static(self._shown(), id="lobby-text", classes="panel-text")
        yield Footer()

    def show(
        self,
        table: str,
        info: dict[str, Any],
        reach: str | None = None,
        link: str = "",
        mine: Collection[int] = (),
        address: str = "",
        watching: bool = False,
    ) -> None:
        self._text = lobby_markup(table, info, reach, mine, address, watching)
        if link:  # not connected (yet): say so above everything else
            self._text = f"[$warning]{escape(link)}[/]\n\n{self._text}"
        self._update()

    def tell_held(self, words: str) -> None:
        """Say ``words`` (:func:`client.app.held_tables_words`) under the table's own
        text for as long as the lobby shows: part of the lobby, not a toast, so it goes
        with the lobby and covers none of it."""
        self._held = words
        self._update()

    def _shown(self) -> str:
        """The lobby's text with the held tables' words under it."""
        return f"{self._text}\n\n{escape(self._held)}" if self._held else self._text

    def _update(self) -> None:
        # not there before compose or while the app closes (a reconnect attempt's news
        # may come then): compose shows it
        for text in self.query("#lobby-text").results(Static):
            text.update(self._shown())

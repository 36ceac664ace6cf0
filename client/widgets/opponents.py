"""The other players' essentials under the status line, while the board has scrolled
their hero panels out of its view.

A board taller than its room is kept scrolled to its end (your hero, your hand, the
battle), so the other players' hero lines go out of sight above it. This line then
names each of them with their hero, health, gold and hand, and marks the one to act:
enough to know whether an attack kills without scrolling up or reading the log. It is
hidden while every other hero's first line shows on the board (the common case). Your own
hero is named there too once the board has scrolled it away above (a long hand at 120×40
shows every card's text under it).

The opponents share one line; when they do not fit in full, each is shortened, and they
wrap to a second line only if even that does not fit (four players at 80 columns).

Where the format has them, each player's team or sworn enemy follows their hand:
``team 1`` or ``hunts Bob`` in full, ``T1`` or ``→Bob`` shortened, so who is whose
partner and who hunts whom shows at 80×24 too. After that comes the mark their hero panel
shows while they are still in the game: ``conceding`` (out at their next priority),
``bot plays`` (until they return) or ``away``.

When the last of them still has lines on the board (the hero panel scrolled only partly
away, or the units under it), those lines carry no name: a ``↓`` after that player says
the lines at the top of the board are theirs.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events, on
from textual.content import Content
from textual.widget import Widget

from client.cards import short_hero
from client.markup import escape
from client.viewmodel.table import PlayerPanel
from client.widgets import MarkupStatic, concat, flow, lines, parsed

#: Before the first opponent: they are up there, on the board.
LEAD = "↑ "
#: After the last opponent when their lines continue at the top of the board.
CONTINUED = "[b $accent]↓[/]"


@dataclass(frozen=True)
class Summary:
    """What the line says of one player: the parts of :class:`PlayerPanel` it shows."""

    name: str
    hero: str  # the hero's short name
    health: int
    max_health: int
    gold: int
    hand: int
    current: bool  # it is their turn
    to_act: bool
    out: str = ""  # "defeated" or "conceded" once out of the game
    team: int | None = None  # a team game: their team (0 or 1)
    hunts: str = ""  # a sworn enemy game: the name of the player they must defeat
    mark: str = ""  # "conceding", "bot plays" or "away" (PlayerPanel.seat_mark)

    @classmethod
    def of(cls, panel: PlayerPanel) -> Summary:
        return cls(
            name=panel.name,
            hero=short_hero(panel.hero),
            health=panel.health,
            max_health=panel.max_health,
            gold=panel.gold,
            hand=panel.hand_total,
            current=panel.is_current,
            to_act=panel.is_to_act or panel.has_priority,
            out="" if panel.alive else panel.out_word,
            team=panel.team,
            hunts=panel.hunts,
            mark=panel.seat_mark,
        )


def _health(s: Summary, gap: str) -> str:
    style = "$error" if s.health * 4 <= s.max_health else "$success"  # as the hero panel
    return f"[{style}]♥{gap}{s.health}/{s.max_health}[/]"


def full_item(s: Summary) -> Content:
    """One player in full: ``▶ Bob (Beledan)  ♥ 37/38  2g  hand 4  ◆ to act``."""
    return _item(s, compact=False)


def short_item(s: Summary) -> Content:
    """One player shortened: ``▶Bob (Beledan) ♥37/38 2g h4 ◆``."""
    return _item(s, compact=True)


def side(s: Summary, compact: bool) -> str:
    """Whose side they are on, as their hero panel says it: ``team 1`` or ``hunts Bob``;
    shortened ``T1`` or ``→Bob``. "" in a format without teams or sworn enemies."""
    if s.team is not None:
        return f"T{s.team + 1}" if compact else f"team {s.team + 1}"
    if s.hunts:
        return f"→{escape(s.hunts)}" if compact else f"hunts {escape(s.hunts)}"
    return ""


def _item(s: Summary, compact: bool) -> Content:
    gap = " " if compact else "  "
    mark = ("▶" if compact else "▶ ") if s.current else ""
    head = f"{mark}[b]{escape(s.name)}[/b] ({escape(s.hero)})"
    if s.out:  # their team still counts (its partner may win); whom they hunted no more
        team = f"{gap}{side(s, compact)}" if s.team is not None else ""
        return parsed(f"{head}{team}{gap}[$error]{s.out}[/]")
    act = f"{gap}[$accent]◆{'' if compact else ' to act'}[/]" if s.to_act else ""
    hand = f"h{s.hand}" if compact else f"hand {s.hand}"
    health = _health(s, "" if compact else " ")
    # the lasting marks before "◆", which comes and goes with every decision
    marks = [side(s, compact), f"[$warning]{s.mark}[/]" if s.mark else ""]
    lasting = "".join(f"{gap}{mark}" for mark in marks if mark)
    return parsed(f"{head}{gap}{health}{gap}[$warning]{s.gold}g[/]{gap}{hand}{lasting}{act}")


def opponents_content(
    summaries: tuple[Summary, ...], width: int, continued: bool = False
) -> Content:
    """The line (or two) for ``summaries`` in ``width`` cells (0: not known, in full).
    ``continued``: the last of them has lines at the top of the board, marked ``↓``."""
    rows = flow(_items(summaries, continued, compact=False), width, lead=LEAD, sep="  │  ")
    if len(rows) > 1:
        rows = flow(_items(summaries, continued, compact=True), width, lead=LEAD, sep=" │ ")
    return lines(rows)


def _items(summaries: tuple[Summary, ...], continued: bool, compact: bool) -> list[Content]:
    items = [_item(s, compact) for s in summaries]
    if continued and items:
        # the mark sticks to the last player: a wrapped line never parts them
        items[-1] = concat((items[-1], parsed(f"{' ' if compact else '  '}{CONTINUED}")))
    return items


class OpponentsLine(MarkupStatic):
    """The players whose hero panels the board does not show: :func:`opponents_content`
    for its width; hidden while there are none."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.summaries: tuple[Summary, ...] = ()
        self.continued = False
        self.display = False

    def show(self, summaries: tuple[Summary, ...], continued: bool = False) -> None:
        """Show ``summaries`` (none: hide); ``continued``: the last of them has lines at
        the top of the board. Nothing happens when neither changed."""
        if (summaries, continued) == (self.summaries, self.continued):
            return  # most patches change nothing the line shows
        self.summaries = summaries
        self.continued = continued
        self.display = bool(summaries)
        self._fit()

    @on(events.Resize)
    def _fit(self) -> None:
        if not self.summaries:
            return  # hidden: drawn again when it shows
        width = self.content_region.width
        if not width and isinstance(self.parent, Widget):
            # never laid out yet: the column's width, less this line's padding
            width = self.parent.content_region.width - self.styles.gutter.width
        self.set_markup(opponents_content(self.summaries, max(width, 0), self.continued))

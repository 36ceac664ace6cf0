"""The result line of a finished game, as the game-over screen and the replay's last
step both say it (pure; no Textual).

The view's own result (:func:`client.viewmodel.table.result_line`) gives one reason, the
last player out's: "Alice wins (opponent conceded)". With more than one opponent that
reads as if the others had not played; :func:`game_result` says what happened to each.
"""

from __future__ import annotations

from collections.abc import Sequence

from client.viewmodel.table import PlayerPanel, TableModel
from client.viewmodel.words import listed

#: The result's reasons for a game that ended by a concession (``result_line``): the
#: last player out conceded, and is named when they were the only one who did.
_CONCEDED_REASONS = ("opponent conceded", "sworn enemy conceded")


def game_result(table: TableModel) -> str:
    """The result line. When a concession ended the game and the winners had more than
    one opponent, the reason says what happened to each ("(Bob conceded; Carol was
    defeated)"), or "(opponents conceded)" when all of them did: the view's reason
    speaks of the last one out only."""
    text = table.result or "The game is over"
    opponents = _opponents(table)
    head = _head(text, opponents)
    if head is None or len(opponents) < 2:
        return text
    return f"{head} ({_fates(opponents)})"


def _opponents(table: TableModel) -> list[PlayerPanel]:
    """The players out of the game who are not on a winner's team, in seat order (a
    team's winner may be out too: its team won without it)."""
    standing = {p.team for p in table.players if p.alive and p.team is not None}
    return [p for p in table.players if not p.alive and (p.team is None or p.team not in standing)]


def _head(text: str, opponents: Sequence[PlayerPanel]) -> str | None:
    """``text`` before its reason when the reason is a concession ("Alice wins"), else
    None."""
    named = [f"{p.name} conceded" for p in opponents if p.conceded]
    for reason in (*_CONCEDED_REASONS, *named):
        if text.endswith(f" ({reason})"):
            return text[: -len(reason) - 3]
    return None


def _fates(opponents: Sequence[PlayerPanel]) -> str:
    """"Bob conceded; Carol was defeated", or "opponents conceded" when all did."""
    conceded = [p.name for p in opponents if p.conceded]
    defeated = [p.name for p in opponents if not p.conceded]
    if not defeated:
        return "opponents conceded"
    parts = [f"{listed(conceded)} conceded"] if conceded else []
    parts.append(f"{listed(defeated)} {'was' if len(defeated) == 1 else 'were'} defeated")
    return "; ".join(parts)

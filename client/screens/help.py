"""Help: the keys of every screen and a summary of the rules (``?`` or F1)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

HELP = """\
# Allegiance: keys

| Where | Keys |
|---|---|
| Everywhere | `?` / `F1` help · `ctrl+p` palette (themes, settings, all commands) · `ctrl+q` quit |
| Prompt | `↑` `↓` move · `enter` choose · `1`–`9` choose a line · `esc` back · `p` pass |
| Declare attackers | `enter` toggles an attacker · `a` all / none · `d` declare the marked ones |
| Assign defenders | `enter` on an attacker, then on the defender · `d` confirm all pairs |
| Table | `l` show or hide the log · `c` chat · `tab` next area · `ctrl+l` leave the game |
| Curtain (hot-seat) | `enter` when only the named player is looking |

The prompt lists only what the server says you may do now; when nothing but passing is
possible the server passes for you (see Settings: auto-pass and stops).

# The rules in short

**Goal.** Reduce every enemy hero's health to 0 (teams: both enemy heroes; sworn enemy:
the player to your left).

**A turn.** *Production*: production +1, then gain that much gold. *Refresh*: cooldowns
move one space closer to ready; exhausted cards refresh. *Draw*: draw from the basic,
elite or action deck. *Maneuvers*: any number, any order. *End of turn*: end-of-turn
effects, a last chance for maneuvers, "until end of turn" effects end.

**Maneuvers.** Unlock a hero ability (pay its gold once; each level needs one from the
level below), use a ready ability, enlist a unit, play an action card, initiate a
battle, use an activated ability of a card in play. Only *reaction maneuvers* (action
cards, activated abilities, reaction abilities) may answer another maneuver or be
played outside your own maneuver phase.

**The chain.** A maneuver is announced (costs paid, targets chosen), then every player in
turn may respond. When all pass, the last one announced resolves first; after each
resolution players may respond again. A maneuver whose targets are all gone is canceled.
"Choose" happens while resolving and cannot be answered.

**Battles.** The current player picks one opponent. *Declare attackers*: any refreshed
units (not those that entered this turn) and/or the hero's weapon; they exhaust.
*Assign defenders*: one refreshed unit per attacker, each defender once. *Damage*:
simultaneous; undefended attackers hit the hero; armor prevents battle damage up to its
rating once per turn (you split it among simultaneous sources). Weapons take no damage
back. After each step players may react.

**Counters.** Damage (a unit dies at damage ≥ health), augments (+1/+1 each), cooldowns.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("question_mark", "dismiss", "Close", show=False),
        Binding("f1", "dismiss", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(HELP, id="help-text")
        yield Footer()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)

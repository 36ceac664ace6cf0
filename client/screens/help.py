"""Help: the keys of every screen and a summary of the rules (``?`` or F1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from client.settings import effective_keys, key_label

#: (where, keys) rows of the keys table; ``{table_pass}`` and the like are the player's keys.
KEY_ROWS = (
    ("Everywhere", "`?` / `{app_help}` help · `ctrl+p` palette (themes, settings, cards, "
                   "all commands) · `ctrl+q` quit"),
    ("Main menu", "`{menu_new_game}` new game · `{menu_join}` join · `{menu_watch}` watch · "
                  "`{menu_cards}` cards · `{menu_replays}` replays · `{menu_settings}` settings · "
                  "`↑` `↓` `enter` any entry (Host a game, Rules and keys, Quit)"),
    ("Prompt", "`↑` `↓` move · `enter` choose · `1`–`9` choose a line · `esc` back · "
               "`{table_pass}` pass (from the first list, not from a card's targets: `esc` "
               "back to it) · `{table_skip}` until your turn"),
    ("Declare attackers", "`enter` toggles an attacker · `{table_all_attackers}` all / none · "
                          "`{table_confirm}` declare the marked ones"),
    ("Assign defenders", "`enter` on an attacker, then on the defender · `{table_confirm}` "
                         "confirm all pairs"),
    ("Up to N targets", "`enter` or `1`–`9` ticks a target (again: unticks) · "
                        "`{table_confirm}` or the ✔ line confirms the ticked ones"),
    ("Table", "`{table_details}` card details · `{table_log}` show or hide the log · "
              "`{table_chat}` chat · `tab` next area · `{table_leave}` leave the game · "
              "while it is being played, leaving and `ctrl+q` quitting are asked first"),
    ("Log, chat", "every key types · `enter` says the line · `esc` back, an unsent line kept "
                  "· `pageup` `pagedown` scroll the log · `tab` to it, where `{table_log}` "
                  "closes it"),
    ("Game over", "`{over_next}` next game · `{over_again}` play again · `{over_menu}` main "
                  "menu · `esc` see the table · `{table_log}` log · `{table_chat}` chat"),
    ("Curtain (hot-seat)", "`enter` when only the named player is looking"),
    ("Card browser", "`/` search · `↑` `↓` browse (from the search too) · `pageup` `pagedown` "
                     "scroll the card's text · `tab` to the details, then the search, deck, "
                     "hero and cost filters · `ctrl+r` clear them · `esc` back"),
)  # fmt: skip

KEYS = "# Allegiance: keys\n\n| Where | Keys |\n|---|---|\n" + "".join(
    f"| {where} | {keys} |\n" for where, keys in KEY_ROWS
) + """
**Your keys.** Settings → *Keys…* (or *Change keys* in the palette) lists every game
action with its key: `enter` on one, then press the new key. A key that another action
already uses in the same place is refused (the table's log and chat keys work at game
over too); `⌫` gives an action its default back, `ctrl+r` all of them; *Save* in
Settings keeps the changes (from *Change keys*, *Done* does). Key settings of the file
that were ignored are listed there.

**Card browser.** Main menu → *Cards* (or *Card browser* in the palette): every card of the
basic, elite and action decks, the heroes' special and equipment cards, and every hero
with its abilities (level, gold, delay, reaction), filtered by deck, hero, cost and text.

**Replays.** Main menu → *Replays* lists your games (each game of a match on its own
line); `enter` opens one. Then `→` or `{replay_next}` next step · `←` or
`{replay_previous}` previous step · `{replay_next_turn}` next turn · `{replay_this_turn}`
start of this turn (again: of the turn before) · `{replay_start}` the start ·
`{replay_end}` the last step · `{replay_view}` view as the spectator, then each seat ·
`{replay_back}` or `esc` back.

The prompt lists only what the server says you may do now; when nothing but passing is
possible the server passes for you (see Settings: auto-pass and stops).

**Pass until my turn** (`{table_skip}`, or the last line of a response prompt on another
player's turn): the server passes every response window for you, even when you could
respond, until your next turn begins. You still decide everything else: your defenders,
armor, targets and choices. `{table_skip}` again stops it.

**Conceding.** `ctrl+p`, then *Concede this game* (offered while a game of yours is being
played): asked first, it takes you out of the game for good. In a duel the other player
wins; otherwise the others play on. Leaving (`{table_leave}`) is not conceding: it says
first what becomes of your seat.

"""

#: What the table's shorthand means, figure by figure, in the rulebook's words; each
#: item is drawn by the hero, territory, hand and chain widgets, the line of players
#: scrolled out of view, the prompt or the status line.
LEGEND = """\
# Reading the table

- `▶`: whose turn it is · `◆ to act`: this player may announce a maneuver or pass now,
  or must make a decision
- `♥ 37/38`: the hero's health / maximum health · `4g +7`: gold, and production rating ·
  `hand 4 (2b 1e 1a)`: cards in hand (basic, elite, action)
- `⚔ … 3atk`: the weapon's attack power · `⛨ … 2arm`: the armor's rating · `(0 left)`:
  the battle damage the armor may still prevent this turn
- `✦ Equip ready`: a ready hero ability · `cd 3`: its cooldown counter is 3 spaces from
  ready (one space closer each of your turns) · `L1 Smite`: locked, of level 1 ·
  `L2 Purge the Traitorous✶`: a reaction ability (used as a reaction maneuver, as the
  printed card's sunburst marks it)
- `reserves: Skeleton ×10` (wide layout): the hero's special cards not in play; they
  come into play from there and go back there when they leave play
- `Infantry 3/4 dmg 2`: a unit of 3 attack power and 4 health (attack/health, as the
  rulebook writes a unit's stats) with 2 damage on it: 2 health left · then `+1`: its
  augment counters · `new`: it entered play this turn (it cannot attack yet) ·
  `⊕Honed Edge`: a card attached to it · `prevent 3` (a unit, or a hero after its
  health): the next 3 damage dealt to it this turn is prevented
- `exh`: exhausted (a unit, weapon or armor) · `curse 1`, `focus 2`: counters of that
  kind, on the hero (after its armor) or on a unit
- `Chain ▶ 2. Execute (Bob) → Infantry (Alice)`: the maneuvers announced and not yet
  resolved, the last one on top; `▶`: the one that resolves next · `(Bob)`: who
  announced it · `→`: its targets
- `↑ Bob (Beledan) ♥ 37/38 …` under the status line: the players whose hero lines the
  board has scrolled out of view above · `↑ 2 above` `↓ 3 more` under the prompt: lines
  of the list out of view (the arrow keys scroll to them)
- `Cid (Beledan) … ↓` on that line: the lines at the top of the board (a weapon, units)
  are Cid's, whose hero line is scrolled away
- `team 1` (teams) · `hunts Bob` (sworn enemy) on a hero's line: the player's team, and
  the player they must defeat (the one to their left, next in turn order); on the
  players line under the status line `T1`, `→Bob`. The board lists the players in turn
  order, from the one after you
- The status line's `priority: Bob`: Bob may announce a maneuver (or respond to the
  chain) or pass, now · `to act: Bob`: Bob must make a decision (attackers, defenders,
  targets, a choice as an effect resolves, …). `{table_details}` on a card: its details.

"""

RULES = """\
# The rules in short

**Goal.** Reduce every enemy hero's health to 0 (teams: both enemy heroes; sworn enemy:
the player to your left, shown as "hunts" on each hero's line).

**Set-up.** Each player starts with production 5, gold 0, a hand of four cards (two
basic units, one elite unit, one action card, unless the hero's special rules say
otherwise) and the hero's weapon and armor in play; only the initial ability (*Equip*)
is unlocked.

**A turn.** *Production*: production +1, then gain that much gold. *Refresh*: cooldowns
move one space closer to ready; exhausted cards refresh. *Draw*: draw from the basic,
elite or action deck. *Maneuvers*: any number, any order. *End of turn*: end-of-turn
effects, a last chance for maneuvers, "until end of turn" effects end.

**Two players: the first turn.** The player who goes first gets no production increase,
draws no card and cannot attack with the hero's weapon on that turn (the other player's
first turn is normal). With three or four players, nobody attacks with the weapon on
their first turn.

**Maneuvers.** Unlock a hero ability (pay its gold once; each level needs one from the
level below), use a ready ability, enlist a unit, play an action card, initiate a
battle, use an activated ability of a card in play. Only *reaction maneuvers* (action
cards, activated abilities, reaction abilities) may answer another maneuver or be
played outside your own maneuver phase. Using an ability moves its cooldown to the
ability's maximum delay (`cd 3`); it is ready again when the refresh phases have brought
it back.

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

**Defeat.** A hero whose health reaches 0 is defeated. In a duel the game ends, and in a
sworn enemy game the player who hunted that hero wins. Otherwise that player is
eliminated: their units and attachments leave play, their hand goes to the discard
piles, their maneuvers leave the chain and their effects stop; the damage and augment
counters they placed stay. The others play on.

**Counters.** Damage (a unit dies at damage ≥ health), augments (+1/+1 each), cooldowns.
Damage stays on a unit from turn to turn until it is destroyed or the damage is healed.

**Heroes.** Each hero has abilities of their own, and some have special rules too
(Hakor Dajet, for one, never draws units): read them in the card browser (`{menu_cards}`
in the main menu) or with `{table_details}` on a hero at the table (`tab` to it first).
"""


def _cell(label: str) -> str:
    """A key fit for a code span in a Markdown table cell."""
    return label.replace("`", "grave accent").replace("|", "\\|")


def help_text(keys: Mapping[str, str] | None = None) -> str:
    """The help, with the player's keys (``keys``: the changed ones) in the table."""
    keys = effective_keys(keys or {})
    shown = {k.replace(".", "_"): _cell(key_label(v)) for k, v in keys.items()}
    return (KEYS + LEGEND + RULES).format_map(shown)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("question_mark", "dismiss", "Close", show=False),
        Binding("f1", "dismiss", "Close", show=False),
    ]

    def __init__(self, keys: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.keys = dict(keys or {})

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(help_text(self.keys), id="help-text")
        yield Footer()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)

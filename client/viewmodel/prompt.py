"""The decision in front of a seat, built from ``view["legal"]`` (pure; no Textual).

The client never decides what is legal: every leaf of the prompt carries one action dict
taken verbatim from ``view["legal"]``. This module only groups and words them, so a
player picks "Play Skilled Strike" and then "Target: Infantry (Bob)":

* a **menu** prompt is a small tree of :class:`Choice` (by kind, then card or ability,
  then targets; an armor split attacker by attacker); a leaf's ``action`` is sent as it
  is; targets of which several may be chosen together ("up to two target units") are
  ticked one by one (:class:`TargetTicks`) rather than listed set by set;
* an **attackers** prompt is a multi-select over the listed ``attack`` actions, sent as
  a batch (each ``attack`` in turn, then ``done``);
* a **defenders** prompt pairs attackers with the defenders the ``defend`` actions
  allow (each defender once, each attacker once), sent as a batch then ``done``;
* **wait** means another seat must decide; **none** means nothing is pending.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from client.cards import UNIT_KINDS, CardBook, CardInfo, default_book
from client.viewmodel.refs import Namer, UnitNumbers
from client.viewmodel.table import STEP_NAMES, PlayerPanel, _source, entry_label
from client.viewmodel.words import possessive
from shared.protocol.windows import others_turn_window, server_passes

Action = dict[str, Any]

DECK_NAMES: Mapping[str, str] = {
    "basic": "basic unit deck",
    "elite": "elite unit deck",
    "action": "action deck",
}

#: Order of groups in a menu prompt (kinds not listed come after, before ``pass``).
KIND_ORDER = (
    "play", "enlist", "ability", "activate", "unlock", "battle", "draw", "equip", "first",
    "choose", "targets", "trigger", "armor", "discard", "decline", "done",
)  # fmt: skip


@dataclass(frozen=True)
class Choice:
    """One line of a prompt: a leaf (``action``) or a group (``children``)."""

    label: str
    action: Action | None = None
    children: tuple[Choice, ...] = ()
    detail: str = ""  # card text or a hint shown beside the list
    command: str = ""  # not a game action: a request to the table (``"skip"``)
    #: The cards the line names when its action does not say them (the faces of the
    #: equipment, a card of a discard pile): ``i`` shows them all at once (see
    #: :data:`CARD_REF`, :data:`PILE_REF`).
    refs: tuple[str, ...] = ()
    #: A group's question while its lines are listed ("Play Honed Edge: choose a target");
    #: its ``detail`` (the card's or ability's text) is shown under it.
    ask: str = ""
    #: What the line's effect does, in its card's words, shown under the title while the
    #: line is highlighted (a triggered effect to order); "" leaves the prompt's own note.
    note: str = ""
    #: Targets chosen by ticking them (the line stands for its ``children``, one leaf per
    #: set of targets, which :meth:`Prompt.leaves` and :func:`first_action` still find).
    ticks: TargetTicks | None = None

    @property
    def is_leaf(self) -> bool:
        return self.action is not None


@dataclass(frozen=True)
class TargetTicks:
    """Targets of which several may be chosen together ("up to two target units"): a
    line per candidate to tick, then the ticked set is confirmed. Listing every set
    instead grows as the square of the candidates (36 lines for eight units)."""

    #: Each candidate target: its reference and its name ("Infantry (Bob)").
    candidates: tuple[tuple[str, str], ...]
    #: Each legal set of targets (in any order), with its words and its action.
    sets: tuple[tuple[frozenset[str], str, Action], ...]
    #: The most targets a legal set holds.
    most: int

    @property
    def how(self) -> str:
        """How to choose: "tick up to 2 targets, then confirm"."""
        fewest = min(len(refs) for refs, _, _ in self.sets)
        many = f"up to {self.most}" if fewest < self.most else str(self.most)
        return f"tick {many} targets, then confirm"

    def chosen(self, ticked: frozenset[str]) -> tuple[str, Action] | None:
        """The words and the action of the ticked set, or None when it is not legal."""
        for refs, label, action in self.sets:
            if refs == ticked:
                return label, action
        return None


#: The reference of a card by its catalog id, for a card that is nowhere on the table
#: (an equipment face not chosen yet): ``"card:forgeplate"``.
CARD_REF = "card:"

#: The reference of a card of a discard pile, by its deck and catalog id (its details
#: say which pile it is in): ``"d:basic:infantry"``.
PILE_REF = "d:"


@dataclass(frozen=True)
class DefenderOption:
    ref: str
    label: str
    action: Action


@dataclass(frozen=True)
class AttackerSlot:
    """An attacker of the current battle and the units that may defend against it."""

    ref: str
    label: str
    defenders: tuple[DefenderOption, ...]
    #: The question while its defenders are listed ("Defend against Infantry (Alice)
    #: 3/4: choose a defender"): the list itself names only the defenders.
    ask: str = ""


@dataclass(frozen=True)
class Prompt:
    mode: str  # "none" | "wait" | "menu" | "attackers" | "defenders"
    title: str
    choices: tuple[Choice, ...] = ()
    pass_action: Action | None = None
    done_action: Action | None = None
    attackers: tuple[Choice, ...] = ()  # attackers mode: one leaf per attack action
    declared: tuple[str, ...] = ()  # attackers already declared (labels)
    slots: tuple[AttackerSlot, ...] = ()  # defenders mode
    paired: tuple[str, ...] = ()  # pairs already assigned (labels)
    response: bool = False  # a response window: reacting is optional
    seat: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: What the decision is about, in a card's words, shown muted under the title: the
    #: text of the triggered effect whose targets are chosen.
    note: str = ""

    @property
    def is_mine(self) -> bool:
        return self.mode in ("menu", "attackers", "defenders")

    def leaves(self) -> list[Choice]:
        """Every leaf of a menu prompt, depth first (used by tests and auto-pass)."""
        out: list[Choice] = []

        def walk(choices: Sequence[Choice]) -> None:
            for c in choices:
                if c.is_leaf:
                    out.append(c)
                walk(c.children)

        walk(self.choices)
        return out


def _targets_label(namer: Namer, targets: Sequence[str]) -> str:
    """A line of target sets: "Target: Infantry (Bob)" (each such line starts with it, so
    with a capital, for a maneuver's targets and a triggered effect's alike)."""
    if not targets:
        return "No target"
    word = "Target" if len(targets) == 1 else "Targets"
    return f"{word}: {namer.refs(list(targets))}"


def _group(
    label: str, actions: list[Action], namer: Namer, detail: str = "", what: str = ""
) -> Choice:
    """A card or ability: a leaf when one way to do it, else a group of target sets.
    ``what``: the maneuver without its cost, for the group's question."""
    seen: dict[tuple[str, ...], Action] = {}
    for action in actions:
        seen.setdefault(tuple(action.get("targets") or ()), action)
    if len(seen) == 1:
        ((targets, action),) = seen.items()
        suffix = f" → {namer.refs(list(targets))}" if targets else ""
        return Choice(label + suffix, action, detail=detail)
    ticks = _ticked_targets(list(seen.values()), namer, detail)
    one_each = all(len(t) == 1 for t in seen)
    ask = f"{what or label}: choose {'a target' if one_each else 'targets'}"
    if ticks is not None:
        return Choice(label + " …", None, (ticks,), detail=detail, ask=ask)
    children = tuple(Choice(_targets_label(namer, t), a, detail=detail) for t, a in seen.items())
    return Choice(label + " …", None, children, detail=detail, ask=ask)


def _ticked_targets(actions: list[Action], namer: Namer, detail: str = "") -> Choice | None:
    """The target sets of ``actions`` as one line of ticks, when several targets may be
    chosen together and no two sets hold the same targets in another order (the order
    of a set then says nothing, and ticking cannot tell them apart); else None."""
    sets: dict[frozenset[str], Action] = {}
    for action in actions:
        targets = [str(t) for t in action.get("targets") or ()]
        refs = frozenset(targets)
        if len(refs) != len(targets) or refs in sets:
            return None
        sets[refs] = action
    most = max((len(refs) for refs in sets), default=0)
    if most < 2:
        return None
    order: dict[str, None] = {}
    for action in actions:
        order.update((str(t), None) for t in action.get("targets") or ())
    ticks = TargetTicks(
        candidates=tuple((ref, namer.ref(ref)) for ref in order),
        sets=tuple(
            (refs, _targets_label(namer, [str(t) for t in a.get("targets") or ()]), a)
            for refs, a in sets.items()
        ),
        most=most,
    )
    children = tuple(Choice(label, a, detail=detail) for _, label, a in ticks.sets)
    return Choice("Targets", None, children, detail=detail, ticks=ticks)


def _by_key(actions: list[Action], key: Callable[[Action], Any]) -> dict[Any, list[Action]]:
    groups: dict[Any, list[Action]] = {}
    for action in actions:
        groups.setdefault(key(action), []).append(action)
    return groups


def _play(actions: list[Action], namer: Namer, book: CardBook) -> list[Choice]:
    out = []
    groups = _by_key(
        actions, lambda a: (namer.handle_card(a["card"]) or a["card"], a.get("half", 0))
    )
    for (card, half), group in groups.items():
        if isinstance(card, str):
            info = book.info(card)
            name = (
                book.half_name(card, int(half)) if book.info(card).kind == "action" else info.name
            )
            cost, text = _half_cost_text(info, int(half))
        else:
            info, name, cost, text = None, namer.thing(card), "", ""
        first_handle = group[0]["card"]
        same = [a for a in group if a["card"] == first_handle]
        out.append(_group(f"Play {name}{cost}", same, namer, text, what=f"Play {name}"))
    return out


def _half_cost_text(info: CardInfo, half: int) -> tuple[str, str]:
    """The " [Ng]" label and the text of the half being played (a split card's halves
    each have their own cost and text; the card itself has neither)."""
    if info.halves and 0 <= half < len(info.halves):
        _, cost, text = info.halves[half]
        return f" [{cost}g]", text
    return (f" [{info.cost}g]" if info.cost is not None else ""), info.text


def _enlist(actions: list[Action], namer: Namer, book: CardBook) -> list[Choice]:
    out = []
    for card, group in _by_key(
        actions, lambda a: namer.handle_card(a["card"]) or a["card"]
    ).items():
        info = book.info(card) if isinstance(card, str) else None
        name = info.name if info else namer.thing(card)
        stats = f" {info.attack}/{info.health}" if info and info.attack is not None else ""
        cost = f" [{info.cost}g]" if info and info.cost is not None else ""
        out.append(
            Choice(f"Enlist {name}{stats}{cost}", group[0], detail=info.text if info else "")
        )
    return out


def _ability(actions: list[Action], namer: Namer, seat: int) -> list[Choice]:
    hero = str((namer.player(seat) or {}).get("hero", ""))
    return [
        _group(
            f"Use {namer.ability(seat, ability)}",
            group,
            namer,
            namer.book.ability(hero, str(ability)).text if hero else "",
        )
        for ability, group in _by_key(actions, lambda a: a["ability"]).items()
    ]


def _activate(actions: list[Action], namer: Namer) -> list[Choice]:
    out = []
    for (handle, index), group in _by_key(
        actions, lambda a: (a["card"], a.get("index", 0))
    ).items():
        which = f" (ability {int(index) + 1})" if index else ""
        cost = _activation_cost(namer, handle, int(index))
        what = f"Activate {namer.thing(handle)}{which}"
        out.append(_group(what + cost, group, namer, what=what))
    return out


def _activation_cost(namer: Namer, handle: object, index: int) -> str:
    """``" [2g]"`` when the activated ability costs gold besides its exhaust."""
    card = namer.card_of(handle)
    golds = namer.book.info(card).activated_gold if card else ()
    gold = golds[index] if 0 <= index < len(golds) else 0
    return f" [{gold}g]" if gold else ""


def _unlock(
    actions: list[Action], namer: Namer, seat: int, view: Mapping[str, Any]
) -> list[Choice]:
    levels: dict[str, int] = {}
    player = namer.player(seat) or {}
    for ab in player.get("abilities", []):
        levels[str(ab["id"])] = int(ab.get("level", 0))
    out = []
    for a in actions:
        info = namer.book.ability(str(player.get("hero", "")), str(a["ability"]))
        cost = f" [{info.cost}g]" if info.cost is not None else ""
        level = levels.get(str(a["ability"]))
        lvl = f" (level {level})" if level is not None else ""
        out.append(Choice(f"Unlock {info.name}{lvl}{cost}", a, detail=info.text))
    return out


#: Said after "Initiate a battle" when the view shows nothing of the seat's that could be
#: declared as an attacker: a battle without attackers is legal, and does nothing (a
#: player who chose it to see what happens saw nothing change; now the line says so).
NO_ATTACKER = " (nothing can attack now: it would do nothing)"


def _battle(actions: list[Action], namer: Namer, view: Mapping[str, Any]) -> list[Choice]:
    note = NO_ATTACKER if _nothing_can_attack(view) else ""
    leaves = [
        Choice(f"Initiate a battle against {namer.seat(a['opponent'])}{note}", a) for a in actions
    ]
    if len(leaves) == 1:
        return leaves
    kids = tuple(Choice(f"against {namer.seat(a['opponent'])}", a) for a in actions)
    ask = "Initiate a battle: choose whom to attack"
    return [Choice(f"Initiate a battle{note} …", None, kids, ask=ask)]


def _nothing_can_attack(view: Mapping[str, Any]) -> bool:
    """Whether the view shows that none of the seat's units, nor its weapon, could be
    declared as an attacker now (``shared.rules.realm.flow.attack_options``): each unit
    is exhausted or entered play this turn, and the weapon is exhausted, has no face
    yet, or is barred on the seat's first turn. What the view does not say (no
    ``turns_taken``, no ``first``) counts as able to attack: the note is never said
    wrongly."""
    seat = view.get("seat")
    me = next((p for p in view.get("players") or [] if p.get("seat") == seat), None)
    if me is None:
        return False
    for unit in me.get("units") or []:
        if not unit.get("exhausted") and not unit.get("entered"):
            return False
    weapon = me.get("weapon") or {}
    if not weapon.get("card") or weapon.get("exhausted"):
        return True
    return _weapon_barred(view, me)


def _weapon_barred(view: Mapping[str, Any], me: Mapping[str, Any]) -> bool:
    """The rulebook's opening rule: no weapon attacks on the first player's first turn
    in a duel, nor on anyone's first turn with more players."""
    if me.get("turns_taken") != 1 or view.get("current") != me.get("seat"):
        return False
    if view.get("format") != "duel":
        return True
    first = view.get("first")
    return first is not None and first == me.get("seat")


def _equipped(view: Mapping[str, Any], action: Action) -> bool:
    """Whether an ``equip`` action names the faces the seat's weapon and armor show now
    (Equip used during the game: keeping them is one of its choices; at set-up they
    are first chosen)."""
    if view.get("phase") == "setup":
        return False
    seat = view.get("seat")
    me: Mapping[str, Any] = next(
        (p for p in view.get("players") or [] if p.get("seat") == seat), {}
    )
    weapon, armor = me.get("weapon") or {}, me.get("armor") or {}
    return (weapon.get("card"), armor.get("card")) == (action["weapon"], action["armor"])


def _option_label(option: Any, namer: Namer) -> str:
    if isinstance(option, Mapping):
        if option.get("label"):
            return str(option["label"])
        if option.get("ref"):
            return namer.ref(str(option["ref"]))
        if option.get("card"):  # a unit with its printed stats, as the hand shows it
            return namer.card(str(option["card"])) + _stats(namer.book.info(str(option["card"])))
        return ", ".join(f"{k} {v}" for k, v in option.items())
    text = str(option)
    if len(text) > 2 and text[1] == ":" and text[0] in "uhwac":
        return namer.ref(text)
    # a card named by the rules by its name (Raise the Dead's units of a discard pile)
    named = namer.book.by_name(text)
    return text + (_stats(named) if named is not None else "")


def _stats(info: CardInfo) -> str:
    """" 3/4" after a unit card's name (its printed stats), "" for any other card."""
    unit = info.kind in UNIT_KINDS and info.attack is not None
    return f" {info.attack}/{info.health}" if unit else ""


#: A deck by the words an option of a choice names it with ("basic unit deck").
DECKS_BY_NAME: Mapping[str, str] = {name: deck for deck, name in DECK_NAMES.items()}


def _deck_state(option: Any, view: Mapping[str, Any], namer: Namer) -> str:
    """" (60 left; Infantry on its discard pile)" after an option that names a deck (an
    effect that puts a deck's top card into its discard pile, asked once per card): what
    the last card did shows there, so a second question of the same words is seen to
    be a new one."""
    deck = DECKS_BY_NAME.get(option) if isinstance(option, str) else None
    state = (view.get("decks") or {}).get(deck) if deck else None
    if not isinstance(state, Mapping) or state.get("count") is None:
        return ""
    pile = state.get("discard") or []  # its top card first
    top = f"; {namer.card(str(pile[0]))} on its discard pile" if pile else ""
    return f" ({state['count']} left{top})"


def _figure(value: int | None, unit: str) -> str:
    return f" {value}{unit}" if value is not None else ""


def _draws_no_units(view: Mapping[str, Any], namer: Namer) -> bool:
    """Whether the drawing seat's hero draws no units (Hakor Dajet: a unit draw puts
    the deck's top card into its discard pile instead)."""
    seat = (view.get("prompt") or {}).get("seat", view.get("seat"))
    for player in view.get("players") or []:
        if player.get("seat") == seat:
            return "no_unit_draws" in namer.book.special_rules(str(player.get("hero")))
    return False


def _leaf_label(action: Action, view: Mapping[str, Any], namer: Namer) -> str:
    """Words for the one-action kinds (everything but the grouped ones)."""
    kind = action["kind"]
    prompt = view.get("prompt") or {}
    if kind == "draw":
        deck = str(action["deck"])
        count = ((view.get("decks") or {}).get(deck) or {}).get("count")
        left = f" ({count} left)" if count is not None else ""
        milled = deck in ("basic", "elite") and _draws_no_units(view, namer)
        then = " — the card goes to its discard pile"  # the hero's rule; 80 columns
        return f"Draw from the {DECK_NAMES.get(deck, deck)}{left}{then if milled else ''}"
    if kind == "equip":  # each face with its figure, as the board shows equipment
        weapon = namer.book.info(str(action["weapon"]))
        armor = namer.book.info(str(action["armor"]))
        return (
            f"Weapon {weapon.name}{_figure(weapon.attack, 'atk')}"
            f" · armor {armor.name}{_figure(armor.armor, 'arm')}"
            + (" (as now)" if _equipped(view, action) else "")
        )
    if kind == "first":
        return f"{namer.seat(action['seat'])} goes first"
    if kind == "choose":
        options = prompt.get("options") or []
        i = int(action["option"])
        if i >= len(options):
            return f"Option {i + 1}"
        return _option_label(options[i], namer) + _deck_state(options[i], view, namer)
    if kind == "discard":
        return f"Discard {namer.thing(action['card'])}"
    if kind == "trigger":
        i = int(action["index"])
        item = _trigger_item(action, view)
        if item is not None:
            return f"Put on the chain next: {_trigger_label(item, prompt.get('seat'), namer)}"
        return f"Put triggered effect {i + 1} on the chain next"
    if kind == "targets":
        return _targets_label(namer, list(action.get("targets") or []))
    if kind == "armor":
        parts = [f"{amount} from {namer.ref(ref)}" for ref, amount in action.get("prevent") or []]
        return "Prevent " + ("; ".join(parts) if parts else "nothing")
    if kind == "decline":
        return "Decline (do not use this effect)"
    if kind == "done":
        return "Done"
    if kind == "pass":
        return "Pass"
    fields = ", ".join(f"{k}={v}" for k, v in action.items() if k != "kind")
    return f"{kind.title()} {fields}".strip()


def _menu_choices(
    view: Mapping[str, Any], legal: list[Action], namer: Namer, book: CardBook
) -> list[Choice]:
    seat = int(view.get("seat") or 0)
    by_kind = _by_key([a for a in legal if a.get("kind") != "pass"], lambda a: a.get("kind"))
    order = [k for k in KIND_ORDER if k in by_kind] + sorted(
        k for k in by_kind if k not in KIND_ORDER
    )
    out: list[Choice] = []
    for kind in order:
        actions = by_kind[kind]
        if kind == "play":
            out += _play(actions, namer, book)
        elif kind == "enlist":
            out += _enlist(actions, namer, book)
        elif kind == "ability":
            out += _ability(actions, namer, seat)
        elif kind == "activate":
            out += _activate(actions, namer)
        elif kind == "unlock":
            out += _unlock(actions, namer, seat, view)
        elif kind == "battle":
            out += _battle(actions, namer, view)
        elif kind == "discard":
            groups = _by_key(actions, lambda a: namer.handle_card(a["card"]) or a["card"])
            out += [Choice(_leaf_label(g[0], view, namer), g[0]) for g in groups.values()]
        elif kind in ("equip", "choose", "trigger"):
            out += _naming_choices(actions, view, namer)
        elif kind == "armor":
            out += _armor_lines(actions, view, namer)
        elif kind == "targets" and (ticks := _ticked_targets(actions, namer)) is not None:
            out.append(ticks)
        else:
            out += [Choice(_leaf_label(a, view, namer), a) for a in actions]
    return out


def _armor_lines(actions: list[Action], view: Mapping[str, Any], namer: Namer) -> list[Choice]:
    """The first question of the armor split (:func:`_armor_split`), as the menu's lines."""
    split = _armor_split(actions, view, namer)
    return list(split.children) if split.children else [split]


def _armor_split(actions: list[Action], view: Mapping[str, Any], namer: Namer) -> Choice:
    """The split of the armor among the unblocked attackers (docs/rulings.md, 9), asked
    attacker by attacker: how much to prevent from the first, then from the next among
    the splits still possible, until one ``armor`` action is fixed. Every split is one
    of the legal actions, grouped by its ``prevent`` entries; listed flat they were
    dozens of lines, past the number keys and the screen."""
    battle_order = [str(r) for r in (view.get("battle") or {}).get("attackers") or []]
    named = list(dict.fromkeys(str(r) for a in actions for r, _ in a.get("prevent") or []))
    order = [r for r in battle_order if r in named] + [r for r in named if r not in battle_order]
    return _armor_level(actions, order, 0, view, namer, "")


def _prevented(action: Action, ref: str) -> int:
    """How much ``action`` prevents from the attacker ``ref`` (an attacker it leaves
    out gets nothing)."""
    return sum(int(n) for r, n in action.get("prevent") or [] if str(r) == ref)


def _shares(actions: list[Action], ref: str) -> int:
    """How many different shares of the armor the splits give the attacker ``ref``."""
    return len({_prevented(a, ref) for a in actions})


def _armor_level(
    actions: list[Action],
    order: list[str],
    start: int,
    view: Mapping[str, Any],
    namer: Namer,
    label: str,
) -> Choice:
    """The question for the first attacker from ``start`` on whose share the splits
    left (``actions``) do not agree on (a share they all agree on is not asked), with a
    line per share; a share that fixes the split is a leaf. ``label``: the line that
    leads here."""
    asked = (i for i in range(start, len(order)) if _shares(actions, order[i]) > 1)
    at = next(asked, None)
    if at is None or len(actions) == 1:
        return Choice(label or _leaf_label(actions[0], view, namer), actions[0])
    ref = order[at]
    left = sum(_prevented(actions[0], r) for r in order[at:])  # each split uses it all
    lines = []
    for amount, group in sorted(_by_key(actions, lambda a: _prevented(a, ref)).items()):
        if len(group) == 1:
            rest = [(r, _prevented(group[0], r)) for r in order[at + 1 :]]
            lines.append(Choice(_armor_leaf(amount, rest, namer), group[0], refs=(ref,)))
        else:
            deeper = _armor_level(group, order, at + 1, view, namer, f"Prevent {amount} …")
            lines.append(replace(deeper, refs=(ref,)))  # ``i``: the attacker asked about
    return Choice(label, None, tuple(lines), ask=_armor_ask(ref, left, view, namer))


def _armor_leaf(amount: int, rest: list[tuple[str, int]], namer: Namer) -> str:
    """"Prevent 1 — and 3 from Infantry (Alice)": the share chosen, and what the split it
    fixes prevents from the attackers not asked about."""
    others = "; ".join(f"{n} from {namer.ref(r)}" for r, n in rest if n)
    return f"Prevent {amount}" + (f" — and {others}" if others else "")


def _armor_ask(ref: str, left: int, view: Mapping[str, Any], namer: Namer) -> str:
    """"Prevent how much from Infantry (Alice)? (attack 3; 4 armor left)": the attacker's
    attack is said because at 80×24 the board may have scrolled it out of sight. The
    attacker is named without its owner when the line would not fit."""
    attack = _attack_value(ref, view)
    figures = f"attack {attack}; " if attack is not None else ""
    forms = (
        (namer.ref(ref), f"{figures}{left} armor left"),
        (namer.ref(ref), f"{figures}{left} left"),
        (namer.thing(ref), f"{figures}{left} armor left"),
    )
    asks = [f"Prevent how much from {name}? ({said})" for name, said in forms]
    return next((ask for ask in asks if len(ask) <= LINE_WIDTH), asks[-1])


def _attack_value(ref: str, view: Mapping[str, Any]) -> int | None:
    """An attacker's attack as the board shows it (a unit's, or a hero's weapon's);
    None when the view does not show it."""
    kind, _, rest = ref.partition(":")
    if kind not in ("u", "w") or not rest.isdigit():
        return None
    for player in view.get("players") or []:
        if kind == "w" and player.get("seat") == int(rest):
            attack = (player.get("weapon") or {}).get("attack")
            return int(attack) if attack is not None else None
        for unit in (player.get("units") or []) if kind == "u" else []:
            if unit.get("handle") == int(rest) and unit.get("attack") is not None:
                return int(unit["attack"])
    return None


def _naming_choices(
    actions: list[Action], view: Mapping[str, Any], namer: Namer
) -> list[Choice]:
    """Lines that name cards their actions do not refer to (an option of a choice, a
    face of the equipment, a triggered effect): each with the cards it names."""
    out = []
    seen: dict[str, int] = {}  # a label's occurrences so far: two "Infantry" options
    for action in actions:
        label = _leaf_label(action, view, namer)
        nth = seen[label] = seen.get(label, 0) + 1
        refs = _named_refs(action, view, namer, nth)
        item = _trigger_item(action, view) if action.get("kind") == "trigger" else None
        note = namer.book.info(str(item["card"])).text if item and item.get("card") else ""
        out.append(Choice(label, action, refs=refs, note=note))
    return out


def _trigger_label(item: Mapping[str, Any], seat: object, namer: Namer) -> str:
    """A triggered effect to order, by the card in play it comes from ("Griffin Rider
    (Ann)"), or by its card: a weapon or armor's as the log names it ("Gilded Flail (Ann's
    weapon)": the view gives equipment no card in play to refer to)."""
    if item.get("ref") or not item.get("card"):
        return _option_label(item, namer)
    return source_name(namer, seat, str(item["card"]))


def source_name(namer: Namer, seat: object, card: str) -> str:
    """The card a triggered effect of ``seat`` comes from: its name, and for a weapon or
    armor whose it is ("Gilded Flail (Ann's weapon)"), as the log names it."""
    owner = namer.equipment_owner(seat, card)
    return f"{namer.card(card)} ({owner})" if owner else namer.card(card)


def _effect_of(namer: Namer, seat: object, card: str) -> str:
    """"Griffin Rider's effect", or "the effect of Gilded Flail (Ann's weapon)" (a
    possessive after the parenthesis would read badly)."""
    if namer.equipment_owner(seat, card):
        return f"the effect of {source_name(namer, seat, card)}"
    return f"{possessive(namer.card(card))} effect"


def _trigger_item(action: Action, view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The triggered effect a ``trigger`` action puts on the chain, as the prompt lists
    it (its card, and the card in play it comes from)."""
    for item in (view.get("prompt") or {}).get("triggers") or []:
        if isinstance(item, Mapping) and item.get("index") == action.get("index"):
            return item
    return None


def _named_refs(
    action: Action, view: Mapping[str, Any], namer: Namer, nth: int
) -> tuple[str, ...]:
    """The cards an ``equip``, ``choose`` or ``trigger`` line names, as references."""
    prompt = view.get("prompt") or {}
    kind = action.get("kind")
    if kind == "equip":  # the weapon, then the armor: ``i`` shows both
        return tuple(CARD_REF + str(action[face]) for face in ("weapon", "armor"))
    if kind == "trigger":
        item = _trigger_item(action, view)
        return _option_refs(item, view, namer, nth) if item is not None else ()
    options = prompt.get("options") or []
    i = int(action.get("option", -1))
    return _option_refs(options[i], view, namer, nth) if 0 <= i < len(options) else ()


def _option_refs(
    option: Any, view: Mapping[str, Any], namer: Namer, nth: int
) -> tuple[str, ...]:
    """What an option of a choice is: a reference, a card, or a card named by its name
    alone (the rules name the units of a discard pile, the units you control and the
    hero abilities that way); ``nth``: the option is the nth of that name."""
    prompt = view.get("prompt") or {}
    seat = prompt.get("seat", view.get("seat"))
    if isinstance(option, Mapping):
        if option.get("ref"):
            return (str(option["ref"]),)
        return (_card_ref(str(option["card"]), namer, seat),) if option.get("card") else ()
    text = str(option)
    if len(text) > 2 and text[1] == ":" and text[0] in "uhwac":
        return (text,)
    if "you control" in str(prompt.get("why") or ""):
        return _own_unit(text, view, namer, seat, nth)
    return _in_discard_pile(text, view, namer) or _hero_ability(text, view, namer, seat)


def _card_ref(card: str, namer: Namer, seat: object) -> str:
    """A card by its id: the seat's weapon or armor when it is the face shown (its
    details then say its state), else :data:`CARD_REF`."""
    if isinstance(seat, int):
        for ref in (f"w:{seat}", f"r:{seat}"):
            if namer.card_of(ref) == card:
                return ref
    return CARD_REF + card


def _own_unit(
    name: str, view: Mapping[str, Any], namer: Namer, seat: object, nth: int
) -> tuple[str, ...]:
    """The nth unit of that name ``seat`` controls (the rules list them in order)."""
    for player in view.get("players") or []:
        if player.get("seat") == seat:
            named = [
                u for u in player.get("units") or [] if namer.card(str(u.get("card"))) == name
            ]
            if named:
                return (f"u:{named[min(nth, len(named)) - 1]['handle']}",)
    return ()


def _in_discard_pile(name: str, view: Mapping[str, Any], namer: Namer) -> tuple[str, ...]:
    """The card of that name in a discard pile, with its pile (:data:`PILE_REF`)."""
    for deck, pile in (view.get("decks") or {}).items():
        for card in (pile or {}).get("discard") or []:
            if namer.card(str(card)) == name:
                return (f"{PILE_REF}{deck}:{card}",)
    return ()


def _hero_ability(
    name: str, view: Mapping[str, Any], namer: Namer, seat: object
) -> tuple[str, ...]:
    player = namer.player(seat) if isinstance(seat, int) else None
    for ability in (player or {}).get("abilities") or []:
        if isinstance(seat, int) and namer.ability(seat, str(ability.get("id"))) == name:
            return (f"a:{seat}:{ability['id']}",)
    return ()


def _choose_title(prompt: Mapping[str, Any], namer: Namer) -> str:
    """A choice asked as an effect resolves, with what resolves and what the choice is
    for: "Exhume resolves: choose one to put on the bottom of its deck" (a weapon or
    armor's triggered effect with whose it is: "Gilded Flail (Ann's weapon) resolves")."""
    resolving = prompt.get("resolving")
    source = _source(resolving, namer) if isinstance(resolving, Mapping) else ""
    owner = namer.entry_owner(resolving) if isinstance(resolving, Mapping) else None
    source = f"{source} ({owner})" if owner else source
    why = str(prompt.get("why") or "")
    head = f"{source} resolves: choose" if source else "Choose as the effect resolves"
    return f"{head} — {why}" if why else head


#: The cells of one line of the prompt at 80 columns (inside its padding).
LINE_WIDTH = 78

#: The widest response title that still fits one line of the prompt at 80 columns (78
#: cells inside its padding) with " (sent…)" after it while a pass is on its way.
TITLE_WIDTH = 70


def _respond_title(top: Mapping[str, Any], namer: Namer) -> str:
    """"Respond to Death Grip (Bob) → Tax Collector (Alice) — or pass": the entry on top
    of the chain and what it targets, since at 80×24 the board may have scrolled the
    chain's own line out of sight. When the line would not fit on one line at 80
    columns, " — or pass" is left out (the Pass line and its key say it too; an entry
    without targets too), then who announced the entry (the chain's own line says it
    too, and a card's ability is named at length: "Emberbrand Rod's ability"), and only
    then are targets named more briefly (no controller, then only the first): whose
    unit is targeted matters more than "or pass"."""
    label = f"Respond to {entry_label(top, namer)}"
    head = f"{label} ({namer.entry_who(top)})"
    targets = [str(t) for t in top.get("targets") or []]
    if not targets:  # the same order: " — or pass", then who announced it
        for title in (f"{head} — or pass", head):
            if len(title) <= TITLE_WIDTH:
                return title
        return label if len(head) > TITLE_WIDTH else head

    def brief(ref: str) -> str:  # "gone" (a target that left play) stays as it is
        return namer.thing(ref) if ":" in ref else namer.ref(ref)

    more = f" +{len(targets) - 1} more" if len(targets) > 1 else ""
    forms = (
        namer.refs(targets),
        ", ".join(brief(t) for t in targets),
        namer.ref(targets[0]) + more,
        brief(targets[0]) + more,
    )
    for form in forms:
        for start, tail in ((head, " — or pass"), (head, ""), (label, "")):
            title = f"{start} → {form}{tail}"
            if len(title) <= TITLE_WIDTH:
                return title
    return f"{head} → {forms[-1]}"  # a long name wraps; the target stays said


def _title(view: Mapping[str, Any], legal: list[Action], namer: Namer) -> tuple[str, bool]:
    """The prompt's heading, and whether it is an optional response window."""
    kinds = {a.get("kind") for a in legal}
    prompt = view.get("prompt") or {}
    chain = view.get("chain") or []
    battle = view.get("battle") or {}
    seat = view.get("seat")
    if prompt.get("text"):
        return str(prompt["text"]), "pass" in kinds
    if "equip" in kinds:
        return "Choose the faces of your weapon and armor", False
    if "first" in kinds:
        return "Choose who goes first", False
    if "draw" in kinds:
        return f"Draw a card{_draw_reason(view, namer)}: choose a deck", False
    if "choose" in kinds:
        return _choose_title(prompt, namer), False
    if "discard" in kinds:
        return "Discard a card" + _discard_reason(prompt, namer), False
    if "trigger" in kinds:
        return "Order your triggered effects: which goes on the chain next?", False
    if "targets" in kinds or "decline" in kinds:
        source = prompt.get("source")
        effect = _effect_of(namer, prompt.get("seat", seat), str(source)) if source else ""
        if not any(a.get("targets") for a in legal if a.get("kind") == "targets"):
            return f"Use {effect or 'your triggered effect'}, or decline", False
        return f"Choose targets for {effect or 'your triggered effect'}", False
    if "armor" in kinds:
        split = _armor_split([a for a in legal if a.get("kind") == "armor"], view, namer)
        return split.ask or "Split your armor among the attackers", False
    if chain:
        return _respond_title(chain[-1], namer), True
    if battle:
        step = STEP_NAMES.get(str(battle.get("step")), str(battle.get("step")))
        return f"Battle · {step}: play a reaction or pass", True
    if view.get("phase") == "end":  # only reactions now (docs/rulings.md, ruling 30)
        if view.get("current") == seat:
            return "End of your turn: a last chance for reactions, or pass", True
        return f"End of {namer.seat(view.get('current'))}'s turn: play a reaction or pass", True
    if view.get("current") == seat and view.get("phase") == "maneuver":
        return "Your maneuver phase: choose a maneuver, or pass to end the turn", False
    return f"{namer.seat(view.get('current'))}'s turn: play a reaction or pass", True


#: What the seat waited for is deciding, by the public prompt's kind (``view["prompt"]``);
#: short, so the waiting line fits 80 columns with a long name.
WAITING_FOR = {
    "first": " to choose who goes first",
    "equip": " to choose weapon and armor faces",
    "draw": " to choose a deck to draw from",
    "attack": " to declare attackers",
    "defend": " to assign defenders",
    "armor": " to split armor",
    "trigger": " to order triggered effects",
    "targets": " to choose targets",
    "choose": " to choose",
    "discard": " to discard",
}


def _deciding(view: Mapping[str, Any], seat: object) -> str:
    """" to declare attackers": what ``seat`` decides now, when the view says ("" when
    it does not, or its prompt is another seat's). Priority is responding, except in the
    seat's own maneuver phase with nothing on the chain (its turn's main decisions)."""
    prompt = view.get("prompt")
    if not isinstance(prompt, Mapping) or prompt.get("seat") != seat:
        return ""
    kind = str(prompt.get("kind"))
    if kind != "priority":
        return WAITING_FOR.get(kind, "")
    own_turn = view.get("current") == seat and view.get("phase") == "maneuver"
    if own_turn and not view.get("chain") and not view.get("battle"):
        return " to play their turn"
    return " to respond"


def is_out(view: Mapping[str, Any]) -> bool:
    """True when the view's seat is a player knocked out of a game still going on."""
    seat = view.get("seat")
    if seat is None or view.get("result"):
        return False
    return any(p.get("seat") == seat and p.get("alive") is False for p in view.get("players") or [])


def _out_title(view: Mapping[str, Any]) -> str:
    """The prompt line of a seat that is out: it will never decide again (a team game
    says whether its team plays on)."""
    players = view.get("players") or []
    me: Mapping[str, Any] = next((p for p in players if p.get("seat") == view.get("seat")), {})
    team = me.get("team")
    mates = [p for p in players if team is not None and p.get("team") == team and p.get("alive")]
    if mates:
        return "You are out of the game: your team plays on; watching until it ends."
    return "You are out of the game: watching until it ends."


def _attackers(view: Mapping[str, Any], legal: list[Action], namer: Namer) -> Prompt:
    battle = view.get("battle") or {}
    attacks = tuple(
        Choice(namer.ref(str(a["attacker"])), a) for a in legal if a["kind"] == "attack"
    )
    done = next((a for a in legal if a["kind"] == "done"), None)
    against = namer.seat(battle.get("defender")) if battle else "your opponent"
    return Prompt(
        mode="attackers",
        title=f"Declare attackers against {against}",
        attackers=attacks,
        declared=tuple(namer.ref(str(r)) for r in battle.get("attackers") or []),
        done_action=done,
        seat=view.get("seat"),
    )


def _defenders(view: Mapping[str, Any], legal: list[Action], namer: Namer) -> Prompt:
    battle = view.get("battle") or {}
    by_attacker: dict[str, list[DefenderOption]] = {}
    for a in legal:
        if a["kind"] == "defend":
            ref = str(a["defender"])
            by_attacker.setdefault(str(a["attacker"]), []).append(
                DefenderOption(ref, namer.ref(ref), a)
            )
    order = [str(r) for r in battle.get("attackers") or []]
    order += [r for r in by_attacker if r not in order]
    slots = tuple(
        AttackerSlot(
            ref,
            namer.ref(ref),
            tuple(by_attacker.get(ref, ())),
            ask=f"Defend against {namer.ref(ref)}{_board_figures(ref, view)}: choose a defender",
        )
        for ref in order
    )
    paired = tuple(
        f"{namer.ref(str(d))} defends {namer.ref(str(a))}" for a, d in battle.get("pairs") or []
    )
    return Prompt(
        mode="defenders",
        title=f"Assign defenders against {namer.seat(battle.get('attacker'))}'s attack",
        slots=slots,
        paired=paired,
        done_action=next((a for a in legal if a["kind"] == "done"), None),
        seat=view.get("seat"),
    )


def _board_figures(ref: str, view: Mapping[str, Any]) -> str:
    """An attacker's figures as the board shows them: a unit's " 3/4" (and " dmg 1"
    when damaged), a weapon's " 2atk"; "" when the view does not show them."""
    kind, _, rest = ref.partition(":")
    if kind not in ("u", "w") or not rest.isdigit():
        return ""
    number = int(rest)  # a unit's handle, or the seat of a hero's weapon
    for player in view.get("players") or []:
        if kind == "w" and player.get("seat") == number:
            attack = (player.get("weapon") or {}).get("attack")
            return f" {attack}atk" if attack is not None else ""
        units = (player.get("units") or []) if kind == "u" else []
        for unit in (u for u in units if u.get("handle") == number):
            health = unit.get("max_health", unit.get("health", 0))
            damage = f" dmg {unit['damage']}" if unit.get("damage") else ""
            return f" {unit.get('attack', 0)}/{health}{damage}"
    return ""


def build_prompt(
    view: Mapping[str, Any], book: CardBook | None = None, numbers: UnitNumbers | None = None
) -> Prompt:
    """The prompt for the seat of ``view`` (or who is being waited for); ``numbers``: the
    game's unit numbers, shared with the board and the log (:class:`UnitNumbers`)."""
    book = book or default_book()
    namer = Namer(view, book, numbers=numbers)
    legal: list[Action] = [dict(a) for a in view.get("legal") or []]
    if view.get("result"):
        return Prompt(mode="none", title="The game is over")
    if not legal:
        if is_out(view):
            return Prompt(mode="none", title=_out_title(view))
        waiting = view.get("priority")
        if waiting is None:
            waiting = view.get("to_act")
        if waiting is None:
            return Prompt(mode="none", title="")
        title = f"Waiting for {namer.seat(waiting)}{_deciding(view, waiting)}…"
        return Prompt(mode="wait", title=title, seat=waiting)
    kinds = {a.get("kind") for a in legal}
    if "attack" in kinds:
        return _attackers(view, legal, namer)
    if "defend" in kinds:
        return _defenders(view, legal, namer)
    title, response = _title(view, legal, namer)
    pass_action = next((a for a in legal if a.get("kind") == "pass"), None)
    choices = _menu_choices(view, legal, namer, book)
    if pass_action is not None:
        choices.append(Choice("Pass", pass_action))
    return Prompt(
        mode="menu",
        title=title,
        choices=tuple(choices),
        pass_action=pass_action,
        response=response,
        seat=view.get("seat"),
        note=_effect_note(view, kinds, book),
    )


def _effect_note(view: Mapping[str, Any], kinds: set[Any], book: CardBook) -> str:
    """The text of the triggered effect whose targets are chosen (or which may be
    declined): the title names only its card, and the lines only its targets."""
    source = (view.get("prompt") or {}).get("source")
    if source and kinds & {"targets", "decline"}:
        return book.info(str(source)).text
    return ""


def safe_prompt(
    view: Mapping[str, Any], book: CardBook | None = None, numbers: UnitNumbers | None = None
) -> Prompt:
    """:func:`build_prompt`, or, if the view has a shape this client does not know yet,
    a plain list of the legal actions (the game must stay playable)."""
    try:
        return build_prompt(view, book, numbers)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        legal = [dict(a) for a in view.get("legal") or []]
        namer = Namer(view, book or default_book(), numbers=numbers)
        choices = []
        for action in legal:
            try:
                label = _leaf_label(action, view, namer)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                label = " ".join(f"{k}={v}" for k, v in action.items())
            choices.append(Choice(label, action))
        pass_action = next((a for a in legal if a.get("kind") == "pass"), None)
        mode = "menu" if legal else "none"
        return Prompt(
            mode=mode,
            title="Choose",
            choices=tuple(choices),
            pass_action=pass_action,
            seat=view.get("seat"),
        )


#: The menu line that turns on "pass until my turn" (the ``skip`` setting).
SKIP_LABEL = "Pass until my turn (P)"


def as_the_server_passes(
    prompt: Prompt, view: Mapping[str, Any], settings: Mapping[str, Any] | None
) -> Prompt:
    """``prompt`` as the seat's settings make it (``shared.protocol.windows``): a decision
    the server passes shows as passing (it may wait a moment first, the timing-safe
    delay); a wait says when "pass until my turn" is on; a response window on another
    seat's turn offers that as the menu's last line."""
    skipping = bool(settings and settings.get("skip"))
    if prompt.mode == "menu" and server_passes(view, settings):
        title = "Passing until your turn… (P stops)" if skipping else "Passing…"
        return Prompt(mode="wait", title=title, seat=prompt.seat)
    if skipping and prompt.mode in ("wait", "none") and prompt.title and not is_out(view):
        return replace(prompt, title=f"{prompt.title} · passing until your turn (P stops)")
    if not skipping and prompt.mode == "menu" and others_turn_window(view):
        return replace(prompt, choices=(*prompt.choices, Choice(SKIP_LABEL, command="skip")))
    return prompt


def marked_wait(prompt: Prompt, players: Sequence[PlayerPanel]) -> Prompt:
    """A wait on a player who is away (or whose seat a bot plays, or who is conceding)
    says so in its title, "Waiting for Bob (away) to respond…": the hero line's small
    mark and a notice that went were all that said why nothing happened."""
    if prompt.mode != "wait" or prompt.seat is None:
        return prompt
    panel = next((p for p in players if p.seat == prompt.seat), None)
    head = f"Waiting for {panel.name}" if panel is not None else ""
    if panel is None or not panel.seat_mark or not prompt.title.startswith(head):
        return prompt
    return replace(prompt, title=f"{head} ({panel.seat_mark}){prompt.title[len(head):]}")


def only_pass(view: Mapping[str, Any]) -> bool:
    """True when the seat's only legal action is to pass (auto-pass candidates)."""
    legal = view.get("legal") or []
    return bool(legal) and all(a.get("kind") == "pass" for a in legal)


def _discard_reason(prompt: Mapping[str, Any], namer: Namer) -> str:
    """" (Exhume's effect)": what makes the seat discard, when the view says."""
    source, by = prompt.get("source"), prompt.get("by")
    if not source:
        return ""
    if prompt.get("ability") and isinstance(by, int):
        name = namer.ability(by, str(source))
    else:
        name = namer.card(str(source))
    return f" ({possessive(name)} effect)"


def _draw_reason(view: Mapping[str, Any], namer: Namer) -> str:
    """" (Scout Outrider's effect)": the effect that makes the seat draw, as the discard
    prompt says its own (:func:`_discard_reason`). The view's draw prompt names no source,
    but an effect that draws is resolving on top of the chain (it stays there until it
    has resolved), while the draw phase's draw comes with the chain empty."""
    chain = view.get("chain") or []
    if not chain or view.get("phase") == "draw" or not isinstance(chain[-1], Mapping):
        return ""
    top = chain[-1]
    name = _source(top, namer)
    owner = namer.entry_owner(top)
    return f" ({possessive(name)} effect, {owner})" if owner else f" ({possessive(name)} effect)"


def action_refs(action: Action, seat: int | None, target_first: bool = False) -> list[str]:
    """The references of what ``action`` is about, for its details ("i" on a prompt
    line): the card played, enlisted, activated or discarded, the hero ability, the
    attacker or defender, else its one target; ``target_first``: its one target before
    all else (a line of a card's targets). First the likeliest; the caller keeps the
    first that is on the table."""
    targets = action.get("targets") or []
    if target_first and len(targets) == 1:
        return [str(targets[0]), *action_refs(action, seat)]
    kind, card = action.get("kind"), action.get("card")
    if kind in ("play", "enlist", "discard") and isinstance(card, int):
        return [f"c:{card}"]
    if kind == "activate":  # a unit's handle, or equipment's reference ("w:1", "r:1")
        return [f"u:{card}"] if isinstance(card, int) else [str(card)] if card else []
    if kind in ("ability", "unlock") and seat is not None and action.get("ability"):
        return [f"a:{seat}:{action['ability']}"]
    if kind == "defend" and action.get("defender"):
        return [str(action["defender"])]
    if kind == "attack" and action.get("attacker"):
        return [str(action["attacker"])]
    return [str(targets[0])] if len(targets) == 1 else []


def first_action(choice: Choice) -> Action | None:
    """The action of a prompt line: its own, or its first leaf's (a card's group)."""
    while choice.action is None and choice.children:
        choice = choice.children[0]
    return choice.action


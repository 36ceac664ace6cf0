"""The game state of Realm Divided: plain data, cheap to clone, never read by the client.

Cards are instances (``Card``) indexed by ``uid``; zones are lists of uids. A card's
``handle`` is what views show; it changes every time the card changes zone.
Target references inside the core are ints: a unit's uid (≥ 0), ``hero_ref(seat)`` or
``weapon_ref(seat)`` (negative).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from shared.rules.realm.catalog import Catalog


class Phase(IntEnum):
    SETUP = 0
    PRODUCTION = 1
    REFRESH = 2
    DRAW = 3
    MANEUVER = 4
    END = 5
    OVER = 6


class BattleStep(IntEnum):
    DECLARE = 0
    AFTER_DECLARE = 1
    ASSIGN = 2
    AFTER_ASSIGN = 3
    DAMAGE = 4
    AFTER_DAMAGE = 5


class Zone(IntEnum):
    DECK = 0
    DISCARD = 1
    HAND = 2
    PLAY = 3          # a unit in a territory
    ATTACHED = 4      # attached to a unit in play
    CHAIN = 5         # announced, not yet resolved
    RESERVES = 6      # a special card not in play
    REMOVED = 7       # removed from play


HIDDEN_ZONES = (Zone.DECK, Zone.HAND)
FORMATS = ("duel", "ffa", "sworn", "team")


def hero_ref(seat: int) -> int:
    return -1 - seat


def weapon_ref(seat: int) -> int:
    return -101 - seat


def armor_ref(seat: int) -> int:
    return -201 - seat


def ref_seat(ref: int) -> int:
    """The seat of a hero, weapon or armor reference."""
    if ref > -100:
        return -1 - ref
    return -101 - ref if ref > -200 else -201 - ref


def is_unit_ref(ref: int) -> bool:
    return ref >= 0


def is_hero_ref(ref: int) -> bool:
    return -100 < ref < 0


def is_weapon_ref(ref: int) -> bool:
    return -200 < ref <= -101


def is_armor_ref(ref: int) -> bool:
    return ref <= -201


class Ctx:
    """What the rules need besides the state: the (immutable) card catalog."""

    __slots__ = ("catalog",)

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog


@dataclass(slots=True)
class Card:
    uid: int
    card: str
    owner: int                    # the seat whose reserves a special card returns to (-1: shared)
    zone: Zone
    handle: int = 0
    controller: int = -1
    damage: int = 0
    augments: int = 0
    exhausted: bool = False
    entered_turn: int = -1        # the turn number it last entered its controller's territory
    temp_attack: int = 0          # until end of turn
    battle_attack: int = 0        # until end of the current battle
    shield: int = 0               # the next N damage to it is prevented (until end of turn)
    host: int = -1                # for attachments: the uid of the unit attached to
    attachments: list[int] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)

    def reset_in_play(self) -> None:
        self.damage = 0
        self.augments = 0
        self.exhausted = False
        self.temp_attack = 0
        self.battle_attack = 0
        self.shield = 0
        self.host = -1
        self.attachments = []
        self.counters = {}


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    hero: str
    team: int | None
    health: int
    max_health: int
    gold: int = 0
    production: int = 5
    alive: bool = True
    weapon: str = ""
    armor: str = ""
    weapon_exhausted: bool = False
    armor_exhausted: bool = False
    weapon_temp_attack: int = 0
    weapon_battle_attack: int = 0
    armor_used: int = 0           # battle damage the armor prevented this turn
    turns_taken: int = 0
    abilities: dict[str, int] = field(default_factory=dict)   # unlocked id -> cooldown
    hand: list[int] = field(default_factory=list)
    units: list[int] = field(default_factory=list)
    reserves: dict[str, int] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    shield: int = 0               # the next N damage to the hero is prevented
    conceded: bool = False        # out of the game by conceding (ruling 41), not by damage


@dataclass(slots=True)
class ChainItem:
    id: int
    seat: int
    kind: str                     # unlock/ability/enlist/play/battle/activate/trigger
    source: str                   # card, ability or hero id (for labels)
    card: int = -1                # uid of the card involved (played, enlisted, trigger source)
    half: int = 0
    index: int = 0                # activated ability index / trigger index on the card
    targets: tuple[int, ...] = ()
    target_groups: tuple[tuple[int, ...], ...] = ()
    opponent: int = -1
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Battle:
    attacker: int
    defender: int
    step: BattleStep = BattleStep.DECLARE
    attackers: list[int] = field(default_factory=list)
    pairs: dict[int, int] = field(default_factory=dict)   # attacker ref -> defender uid
    #: uids of the units that changed sides while in the battle: out of it for good, whoever
    #: controls them afterwards (ruling 44). A tuple: clones share it, and it is hashed.
    left: tuple[int, ...] = ()


@dataclass(slots=True)
class PendingTrigger:
    seat: int
    card: int                     # uid of the card with the trigger
    card_id: str
    index: int                    # index into the card's triggers
    event: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Resolution:
    """The chain item being resolved, with its program counter and what it remembers."""

    item: ChainItem
    pc: int = 0
    memo: dict[str, Any] = field(default_factory=dict)
    answer: Any = None


@dataclass(slots=True)
class Prompt:
    kind: str                     # priority/equip/first/draw/attack/defend/armor/trigger/
    seat: int                     # targets/choose/discard
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Window:
    priority: int
    passes: int = 0


@dataclass(slots=True)
class GameState:
    format: str
    players: list[Player]
    cards: list[Card]
    decks: dict[str, list[int]]           # top of deck = end of list
    discards: dict[str, list[int]]        # top of pile = end of list
    rng: int
    options: dict[str, Any] = field(default_factory=dict)
    next_handle: int = 1
    next_item: int = 1
    version: int = 0
    turn: int = 0
    current: int = 0
    first_player: int = 0
    phase: Phase = Phase.SETUP
    battle: Battle | None = None
    chain: list[ChainItem] = field(default_factory=list)
    window: Window | None = None
    resolution: Resolution | None = None
    pending: list[PendingTrigger] = field(default_factory=list)
    prompt: Prompt | None = None
    setup_queue: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)        # back at the end of the turn
    #: temporary effects with their origin: (turn|battle|shield, target ref, amount, seat)
    temporary: list[tuple[str, int, int, int]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    handles: dict[int, int] = field(default_factory=dict)   # handle -> uid
    order: list[int] = field(default_factory=list)          # seats in clockwise order
    events: list[dict[str, Any]] = field(default_factory=list)   # of the last command
    ctx: Ctx = None  # type: ignore[assignment]  # set by new_game; not state
    view_cache: tuple[int, dict[str, Any]] | None = None      # (version, public view)
    #: engine.legal_now's memo of the deciding seat's options at one version; not state
    legal_cache: Any = None

    def clone(self) -> GameState:
        """An independent copy that shares only immutable things (the catalog)."""
        twin = copy.copy(self)
        twin.players = [_clone_player(p) for p in self.players]
        twin.cards = [_clone_card(c) for c in self.cards]
        twin.decks = {k: list(v) for k, v in self.decks.items()}
        twin.discards = {k: list(v) for k, v in self.discards.items()}
        twin.options = copy.deepcopy(self.options)
        twin.chain = [_clone_item(it) for it in self.chain]
        if self.battle is not None:
            b = self.battle
            twin.battle = Battle(b.attacker, b.defender, b.step, list(b.attackers), dict(b.pairs),
                                 b.left)
        twin.window = copy.copy(self.window)
        twin.resolution = self._clone_resolution(twin.chain)
        twin.pending = [PendingTrigger(t.seat, t.card, t.card_id, t.index, dict(t.event))
                        for t in self.pending]
        if self.prompt is not None:
            pr = self.prompt
            twin.prompt = Prompt(pr.kind, pr.seat, copy.deepcopy(pr.data))
        twin.setup_queue = list(self.setup_queue)
        twin.removed = list(self.removed)
        twin.temporary = list(self.temporary)
        twin.result = copy.deepcopy(self.result)
        twin.handles = dict(self.handles)
        twin.order = list(self.order)
        twin.events = []
        twin.view_cache = None
        twin.legal_cache = None
        return twin

    def _clone_resolution(self, chain: list[ChainItem]) -> Resolution | None:
        res = self.resolution
        if res is None:
            return None
        item = next((c for c, o in zip(chain, self.chain, strict=True) if o is res.item),
                    _clone_item(res.item))
        return Resolution(item, res.pc, copy.deepcopy(res.memo), copy.deepcopy(res.answer))

    def alive_seats(self) -> list[int]:
        return [p.seat for p in self.players if p.alive]

    def next_alive(self, seat: int) -> int:
        """The next living seat clockwise (in seating order) after ``seat``."""
        order = self.order
        i = order.index(seat)
        n = len(order)
        for k in range(1, n + 1):
            s = order[(i + k) % n]
            if self.players[s].alive:
                return s
        return seat

    def clockwise_from(self, seat: int) -> list[int]:
        """Living seats in clockwise order, starting with ``seat``."""
        order = self.order
        i = order.index(seat)
        n = len(order)
        return [order[(i + k) % n] for k in range(n) if self.players[order[(i + k) % n]].alive]


def _clone_card(c: Card) -> Card:
    twin = copy.copy(c)
    twin.attachments = list(c.attachments)
    twin.counters = dict(c.counters)
    return twin


def _clone_player(p: Player) -> Player:
    twin = copy.copy(p)
    twin.abilities = dict(p.abilities)
    twin.hand = list(p.hand)
    twin.units = list(p.units)
    twin.reserves = dict(p.reserves)
    twin.counters = dict(p.counters)
    return twin


def _clone_item(it: ChainItem) -> ChainItem:
    twin = copy.copy(it)
    twin.data = copy.deepcopy(it.data)
    return twin

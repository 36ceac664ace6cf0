"""The card browser: every card and hero of the catalog, filtered like ``allegiance cards``.

A list on the left (the shared basic, elite and action decks, the heroes' special cards,
their weapon and armor faces, and the heroes), the chosen entry in full on the right:
type, deck, cost, stats, copies, the whole text, both halves of a split card, the cards
it puts into play or attaches (with their stats and text), and a hero's health,
equipment, special cards, rules and every ability with its level, unlock cost, delay,
whether it is a reaction and the cards it makes or attaches. Filters: text (name, text,
id; for a hero also its abilities), deck, hero, gold cost. Costs are the gold paid to
play a card (each half of a split card); special and equipment cards have none, so a
cost filter hides them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from client.cardindex import GROUPS, Entry, Filters, catalog_entries
from client.cards import DECKS, CardBook, prettify
from client.markup import escape
from client.viewmodel.details import made_lines

_TYPE_NAMES = {
    "basic": "Basic unit",
    "elite": "Elite unit",
    "action": "Action card",
    "special_basic": "Special basic unit",
    "special_elite": "Special elite unit",
    "special": "Special card",
    "weapon": "Weapon",
    "armor": "Armor",
}


def entry_line(entry: Entry) -> str:
    """The list's text for an entry (markup): the cost, then the name."""
    return f"[$warning]{entry.cost_text:>5}[/] {escape(entry.name)}"


def list_options(entries: list[Entry]) -> list[Option]:
    """The list's options: each group under a heading line that cannot be picked."""
    options: list[Option] = []
    group = None
    for entry in entries:
        if entry.group != group:
            group = entry.group
            heading = f"[b $accent]── {GROUPS[group]} ──[/]"
            options.append(Option(heading, id=f"group:{group}", disabled=True))
        options.append(Option(entry_line(entry), id=entry.id))
    return options


# ---------------------------------------------------------------------------- details
def _stats(card: Any) -> str:
    if card.type in ("weapon",):
        return f"Attack {card.attack}"
    if card.type == "armor":
        return f"Armor {card.armor}"
    if card.type in ("basic", "elite", "special_basic", "special_elite"):
        return f"Attack {card.attack} · Health {card.health}"
    return ""


def _owner(catalog: Any, card: Any) -> tuple[str, int | None, str | None]:
    """(where it comes from, copies, the other side of an equipment card)."""
    if card.type in DECKS:
        return f"{card.type} deck", card.copies, None
    hero = catalog.heroes.get(card.hero) if card.hero else None
    hero_name = hero.name if hero is not None else prettify(card.hero or "")
    if card.type in ("weapon", "armor") and hero is not None:
        sides = hero.weapons if card.type == "weapon" else hero.armors
        other = next((s for s in sides if s != card.id), None)
        other_name = catalog.cards[other].name if other in catalog.cards else None
        return f"{hero_name}'s double-sided {card.type} card", None, other_name
    copies = hero.specials.get(card.id) if hero is not None else None
    return f"{hero_name}'s reserves", copies, None


def card_details(catalog: Any, book: CardBook, card_id: str) -> str:
    """Everything about one card, as markup."""
    card = catalog.cards[card_id]
    where, copies, other = _owner(catalog, card)
    kind = _TYPE_NAMES.get(card.type, prettify(card.type))
    if card.is_split:
        kind = "Split action card"
    facts = [kind, where]
    cost = book.info(card_id).cost_label if card.type in DECKS else ""
    if card.is_split:
        cost = "/".join(f"{h.cost}g" for h in card.halves)
    if cost:
        facts.append(f"cost {cost}")
    if copies:
        facts.append(f"×{copies}")
    lines = [f"[b $accent]{escape(card.name)}[/]", f"[$text-muted]{escape(' · '.join(facts))}[/]"]
    stats = _stats(card)
    if stats:
        lines.append(f"[b]{stats}[/]")
    if other:
        lines.append(f"Other side: {escape(other)}")
    if card.is_split:
        lines += ["", "Play one half:"]
        for half in card.halves:
            lines += ["", f"[b]{escape(half.name)}[/] · {half.cost} gold", escape(half.text)]
    elif card.text:
        lines += ["", escape(card.text)]
    lines += _made(made_lines(book.info(card_id), book))
    if card.flavor:
        lines += ["", f"[i $text-muted]{escape(card.flavor)}[/]"]
    return "\n".join(lines)


def ability_line(ability: Any) -> str:
    """``Level 2 · 10 gold · delay 3 · reaction`` (``Initial · delay 3`` at level 0)."""
    parts = ["Initial" if ability.level == 0 else f"Level {ability.level}"]
    if ability.level:
        parts.append(f"{ability.cost} gold")
    parts.append(f"delay {ability.delay}")
    if ability.reaction:
        parts.append("reaction")
    return " · ".join(parts)


def _names(catalog: Any, ids: Iterable[str]) -> str:
    return " / ".join(
        catalog.cards[i].name if i in catalog.cards else prettify(i) for i in dict.fromkeys(ids)
    )


def _made(lines: Iterable[str]) -> list[str]:
    """The cards a card or ability puts into play or attaches ("Makes: Skeleton (Attack
    1 · Health 1)"), under its text: its text names them only."""
    return [f"[$text-muted]{escape(line)}[/]" for line in lines]


def hero_details(catalog: Any, hero_id: str, book: CardBook | None = None) -> str:
    """A hero: health, equipment, special cards, rules and every ability (with the cards
    it makes or attaches, when ``book`` is given), as markup."""
    hero = catalog.heroes[hero_id]
    lines = [
        f"[b $accent]{escape(hero.name)}[/], {escape(hero.title)}",
        f"[$text-muted]Hero · health {hero.health}[/]",
        "",
        f"Weapon: {escape(_names(catalog, hero.weapons))}",
        f"Armor: {escape(_names(catalog, hero.armors))}",
    ]
    if hero.specials:
        specials = ", ".join(
            f"{catalog.cards[i].name if i in catalog.cards else prettify(i)} ×{n}"
            for i, n in hero.specials.items()
        )
        lines.append(f"Special cards: {escape(specials)}")
    for rule in hero.rules_text:
        lines.append(f"Rule: {escape(rule)}")
    lines += ["", "[b]Abilities[/]"]
    for ability in hero.abilities:
        lines += [
            "",
            f"[b]{escape(ability.name)}[/]  [$text-muted]{ability_line(ability)}[/]",
            escape(ability.text),
        ]
        if book is not None:
            lines += _made(made_lines(book.ability(hero_id, ability.id), book))
    return "\n".join(lines)


# ---------------------------------------------------------------------------- screen
def _load() -> tuple[Any, str | None]:
    try:
        from shared.rules.realm.catalog import load_catalog

        return load_catalog(), None
    except Exception as exc:  # bad card data: the browser says so instead of crashing
        return None, str(exc) or type(exc).__name__


def count_line(shown: list[Entry], entries: list[Entry], loaded: bool = True) -> str:
    """"114 cards, 10 heroes"; filtered, each beside its own total ("2 cards of 114,
    1 hero of 10"): cards and heroes are counted apart, so are their totals."""
    filtered = loaded and len(shown) < len(entries)
    parts = []
    for hero, one, many in ((False, "card", "cards"), (True, "hero", "heroes")):
        n = sum(1 for e in shown if (e.group == "hero") == hero)
        total = sum(1 for e in entries if (e.group == "hero") == hero)
        if n or not hero:
            word = one if n == 1 else many
            parts.append(f"{n} {word} of {total}" if filtered else f"{n} {word}")
    text = ", ".join(parts)
    return text + ("  [$text-muted](ctrl+r clears the filters)[/]" if filtered else "")


class SearchField(Input):
    """The search field. A ``/`` pressed while it is empty is the browser's Search key,
    not the start of a query: ``/skilled`` searches for "skilled" wherever the focus was.
    A ``/`` after the first character is typed, so "rally /" still finds the split cards
    ("Rally / Rout")."""

    def _is_search_key(self, character: str | None) -> bool:
        return character == "/" and not self.value

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # the footer lists "/ Search" only while the field leaves the key to the screen;
        # Textual names no character for the binding's key "slash", so it is named here
        if key == "slash":
            character = "/"
        return not self._is_search_key(character) and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        if self._is_search_key(event.character):
            # Input's own handler does not type it; the key goes on to the Search binding
            event.prevent_default()

    def watch_value(self, old: str, new: str) -> None:
        if bool(old) != bool(new):  # the field took or gave back the "/" key
            self.refresh_bindings()


class CardBrowserScreen(Screen[None]):
    """Browse the catalog. ``escape`` goes back; ``/`` searches; ``ctrl+r`` clears filters."""

    # one line an entry: a name too long for the list ends in "…" (the detail shows it
    # whole) rather than wrapping under the cost column
    DEFAULT_CSS = """
    CardBrowserScreen #cb-list { text-wrap: nowrap; text-overflow: ellipsis; }
    /* what has the keys is plain to see, as the table's focused strip is: Tab goes from
       the list to the details, then to each filter, and a border's colour alone did not
       tell which (the details showed nothing at all) */
    CardBrowserScreen #cb-search:focus,
    CardBrowserScreen #cb-filters > Select:focus > SelectCurrent,
    CardBrowserScreen #cb-list:focus,
    CardBrowserScreen #cb-detail-box:focus { background: $primary 15%; }
    /* the hint of PageUp/PageDown: under the details, not over their last line (a
       page would skip the line it hid) */
    CardBrowserScreen #cb-detail-more {
        height: 1; display: none; color: $text-muted; text-align: right;
        text-wrap: nowrap; text-overflow: ellipsis; padding: 0 1;
    }
    /* a long choice ("Thrainor Deepforge" at 80 columns) is cut on its line, not
       wrapped over the field's border */
    CardBrowserScreen #cb-filters SelectCurrent Static#label {
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    /* a dropdown is as wide as its longest choice ("Last Triarch De'Soth Pravus"), at
       least as wide as its field and kept on the screen: one line a choice, cut with
       "…" only when the screen is narrower */
    CardBrowserScreen #cb-filters SelectOverlay {
        width: auto; min-width: 100%; constrain: inside inside;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("slash", "search", "Search", key_display="/"),
        Binding("ctrl+r", "reset", "Clear filters"),
        # A long card scrolls wherever the keys are: priority, or the list's own PageUp
        # and PageDown page the list. The footer has no room for them at 60 columns; the
        # details say them (MORE_HINT) when the card does not fit.
        Binding("pagedown", "scroll_detail(1)", "Scroll the card", show=False, priority=True),
        Binding("pageup", "scroll_detail(-1)", "Scroll the card", show=False, priority=True),
        # Only the search field leaves the arrows to the screen (the list, a select and
        # the details take them first): from it they browse the results, and what is
        # typed next still edits the search.
        Binding("down", "browse(1)", "Browse", show=False),
        Binding("up", "browse(-1)", "Browse", show=False),
    ]

    def __init__(self, catalog: Any = None) -> None:
        super().__init__(id="card-browser")
        problem = None
        if catalog is None:
            catalog, problem = _load()
        self.catalog = catalog
        self.problem = problem
        self.book = CardBook(catalog)
        self.entries = catalog_entries(catalog) if catalog is not None else []
        self.shown: list[Entry] = []

    def compose(self) -> ComposeResult:
        heroes = self.catalog.heroes.values() if self.catalog is not None else ()
        costs = sorted({c for e in self.entries for c in e.costs})
        with Horizontal(id="cb-filters"):
            yield SearchField(placeholder="Search name/text", id="cb-search")
            yield Select([(label, key) for key, label in GROUPS.items()], prompt="Any deck",
                         id="cb-deck")  # fmt: skip
            hero_options = sorted((str(h.name), str(h.id)) for h in heroes)
            yield Select(hero_options, prompt="Any hero", id="cb-hero")
            yield Select([(f"{c} gold", c) for c in costs], prompt="Any cost", id="cb-cost")
        yield Static("", id="cb-count")
        with Horizontal(id="cb-main"):
            yield OptionList(id="cb-list")
            with Vertical(id="cb-detail-pane"):
                with VerticalScroll(id="cb-detail-box"):
                    yield Static("", id="cb-detail")
                yield Static(self.MORE_HINT, id="cb-detail-more")
        yield Footer()

    #: Narrower than this, the filters take two rows and the details have the larger
    #: share of the width (``-narrow``: app.tcss).
    NARROW = 80

    #: Under the details while the card does not fit them: how to read the rest.
    MORE_HINT = "pgup/pgdn: scroll the card"

    def on_mount(self) -> None:
        self.refilter()
        self.query_one("#cb-list", OptionList).focus()
        # the details' scrollbar comes and goes with their overflow, once laid out,
        # whether a new entry or a resize made it: the hint comes and goes with it
        box = self.query_one("#cb-detail-box", VerticalScroll)
        self.watch(box, "show_vertical_scrollbar", self._hint_more)

    def _hint_more(self, overflowing: bool) -> None:
        self.query_one("#cb-detail-more", Static).display = overflowing

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < self.NARROW, "-narrow")

    # filtering --------------------------------------------------------------------------
    def filters(self) -> Filters:
        def value(select_id: str) -> Any:
            return self.query_one(select_id, Select).selection

        return Filters(
            text=self.query_one("#cb-search", Input).value,
            group=value("#cb-deck"),
            hero=value("#cb-hero"),
            cost=value("#cb-cost"),
        )

    def refilter(self, keep_entry: bool = True) -> None:
        """List the entries the filters keep. The highlighted entry stays highlighted
        while the filters keep it (``keep_entry``); otherwise the first entry is."""
        listing = self.query_one("#cb-list", OptionList)
        current = listing.highlighted_option if keep_entry else None
        keep = current.id if current is not None else None
        keep_filters = self.filters()
        self.shown = [e for e in self.entries if keep_filters.keep(e)]
        listing.clear_options()
        listing.add_options(list_options(self.shown))
        ids = [e.id for e in self.shown]
        chosen = keep if keep in ids else (ids[0] if ids else None)
        if chosen is not None:
            listing.highlighted = listing.get_option_index(chosen)
        self._count()
        self.show_entry(self.entry(chosen))

    def entry(self, entry_id: str | None) -> Entry | None:
        return next((e for e in self.shown if e.id == entry_id), None)

    def _count(self) -> None:
        self.query_one("#cb-count", Static).update(
            count_line(self.shown, self.entries, self.catalog is not None)
        )

    def show_entry(self, entry: Entry | None) -> None:
        detail = self.query_one("#cb-detail", Static)
        if self.catalog is None:
            problem = escape(self.problem or "")
            detail.update(f"[$error]The card data could not be loaded:[/] {problem}")
        elif entry is None:
            detail.update("[$text-muted]Nothing matches these filters.[/]")
        elif entry.group == "hero":
            detail.update(hero_details(self.catalog, entry.id, self.book))
        else:
            detail.update(card_details(self.catalog, self.book, entry.id))
        self.query_one("#cb-detail-box", VerticalScroll).scroll_home(animate=False)

    @on(Input.Changed, "#cb-search")
    @on(Select.Changed)
    def _filters_changed(self) -> None:
        self.refilter()

    @on(Input.Submitted, "#cb-search")
    def _search_done(self) -> None:
        self.query_one("#cb-list", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#cb-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_entry(self.entry(event.option_id))

    # actions ----------------------------------------------------------------------------
    def action_search(self) -> None:
        self.query_one("#cb-search", Input).focus()

    def action_reset(self) -> None:
        with self.prevent(Input.Changed, Select.Changed):
            self.query_one("#cb-search", Input).value = ""
            for select_id in ("#cb-deck", "#cb-hero", "#cb-cost"):
                self.query_one(select_id, Select).clear()
        # a fresh start: the whole list from its top (refilling it scrolls it there), its
        # first card shown, rather than the entry looked at under the filters (which every
        # entry passes now, so it would stay highlighted and scrolled to)
        self.refilter(keep_entry=False)
        # and the keys go to the list, as when the browser opens: arrows move in it and
        # the footer's "/ Search" is what "/" does
        self.query_one("#cb-list", OptionList).focus()

    def action_browse(self, step: int) -> None:
        """Move the list's highlight (from the search field): the details follow it."""
        listing = self.query_one("#cb-list", OptionList)
        if step > 0:
            listing.action_cursor_down()
        else:
            listing.action_cursor_up()

    def action_scroll_detail(self, pages: int) -> None:
        box = self.query_one("#cb-detail-box", VerticalScroll)
        if box.max_scroll_y == 0 and self.focused is not box:
            # a card that fits: the keys page the list, as they did before
            listing = self.query_one("#cb-list", OptionList)
            if pages > 0:
                listing.action_page_down()  # type: ignore[no-untyped-call]
            else:
                listing.action_page_up()  # type: ignore[no-untyped-call]
            return
        if pages > 0:
            box.scroll_page_down()
        else:
            box.scroll_page_up()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # an open dropdown of a filter (a list of its own) keeps PageUp and PageDown
        if action == "scroll_detail" and isinstance(self.focused, OptionList):
            return self.focused.id == "cb-list"
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        self.dismiss(None)

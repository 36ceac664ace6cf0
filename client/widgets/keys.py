"""The table's footer: the keys that work now, drawn as one line of text.

Textual's ``Footer`` mounts a widget per key and does so again whenever the bindings
change — on every move of the focus and every prompt that adds or drops a key — which
costs a layout pass of the whole screen and is the slowest part of a redraw. This bar
shows the same keys (those of the focused widget, its ancestors, the screen and the app,
with ``show=True``; the command palette's key on the right) as one ``Static`` that only
repaints. A click on a key presses it.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.visual import VisualType
from textual.widgets import Static

from client.markup import escape
from client.widgets import parsed


def _key(app_key: str, display: str, description: str, enabled: bool) -> str:
    key = escape(app_key).replace("'", "\\'")
    style = "" if enabled else "dim "
    text = (
        f"[{style}b $footer-key-foreground] {escape(display)} [/]"
        f"[{style}$footer-description-foreground]{escape(description)} [/]"
    )
    return f"[@click=app.simulate_key('{key}')]{text}[/]" if enabled else text


class KeyBar(Static):
    """One line of keys, updated when the screen's bindings change."""

    DEFAULT_CLASSES = "key-bar"

    def __init__(self) -> None:
        super().__init__()
        self._left = ""
        self._right = ""
        self._pending = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)
        self._update()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, _screen: Screen[object]) -> None:
        if not self._pending:  # several changes in one go are drawn once
            self._pending = True
            self.call_later(self._update)

    def _update(self) -> None:
        self._pending = False
        if not self.is_attached:
            return
        app = self.app
        palette = app.COMMAND_PALETTE_BINDING if app.ENABLE_COMMAND_PALETTE else None
        left: list[str] = []
        right = ""
        seen: set[str] = set()
        for active in self.screen.active_bindings.values():
            binding: Binding = active.binding
            if binding.key == palette:
                right = _key(binding.key, app.get_key_display(binding), binding.description,
                             active.enabled)  # fmt: skip
                continue
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            left.append(
                _key(binding.key, app.get_key_display(binding), binding.description, active.enabled)
            )
        markup = "".join(left)
        if (markup, right) != (self._left, self._right):
            self._left, self._right = markup, right
            self.refresh()

    def render(self) -> VisualType:
        left, right = parsed(self._left), parsed(self._right)
        gap = max(1, self.size.width - left.cell_length - right.cell_length)
        return left + Content(" " * gap) + right

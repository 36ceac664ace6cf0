"""Widgets of the table. Each renders a piece of a view model and posts intents."""

from textual.widgets import Static


class MarkupStatic(Static):
    """A Static that ignores updates that would not change what it shows (each real
    update costs a layout pass)."""

    _markup: str | None = None

    def set_markup(self, markup: str) -> None:
        if markup != self._markup:
            self._markup = markup
            self.update(markup)

"""Textual's output thread, made to outlive its terminal.

When the terminal goes away (its window closed, tmux's pane killed, the ssh link cut),
writing to it fails with EIO. Textual's output thread then ends on that error, and the
queue it leaves behind fills up: the next 30 screen updates fill it and the one after
blocks the event loop for ever, so the app can neither notice that the terminal is gone
nor act on SIGTERM — the process stays behind, invisible, until ``kill -9``. (The kernel's
SIGCONT after the hang-up makes it likelier: Textual then starts a second output thread,
the one that meets the error.)

:class:`SturdyWriter` takes the same writes and, once the terminal refuses them, drops
them until it is stopped; the app's terminal watch (``AllegianceApp._watch_terminal``)
or the hang-up signal then quits as usual.
"""

from __future__ import annotations

from textual.drivers._writer_thread import WriterThread


class SturdyWriter(WriterThread):
    """A Textual output thread that drains its queue after a failed write instead of
    ending (which would leave every later write blocked)."""

    #: Whether a write to the terminal failed (everything since has been dropped).
    gone = False

    def run(self) -> None:
        try:
            super().run()
        except (OSError, ValueError):  # EIO, or a closed file: the terminal is gone
            self.gone = True
            while self._queue.get() is not None:  # dropped, until stop() says stop
                pass


def install() -> None:
    """Make Textual's terminal drivers use :class:`SturdyWriter` for their output."""
    from textual.drivers import linux_driver

    linux_driver.WriterThread = SturdyWriter  # type: ignore[attr-defined]

"""A terminal that goes away: the output thread keeps taking writes (it drops them), so
the app can still notice and quit instead of blocking on a full queue for ever."""

from __future__ import annotations

import threading
from typing import Any

from textual.drivers._writer_thread import MAX_QUEUED_WRITES

from client.terminal import SturdyWriter, install


class GoneTerminal:
    """A terminal whose other end has closed: every write fails as a pty's does."""

    def __init__(self) -> None:
        self.tries = 0

    def write(self, text: str) -> int:
        self.tries += 1
        raise OSError(5, "Input/output error")

    def flush(self) -> None:
        raise OSError(5, "Input/output error")

    def fileno(self) -> int:
        return 1


def test_writes_after_the_terminal_is_gone_do_not_block_and_stop_returns() -> None:
    terminal = GoneTerminal()
    writer = SturdyWriter(terminal)  # type: ignore[arg-type]
    writer.start()
    done = threading.Event()

    def app_side() -> None:  # what the app does: many screen updates, then shut down
        for i in range(MAX_QUEUED_WRITES * 4):
            writer.write(f"frame {i}")
        writer.stop()
        done.set()

    app = threading.Thread(target=app_side, daemon=True)
    app.start()
    app.join(timeout=30)  # a bound for a broken writer, which blocks for ever
    assert done.is_set(), "a write or stop() blocked on the full queue"
    assert writer.gone and terminal.tries == 1 and not writer.is_alive()


def test_the_linux_driver_starts_the_sturdy_writer(monkeypatch: Any) -> None:
    from textual.drivers import linux_driver

    monkeypatch.setattr(linux_driver, "WriterThread", linux_driver.WriterThread)
    install()
    assert linux_driver.WriterThread is SturdyWriter

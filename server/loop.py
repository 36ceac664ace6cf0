"""The event loop the server runs on: uvloop where it is installed, else asyncio's own.

uvloop (libuv under the asyncio API) runs the same code with less CPU per socket read,
write and callback: a websockets round trip costs the server about half the CPU, an
action of the P3 load about 5 % less. It is a dependency on every platform but Windows
(``pyproject.toml``); where it cannot be imported, the server runs on the default loop,
unchanged. ``ALLEGIANCE_LOOP=asyncio``
chooses the default loop even where uvloop is installed (to compare the two, or to rule
the loop out when looking for a fault); any other value, or none, means "uvloop if
possible".

Only processes that run a server (``allegiance serve``, ``allegiance host --no-play``,
``python -m server``) and the bench's load generators use this. The
terminal client keeps Textual's default loop, and a server started inside it (hot-seat,
hosting from the menu) runs on that loop.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")
#: The environment variable that can turn uvloop off.
LOOP_ENV = "ALLEGIANCE_LOOP"


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's ``new_event_loop``, or ``None`` (asyncio's default loop) when uvloop is
    not installed or ``ALLEGIANCE_LOOP=asyncio``."""
    if os.environ.get(LOOP_ENV, "").strip().lower() == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def loop_name(loop: asyncio.AbstractEventLoop | None = None) -> str:
    """``"uvloop"`` or ``"asyncio"``: which loop runs (the running one by default)."""
    loop = loop or asyncio.get_running_loop()
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"


def chosen_loop() -> str:
    """``"uvloop"`` or ``"asyncio"``: the loop :func:`run` would run on."""
    return "asyncio" if loop_factory() is None else "uvloop"


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on the loop :func:`loop_factory` chooses."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)

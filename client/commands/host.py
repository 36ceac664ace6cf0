"""``allegiance host``: serve and advertise the server on the LAN (zeroconf)."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import AsyncIterator
from typing import Any

NAME = "host"
HELP = "run a game server and advertise it on the local network"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from server.cli import add_serve_arguments

    add_serve_arguments(parser)
    parser.set_defaults(host="0.0.0.0")
    parser.add_argument(
        "--name", default=None, help="name shown to players on the LAN (default: this host)"
    )


def run(args: argparse.Namespace) -> int:
    import logging
    import socket

    from server.cli import run_serve
    from server.lan import Advertiser

    @contextlib.asynccontextmanager
    async def advertise(server: Any) -> AsyncIterator[None]:
        name = args.name or f"Allegiance on {socket.gethostname().split('.')[0]}"
        advertiser = Advertiser(name, args.host, server.port)
        try:
            await advertiser.start()
        except Exception as exc:  # the server still works without the advertisement
            logging.getLogger("allegiance.lan").warning("cannot advertise on the LAN: %s", exc)
        try:
            yield
        finally:
            with contextlib.suppress(Exception):
                await advertiser.close()

    return run_serve(args, advertise)

"""Frames to messages and back: the only place that knows the bytes are msgpack.

Decoding untrusted bytes is bounded before any object is built: the frame size, the
length of every string, list and map (msgpack's own limits), no ``bin`` and no ext
types, and after decoding the nesting depth and the type of every map key. A bad frame
raises :class:`ProtocolError` (``too_big`` or ``malformed``) and allocates little.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, NoReturn

import msgpack

from shared.protocol.errors import ProtocolError


@dataclass(frozen=True)
class Limits:
    """Bounds for decoding one frame."""

    max_frame: int
    max_str: int
    max_array: int
    max_map: int
    max_depth: int


#: What the server accepts from a client (client frames are small commands).
SERVER_LIMITS = Limits(max_frame=16 * 1024, max_str=4096, max_array=256, max_map=64, max_depth=32)

#: What a client accepts from a server (full views can be tens of KiB).
CLIENT_LIMITS = Limits(
    max_frame=4 * 1024 * 1024,
    max_str=1024 * 1024,
    max_array=100_000,
    max_map=100_000,
    max_depth=64,
)


def _refuse_ext(code: int, data: bytes) -> NoReturn:
    raise ProtocolError("malformed", f"ext type {code} is not part of the protocol")


_local = threading.local()


def _packer() -> Any:
    """This thread's packer (a ``Packer`` is not thread-safe; making one per call costs
    ten times as much as the encoding of a small message)."""
    try:
        return _local.packer
    except AttributeError:
        _local.packer = msgpack.Packer(use_bin_type=True, strict_types=False)
        return _local.packer


def encode(message: Any) -> bytes:
    """One message as a frame. Map keys must be strings; tuples become lists."""
    try:
        frame: bytes = _packer().pack(message)
    except (TypeError, ValueError, OverflowError) as exc:
        _packer().reset()
        raise ProtocolError("internal", f"cannot encode message: {exc}") from None
    return frame


def decode(
    frame: bytes | bytearray | memoryview | str, limits: Limits = SERVER_LIMITS
) -> dict[str, Any]:
    """One frame as a message map, within ``limits``.

    Raises :class:`ProtocolError`: ``too_big`` for an oversized frame, ``malformed`` for
    anything that is not one msgpack map with string keys within the bounds.
    """
    if isinstance(frame, str):
        raise ProtocolError(
            "malformed", "text frames are not part of the protocol; send binary frames"
        )
    if len(frame) > limits.max_frame:
        raise ProtocolError("too_big", f"frame of {len(frame)} bytes exceeds {limits.max_frame}")
    try:
        obj = msgpack.unpackb(
            frame,
            raw=False,
            use_list=True,
            strict_map_key=True,
            max_str_len=limits.max_str,
            max_bin_len=0,
            max_ext_len=0,
            max_array_len=limits.max_array,
            max_map_len=limits.max_map,
            ext_hook=_refuse_ext,
        )
    except ProtocolError:
        raise
    except (msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as exc:
        raise ProtocolError(
            "malformed", f"frame is not one msgpack value ({type(exc).__name__})"
        ) from None
    except (ValueError, TypeError, UnicodeDecodeError) as exc:
        raise ProtocolError("malformed", f"frame is not valid msgpack: {_short(exc)}") from None
    if not isinstance(obj, dict):
        raise ProtocolError("malformed", "a message must be a msgpack map")
    _check_tree(obj, limits.max_depth)
    return obj


def _short(exc: Exception) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _check_tree(root: object, max_depth: int) -> None:
    """Reject nesting deeper than ``max_depth`` and non-string map keys (iteratively)."""
    stack: list[tuple[object, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            if depth > max_depth:
                raise ProtocolError("malformed", f"message nests deeper than {max_depth} levels")
            for key, value in node.items():
                if not isinstance(key, str):
                    raise ProtocolError("malformed", "map keys must be strings")
                if isinstance(value, (dict, list)):
                    stack.append((value, depth + 1))
        elif isinstance(node, list):
            if depth > max_depth:
                raise ProtocolError("malformed", f"message nests deeper than {max_depth} levels")
            stack.extend((item, depth + 1) for item in node if isinstance(item, (dict, list)))

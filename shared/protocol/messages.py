"""Every message of the protocol: its fields, their types, and the check of a client message.

The tables ``CLIENT_MESSAGES`` and ``SERVER_MESSAGES`` are the schema of
``docs/protocol.md``. :func:`check_client_message` is the server's first look at a
decoded frame: it refuses unknown types, missing required fields, wrong types and
over-long strings with a :class:`ProtocolError`, so handlers only see well-formed input.
The ``TypedDict`` classes give clients and the server static types for the same shapes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, Literal, NotRequired, TypedDict

from shared.protocol.errors import ProtocolError

Check = Callable[[Any], bool]

#: The longest player or seat name (as ``_NAME`` below checks it on the wire).
NAME_LENGTH = 32
#: Unicode categories dropped from a name: controls (ESC, C1), format characters
#: (bidi overrides, zero-width ones, the BOM; a zero-width joiner too, so an emoji
#: sequence shows as its parts) and lone surrogates (a JSON ``"\ud800"``).
_DROPPED = frozenset({"Cc", "Cf", "Cs"})


def clean_name(text: str, default: str) -> str:
    """A player's or seat's name fit for every other player's screen: each whitespace
    character (newline, tab, other Unicode spaces and line breaks) becomes a space, other
    control and format characters are dropped, runs of spaces collapse to one, the ends
    are stripped and it is cut to :data:`NAME_LENGTH`; ``default`` when nothing is left.

    The one cleaning of names: the server applies it to every name a message brings
    (``server/handlers.py``), the client to ``--name`` and the settings' name.
    """
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch) not in _DROPPED
    )
    name = " ".join(kept.split())  # collapses the runs of spaces, strips the ends
    return name[:NAME_LENGTH].rstrip() or default


def _str(lo: int, hi: int) -> Check:
    return lambda v: isinstance(v, str) and lo <= len(v) <= hi


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -(2**63) <= v < 2**63


def _seat(v: Any) -> bool:
    return v is None or (_int(v) and 0 <= v < 64)


def _num(v: Any) -> bool:
    return (_int(v) or isinstance(v, float)) and not isinstance(v, bool) and 0 <= v <= 86_400


def _request_id(v: Any) -> bool:
    return _int(v) or (isinstance(v, str) and 1 <= len(v) <= 64)


def _game_index(v: Any) -> bool:
    """A game's number at its table (``replay.index``): 1, 2, …"""
    return _int(v) and 1 <= v <= 1_000_000


def _ints(v: Any) -> bool:
    return isinstance(v, list) and all(_int(x) and 0 <= x < 64 for x in v)


def _strs(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) and len(x) <= 32 for x in v)


_ID = _request_id
_TABLE = _str(1, 16)
_TOKEN = _str(1, 64)
_NAME = _str(1, 32)
_BOOL: Check = lambda v: isinstance(v, bool)  # noqa: E731
_MAP: Check = lambda v: isinstance(v, dict)  # noqa: E731
_LIST: Check = lambda v: isinstance(v, list)  # noqa: E731

#: (check, required) per field, per client message type.
Schema = Mapping[str, tuple[Check, bool]]

CLIENT_MESSAGES: Mapping[str, Schema] = {
    "hello": {"v": (_int, True), "name": (_NAME, True), "client": (_str(0, 64), False)},
    "ping": {"id": (_ID, False), "ts": (_int, False)},
    "list": {"id": (_ID, False), "game": (_str(1, 32), False), "table": (_TABLE, False)},
    "create": {
        "id": (_ID, False),
        "game": (_str(1, 32), True),
        "setup": (_MAP, True),
        "seats": (_LIST, True),
        "options": (_MAP, False),
        "claim": (_ints, False),
    },
    "join": {
        "id": (_ID, False),
        "table": (_TABLE, True),
        "seat": (_seat, False),
        "token": (_TOKEN, False),
        "name": (_NAME, False),
        "hero": (_str(1, 64), False),
    },
    "resume": {
        "id": (_ID, False),
        "table": (_TABLE, True),
        "seat": (_seat, True),
        "token": (_TOKEN, True),
    },
    "watch": {"id": (_ID, False), "table": (_TABLE, True)},
    "leave": {
        "id": (_ID, False),
        "table": (_TABLE, True),
        "seat": (_seat, False),
        "token": (_TOKEN, False),
    },
    "sync": {
        "id": (_ID, False),
        "table": (_TABLE, True),
        "seat": (_seat, False),
        "token": (_TOKEN, False),
    },
    "submit": {
        "id": (_ID, True),
        "table": (_TABLE, True),
        "seat": (_seat, True),
        "token": (_TOKEN, False),
        "version": (_int, True),
        "action": (_MAP, True),
    },
    "settings": {
        "id": (_ID, False),
        "table": (_TABLE, True),
        "seat": (_seat, True),
        "token": (_TOKEN, False),
        "auto_pass": (_BOOL, False),
        "stops": (_strs, False),
        "hold": (_BOOL, False),
        "skip": (_BOOL, False),
    },
    "chat": {
        "id": (_ID, False),
        "table": (_TABLE, True),
        "seat": (_seat, True),
        "token": (_TOKEN, False),
        "text": (_str(1, 300), True),
    },
    "replay": {
        "id": (_ID, False),
        "table": (_TABLE, True),
        "index": (_game_index, False),
        "seat": (_seat, False),
        "token": (_TOKEN, False),
    },
    "replays": {
        "id": (_ID, False),
        "game": (_str(1, 32), False),
        "table": (_TABLE, False),
        "token": (_TOKEN, False),
    },
    "next_game": {
        "id": (_ID, False),
        "table": (_TABLE, True),
        "seat": (_seat, True),
        "token": (_TOKEN, False),
    },
    "concede": {
        "id": (_ID, False),
        "table": (_TABLE, True),
        "seat": (_seat, True),
        "token": (_TOKEN, False),
    },
}

#: Field names per server message type (documentation and tests; the server builds them).
SERVER_MESSAGES: Mapping[str, tuple[str, ...]] = {
    "welcome": ("v", "server", "limits"),
    "pong": ("id", "ts"),
    "tables": ("id", "tables"),
    "created": ("id", "table", "tokens"),
    "seated": ("id", "table", "seat", "token"),
    "watching": ("id", "table"),
    "left": ("id", "table", "seat"),
    "sync": ("id", "table", "seat", "seq", "doc", "hash", "events", "events_at", "clock_left"),
    "patch": ("table", "seat", "seq", "ops", "hash", "events"),
    "accepted": ("id", "table", "seat", "version", "dup"),
    "refused": ("id", "table", "seat", "code", "message"),
    "settings": ("id", "table", "seat", "auto_pass", "stops", "hold", "skip"),
    "chat": ("table", "seat", "name", "text", "ts"),
    "chat_history": ("table", "lines"),
    "notice": ("table", "code", "message", "data"),
    "error": ("id", "code", "message"),
    "replay": ("id", "table", "seat", "part", "parts", "start", "steps", "info", "view"),
    "replays": ("id", "tables"),
    "next_game": ("id", "table", "seat", "next", "ready", "waiting"),
    "conceded": ("id", "table", "seat"),
}

#: Seat-scoped messages: the authority gate checks their token.
SEAT_SCOPED: frozenset[str] = frozenset({"submit", "settings", "chat", "next_game", "concede"})


def check_client_message(msg: Mapping[str, Any]) -> str:
    """The message type of a well-formed client message; raises :class:`ProtocolError`.

    Unknown fields are refused too, so a typo never silently means "absent".
    """
    kind = msg.get("t")
    if not isinstance(kind, str):
        raise ProtocolError("malformed", "a message needs a string field 't'")
    schema = CLIENT_MESSAGES.get(kind)
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")
    for field, (check, required) in schema.items():
        value = msg.get(field)
        if value is None:
            if required and not (field == "seat" and field in msg):
                raise ProtocolError("malformed", f"'{kind}' needs the field '{field}'")
            continue
        if not check(value):
            raise ProtocolError(
                "malformed", f"field '{field}' of '{kind}' has a wrong type or size"
            )
    extra = [key for key in msg if key != "t" and key not in schema]
    if extra:
        raise ProtocolError("malformed", f"'{kind}' has unknown field '{extra[0]}'")
    return kind


# --- static shapes ------------------------------------------------------------------

RequestId = int | str


class Hello(TypedDict):
    t: Literal["hello"]
    v: int
    name: str
    client: NotRequired[str]


class Submit(TypedDict):
    t: Literal["submit"]
    id: RequestId
    table: str
    seat: int
    token: str
    version: int
    action: dict[str, Any]


class Join(TypedDict):
    t: Literal["join"]
    table: str
    id: NotRequired[RequestId]
    seat: NotRequired[int | None]
    token: NotRequired[str]
    name: NotRequired[str]
    hero: NotRequired[str]


class SeatDoc(TypedDict):
    view: dict[str, Any] | None
    table: dict[str, Any]


class Sync(TypedDict):
    t: Literal["sync"]
    table: str
    seat: int | None
    seq: int
    doc: SeatDoc
    hash: str
    id: NotRequired[RequestId]
    events: NotRequired[list[dict[str, Any]]]  # the game's earlier events, as patches send them
    events_at: NotRequired[int]  # how many of the game's events came before those


class Patch(TypedDict):
    t: Literal["patch"]
    table: str
    seat: int | None
    seq: int
    ops: list[list[Any]]
    hash: str
    events: list[dict[str, Any]]


class Accepted(TypedDict):
    t: Literal["accepted"]
    id: RequestId
    table: str
    seat: int
    version: int
    dup: NotRequired[bool]


class Refused(TypedDict):
    t: Literal["refused"]
    id: RequestId
    table: str
    seat: int | None
    code: str
    message: str


#: Why a server stops, in the ``data.reason`` of its ``server_stopping`` notice when its
#: host's client says so: the table is closed for good (no reconnecting), or the host
#: stopped hosting and the game goes on when they host it again. No reason: a server
#: restart (reconnect in a moment).
STOP_TABLE_CLOSED = "table_closed"
STOP_HOST_LEFT = "host_left"


class Notice(TypedDict):
    t: Literal["notice"]
    code: str
    message: str
    table: NotRequired[str | None]
    data: NotRequired[dict[str, Any]]


class Error(TypedDict):
    t: Literal["error"]
    code: str
    message: str
    id: NotRequired[RequestId | None]


def error(code: str, message: str, request_id: RequestId | None = None) -> dict[str, Any]:
    """An ``error`` message."""
    msg: dict[str, Any] = {"t": "error", "code": code, "message": message}
    if request_id is not None:
        msg["id"] = request_id
    return msg

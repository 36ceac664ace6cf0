"""Patches between two consecutive documents of one seat, and the document hash.

The server never diffs raw game state: it diffs two *filtered* documents of the same
recipient (``{"view": view_for(state, seat), "table": meta}``), so a patch can only carry
what that recipient may see. Ops (see ``docs/protocol.md``):

* ``["s", path, value]`` set a map key or an existing list index (``[]`` = the root);
* ``["d", path]`` delete a map key;
* ``["p", path, start, count, items]`` splice a list.

A map's key order is part of the document (the hash covers the msgpack bytes): a map whose
kept keys change order, or that gains a key anywhere but after its kept keys, is sent
whole with one set op, so applying ops always reproduces the server's order.

The diff is structural and cheap: unchanged subtrees are skipped with one C-level
``==``; lists are trimmed of their common prefix and suffix first, so an item inserted at
the top of a pile costs one splice, not a rewrite. Caveat of that shortcut: ``True == 1``
in Python, so a value that changes between ``bool`` and the same ``int`` *inside* an
otherwise equal container is not seen; the hash sees it and the client resyncs.

A client that keeps its previous document (to show what changed) applies ops with
``apply_ops(doc, ops, copy=True)``: only the maps and lists on the ops' paths are copied,
instead of the whole document.
"""

from __future__ import annotations

import hashlib
from typing import Any

from shared.protocol import codec
from shared.protocol.errors import ProtocolError

Path = list[str | int]
Op = list[Any]

def diff(old: Any, new: Any) -> list[Op]:
    """The ops that turn ``old`` into ``new`` (both plain data)."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _same_scalar(a: Any, b: Any) -> bool:
    return type(a) is type(b) and bool(a == b)


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    if old is new:
        return
    is_map = isinstance(old, dict) and isinstance(new, dict)
    if not is_map and not (isinstance(old, (list, tuple)) and isinstance(new, (list, tuple))):
        if not _same_scalar(old, new):
            ops.append(["s", path, new])
        return
    if old == new:
        return
    if is_map:
        _diff_map(old, new, path, ops)
    else:
        _diff_list(old, new, path, ops)


def _diff_map(old: dict[str, Any], new: dict[str, Any], path: Path, ops: list[Op]) -> None:
    if list(old) == list(new):  # the common case: same keys, same order
        for key, value in new.items():
            before = old[key]
            if before is value:
                continue
            kind = type(value)
            if type(before) is not kind:
                _diff(before, value, [*path, key], ops)
            elif before == value:
                continue
            elif kind is dict:  # known to differ: no second comparison on the way down
                _diff_map(before, value, [*path, key], ops)
            elif kind is list or kind is tuple:
                _diff_list(before, value, [*path, key], ops)
            else:
                ops.append(["s", [*path, key], value])
        return
    if not _keeps_order(old, new):
        ops.append(["s", path, new])
        return
    for key in old:
        if key not in new:
            ops.append(["d", [*path, key]])
    for key, value in new.items():
        if key in old:
            _diff(old[key], value, [*path, key], ops)
        else:
            ops.append(["s", [*path, key], value])


def _keeps_order(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether set/delete ops on ``old`` give ``new``'s key order: the kept keys keep
    their order and every added key comes after them (a map's key order is part of the
    document, because the hash is taken over its msgpack bytes)."""
    kept_old = [k for k in old if k in new]
    new_keys = list(new)
    return new_keys[: len(kept_old)] == kept_old


def _diff_list(
    old: list[Any] | tuple[Any, ...],
    new: list[Any] | tuple[Any, ...],
    path: Path,
    ops: list[Op],
) -> None:
    n_old, n_new = len(old), len(new)
    shortest = min(n_old, n_new)
    start = 0
    while start < shortest and _equal(old[start], new[start]):
        start += 1
    end = 0
    while end < shortest - start and _equal(old[-1 - end], new[-1 - end]):
        end += 1
    mid_old, mid_new = n_old - start - end, n_new - start - end
    overlap = min(mid_old, mid_new)
    for i in range(start, start + overlap):
        _diff(old[i], new[i], [*path, i], ops)
    if mid_old != mid_new:
        at = start + overlap
        ops.append(["p", path, at, mid_old - overlap, list(new[at : at + mid_new - overlap])])


def _equal(a: Any, b: Any) -> bool:
    """Equal and of one type (so ``True`` and ``1``, or a list and a tuple, differ)."""
    return a is b or (type(a) is type(b) and bool(a == b))


def apply_ops(doc: Any, ops: list[Op], *, copy: bool = False) -> Any:
    """``doc`` with ``ops`` applied in order; the new root is returned.

    By default ``doc`` is changed in place. With ``copy``, ``doc`` is left as it was: each
    map or list on an op's path is copied (once per call) and every other part is shared
    between the old and the new document.

    Raises :class:`ProtocolError` (``bad_patch``) if an op does not fit the document; the
    caller should then ask for a full sync.
    """
    fresh: set[int] | None = None
    if copy:
        fresh = set()
        doc = _own(doc, fresh)
    for op in ops:
        doc = _apply_one(doc, op, fresh)
    return doc


def _own(node: Any, fresh: set[int]) -> Any:
    """``node``, or a shallow copy of it made in this call (maps and lists only)."""
    if id(node) in fresh or not isinstance(node, (dict, list)):
        return node
    twin: Any = dict(node) if isinstance(node, dict) else list(node)
    fresh.add(id(twin))
    return twin


def _apply_one(doc: Any, op: Op, fresh: set[int] | None) -> Any:
    try:
        kind, path = op[0], op[1]
        if not isinstance(path, list):
            raise ProtocolError("bad_patch", "a patch path must be a list")
        if kind == "s" and not path:
            return op[2]
        if kind == "p":
            target = _walk(doc, path, fresh)
            start, count, items = op[2], op[3], op[4]
            if not isinstance(target, list) or not 0 <= start <= start + count <= len(target):
                raise ProtocolError("bad_patch", "a splice does not fit its list")
            target[start : start + count] = items
        elif kind in ("s", "d") and path:
            parent, key = _walk(doc, path[:-1], fresh), path[-1]
            if kind == "s":
                _set(parent, key, op[2])
            elif not isinstance(parent, dict) or key not in parent:
                raise ProtocolError("bad_patch", f"no key {key!r} to delete")
            else:
                del parent[key]
        else:
            raise ProtocolError("bad_patch", f"unknown patch op {kind!r}")
    except (IndexError, KeyError, TypeError) as exc:
        raise ProtocolError("bad_patch", f"patch op does not fit the document: {exc!r}") from None
    return doc


def _walk(doc: Any, path: Path, fresh: set[int] | None = None) -> Any:
    """The node at ``path``; with ``fresh``, every node on the way is one of this call's
    copies (``doc`` itself already is)."""
    node = doc
    for key in path:
        if not _fits(node, key):
            raise ProtocolError("bad_patch", f"path step {key!r} does not fit the document")
        child = node[key]
        if fresh is not None:
            owned = _own(child, fresh)
            if owned is not child:
                node[key] = owned
            child = owned
        node = child
    return node


def _fits(node: Any, key: object) -> bool:
    """Whether ``key`` names an existing place in ``node``."""
    if isinstance(node, dict):
        return isinstance(key, str) and key in node
    if isinstance(node, list):
        return isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(node)
    return False


def _set(parent: Any, key: str | int, value: Any) -> None:
    if not ((isinstance(parent, dict) and isinstance(key, str)) or _fits(parent, key)):
        raise ProtocolError("bad_patch", f"cannot set {key!r} here")
    parent[key] = value


#: A patch carries the document hash when its ``seq`` is a multiple of this (a sync always
#: does). Hashing is most of a patch's cost on both sides; a missed or misapplied patch is
#: still caught: a gap in ``seq`` at once, a document that differs at the next hashed patch.
HASH_EVERY = 8


def hash_due(seq: int) -> bool:
    """Whether the patch numbered ``seq`` of a stream carries the document hash."""
    return seq % HASH_EVERY == 0


def view_hash(doc: Any, memo: PackMemo | None = None) -> str:
    """A short stable hash of a document: blake2b (8 bytes, hex) of its msgpack bytes.

    msgpack is canonical here except for map key order, and the protocol makes key order
    part of the document (patches preserve it), so server and client hash equal bytes.
    With ``memo``, the bytes of parts already encoded (the same objects, in this or the
    previous round) are reused: the same bytes, so the same hash.
    """
    data = codec.encode(doc) if memo is None else memo.pack(doc)
    return hashlib.blake2b(data, digest_size=8).hexdigest()


class PackMemo:
    """The msgpack bytes of the parts of documents, by object identity, for a server
    that hashes several documents sharing parts (the public parts of the seats' views,
    the parts that did not change since the last version). Documents are immutable
    snapshots, so an object that is still alive still encodes to the same bytes; each
    entry holds its object, so its id cannot be reused while the entry exists.

    Maps and lists above :attr:`DEPTH` are walked and their headers written here; the
    ones at :attr:`SHARED` depth or deeper are looked up first and, when new,
    remembered. A round is one change sent to its recipients; :meth:`next_round` forgets
    every entry not used in the last one. Strings and integers are encoded once
    (``codec.encode`` stays the only encoder).

    Walking costs more than encoding whole what it does not find, so the memo measures
    itself: when its recent rounds reused less than :attr:`WORTH` of their bytes
    (documents that share little: a duel's two seats, a rule set whose views share
    nothing), it encodes documents whole for :attr:`PAUSE` rounds, then tries again."""

    DEPTH = 3
    SHARED = 2
    #: Most strings and integers whose bytes are kept.
    SCALARS = 20_000
    #: The share of bytes reused below which remembering costs more than it saves.
    WORTH = 0.6
    #: Rounds encoded whole after a poor measure; rounds measured before judging.
    PAUSE = 200
    TRIAL = 5
    #: Weight of the earlier rounds in the measure (a moving average).
    DECAY = 0.8

    def __init__(self) -> None:
        self._old: dict[int, tuple[Any, bytes]] = {}
        self._new: dict[int, tuple[Any, bytes]] = {}
        self._scalars: dict[type, dict[Any, bytes]] = _scalar_tables()
        self._paused = 0  # rounds left to encode whole
        self._trial = self.TRIAL  # rounds left before the measure counts
        self._reused = 0.0  # bytes reused (moving average over rounds)
        self._total = 0.0  # bytes packed (moving average over rounds)

    def next_round(self) -> None:
        self._judge()
        self._old, self._new = self._new, {}
        if len(self._scalars[str]) + len(self._scalars[int]) > self.SCALARS:
            self._scalars = _scalar_tables()

    def _judge(self) -> None:
        """After a round: go on remembering, or pause (then try again)."""
        if self._paused:
            self._paused -= 1
            return
        if self._trial:
            self._trial -= 1
        elif self._total and self._reused < self.WORTH * self._total:
            self._paused, self._trial = self.PAUSE, self.TRIAL
            self._new = {}
        self._reused *= self.DECAY
        self._total *= self.DECAY

    def pack(self, doc: Any) -> bytes:
        """``codec.encode(doc)``, from the remembered bytes of the parts seen before."""
        if self._paused:
            return codec.encode(doc)
        parts: list[bytes] = []
        self._walk(doc, 0, parts)
        data = b"".join(parts)
        self._total += len(data)
        return data

    def _walk(self, node: Any, depth: int, parts: list[bytes]) -> None:
        """Append ``node``'s bytes to ``parts`` (scalars inline: this is the hot loop)."""
        kind = type(node)
        if kind is dict:
            parts.append(_header(len(node), 0x80, b"\xde", b"\xdf"))
            items: Any = node.items()
        elif kind is list or kind is tuple:
            parts.append(_header(len(node), 0x90, b"\xdc", b"\xdd"))
            items = ((_NO_KEY, v) for v in node)
        else:
            parts.append(self._scalar(node))
            return
        strings = self._scalars[str]
        below = depth + 1
        for k, v in items:
            if k is not _NO_KEY:
                data = strings.get(k)
                parts.append(data if data is not None else self._scalar(k))
            vkind = type(v)
            if vkind is dict or vkind is list or vkind is tuple:
                if below >= self.SHARED:
                    parts.append(self._shared(v, below))
                else:
                    self._walk(v, below, parts)
                continue
            known = self._scalars.get(vkind)
            data = None if known is None else known.get(v)
            parts.append(data if data is not None else self._scalar(v))

    def _shared(self, node: Any, depth: int) -> bytes:
        """The bytes of a map or list that documents may share: remembered by identity."""
        key = id(node)
        hit = self._new.get(key) or self._old.get(key)
        if hit is not None and hit[0] is node:
            self._new[key] = hit
            self._reused += len(hit[1])
            return hit[1]
        if depth >= self.DEPTH:
            data = codec.encode(node)
        else:
            inner: list[bytes] = []
            self._walk(node, depth, inner)
            data = b"".join(inner)
        self._new[key] = (node, data)
        return data

    def _scalar(self, value: Any) -> bytes:
        known = self._scalars.get(type(value))
        if known is None:  # None, bools, floats, bytes, anything else: as it comes
            return codec.encode(value)
        data = known.get(value)
        if data is None:
            data = known[value] = codec.encode(value)
        return data


_NO_KEY = object()  # a list's items, as (key, value) pairs


def _scalar_tables() -> dict[type, dict[Any, bytes]]:
    """Per type, scalars and their bytes (bools apart from ints: ``True == 1``)."""
    return {str: {}, int: {}, bool: {v: codec.encode(v) for v in (False, True)},
            type(None): {None: codec.encode(None)}}


def _header(n: int, fix: int, x16: bytes, x32: bytes) -> bytes:
    """A msgpack map or array header for ``n`` entries, as msgpack itself writes it."""
    if n <= 15:
        return bytes((fix | n,))
    if n <= 0xFFFF:
        return x16 + n.to_bytes(2, "big")
    return x32 + n.to_bytes(4, "big")

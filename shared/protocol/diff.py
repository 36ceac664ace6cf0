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
    if isinstance(old, dict) and isinstance(new, dict):
        if old != new:
            _diff_map(old, new, path, ops)
    elif isinstance(old, (list, tuple)) and isinstance(new, (list, tuple)):
        if old != new:
            _diff_list(old, new, path, ops)
    elif not _same_scalar(old, new):
        ops.append(["s", path, new])


def _diff_map(old: dict[str, Any], new: dict[str, Any], path: Path, ops: list[Op]) -> None:
    if list(old) == list(new):  # the common case: same keys, same order
        for key, value in new.items():
            before = old[key]
            if before is value or (type(before) is type(value) and before == value):
                continue
            _diff(before, value, [*path, key], ops)
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
    old: list[Any] | tuple[Any, ...], new: list[Any] | tuple[Any, ...], path: Path, ops: list[Op]
) -> None:
    n_old, n_new = len(old), len(new)
    shortest = min(n_old, n_new)
    start = 0
    while start < shortest and _equal(old[start], new[start]):
        start += 1
    end = 0
    while end < shortest - start and _equal(old[n_old - 1 - end], new[n_new - 1 - end]):
        end += 1
    mid_old, mid_new = n_old - start - end, n_new - start - end
    overlap = min(mid_old, mid_new)
    for i in range(start, start + overlap):
        _diff(old[i], new[i], [*path, i], ops)
    if mid_old != mid_new:
        at = start + overlap
        ops.append(["p", path, at, mid_old - overlap, list(new[at : at + mid_new - overlap])])


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, (dict, list, tuple)) or isinstance(b, (dict, list, tuple)):
        return bool(a == b)
    return _same_scalar(a, b)


def apply_ops(doc: Any, ops: list[Op]) -> Any:
    """``doc`` with ``ops`` applied in order (changed in place; the new root is returned).

    Raises :class:`ProtocolError` (``bad_patch``) if an op does not fit the document; the
    caller should then ask for a full sync.
    """
    for op in ops:
        doc = _apply_one(doc, op)
    return doc


def _apply_one(doc: Any, op: Op) -> Any:
    try:
        kind, path = op[0], op[1]
        if not isinstance(path, list):
            raise ProtocolError("bad_patch", "a patch path must be a list")
        if kind == "s" and not path:
            return op[2]
        if kind == "p":
            target = _walk(doc, path)
            start, count, items = op[2], op[3], op[4]
            if not isinstance(target, list) or not 0 <= start <= start + count <= len(target):
                raise ProtocolError("bad_patch", "a splice does not fit its list")
            target[start : start + count] = items
        elif kind in ("s", "d") and path:
            parent, key = _walk(doc, path[:-1]), path[-1]
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


def _walk(doc: Any, path: Path) -> Any:
    node = doc
    for key in path:
        if not _fits(node, key):
            raise ProtocolError("bad_patch", f"path step {key!r} does not fit the document")
        node = node[key]
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


def view_hash(doc: Any) -> str:
    """A short stable hash of a document: blake2b (8 bytes, hex) of its msgpack bytes.

    msgpack is canonical here except for map key order, and the protocol makes key order
    part of the document (patches preserve it), so server and client hash equal bytes.
    """
    return hashlib.blake2b(codec.encode(doc), digest_size=8).hexdigest()

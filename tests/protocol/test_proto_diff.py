"""Diff round trips: applying diff(a, b) to a gives b, byte for byte (hash included)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from shared.protocol import ProtocolError, codec
from shared.protocol.diff import apply_ops, diff, view_hash

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.text(max_size=6),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
)
keys = st.sampled_from(["a", "b", "c", "hand", "units", "seat", "x", "y", "z"])
plain = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=6),
        st.dictionaries(keys, children, max_size=6),
    ),
    max_leaves=40,
)


def roundtrip(a: Any, b: Any) -> Any:
    ops = diff(a, b)
    # ops travel as msgpack: decode them as a client would
    wire = codec.decode(codec.encode({"t": "patch", "ops": ops}), codec.CLIENT_LIMITS)["ops"]
    start = codec.decode(codec.encode({"d": a}), codec.CLIENT_LIMITS)["d"]
    return apply_ops(start, wire)


@settings(max_examples=400, deadline=None)
@given(plain, plain)
def test_diff_then_apply_gives_new(a: Any, b: Any) -> None:
    a_before = copy.deepcopy(a)
    result = roundtrip(a, b)
    assert result == b
    assert a == a_before  # diff never changes its inputs


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(keys, plain, max_size=6), st.dictionaries(keys, plain, max_size=6))
def test_hash_of_patched_document_equals_hash_of_new(a: Any, b: Any) -> None:
    # bool/int of equal value inside equal containers is the documented blind spot
    ops = diff(a, b)
    result = roundtrip(a, b)
    # bool/int swap inside an equal container: the documented blind spot (client resyncs)
    assume(codec.encode(result) == codec.encode(b))
    assert view_hash(result) == view_hash(b)
    assert ops == [] or a != b or codec.encode(a) != codec.encode(b)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=12), st.lists(st.integers(0, 9), max_size=12))
def test_list_edits(a: list[int], b: list[int]) -> None:
    assert roundtrip(a, b) == b


def test_equal_documents_give_no_ops() -> None:
    doc = {"view": {"players": [{"hand": [1, 2]}, {"hand": None}]}, "table": {"status": "playing"}}
    assert diff(doc, copy.deepcopy(doc)) == []


def test_insert_at_top_of_pile_is_one_splice() -> None:
    old = {"discard": ["c3", "c2", "c1"]}
    new = {"discard": ["c4", "c3", "c2", "c1"]}
    assert diff(old, new) == [["p", ["discard"], 0, 0, ["c4"]]]


def test_a_new_key_in_the_middle_resends_the_map_so_order_matches() -> None:
    old = {"a": 1, "c": 3}
    new = {"a": 1, "b": 2, "c": 3}
    result = roundtrip(old, new)
    assert list(result) == ["a", "b", "c"]
    assert view_hash(result) == view_hash(new)


def test_scalar_type_change_is_seen() -> None:
    # (an equal-comparing container hides a bool/int swap: the documented blind spot)
    assert ["s", ["x"], True] in diff({"x": 1, "y": 0}, {"x": True, "y": 1})
    assert ["s", ["x"], 1.0] in diff({"x": 1, "y": 0}, {"x": 1.0, "y": 1})


@pytest.mark.parametrize(
    "doc,ops",
    [
        ({"a": 1}, [["d", ["b"]]]),
        ({"a": [1]}, [["s", ["a", 5], 2]]),
        ({"a": [1]}, [["p", ["a"], 0, 3, []]]),
        ({"a": 1}, [["x", ["a"]]]),
        ({"a": 1}, [["s", "a", 1]]),
        ({"a": {"b": 1}}, [["s", ["a", 0, "c"], 1]]),
        ({"a": 1}, [[]]),
    ],
)
def test_bad_ops_raise_bad_patch(doc: Any, ops: list[Any]) -> None:
    with pytest.raises(ProtocolError) as info:
        apply_ops(doc, ops)
    assert info.value.code == "bad_patch"


def test_hash_is_stable_and_short() -> None:
    doc = {"view": {"x": [1, 2, {"y": "z"}]}, "table": None}
    assert view_hash(doc) == view_hash(copy.deepcopy(doc))
    assert len(view_hash(doc)) == 16


@settings(max_examples=300, deadline=None)
@given(plain, plain)
def test_applying_with_copy_leaves_the_old_document_as_it_was(a: Any, b: Any) -> None:
    wire = codec.decode(codec.encode({"ops": diff(a, b)}), codec.CLIENT_LIMITS)["ops"]
    start = codec.decode(codec.encode({"d": a}), codec.CLIENT_LIMITS)["d"]
    before = codec.encode(start)
    result = apply_ops(start, wire, copy=True)
    assert codec.encode(start) == before  # untouched, to the byte
    assert result == b


def test_applying_with_copy_shares_what_the_ops_do_not_touch() -> None:
    old = {"view": {"version": 1, "players": [{"hand": [1]}, {"hand": None}]}, "table": {}}
    new = copy.deepcopy(old)
    new["view"]["version"] = 2
    new["view"]["players"][0]["hand"] = [1, 7]
    result = apply_ops(old, diff(old, new), copy=True)
    assert result == new and old["view"]["version"] == 1
    assert result["table"] is old["table"]  # untouched: shared
    assert result["view"]["players"][1] is old["view"]["players"][1]
    assert result["view"]["players"][0] is not old["view"]["players"][0]  # on a path: copied
    assert old["view"]["players"][0]["hand"] == [1]

"""The codec: bounded decoding of untrusted frames, clear errors with codes."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared.protocol import PROTOCOL_VERSION, ProtocolError, codec
from shared.protocol.messages import CLIENT_MESSAGES, check_client_message


def code_of(frame: object, limits: codec.Limits = codec.SERVER_LIMITS) -> str:
    with pytest.raises(ProtocolError) as info:
        codec.decode(frame, limits)  # type: ignore[arg-type]
    return info.value.code


def test_round_trip() -> None:
    msg = {
        "t": "hello",
        "v": PROTOCOL_VERSION,
        "name": "Ada",
        "nested": {"a": [1, None, True, 2.5]},
    }
    assert codec.decode(codec.encode(msg)) == msg


def test_oversized_frame_is_refused_before_decoding() -> None:
    assert code_of(b"\x80" * (codec.SERVER_LIMITS.max_frame + 1)) == "too_big"


@pytest.mark.parametrize(
    "frame",
    [
        b"",
        b"\xc1",  # never-used byte
        b"\x92\x01",  # truncated
        b"\x01\x02",  # two values
        msgpack.packb([1, 2]),  # not a map
        msgpack.packb({1: 2}),  # int key
        msgpack.packb({b"t": 1}, use_bin_type=True),  # bytes key
        msgpack.packb({"t": b"bin"}, use_bin_type=True),  # bin value
        msgpack.packb({"t": msgpack.ExtType(5, b"x")}),  # ext type
        b"\x81\xa1t\xd6\xff\x00\x00\x00\x00",  # timestamp ext
        msgpack.packb({"t": list(range(1000))}),  # array too long
        msgpack.packb({str(i): i for i in range(100)}),  # map too long
        msgpack.packb({"t": "x" * 5000}),  # string too long
        b"\x81\xa1t" + b"\x91" * 100 + b"\xc0",  # nested too deep
        b"\x81\xa1t" + b"\x91" * 5000 + b"\xc0",  # nested past msgpack's own stack
        "text frame",
    ],
)
def test_malformed_frames(frame: bytes | str) -> None:
    assert code_of(frame) == "malformed"


def test_million_empty_maps_is_refused_cheaply() -> None:
    frame = b"\xdd" + (1_000_000).to_bytes(4, "big") + b"\x80" * 1_000_000
    assert code_of(frame) == "too_big"
    big = codec.Limits(max_frame=2_000_000, max_str=10, max_array=256, max_map=64, max_depth=32)
    assert code_of(b"\x81\xa1t" + frame, big) == "malformed"


@given(st.binary(max_size=200))
def test_random_bytes_never_crash(data: bytes) -> None:
    try:
        codec.decode(data)
    except ProtocolError as exc:
        assert exc.code in ("malformed", "too_big")


def test_message_schema() -> None:
    ok = {
        "t": "submit",
        "id": 1,
        "table": "ABC",
        "seat": 0,
        "token": "x",
        "version": 3,
        "action": {},
    }
    assert check_client_message(ok) == "submit"
    for bad, code in [
        ({"t": "nope"}, "unknown_type"),
        ({}, "malformed"),
        ({**ok, "version": "3"}, "malformed"),
        ({**ok, "extra": 1}, "malformed"),
        ({**ok, "id": "x" * 65}, "malformed"),
        ({**ok, "seat": True}, "malformed"),
        ({k: v for k, v in ok.items() if k != "action"}, "malformed"),
        ({"t": "chat", "table": "A", "seat": 0, "token": "x", "text": "y" * 301}, "malformed"),
    ]:
        with pytest.raises(ProtocolError) as info:
            check_client_message(bad)
        assert info.value.code == code, bad


def test_every_client_type_has_a_schema() -> None:
    assert set(CLIENT_MESSAGES) == {
        "hello",
        "ping",
        "list",
        "create",
        "join",
        "resume",
        "watch",
        "leave",
        "sync",
        "submit",
        "concede",
        "settings",
        "chat",
        "next_game",
        "replay",
        "replays",
    }


def test_a_failed_encode_leaves_the_encoder_clean() -> None:
    with pytest.raises(ProtocolError) as info:
        codec.encode({"t": "x", "bad": {1, 2}})
    assert info.value.code == "internal"
    assert codec.decode(codec.encode({"t": "after"})) == {"t": "after"}


def test_encoding_is_the_same_in_every_thread() -> None:
    import threading

    msg = {"t": "patch", "ops": [["s", ["view", "version"], 7]], "hash": "ab" * 8}
    frames: list[bytes] = []
    workers = [
        threading.Thread(target=lambda: frames.extend(codec.encode(msg) for _ in range(200)))
        for _ in range(4)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(frames) == 800 and set(frames) == {codec.encode(msg)}

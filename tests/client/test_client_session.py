"""The client side of the protocol without I/O: syncs, patches, gaps, resume, batches."""

from __future__ import annotations

from client.net.session import ClientSession, Failed, Notice, SeatChanged, Seated, SeatStream
from shared.protocol import PROTOCOL_VERSION, diff
from tests.client.fixtures import views as v
from tests.client.helpers import TABLE, doc_for, patch, sync


def held(seats=(0,)):
    sent: list[dict] = []
    s = ClientSession(sent.append, "Alice")
    s.table = TABLE
    for seat in seats:
        s.streams[seat] = SeatStream(seat, f"tok{seat}")
    return s, sent


def test_create_then_join_every_claimed_seat() -> None:
    sent: list[dict] = []
    s = ClientSession(sent.append, "Alice")
    s.start_create(
        {"format": "duel"}, [{"kind": "human"}, {"kind": "human"}], {"hotseat": True}, [0, 1]
    )
    first = s.on_connected()
    assert first[0] == {"t": "hello", "v": PROTOCOL_VERSION, "name": "Alice"}
    assert first[1]["t"] == "create" and first[1]["claim"] == [0, 1]
    ups = s.on_message(
        {
            "t": "created",
            "table": "K7QF3M",
            "tokens": [{"seat": 0, "token": "a"}, {"seat": 1, "token": "b"}],
        }
    )
    assert Seated("K7QF3M", 1, "b") in ups
    assert [(m["t"], m["seat"], m["token"]) for m in sent] == [("join", 0, "a"), ("join", 1, "b")]
    assert s.seats == [0, 1]


def test_join_without_token_keeps_the_token_it_gets() -> None:
    s = ClientSession(lambda m: None, "Bob")
    s.start_join("K7QF3M")
    opening = s.on_connected()[1]
    assert opening["t"] == "join" and "token" not in opening and opening["name"] == "Bob"
    ups = s.on_message({"t": "seated", "table": "K7QF3M", "seat": 1, "token": "zz"})
    assert ups == [Seated("K7QF3M", 1, "zz")]
    # after a drop: resume with the token, never claim a second seat
    again = s.on_connected()
    assert [m["t"] for m in again] == ["hello", "join"] and again[1]["token"] == "zz"


def test_sync_then_patches_in_order() -> None:
    s, _ = held()
    assert s.on_message(sync(0, v.maneuver())) == [SeatChanged(0, (), full=True)]
    new = doc_for(v.response())
    ups = s.on_message(patch(doc_for(v.maneuver()), new, 0, 1, [{"t": "passed", "seat": 1}]))
    assert ups == [SeatChanged(0, ({"t": "passed", "seat": 1},))]
    assert s.view(0) == v.response()
    assert s.streams[0].earlier_view == v.maneuver()


def test_a_gap_or_a_bad_hash_asks_for_a_full_sync() -> None:
    s, sent = held()
    s.on_message(sync(0, v.maneuver()))
    gap = patch(doc_for(v.maneuver()), doc_for(v.response()), 0, 5)
    assert s.on_message(gap) == []
    assert sent[-1] == {
        "t": "sync",
        "id": sent[-1]["id"],
        "table": TABLE,
        "seat": 0,
        "token": "tok0",
    }
    assert s.view(0) is None
    s.on_message(sync(0, v.maneuver(), seq=7))
    bad = patch(doc_for(v.maneuver()), doc_for(v.response()), 0, 8)
    bad["hash"] = "0" * 16
    assert s.on_message(bad) == []
    assert sent[-1]["t"] == "sync" and s.view(0) is None
    s.on_message(sync(0, v.maneuver(), seq=9))
    unfit = {
        "t": "patch",
        "table": TABLE,
        "seat": 0,
        "seq": 10,
        "ops": [["d", ["nope"]]],
        "hash": "x",
        "events": [],
    }
    assert s.on_message(unfit) == [] and sent[-1]["t"] == "sync"


def test_a_patch_without_a_hash_applies_and_the_next_hashed_one_checks() -> None:
    s, sent = held()
    s.on_message(sync(0, v.maneuver(), seq=6))
    unhashed = {**patch(doc_for(v.maneuver()), doc_for(v.response()), 0, 7), "hash": None}
    assert s.on_message(unhashed) != [] and s.view(0) == v.response()
    assert not any(m["t"] == "sync" for m in sent)
    # The document went wrong unseen (a lost op): the next hashed patch catches it.
    s.streams[0].doc["view"]["turn"] = -1
    hashed = patch(doc_for(v.response()), doc_for(v.maneuver()), 0, 8)
    assert diff.hash_due(8) and s.on_message(hashed) == []
    assert sent[-1]["t"] == "sync" and s.view(0) is None


def test_submit_only_what_is_legal_with_the_view_version() -> None:
    s, sent = held()
    s.on_message(sync(0, v.response()))
    assert s.submit(0, {"kind": "battle", "opponent": 1}) is not None
    assert s.submit(0, {"kind": "pass"}) is None
    msg = sent[-1]
    assert msg["t"] == "submit" and msg["version"] == 57 and msg["token"] == "tok0"
    assert (
        s.submit(0, {"kind": "pass"}) == "Still waiting for the server to answer your last choice."
    )
    s.on_message({"t": "accepted", "id": msg["id"], "table": TABLE, "seat": 0, "version": 58})
    assert s.streams[0].in_flight is None


def test_an_unanswered_command_is_sent_again_with_the_same_id_after_a_drop() -> None:
    s, sent = held()
    s.on_message(sync(0, v.response()))
    s.submit(0, {"kind": "pass"})
    original = sent[-1]
    again = s.on_connected()
    assert [m["t"] for m in again] == ["hello", "join", "submit"]
    assert again[2] == original


def test_batch_sends_each_action_after_the_previous_was_applied() -> None:
    s, sent = held()
    s.on_message(sync(0, v.declare()))
    attacks = [
        {"kind": "attack", "attacker": "u:11"},
        {"kind": "attack", "attacker": "u:12"},
        {"kind": "done"},
    ]
    assert s.submit_batch(0, attacks) is None
    assert [m["action"] for m in sent if m["t"] == "submit"] == attacks[:1]
    s.on_message({"t": "accepted", "id": sent[-1]["id"], "table": TABLE, "seat": 0, "version": 58})
    # the next one waits for the new view, then goes out
    nxt = v.declare()
    nxt["version"] = 58
    nxt["battle"]["attackers"].append("u:11")
    nxt["legal"] = [attacks[1], attacks[2]]
    s.on_message(patch(doc_for(v.declare()), doc_for(nxt), 0, 1))
    assert [m["action"] for m in sent if m["t"] == "submit"] == attacks[:2]
    assert sent[-1]["version"] == 58


def test_batch_stops_when_the_next_choice_is_gone() -> None:
    s, sent = held()
    s.on_message(sync(0, v.declare()))
    s.submit_batch(
        0, [{"kind": "attack", "attacker": "u:11"}, {"kind": "attack", "attacker": "u:99"}]
    )
    s.on_message({"t": "accepted", "id": sent[-1]["id"], "table": TABLE, "seat": 0, "version": 58})
    nxt = v.declare()
    nxt["version"] = 58
    ups = s.on_message(patch(doc_for(v.declare()), doc_for(nxt), 0, 1))
    assert any(isinstance(u, Notice) for u in ups)
    assert s.streams[0].batch == []


def test_refusals_and_errors_are_sentences() -> None:
    s, sent = held()
    s.on_message(sync(0, v.response()))
    s.submit(0, {"kind": "pass"})
    ups = s.on_message(
        {
            "t": "refused",
            "id": sent[-1]["id"],
            "table": TABLE,
            "seat": 0,
            "code": "illegal",
            "message": "You cannot do that now.",
        }
    )
    assert ups == [Notice("You cannot do that now.", "warning")]
    assert s.streams[0].in_flight is None
    ups = s.on_message({"t": "error", "code": "rate_limited", "message": "Slow down."})
    assert ups == [Notice("Slow down.", "error")]
    s.submit(0, {"kind": "pass"})
    ups = s.on_message({"t": "refused", "id": sent[-1]["id"], "table": TABLE, "seat": 0,
                        "code": "stale", "message": "stale"})  # fmt: skip
    # the server may have chosen for the seat (its time ran out): nothing to choose again
    assert [n.text for n in ups if isinstance(n, Notice)] == [
        "Your choice came too late and was not applied: the game had moved on."
    ]


def test_a_failed_join_is_fatal() -> None:
    s = ClientSession(lambda m: None, "Bob")
    s.start_join("NOPE00")
    join = s.on_connected()[1]
    ups = s.on_message(
        {"t": "error", "id": join["id"], "code": "not_found", "message": "No such table."}
    )
    assert ups == [Failed("No such table.", "not_found")]


def test_a_table_gone_after_a_reconnect_is_fatal_and_says_why() -> None:
    s, _ = held()
    s.on_message(sync(0, v.maneuver()))  # playing, with a decision pending
    again = s.on_connected()  # the server came back (restarted without the table)
    resume = next(m for m in again if m["t"] == "join")
    assert resume["token"] == "tok0"
    ups = s.on_message(
        {"t": "error", "id": resume["id"], "code": "not_found", "message": "No such table."}
    )
    assert len(ups) == 1 and isinstance(ups[0], Failed)
    assert ups[0].text.startswith("No such table.") and "cannot go on" in ups[0].text
    # an error to another request stays a notice
    s2, _ = held()
    s2.on_message(sync(0, v.maneuver()))
    s2.on_connected()
    other = s2.on_message({"t": "error", "id": "c999", "code": "not_found", "message": "Gone."})
    assert other == [Notice("Gone.", "error")]


def test_chat_and_settings_carry_the_token() -> None:
    s, sent = held((0, 1))
    s.chat(0, "  good game  ")
    assert sent[-1] == {
        "t": "chat",
        "table": TABLE,
        "seat": 0,
        "token": "tok0",
        "text": "good game",
    }
    s.send_settings(True, ["chain"], False)
    assert [(m["seat"], m["stops"]) for m in sent[-2:]] == [(0, ["chain"]), (1, ["chain"])]


def test_batch_waits_while_a_trigger_asks_for_targets_first() -> None:
    s, sent = held()
    s.on_message(sync(0, v.declare()))
    s.submit_batch(0, [{"kind": "attack", "attacker": "u:11"}, {"kind": "done"}])
    s.on_message({"t": "accepted", "id": sent[-1]["id"], "table": TABLE, "seat": 0, "version": 58})
    trigger = v.trigger_targets()
    trigger["version"] = 58
    s.on_message(patch(doc_for(v.declare()), doc_for(trigger), 0, 1))
    assert s.streams[0].batch == [{"kind": "done"}]  # kept: the player answers the trigger
    s.submit(0, {"kind": "decline"})
    s.on_message({"t": "accepted", "id": sent[-1]["id"], "table": TABLE, "seat": 0, "version": 59})
    back = v.declare()
    back["version"] = 59
    back["legal"] = [{"kind": "attack", "attacker": "u:12"}, {"kind": "done"}]
    s.on_message(patch(doc_for(trigger), doc_for(back), 0, 2))
    assert [m["action"] for m in sent if m["t"] == "submit"][-1] == {"kind": "done"}


def test_a_patch_makes_a_new_document_and_leaves_the_previous_one_as_it_was() -> None:
    s, _ = held()
    s.on_message(sync(0, v.maneuver()))
    old_doc, old_view = s.streams[0].doc, s.view(0)
    frozen = diff.view_hash(old_doc)
    s.on_message(patch(doc_for(v.maneuver()), doc_for(v.response()), 0, 1))
    assert s.view(0) == v.response() and s.streams[0].doc is not old_doc
    assert diff.view_hash(old_doc) == frozen  # not changed in place: shared parts are safe
    assert s.streams[0].earlier_view is old_view
    unfit = patch(doc_for(v.response()), doc_for(v.maneuver()), 0, 2)
    unfit["ops"].append(["d", ["view", "nope"]])  # fails after the other ops applied
    kept = s.streams[0].doc
    s.on_message(unfit)
    assert diff.view_hash(kept) == diff.view_hash(doc_for(v.response()))


def test_a_new_client_never_repeats_the_command_ids_of_an_earlier_one() -> None:
    """The server keeps a seat's recent command ids (across its restarts, from the log) and
    answers a repeated one as a duplicate; a client process that resumes the seat after
    another one (a crash, a restart) must therefore use ids that one never used."""
    ids: list[set[str]] = []
    for _ in range(2):
        s, sent = held()
        s.on_message(sync(0, v.response()))
        for _ in range(5):
            s.submit(0, {"kind": "pass"})
            s.streams[0].in_flight = None  # answered: the next one may go
        ids.append({m["id"] for m in sent if m["t"] == "submit"})
    assert len(ids[0]) == len(ids[1]) == 5 and not ids[0] & ids[1]


def test_leaving_says_leave_for_each_seat_held_and_for_watching() -> None:
    s = ClientSession(lambda m: None, "Alice")
    assert s.leave_messages() == []  # no table yet
    s.table = "ABC123"
    s.streams[0] = SeatStream(0, "tok-0")
    s.streams[1] = SeatStream(1)  # seen, not held
    s.streams[None] = SeatStream(None)
    assert s.leave_messages() == [
        {"t": "leave", "table": "ABC123", "seat": 0, "token": "tok-0"},
        {"t": "leave", "table": "ABC123", "seat": None},
    ]


def test_what_happens_to_a_seat_is_a_log_line_as_well_as_a_notice() -> None:
    session = ClientSession(lambda _m: None, "Alice")
    session.streams[0] = SeatStream(0, "tok0")
    # what happens to a seat is logged from the game's events (``timed_out``,
    # ``bot_took_over``, ``away_conceded``, ``conceded``); what a bot played for a
    # player who is back is told to them alone, and logged
    cases = (("timed_out", False), ("bot_took_over", False), ("seat_conceded", False),
             ("game_started", False), ("played_for_you", True))  # fmt: skip
    for code, logged in cases:
        msg = {"t": "notice", "table": TABLE, "code": code, "message": "Bob ran out of time."}
        (notice,) = session.on_message(msg)
        assert isinstance(notice, Notice) and notice.logged is logged


def test_the_end_of_a_game_or_match_is_left_to_the_game_over_screen() -> None:
    """"The game is over." and "Ann wins the match, 2–1." are what the game-over screen
    shows: as toasts they covered its title."""
    session = ClientSession(lambda _m: None, "Alice")
    session.streams[0] = SeatStream(0, "tok0")
    for code in ("game_over", "match_over"):
        msg = {"t": "notice", "table": TABLE, "code": code, "message": "The game is over."}
        assert session.on_message(msg) == []


def test_conceding_is_sent_for_a_held_seat_only() -> None:
    sent: list[dict] = []
    session = ClientSession(sent.append, "Alice")
    session.table = TABLE
    session.streams[0] = SeatStream(0, "tok0")
    session.streams[None] = SeatStream(None)
    assert session.concede(0)
    assert sent[-1] == {"t": "concede", "id": sent[-1]["id"], "table": TABLE, "seat": 0,
                        "token": "tok0"}  # fmt: skip
    assert not session.concede(1) and len(sent) == 1


def test_a_batch_whose_step_ended_by_itself_does_not_answer_the_next_battle() -> None:
    """Defending every attacker ends the step at once; the batch's closing "done" must
    then be dropped, not kept for the next battle's defenders in the same turn."""
    s, sent = held()
    first = v.declare()
    first["battle"]["step"] = "assign"
    first["legal"] = [{"kind": "defend", "attacker": "u:11", "defender": "u:21"}, {"kind": "done"}]
    s.on_message(sync(0, first))
    s.submit_batch(0, [first["legal"][0], {"kind": "done"}])
    s.on_message({"t": "accepted", "id": sent[-1]["id"], "table": TABLE, "seat": 0, "version": 58})
    over = v.declare()  # the step ended with that defender: the battle goes on without us
    over.update(version=58, legal=[], battle={**first["battle"], "step": "after_assign"})
    s.on_message(patch(doc_for(first), doc_for(over), 0, 1))
    assert s.streams[0].batch == []
    second = v.declare()  # the same attacker's second battle of the turn
    second.update(version=70, battle={**first["battle"], "pairs": []}, legal=first["legal"])
    s.on_message(patch(doc_for(over), doc_for(second), 0, 2))
    assert [m["action"] for m in sent if m["t"] == "submit"] == [first["legal"][0]]

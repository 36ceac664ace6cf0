"""One handler per client message type, behind one authority gate.

Every handler is synchronous: from the gate to the table's reply there is no ``await``,
so a command is checked and applied in one go. :func:`gate` is the single place that
decides whether a message may act for a seat (token hash compared in constant time) or
as a spectator; every seat-scoped message type goes through it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from server.replays import on_replay, on_replays
from shared.protocol import PROTOCOL_VERSION, ProtocolError
from shared.protocol.messages import NAME_LENGTH, clean_name, error

if TYPE_CHECKING:
    from server.connection import Connection
    from server.table import Table

Handler = Callable[["Connection", dict[str, Any]], None]


def gate(
    conn: Connection, msg: dict[str, Any], *, spectator_ok: bool = False
) -> tuple[Table, int | None]:
    """The table and seat a message may act for, or :class:`ProtocolError`.

    A seat needs its own token. ``seat: null`` (spectating) needs a table that allows
    spectators and is only accepted where ``spectator_ok``.
    """
    table = conn.server.lobby.get(msg["table"])
    if table is None:
        raise conn.server.lobby.missing(msg["table"])
    seat = msg.get("seat")
    if seat is None:
        if not spectator_ok:
            raise ProtocolError("unauthorized", "This message needs a seat and its token.")
        if not table.options["spectators"]:
            raise ProtocolError("forbidden", "This table does not allow spectators.")
        return table, None
    if not table.token_ok(seat, msg.get("token")):
        raise ProtocolError("unauthorized", "That token is not valid for that seat.")
    return table, seat


def _attach(conn: Connection, table: Table, seat: int | None) -> None:
    if (table, seat) in conn.subs:
        conn.send(table.sync_message(seat))
        return
    conn.subs.add((table, seat))
    table.subscribe(conn, seat)


def _reply(msg: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
    if msg.get("id") is not None:
        reply["id"] = msg["id"]
    return reply


def on_hello(conn: Connection, msg: dict[str, Any]) -> None:
    if conn.greeted:  # said once, first: a second one changes nothing, and says so
        raise ProtocolError("malformed", "Hello was already said on this connection.")
    if msg["v"] != PROTOCOL_VERSION:
        conn.send(error("version_mismatch", f"This server speaks protocol {PROTOCOL_VERSION}."))
        conn.drop(1002, "protocol version mismatch", flush=True)
        return
    conn.greeted = True
    conn.name = clean_name(msg["name"], "")  # "": the seat's own name when it joins
    config = conn.server.config
    conn.send(
        {
            "t": "welcome",
            "v": PROTOCOL_VERSION,
            "server": config.server_name,
            "limits": {"max_frame": config.max_frame, "rate": config.rate, "burst": config.burst},
        }
    )


def on_ping(conn: Connection, msg: dict[str, Any]) -> None:
    reply: dict[str, Any] = {"t": "pong"}
    if msg.get("ts") is not None:
        reply["ts"] = msg["ts"]
    conn.send(_reply(msg, reply))


def on_list(conn: Connection, msg: dict[str, Any]) -> None:
    """The tables their makers asked to list (option ``listed``), join codes and all; or
    (``table``) the one table with that join code, listed or not: the code is what lets
    anyone sit down or watch, so whoever has it may see the seats (names, heroes, who is
    there) before joining. An unknown code gets the error ``join`` would give."""
    code = msg.get("table")
    if code is None:
        listing = conn.server.lobby.listing(msg.get("game"), listed_only=True)
    else:
        table = conn.server.lobby.get(code)
        if table is None or (msg.get("game") is not None and table.game != msg["game"]):
            raise conn.server.lobby.missing(code)
        listing = [table.summary()]
    conn.send(_reply(msg, {"t": "tables", "tables": listing}))


def on_create(conn: Connection, msg: dict[str, Any]) -> None:
    if conn.server.stopping:
        raise ProtocolError("server_stopping", "The server is stopping.")
    table, tokens = conn.server.lobby.create(_clean_seat_names(msg))
    listed = [{"seat": seat, "token": token} for seat, token in sorted(tokens.items())]
    conn.send(_reply(msg, {"t": "created", "table": table.code, "tokens": listed}))


def _clean_seat_names(msg: dict[str, Any]) -> dict[str, Any]:
    """``create`` with each seat's name cleaned; a name with nothing left is dropped, so
    the seat gets its default ("Seat 2", "Bot 1"). Anything else is checked later."""
    seats = msg["seats"]
    if not isinstance(seats, list):
        return msg
    cleaned = [_clean_seat_name(item) for item in seats]
    return {**msg, "seats": cleaned}


def _clean_seat_name(item: Any) -> Any:
    raw = item.get("name") if isinstance(item, dict) else None
    if not isinstance(raw, str) or len(raw) > NAME_LENGTH:
        return item  # refused as "a bad name" by server.options.seat_specs, as before
    name = clean_name(raw, "")
    return {**item, "name": name} if name else {k: v for k, v in item.items() if k != "name"}


def on_join(conn: Connection, msg: dict[str, Any]) -> None:
    if msg.get("token") is not None:
        on_resume(conn, msg)
        return
    table = conn.server.lobby.get(msg["table"])
    if table is None:
        raise conn.server.lobby.missing(msg["table"])
    seat = table.free_seat(msg.get("seat"))
    if seat is None:
        if msg.get("seat") is None:
            raise ProtocolError("table_full", _full_table_words(table))
        raise ProtocolError("seat_taken", "That seat is taken or is not a human seat.")
    hero = msg.get("hero")
    if hero is not None:
        _check_hero(table, seat, hero)
    token = table.claim(seat, clean_name(msg.get("name") or "", conn.name), hero)
    conn.send(_reply(msg, {"t": "seated", "table": table.code, "seat": seat, "token": token}))
    _attach(conn, table, seat)
    table.maybe_start()


def _check_hero(table: Table, seat: int, hero: Any) -> None:
    """Refuses a joiner's hero the game could not start with (``bad_setup``). A hero
    another seat already has is refused by naming that seat's player: the rules' own
    words count the seats that chose it, which a joiner who chose first cannot follow."""
    try:
        table.check_setup({seat: hero})
    except Exception as exc:
        raise ProtocolError("bad_setup", _refused_hero_words(table, seat, hero, exc)) from None


def _refused_hero_words(table: Table, seat: int, hero: Any, exc: Exception) -> str:
    holder = next((s for s in table.seats if s.seat != seat and s.hero == hero), None)
    if holder is None or table.series.best_of > 1:  # a match refuses any chosen hero
        return str(exc)[:200]
    name = _hero_name(table, str(hero))
    if holder.kind == "human" and holder.token_hash is None:  # set by the host, not yet taken
        return f"{name} is kept for seat {holder.seat + 1}; choose another hero."
    number = f"seat {holder.seat + 1}"
    who = number if holder.name.casefold() == number else f"{holder.name} ({number})"
    return f"{name} is already taken by {who}; choose another hero."


def _hero_name(table: Table, hero: str) -> str:
    """A hero's name as players know it; the id where the rule set has no catalog."""
    if table.game != "realm":
        return hero
    from shared.rules.realm.catalog import load_catalog

    known = load_catalog().heroes.get(hero)
    return known.name if known is not None else hero


def _full_table_words(table: Table) -> str:
    """Why a joiner gets no seat: every seat is taken. A finished table (no game of a
    match to come) says its game is over instead: watching it would show only its end.
    Watching is offered where the table allows watchers (``--spectators none`` does
    not). The code stays ``table_full`` either way: the client treats it as final."""
    if table.status == "over" and not table.series.between_games():
        return "That table's game is over."
    if table.status == "over":  # a match's next game is yet to come: it may be watched
        taken = "That table is between the games of a match, and every seat is taken"
    else:
        taken = "Every seat at that table is taken"
    return f"{taken}; you may watch it instead." if table.options["spectators"] else f"{taken}."


def on_resume(conn: Connection, msg: dict[str, Any]) -> None:
    if msg.get("seat") is None:
        raise ProtocolError("malformed", "Resuming needs a seat and its token.")
    table, seat = gate(conn, msg)
    conn.send(_reply(msg, {"t": "seated", "table": table.code, "seat": seat}))
    _attach(conn, table, seat)


def on_watch(conn: Connection, msg: dict[str, Any]) -> None:
    table, _ = gate(conn, {"table": msg["table"], "seat": None}, spectator_ok=True)
    conn.send(_reply(msg, {"t": "watching", "table": table.code}))
    _attach(conn, table, None)


def on_leave(conn: Connection, msg: dict[str, Any]) -> None:
    table, seat = gate(conn, msg, spectator_ok=True)
    if (table, seat) in conn.subs:
        conn.subs.discard((table, seat))
        if seat is not None and _last_here(table, seat, conn):
            from server.matchplay import left_table

            left_table(table, seat)  # before unsubscribing, which tells the others
        table.unsubscribe(conn, seat, left=True)
    conn.send(_reply(msg, {"t": "left", "table": table.code, "seat": seat}))
    if seat is not None:  # the last player to leave a lobby closes it
        conn.server.lobby.close_if_left(table)


def _last_here(table: Table, seat: int, conn: Connection) -> bool:
    """Whether ``conn`` is the seat's only connection: its player leaves the table with
    it (another terminal still at the seat keeps them there)."""
    stream = table.streams.get(seat)
    return stream is not None and set(stream.subscribers) == {conn}


def on_sync(conn: Connection, msg: dict[str, Any]) -> None:
    table, seat = gate(conn, msg, spectator_ok=True)
    if seat is None and (table, None) not in conn.subs:
        raise ProtocolError("forbidden", "Watch the table before asking for its view.")
    conn.send(table.sync_message(seat, msg.get("id")))


def on_submit(conn: Connection, msg: dict[str, Any]) -> None:
    base = {"t": "refused", "id": msg["id"], "table": msg["table"], "seat": msg.get("seat")}
    try:
        table, seat = gate(conn, msg)
    except ProtocolError as exc:
        conn.send({**base, "code": exc.code, "message": exc.message})
        return
    assert seat is not None
    answer = table.submit(seat, msg["id"], msg["version"], msg["action"], "human", reply=conn.send)
    if answer["t"] == "refused" and answer["code"] == "stale":
        conn.send(table.sync_message(seat))


def on_settings(conn: Connection, msg: dict[str, Any]) -> None:
    from server.options import response_settings

    table, seat = gate(conn, msg)
    assert seat is not None
    settings = response_settings(msg, table.seats[seat].settings)
    conn.send(_reply(msg, {"t": "settings", "table": table.code, "seat": seat, **settings}))
    table.set_settings(seat, settings)


def on_chat(conn: Connection, msg: dict[str, Any]) -> None:
    table, seat = gate(conn, msg)
    assert seat is not None
    table.chat(seat, msg["text"], conn, msg.get("id"))


def on_next_game(conn: Connection, msg: dict[str, Any]) -> None:
    from server.matchplay import ask_next_game

    table, seat = gate(conn, msg)
    assert seat is not None
    ask_next_game(table, seat, lambda answer: conn.send(_reply(msg, answer)))


def on_concede(conn: Connection, msg: dict[str, Any]) -> None:
    table, seat = gate(conn, msg)
    assert seat is not None
    table.concede(seat)
    conn.send(_reply(msg, {"t": "conceded", "table": table.code, "seat": seat}))


HANDLERS: dict[str, Handler] = {
    "hello": on_hello,
    "ping": on_ping,
    "list": on_list,
    "create": on_create,
    "join": on_join,
    "resume": on_resume,
    "watch": on_watch,
    "leave": on_leave,
    "concede": on_concede,
    "sync": on_sync,
    "submit": on_submit,
    "settings": on_settings,
    "chat": on_chat,
    "replay": on_replay,  # server/replays.py: finished games only
    "replays": on_replays,
    "next_game": on_next_game,
}


def dispatch(conn: Connection, kind: str, msg: dict[str, Any]) -> None:
    if not conn.greeted and kind != "hello":
        raise ProtocolError("not_hello", "Say hello first.")
    if conn.server.stopping and kind not in ("ping",):
        raise ProtocolError("server_stopping", "The server is stopping; reconnect in a moment.")
    HANDLERS[kind](conn, msg)

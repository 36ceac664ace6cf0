"""``determinize`` rebuilds a state whose view is exactly the view it was given."""

from __future__ import annotations

import random
from collections import Counter

from server.botplay import choose
from server.simulate import ALL_FORMATS, make_setup
from shared.rules.realm import engine
from shared.rules.realm.determinize import Unsupported, determinize
from shared.rules.realm.invariants import check
from shared.rules.realm.ruleset import RULESET
from shared.rules.realm.view import view_for


def test_views_rebuild_exactly_and_play_on() -> None:
    rebuilt = 0
    for i in range(6):
        g = engine.new_game(make_setup(ALL_FORMATS[i % len(ALL_FORMATS)], None), 40 + i)
        while g.result is None and g.turn <= 9:
            seat = g.prompt.seat
            v = view_for(g, seat)
            try:
                d = determinize(v, random.Random(i))
            except Unsupported:
                assert v["prompt"]["kind"] not in ("priority", "attack", "defend")
            else:
                assert view_for(d, seat) == v
                rebuilt += 1
                if rebuilt % 50 == 0:  # the sample is a game that plays on
                    for _ in range(40):
                        if d.result is not None:
                            break
                        s = d.prompt.seat
                        engine.apply_action(
                            d, s, random.Random(s).choice(engine.legal_actions(d, s))
                        )
            a = choose("easy", v, i) if v["legal"] else None
            RULESET.apply(g, seat, a, version=v["version"], in_place=True)
    assert rebuilt > 200


def test_hidden_hands_are_sampled_from_unseen_cards() -> None:
    g = engine.new_game(make_setup("duel", None), 77)
    while g.prompt.kind != "priority":
        s = g.prompt.seat
        engine.apply_action(g, s, engine.legal_actions(g, s)[0])
    me = g.prompt.seat
    other = 1 - me
    v = view_for(g, me)
    real = sorted(g.cards[u].card for u in g.players[other].hand)
    seen = Counter()
    for k in range(30):
        d = determinize(v, random.Random(k))
        hand = sorted(d.cards[u].card for u in d.players[other].hand)
        assert len(hand) == len(real)
        # by deck, the counts match the view's public counts
        cat = d.ctx.catalog
        assert Counter(cat.cards[c].deck for c in hand) == Counter(
            {k2: n for k2, n in v["players"][other]["hand_count"].items() if n}
        )
        seen[tuple(hand)] += 1
        mine = sorted(d.cards[u].card for u in d.players[me].hand)
        assert mine == sorted(g.cards[u].card for u in g.players[me].hand)
    assert len(seen) > 1  # it samples, it does not peek


def test_invariants_hold_on_samples() -> None:
    g = engine.new_game(make_setup("ffa4", None), 5)
    r = random.Random(0)
    n = 0
    while g.result is None and g.turn < 8:
        s = g.prompt.seat
        v = view_for(g, s)
        try:
            d = determinize(v, random.Random(n))
            check(d)
            n += 1
        except Unsupported:
            pass
        engine.apply_action(g, s, r.choice(engine.legal_actions(g, s)))
    assert n > 20

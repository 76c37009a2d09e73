"""Properties over random play: never raises, always ends, replays, and no view leaks."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import sleuth
from sleuth.core import Action, Rng
from sleuth.games.manhunt.state import Manhunt

TABLES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"crime": "murder"}),
    (4, {"crime": "swindle", "elimination_aid": False}),
    (4, {"partners": True, "case_set": 3}),
    (6, {"numbered_dial": "1 2 3 4 5 6", "on_line_segments": 4, "receive_segments": 9}),
]


def _game(table: int, seed: int, **more: Any) -> Manhunt:
    players, options = TABLES[table]
    state = sleuth.new_game("manhunt", players=players, seed=seed, **options, **more)
    assert isinstance(state, Manhunt)
    return state


def _careful(rng: random.Random, state: Manhunt) -> Action:
    """Random, but accusing only now and then (so games run long enough to test)."""
    legal = state.legal_actions()
    quiet = [a for a in legal if a.kind != "accuse"]
    if quiet and rng.random() < 0.97:
        return rng.choice(quiet)
    return rng.choice(legal)


tables = st.integers(min_value=0, max_value=len(TABLES) - 1)
seeds = st.integers(min_value=0, max_value=10**6)


@settings(max_examples=25, deadline=None)
@given(table=tables, seed=seeds)
def test_random_play_never_raises_and_ends(table: int, seed: int) -> None:
    state = _game(table, seed)
    rng = random.Random(seed)
    for _ in range(50_000):
        if state.over:
            break
        legal = state.legal_actions()
        assert legal and state.to_move is not None
        state.apply(rng.choice(legal))
        json.dumps(state.view(state.to_move, static=False))
    assert state.over and state.legal_actions() == []
    json.dumps([state.view(seat) for seat in [None, *range(state.players)]])


@settings(max_examples=15, deadline=None)
@given(table=tables, seed=seeds, steps=st.integers(min_value=1, max_value=400))
def test_replays_identically(table: int, seed: int, steps: int) -> None:
    state = _game(table, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        state.apply(_careful(rng, state))
    again = sleuth.replay(json.loads(json.dumps(state.record().to_json())))
    assert [e.to_json() for e in again.log] == [e.to_json() for e in state.log]
    for seat in [None, *range(state.players)]:
        assert again.view(seat) == state.view(seat)


@settings(max_examples=25, deadline=None)
@given(table=tables, seed=seeds, steps=st.integers(min_value=0, max_value=600))
def test_no_view_depends_on_what_the_seat_cannot_know(table: int, seed: int, steps: int) -> None:
    """Redraw everything a seat cannot see (the card, and with it every other Handbook):
    its view must not change. So no view leaks the culprit or another side's sheet."""
    state = _game(table, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        state.apply(_careful(rng, state))
    if state.over:
        return
    for seat in range(state.players):
        for k in range(2):
            other = state.resample(seat, Rng(seed + k))
            assert other.view(seat) == state.view(seat)
            assert [e.to_json() for e in other.log] == [e.to_json() for e in state.events_for(seat)]
            mine = state.handbook(seat).entries
            assert all(other.card.hole(r) == x for r, x in mine.items())
            for book in other.handbooks:
                assert all(other.card.hole(r) == x for r, x in book.entries.items())
            for _ in range(30):  # the redrawn game plays on
                if other.over:
                    break
                other.apply(_careful(rng, other))
    if len(state.handbook(0).entries) < 2:  # two cards or more are still possible for seat 0
        cards = {state.resample(0, Rng(seed + k)).card.number for k in range(20)}
        assert len(cards) > 1  # the redraw really redraws


@settings(max_examples=20, deadline=None)
@given(table=tables, seed=seeds, cards=st.lists(st.integers(1, 16), min_size=2, max_size=2))
def test_spectators_and_public_events_never_see_the_card(
    table: int, seed: int, cards: list[int]
) -> None:
    """Two games alike but for the card in the scanner look the same to a spectator, and
    their public events are the same, until someone accuses."""
    a, b = (_game(table, seed, card=c) for c in cards)
    rng = random.Random(seed)
    for _ in range(400):
        if a.over:
            break
        action = rng.choice([x for x in a.legal_actions() if x.kind != "accuse"])
        a.apply(action)
        b.apply(action)
        assert a.view(None, static=False) == b.view(None, static=False)
    assert [e.to_json() for e in a.events_for(None)] == [e.to_json() for e in b.events_for(None)]

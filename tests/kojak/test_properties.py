"""Properties over random play: never raises, replays identically, no view leaks a secret."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import sleuth
from sleuth.core import Rng
from sleuth.games.kojak.board import BUILDINGS
from sleuth.games.kojak.cases import draw_secrets, problems
from sleuth.games.kojak.state import Kojak
from tests.kojak.conftest import new

games = st.tuples(st.integers(0, 10**6), st.integers(2, 4), st.sampled_from(["fast", "advanced"]))
SECRETS = {"code", "codes", "hideout"}


def random_play(state: Kojak, rng: random.Random, steps: int, check_every: int = 0) -> None:
    for step in range(steps):
        if state.over:
            return
        legal = state.legal_actions()
        assert legal, "a seat to move always has something to do"
        state.apply(rng.choice(legal))
        if check_every and step % check_every == 0:
            check_invariants(state)


def check_invariants(state: Kojak) -> None:
    for b in BUILDINGS:
        held = sum(b in state.player(s).taken for s in range(state.players))
        assert state.turntables[b].informers + held == state.players
        for slot, seen in zip(state.turntables[b].slots, state.turntables[b].seen, strict=True):
            assert seen is None or seen == slot
    for seat in [None, *range(state.players)]:
        json.dumps(state.view(seat))
    if state.options.advanced:
        cards = len(state.contact_pile) + len(state.contact_discards)
        cards += sum(len(state.player(s).contacts) for s in range(state.players))
        assert cards == 40


@settings(max_examples=30, deadline=None)
@given(games)
def test_random_play_never_raises_and_ends(game: tuple[int, int, str]) -> None:
    seed, players, version = game
    state = new(players, seed, version=version)
    random_play(state, random.Random(seed), 60_000, check_every=97)
    assert state.over
    assert len(state.winners) <= 1
    check_invariants(state)


@settings(max_examples=15, deadline=None)
@given(games, st.integers(0, 400))
def test_replays_identically(game: tuple[int, int, str], steps: int) -> None:
    seed, players, version = game
    state = new(players, seed, version=version)
    random_play(state, random.Random(seed + 1), steps)
    again = sleuth.replay(json.loads(json.dumps(state.record().to_json())))
    for seat in [None, *range(players)]:
        assert again.view(seat) == state.view(seat)
        assert again.events_for(seat) == state.events_for(seat)
    assert again.legal_actions() == state.legal_actions()


def disguised(state: Kojak, seat: int | None, rng: Rng) -> Kojak:
    """The same game with everything `seat` may not know drawn afresh (codes, hide-out, slots)."""
    other = state.clone()
    taken = state.player(seat).taken if seat is not None else []
    known = {b: state.case.codes[b] for b in taken}
    other.case = draw_secrets(
        state.case.number, state.case.sheet, rng, taken_codes=known, open_=state.suspects([])
    )
    for table in other.turntables.values():
        table.redraw_unseen(rng)
    return other


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 3000))
def test_no_view_leaks_a_code_or_the_hideout(game: tuple[int, int, str], steps: int) -> None:
    """KJ-INFORMER-04: players must not see code letters they have not taken; nobody sees the
    solution before the end (KJ-SETUP-11) unless a wrong arrest showed it to him alone."""
    seed, players, version = game
    state = new(players, seed, version=version)
    random_play(state, random.Random(seed), steps)
    if state.over:
        return
    rng = Rng(seed)
    for seat in [None, *range(players)]:
        if seat is not None and state.player(seat).out:
            assert state.view(seat)["solution"]["hideout"] == state.case.hideout
            continue
        view = state.view(seat)
        assert "solution" not in view and "reveal" not in view
        for _ in range(3):
            other = disguised(state, seat, rng)
            assert problems(other.case) == []
            assert other.view(seat) == view  # the view cannot tell the two games apart
    for event in state.log:
        if event.to is None:
            assert not SECRETS & set(event.data), event
        elif event.kind in ("clue", "solution"):
            assert event.data.get("seat", event.to) == event.to


@settings(max_examples=20, deadline=None)
@given(games, st.integers(0, 3000))
def test_resample_agrees_with_the_seat(game: tuple[int, int, str], steps: int) -> None:
    seed, players, version = game
    state = new(players, seed, version=version)
    random_play(state, random.Random(seed), steps)
    if state.over:
        return
    seat = state.turn.seat
    copy = state.resample(seat, Rng(seed))
    assert copy.view(seat) == state.view(seat)
    assert problems(copy.case) == []
    if state.options.advanced:
        for s in range(players):
            assert len(copy.player(s).contacts) == len(state.player(s).contacts)
    random_play(copy, random.Random(seed), 60_000)
    assert copy.over

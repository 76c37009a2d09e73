"""The resampling hook: a full game a seat cannot tell from the real one (for search bots)."""

from __future__ import annotations

import random

from sleuth.core import Rng
from sleuth.games.stop_thief.knowledge import Knowledge
from tests.stop_thief.conftest import new


def _played(seed: int, steps: int):  # type: ignore[no-untyped-def]
    state = new(players=3, seed=seed, still_chance=0.2)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    return state


def test_resampled_game_looks_the_same_to_the_seat() -> None:
    for seed in range(12):
        state = _played(seed, 150)
        for seat in range(3):
            twin = state.resample(seat, Rng(seed * 10 + seat))
            assert twin.view(seat) == state.view(seat)
            if state.to_move == seat:
                assert twin.legal_actions() == state.legal_actions()
            assert twin.detectives[seat].hand == state.detectives[seat].hand


def test_hidden_parts_are_redrawn_consistently() -> None:
    moved_thief = moved_cards = 0
    for seed in range(12):
        state = _played(seed, 150)
        if state.over:
            continue
        seat = state.turn.seat
        knowledge = Knowledge(seat, state.board, state.options.odds)
        knowledge.update(state)
        possible = set(knowledge.possible_spaces())
        for k in range(5):
            twin = state.resample(seat, Rng(k))
            assert twin.scanner.thief is not None
            assert twin.scanner.thief.space in possible
            everyone = [c for d in twin.detectives for c in d.hand] + list(twin.pile)
            assert sorted(everyone) == list(range(32))
            public = len(state.pile) - state.pile_public
            assert list(twin.pile)[public:] == list(state.pile)[public:]
            moved_thief += twin.scanner.thief != state.scanner.thief
            moved_cards += any(
                twin.detectives[s].hand != state.detectives[s].hand for s in range(3) if s != seat
            )
    assert moved_thief and moved_cards


def test_resampled_game_plays_on_and_never_touches_the_original() -> None:
    state = _played(3, 120)
    before = state.view(None)
    twin = state.resample(state.turn.seat, Rng(1))
    chooser = random.Random(0)
    for _ in range(300):
        if twin.over:
            break
        twin.apply(chooser.choice(twin.legal_actions()))
    assert state.view(None) == before


def test_resampling_is_deterministic() -> None:
    state = _played(5, 100)
    a = state.resample(1, Rng(42))
    b = state.resample(1, Rng(42))
    assert a.scanner.thief == b.scanner.thief
    assert [d.hand for d in a.detectives] == [d.hand for d in b.detectives]


def test_notebook_aid_shows_each_seat_its_own_deductions() -> None:
    state = new(players=2, seed=8, notebook_aid=True, still_chance=0.0)
    seat = state.turn.seat
    state.apply({"kind": "clue"})
    for s in range(2):
        possible = state.view(s)["notebook"]["possible"]
        assert abs(sum(possible.values()) - 1.0) < 1e-3
        assert state.scanner.thief is not None and str(state.scanner.thief.space) in possible
    assert "notebook" not in state.view(None)
    assert "notebook" not in new(players=2, seed=8).view(seat)

"""The expert bot: legal, fair (it reads only its view), and far better than chance."""

from __future__ import annotations

import random

import pytest

from sleuth.bots import bot_levels, make_bot, play
from sleuth.core import Rng
from sleuth.games.kojak.bots import ExpertBot, roll_odds, turntable_plan
from tests.kojak.conftest import new, ready
from tests.kojak.test_properties import disguised, random_play


def table(seen: list[bool | None], informers: int, front: int = 0) -> dict[str, object]:
    return {"out_front": bool(seen[front]), "informers": informers, "seen": seen, "front": front}


def test_registered() -> None:
    assert {"random", "expert"} <= set(bot_levels("kojak"))
    assert isinstance(make_bot("kojak", "expert", seed=3), ExpertBot)


def test_turntable_plan() -> None:
    unseen: list[bool | None] = [False] + [None] * 7
    assert turntable_plan(table(unseen, 1)) == (4.0, 1)  # one informer somewhere in seven slots
    known: list[bool | None] = [False, None, True, None, None, None, None, None]
    assert turntable_plan(table(known, 1)) == (1.0, 2)  # swing straight to it
    near: list[bool | None] = [False, True, None, None, None, None, None, None]
    assert turntable_plan(table(near, 2)) == (1.0, 1)  # never swing a known informer past
    assert turntable_plan(table([True] + [None] * 7, 2))[0] == 0.0
    assert turntable_plan(table([False] * 8, 0))[0] > 100
    assert sum(roll_odds(2).values()) == pytest.approx(1.0)


@pytest.mark.parametrize("version", ["fast", "advanced"])
def test_expert_beats_random(version: str) -> None:
    wins = 0
    for game in range(12):
        state = new(2, seed=game, version=version)
        expert_seat = game % 2
        bots = [make_bot("kojak", "random", seed=game), make_bot("kojak", "random", seed=game)]
        bots[expert_seat] = make_bot("kojak", "expert", seed=game)
        play(state, bots, max_actions=50_000)
        wins += state.winners == [expert_seat]
    assert wins >= 11


@pytest.mark.parametrize("version", ["fast", "advanced"])
def test_experts_play_legally_and_never_accuse_a_cleared_building(version: str) -> None:
    for game in range(6):
        players = 2 + game % 3
        state = new(players, seed=game, version=version)
        bots = [ExpertBot(seed=s) for s in range(players)]
        play(state, bots, max_actions=5_000)
        assert state.over
        assert all(b.fallbacks == 0 for b in bots)
        for event in state.log:
            if event.kind == "arrest":
                seat = event.data["seat"]
                cleared = {state.case.clue(b).clears for b in state.player(seat).taken}
                assert event.data["building"] not in cleared


def test_expert_decides_from_its_view_only() -> None:
    """The expert's choice is the same in any game its seat cannot tell from the real one."""
    for seed in range(12):
        version = ("fast", "advanced")[seed % 2]
        state = new(3, seed, version=version)
        random_play(state, random.Random(seed), 40 + 20 * seed)
        if state.over:
            continue
        seat = state.turn.seat
        choice = ExpertBot().choose(state, seat)
        for n in range(3):
            other = disguised(state, seat, Rng(seed * 10 + n))
            assert ExpertBot().choose(other, seat) == choice


def test_expert_goes_when_certain() -> None:
    state = ready(2, seed=4, game=1, solution="book")  # codes B, G, H, C: three make certain
    seat = state.turn.seat
    me = state.player(seat)
    me.taken = ["bus", "movie", "restaurant"]  # Bus Station, Hotel and Movie House cleared
    state._legal_cache = None
    assert ExpertBot().choose(state, seat).kind == "leave_hq"

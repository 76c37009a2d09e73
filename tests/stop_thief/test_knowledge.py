"""A seat's knowledge of the thief: fed only by what that seat may see, never wrong."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from sleuth.bots import Bot, RandomBot
from sleuth.core import Event
from sleuth.games.stop_thief.bots import DetectiveBot
from sleuth.games.stop_thief.knowledge import Knowledge
from sleuth.games.stop_thief.state import StopThief
from tests.stop_thief.conftest import act, hand_with, new


def _events_in_play(state: StopThief, bots: list[Bot], actions: int) -> Iterator[Event]:
    """Play on for at most `actions` actions, giving each new event of the log as it comes."""
    for _ in range(actions):
        if state.over:
            return
        seat = state.to_move
        assert seat is not None
        told = len(state.log)
        state.apply(bots[seat].choose(state, seat))
        yield from state.log[told:]


def _check_every_step(state: StopThief, bots: list[Bot], actions: int) -> Counter[str]:
    """Play on, checking after every action that each seat's notebook holds the real thief."""
    seen: Counter[str] = Counter()
    knowledge = [Knowledge(seat) for seat in range(state.players)]
    for _ in range(actions):
        if state.over:
            break
        seat = state.to_move
        assert seat is not None
        for event in state.apply(bots[seat].choose(state, seat)):
            seen[event.data.get("outcome", event.kind)] += 1
        for k in knowledge:
            k.update(state)
            assert k.inconsistencies == 0
            thief = state.scanner.thief
            if thief is not None:
                assert thief in k.states(), f"seat {k.seat} lost the thief at {thief}"
                assert k.thief_number == state.thief_number
    return seen


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"escape_chance": 0.6, "still_chance": 0.4}),
        (4, {"escape_chance": 0.5, "escape_flees": False, "six_move_escape_chance": 0.2}),
    ],
)
def test_knowledge_never_loses_the_real_thief(players: int, options: dict[str, Any]) -> None:
    seen: Counter[str] = Counter()
    for seed in range(8):
        state = new(players=players, seed=seed, **options)
        bots: list[Bot] = [
            DetectiveBot(seed) if s % 2 == 0 else RandomBot(seed) for s in range(players)
        ]
        seen += _check_every_step(state, bots, 700)
    # The games went through every kind of evidence the notebook takes.
    for kind in ("new_thief", "clue", "tip", "false", "successful", "unsuccessful"):
        assert seen[kind] > 0, kind


def test_incremental_updates_match_a_fresh_notebook() -> None:
    state = new(players=3, seed=8, escape_chance=0.5)
    bots: list[Bot] = [DetectiveBot(1), RandomBot(2), DetectiveBot(3)]
    live = Knowledge(1)
    for _ in range(400):
        if state.over:
            break
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(state, seat))
        live.update(state)
        if len(state.history) % 40 == 0:
            fresh = Knowledge(1)
            fresh.update(state)
            assert fresh.states() == pytest.approx(live.states())


def test_seats_with_different_tips_know_different_things() -> None:
    state = new(players=2, seed=0)
    assert state.turn.seat == 0
    card = hand_with(state, 0, "tip", amount=0)
    act(state, "clue")
    act(state, "play_card", card=card)
    tipped, untipped, spectator = Knowledge(0), Knowledge(1), Knowledge(-1)
    for k in (tipped, untipped, spectator):
        k.update(state)
    where = state.view(0)["tips"][-1]["space"]
    assert tipped.possible_spaces() == [where] == [state.scanner.thief.space]  # type: ignore[union-attr]
    assert len(untipped.possible_spaces()) > 1
    assert untipped.distribution() == spectator.distribution()  # seat 1 saw no more than anyone
    # The clues that follow keep the tipped seat ahead of the other.
    act(state, "roll")
    act(state, "move", to="acme")
    act(state, "end_turn")
    act(state, "clue")
    tipped.update(state)
    untipped.update(state)
    assert set(tipped.possible_spaces()) <= set(untipped.possible_spaces())
    assert len(tipped.possible_spaces()) < len(untipped.possible_spaces())


def test_knowledge_starts_again_for_another_game() -> None:
    knowledge = Knowledge(0)
    first = new(players=2, seed=1)
    knowledge.update(first)
    second = new(players=2, seed=7)
    knowledge.update(second)
    fresh = Knowledge(0)
    fresh.update(second)
    assert knowledge.distribution() == fresh.distribution()
    assert knowledge.most_likely() == fresh.most_likely()


def test_knowledge_uses_the_games_odds() -> None:
    state = new(players=2, seed=3, still_chance=0.6)
    knowledge = Knowledge(0)
    knowledge.update(state)
    assert knowledge.odds.still == 0.6


def test_the_end_of_an_escape_run_counts_as_news() -> None:
    """An escape run ends with the first event after its clues (the turn passing, say), and
    that end may reweigh the notebook: its version moves, so nothing cached by the version
    (the distribution, a seat's encoded notebook) outlives it."""
    ended = 0
    for seed in range(3):
        state = new(players=2, seed=seed, escape_chance=1.0)
        bots: list[Bot] = [DetectiveBot(seed), DetectiveBot(seed + 1)]
        live = Knowledge(0)
        live.update(state)
        for event in _events_in_play(state, bots, 150):
            escaping, version = live.tracker.escaping, live.version
            live.observe(event)
            if escaping and not live.tracker.escaping and event.kind != "clue":
                ended += 1
                assert live.version > version, event
    assert ended > 0


def test_the_version_moves_with_the_chances_and_only_with_them() -> None:
    """Whatever is cached by the version (the distribution, a seat's encoded notebook) is
    redone when the chances change, and not for evidence that changed nothing (a false
    arrest where he cannot be, a bleep that leaves every state's share as it was)."""
    quiet = news = 0
    for seed in range(3):
        state = new(players=3, seed=seed, escape_chance=0.5)
        bots: list[Bot] = [RandomBot(seed + s) for s in range(3)]
        live = Knowledge(0)
        live.update(state)
        for event in _events_in_play(state, bots, 300):
            version, number = live.version, live.thief_number
            chances = live.tracker.distribution() if live.at_large else {}
            live.observe(event)
            now = live.tracker.distribution() if live.at_large else {}
            if now != chances or live.thief_number != number:
                assert live.version > version, event
                news += 1
            elif event.kind in ("clue", "arrest"):
                quiet += live.version == version
    assert news > 0 and quiet > 0

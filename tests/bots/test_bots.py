"""The bot interface, the registry, the random bot and the Stop Thief detective."""

from __future__ import annotations

from typing import Any, cast

import pytest

import sleuth
from sleuth.bots import Bot, RandomBot, UnknownBot, bot_levels, events_since, make_bot, play
from sleuth.core import Action, Event, GameState, IllegalAction
from sleuth.games.stop_thief.bots import DetectiveBot


def test_levels_and_registry() -> None:
    assert bot_levels("stop-thief") == ["random", "beginner", "intermediate", "expert"]
    assert isinstance(make_bot("stop-thief", "random", seed=1), RandomBot)
    assert isinstance(make_bot("stop-thief", "detective", seed=1), DetectiveBot)
    assert isinstance(make_bot("stop-thief", "detective"), Bot)
    assert isinstance(make_bot("stop-thief", "expert", seed=1), DetectiveBot)
    with pytest.raises(UnknownBot, match="random, beginner, intermediate, expert"):
        make_bot("stop-thief", "genius")
    with pytest.raises(IllegalAction, match="no game called"):
        make_bot("chess", "random")


def _record(levels: list[str], seed: int, max_actions: int = 400) -> dict[str, Any]:
    state = sleuth.new_game("stop-thief", players=len(levels), seed=seed)
    bots = [make_bot("stop-thief", level, seed + i) for i, level in enumerate(levels)]
    play(state, bots, max_actions)
    return state.record().to_json()


def test_bots_are_seeded_and_repeatable() -> None:
    assert _record(["random", "random"], 3) == _record(["random", "random"], 3)
    assert _record(["random", "random"], 3) != _record(["random", "random"], 4)
    assert _record(["detective", "random", "detective"], 5) == _record(
        ["detective", "random", "detective"], 5
    )


def test_play_stops_after_max_actions() -> None:
    state = sleuth.new_game("stop-thief", players=2, seed=1)
    assert play(state, [RandomBot(1), RandomBot(2)], max_actions=7) == 7
    assert len(state.history) == 7


def test_events_since_reads_what_events_for_shows() -> None:
    state = sleuth.new_game("stop-thief", players=3, seed=2)
    bot = RandomBot(0)
    seen: list[Event] = []
    cursor = 0
    for _ in range(120):
        seat = state.to_move
        assert seat is not None
        state.apply(bot.choose(state, seat))
        new, cursor = events_since(state, 1, cursor)
        seen.extend(new)
    assert seen == state.events_for(1)


def test_detective_beats_random() -> None:
    wins = 0
    for seed in range(16):
        me = seed % 2
        bots: list[Bot] = [RandomBot(seed), RandomBot(seed)]
        bots[me] = DetectiveBot(seed)
        state = sleuth.new_game("stop-thief", players=2, seed=seed)
        play(state, bots, 5000)
        assert state.over
        wins += me in state.winners
    assert wins >= 15


class _Window:
    """All a seat may know of a game, and nothing else: no scanner, no hands, no tips.

    Events for other seats stay in the log as blanks so that indices still line up.
    """

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self._seat = seat
        self.options = state.options
        self.log: list[Event] = []

    def sync(self) -> None:
        for event in self._state.log[len(self.log) :]:
            visible = event.visible_to(self._seat)
            self.log.append(event if visible else Event("hidden", {}, to=event.to))

    def view(self, seat: int | None) -> dict[str, Any]:
        assert seat in (None, self._seat)
        return self._state.view(seat)

    def events_for(self, seat: int | None) -> list[Event]:
        assert seat == self._seat
        return self._state.events_for(seat)

    def legal_actions(self) -> list[Action]:
        assert self._state.to_move == self._seat
        return self._state.legal_actions()


def test_detective_decides_only_from_what_its_seat_may_know() -> None:
    """Run beside a twin that sees the game only through a window: they always agree."""
    for seed in range(4):
        state = sleuth.new_game("stop-thief", players=3, seed=seed)
        windows = [_Window(state, seat) for seat in range(3)]
        full = [DetectiveBot(seed) for _ in range(3)]
        blind = [DetectiveBot(seed) for _ in range(3)]
        for _ in range(600):
            if state.over:
                break
            seat = state.to_move
            assert seat is not None
            windows[seat].sync()
            action = full[seat].choose(state, seat)
            assert blind[seat].choose(cast(GameState, windows[seat]), seat) == action
            state.apply(action)


def test_detective_arrests_only_when_the_odds_favour_it() -> None:
    state = sleuth.new_game("stop-thief", players=2, seed=11)
    bot = DetectiveBot()
    arrests = 0
    for _ in range(3000):
        if state.over:
            break
        seat = state.to_move
        assert seat is not None
        action = bot.choose(state, seat)
        if action.kind == "arrest":
            arrests += 1
            assert bot.knowledge[seat].distribution()[action["space"]] >= bot.arrest_threshold
        state.apply(action)
    assert state.over and arrests >= 3

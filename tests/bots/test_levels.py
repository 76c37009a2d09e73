"""The named bot levels every game offers: present, described, legal to the end, blind
to hidden state, and ordered (issues 12 and 14)."""

from __future__ import annotations

import threading
import time

import pytest

import sleuth
from sleuth.bots import (
    DEFAULT_LEVEL,
    LEVELS,
    UnknownBot,
    base,
    bot_levels,
    default_level,
    level_line,
    make_bot,
    play,
    resolve_level,
)
from sleuth.bots.random_bot import RandomBot
from sleuth.core import Rng

GAMES = sleuth.game_names()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_three_levels_each_with_a_line(game: str) -> None:
    levels = bot_levels(game)
    assert [level for level in levels if level in LEVELS] == list(LEVELS)
    assert levels[-1] == "expert"  # strongest last, as the registry promises
    assert default_level(game) == DEFAULT_LEVEL == "intermediate"
    for level in levels:
        line = level_line(game, level)
        assert line and "\n" not in line and len(line) <= 100


@pytest.mark.parametrize(
    "game, old, level",
    [
        ("stop-thief", "detective", "expert"),
        ("manhunt", "novice", "beginner"),
        ("columbo", "forgetful", "beginner"),
    ],
)
def test_old_level_names_still_load(game: str, old: str, level: str) -> None:
    """Stored tables and scripts name the levels as they were before."""
    assert resolve_level(game, old) == level
    assert old not in bot_levels(game)
    state = sleuth.new_game(game, players=2, seed=2)
    old_bot, new_bot = make_bot(game, old, seed=5), make_bot(game, level, seed=5)
    seat = state.to_move
    assert seat is not None
    assert old_bot.choose(state, seat) == new_bot.choose(state, seat)


def test_an_unknown_level_is_refused_with_the_choices() -> None:
    with pytest.raises(UnknownBot, match="random, beginner, intermediate, expert"):
        resolve_level("kojak", "genius")
    with pytest.raises(UnknownBot, match="random, beginner, intermediate, expert"):
        make_bot("kojak", "genius")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_finishes_a_seeded_game_legally(game: str, level: str) -> None:
    """`apply` refuses illegal actions, so a finished game is a legal one."""
    state = sleuth.new_game(game, players=3, seed=11)
    play(state, [make_bot(game, level, seed=11 * 7 + s) for s in range(3)], 5000)
    assert state.over


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_decides_only_from_what_its_seat_may_know(game: str, level: str) -> None:
    """A fresh bot chooses the same in the real game and in one redrawn from its seat's
    knowledge (`resample`): so it never reads what its seat may not see."""
    for g in range(2):
        state = sleuth.new_game(game, players=3, seed=40 + g)
        bots = [make_bot(game, "random", seed=g * 3 + s) for s in range(3)]
        for step in range(60):
            if state.over:
                break
            seat = state.to_move
            assert seat is not None
            if step % 15 == 14:
                other = state.resample(seat, Rng(step))
                mine = make_bot(game, level, seed=step).choose(state, seat)
                assert make_bot(game, level, seed=step).choose(other, seat) == mine
            state.apply(bots[seat].choose(state, seat))


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_beats_the_beginner_more_often_than_not(game: str) -> None:
    """20 seeded two-player games, seats alternating (bench/bot_levels.py measures more)."""
    expert_wins = beginner_wins = 0
    for g in range(20):
        seats = ["expert", "beginner"] if g % 2 == 0 else ["beginner", "expert"]
        state = sleuth.new_game(game, players=2, seed=500 + g)
        play(state, [make_bot(game, lv, seed=g * 31 + s) for s, lv in enumerate(seats)], 5000)
        winners = [seats[w] for w in state.winners] if state.over else []
        expert_wins += "expert" in winners
        beginner_wins += "beginner" in winners
    assert expert_wins > beginner_wins, (expert_wins, beginner_wins)


def test_a_games_bots_load_once_for_threads_asking_at_the_same_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Threads that ask for a game's levels while its bots module is still loading wait
    for it, and never see only the levels every game has (a restarted server's first bot
    turns, thinking in a pool, once met "no 'expert' bot for stop-thief")."""
    loading = threading.Event()
    loads: list[str] = []

    class SlowManifest:
        def has(self, part: str) -> bool:
            return part == "bots"

        def load(self, part: str) -> None:
            loads.append(part)
            loading.set()
            time.sleep(0.3)  # a module that takes a while to import
            base.register_bot("slow-game", "expert", lambda seed: RandomBot(seed))

    monkeypatch.setattr(base, "spec", lambda game: SlowManifest())
    monkeypatch.setattr(base, "_LOADED", set())
    monkeypatch.setattr(base, "_BOTS", dict(base._BOTS))
    seen: list[list[str]] = []

    def ask() -> None:
        seen.append(base.bot_levels("slow-game"))

    first = threading.Thread(target=ask)
    first.start()
    assert loading.wait(5)
    others = [threading.Thread(target=ask) for _ in range(3)]
    for t in others:
        t.start()
    for t in [first, *others]:
        t.join(5)
    assert loads == ["bots"]  # imported once
    assert len(seen) == 4 and all("expert" in levels for levels in seen), seen

"""Every game's ending: only once the game is over, the same in every seat's view, every
seat standing in it, the winners first, and the hidden truth it tells the true one."""

from __future__ import annotations

import json

import pytest

import sleuth
from sleuth.bots import bot_levels, make_bot, play

GAMES = [name for name in sleuth.game_names() if sleuth.spec(name).has("story")]


def finished(game: str, seed: int, players: int = 3) -> sleuth.GameState:
    state = sleuth.new_game(game, players, seed)
    bots = [make_bot(game, bot_levels(game)[-1], seed=seed * 10 + s) for s in range(players)]
    play(state, bots, 20_000)
    assert state.over
    return state


def test_every_game_has_an_ending() -> None:
    assert set(GAMES) == set(sleuth.game_names())


@pytest.mark.parametrize("game", GAMES)
def test_no_view_carries_an_ending_before_the_game_is_over(game: str) -> None:
    state = sleuth.new_game(game, 3, 2)
    bots = [make_bot(game, "random", seed=s) for s in range(3)]
    for _ in range(40):
        if state.over:
            break
        for seat in (None, 0, 1, 2):
            assert "ending" not in state.view(seat)
        assert state.ending() is None
        play(state, bots, 1)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_tells_its_ending_to_everyone(game: str, seed: int) -> None:
    state = finished(game, seed)
    ending = state.view(None)["ending"]
    assert all(state.view(seat)["ending"] == ending for seat in range(state.players))
    json.dumps(ending)  # JSON as it is sent
    standings = ending["standings"]
    assert sorted(s["seat"] for s in standings) == list(range(state.players))
    assert [s["place"] for s in standings] == sorted(s["place"] for s in standings)
    assert min(s["place"] for s in standings) == 1
    for s in standings:
        assert (s["place"] == 1) == (s["seat"] in state.winners) or not state.winners
    assert ending["headline"] and ending["story"] and ending["stats"]


def test_the_endings_tell_the_hidden_truth() -> None:
    kojak = finished("kojak", 3)
    assert kojak.case.sheet.criminal in kojak.ending()["headline"]  # type: ignore[attr-defined,index]
    manhunt = finished("manhunt", 3)
    culprit = manhunt.book.culprit(manhunt.card, manhunt.crime.key)  # type: ignore[attr-defined]
    assert culprit.name in manhunt.ending()["story"][0]  # type: ignore[index]
    stop_thief = finished("stop-thief", 3)
    thieves = [line for line in stop_thief.ending()["story"]]  # type: ignore[index]
    assert len(thieves) == len(stop_thief.routes)  # type: ignore[attr-defined]

"""`reveal()` on every registered game: a spectator's view plus every hidden part, named.

Each game's own tests (tests/<game>/test_reveal.py) check that its hidden parts are the
real ones; these check what every game's reveal promises alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import sleuth
from sleuth.core import GameState
from tests import finished_games


@pytest.fixture(params=sleuth.game_names())
def game(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def positions(game: str) -> Iterator[GameState]:
    """A whole game's positions, from the set-up to the end (the one tests.finished_games plays)."""
    played = finished_games.played(game)
    state = sleuth.replay(played.record(), upto=0)
    yield state
    for action in played.history:
        state.apply(action)
        yield state


def test_reveal_is_the_spectators_view_plus_the_named_hidden_parts(game: str) -> None:
    for state in positions(game):
        revealed = state.reveal()
        spectator = state.view(None)
        hidden = revealed["hidden"]
        assert isinstance(hidden, list) and hidden, "every game hides something"
        assert set(revealed) == set(spectator) | set(hidden) | {"hidden"}
        for key, value in spectator.items():
            assert revealed[key] == value, key  # the hidden parts never change a public one
        for key in hidden:
            assert json.loads(json.dumps(revealed[key])) == revealed[key], f"{key} is JSON-ready"
        assert revealed == state.reveal(), "asking again changes nothing"


def test_reveal_is_the_same_after_a_replay(game: str) -> None:
    for state in positions(game):
        if len(state.history) % 10 == 0 or state.over:
            assert sleuth.replay(state.record()).reveal() == state.reveal(), len(state.history)


def test_the_hidden_parts_are_hidden_from_a_spectator(game: str) -> None:
    """A hidden part a spectator's view also has must be the game-end reveal, at the end."""
    for state in positions(game):
        spectator = state.view(None)
        for key in state.reveal()["hidden"]:
            assert key not in spectator or state.over, key

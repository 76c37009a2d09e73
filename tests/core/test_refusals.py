"""Refused actions change nothing, and look-alike values are refused: checked on every game.

Python says `3 == 3.0 == True`-ish things (`1 == True`); JSON and the players do not. An
action whose parameters only *equal* a legal one's must be refused like any illegal one.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

import sleuth
from sleuth.core import Action, GameState, IllegalAction


@pytest.fixture(params=sleuth.game_names())
def game(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def look_alikes(value: Any) -> Iterator[Any]:
    """JSON values that Python calls equal to `value` but are of another JSON type."""
    if isinstance(value, bool):
        yield int(value)
        yield float(value)
    elif isinstance(value, int):
        yield float(value)
        if value in (0, 1):
            yield bool(value)
    elif isinstance(value, str) and value.isdigit():
        yield int(value)  # "148" for the space 148, or the other way round
    elif isinstance(value, list):
        for i, item in enumerate(value):
            for other in look_alikes(item):
                yield [*value[:i], other, *value[i + 1 :]]


def aliases(action: Action) -> Iterator[dict[str, Any]]:
    data = action.to_json()
    for name, value in data.items():
        if name == "kind":
            continue
        for other in look_alikes(value):
            yield {**data, name: other}


def everything_known(state: GameState) -> bytes:
    """The whole state as bytes: views, record, log, memories and all."""
    state.legal_actions()  # fill the caches first, so only real changes show
    # Not the lookups `is_legal` and `legal_kinds` fill on demand from the cached legal actions.
    lookups = ("_legal_ids", "_legal_set", "_kinds", "_kinds_of")
    kept = {k: v for k, v in state.__dict__.items() if k not in lookups}
    return pickle.dumps(kept)


def positions(game: str, seed: int, steps: int) -> Iterator[GameState]:
    spec = sleuth.spec(game)
    state = sleuth.new_game(game, players=spec.max_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


def test_action_values_compare_by_json_type() -> None:
    assert Action.of("move", to=3) != Action.from_json({"kind": "move", "to": True})
    assert Action.of("move", to=1) != Action.of("move", to=True)
    assert Action.of("move", to=[1, 2]) != Action.of("move", to=[1, True])
    assert Action.of("move", to=3) == Action.from_json({"kind": "move", "to": 3})
    assert hash(Action.of("move", to=3)) == hash(Action.from_json({"kind": "move", "to": 3}))
    with pytest.raises(IllegalAction, match="whole numbers"):
        Action.from_json({"kind": "move", "to": 3.0})
    with pytest.raises(IllegalAction, match="nest"):
        Action.from_json({"kind": "move", "to": json.loads("[" * 50 + "]" * 50)})
    with pytest.raises(IllegalAction, match="real characters"):
        Action.from_json({"kind": "move", "to": "\ud800"})


def test_look_alike_actions_are_refused_and_change_nothing(game: str) -> None:
    tried = 0
    for seed in range(3):
        for number, state in enumerate(positions(game, seed, 400)):
            if number % 7:
                continue
            before = everything_known(state)
            for legal in state.legal_actions()[:12]:
                for alias in aliases(legal):
                    with pytest.raises(IllegalAction):
                        state.apply(alias)
                    tried += 1
            assert everything_known(state) == before, "a refused action changed the state"
    if not tried:
        pytest.skip(f"{game}'s actions hold only names: nothing looks like them")


def test_a_legal_action_that_fails_leaves_the_state_as_it_was(game: str) -> None:
    """A bug in a game's rules can raise mid-way; the state is put back, and play goes on."""
    state = next(s for n, s in enumerate(positions(game, 11, 60)) if n == 30)
    twin = sleuth.replay(state.record())
    action = state.legal_actions()[0]
    original = state._apply

    def half_then_fail(move: Action) -> Any:
        original(move)  # the state really changes ...
        raise TypeError("a bug in the rules")  # ... and then the rules trip

    # This state only, not its class (the restore replays through the class's rules).
    state._apply = half_then_fail  # type: ignore[method-assign]
    with pytest.raises(TypeError):
        state.apply(action)
    for seat in [None, *range(state.players)]:
        assert state.view(seat) == twin.view(seat)
    assert state.record() == twin.record()
    assert state.apply(action) == twin.apply(action), "the restored state plays on exactly"

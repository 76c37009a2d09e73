"""Taking back the last action (`GameState.can_undo`): only what changed nothing hidden.

For every game, seeded random play: wherever the engine offers an undo, the game rebuilt
without that action (`replay(record, upto=n - 1)`, which is what the server does) must
be exactly the game before it (every seat's view and events, everything hidden, the
generator's state, the legal actions), every event the action caused must be public,
and the mover must have learned nothing hidden by it: the same action on a game whose
hidden parts are redrawn (`resample`) shows the mover the same view.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

import sleuth
from sleuth.bots import make_bot
from sleuth.core import GameState, Rng, replay
from sleuth.core.actions import Action

GAMES = [
    ("stop-thief", 3, {}, "random"),
    ("manhunt", 3, {}, "expert"),  # random cars seldom reach the exchanges (calls to HQ)
    ("kojak", 2, {}, "random"),
    ("kojak", 3, {"version": "advanced"}, "random"),
    ("columbo", 3, {}, "random"),
]
ENOUGH = int(os.environ.get("SLEUTH_UNDO_EXAMPLES", "8"))
"""Undos checked of each kind (each rebuilds the game); SLEUTH_UNDO_EXAMPLES=2000 checks
more by hand, over more seeds."""
SEEDS = (3, 11, 12) if ENOUGH <= 8 else tuple(range(40))
UNDOABLE = {
    "stop-thief": {"move", "ride"},
    "manhunt": {"move", "confer", "call"},
    "kojak": {"park", "drive", "jump", "stay", "walk", "leave_hq", "badge"},
    "columbo": {"move", "jump"},
}


def _picture(state: GameState) -> dict[str, Any]:
    """Everything about a state that anyone could ever see, and what comes next."""
    seats: list[int | None] = [None, *range(state.players)]
    return {
        "views": [state.view(seat) for seat in seats],
        "events": [[e.to_json() for e in state.events_for(seat)] for seat in seats],
        "hidden": state.reveal(),
        "rng": state.rng.getstate(),
        "legal": [a.to_json() for a in state.legal_actions()],
        "to_move": state.to_move,
    }


@pytest.mark.parametrize(("game", "players", "options", "driver"), GAMES)
def test_undo_gives_back_exactly_the_game_before(
    game: str, players: int, options: dict[str, Any], driver: str
) -> None:
    taken_back: Counter[str] = Counter()
    for seed in SEEDS:
        state = sleuth.new_game(game, players=players, seed=seed, **options)
        choose = random.Random(seed)
        bots = [make_bot(game, driver, seed=seed + s) for s in range(players)]
        for _ in range(250):
            if state.over:
                break
            mover = state.to_move
            assert mover is not None
            if driver == "random":
                action = choose.choice(state.legal_actions())
            else:
                action = bots[mover].choose(state, mover)
            # Pictured only before the kinds a game lets be taken back (any other kind offered
            # for an undo fails the assertion below before the picture is needed), ENOUGH of each.
            wanted = action.kind in UNDOABLE[game] and taken_back[action.kind] < ENOUGH
            before = _picture(state) if wanted else None
            events = state.apply(action)
            others = [s for s in range(state.players) if s != mover]
            assert not any(state.can_undo(s) for s in others), "only the mover may undo"
            if not state.can_undo(mover):
                continue
            assert action.kind in UNDOABLE[game], f"{action} was offered for taking back"
            if before is None:
                continue  # enough of this kind checked already
            taken_back[action.kind] += 1
            assert all(e.to is None for e in events), "an undoable action told no secret"
            rebuilt = replay(state.record(), upto=len(state.history) - 1)
            assert _picture(rebuilt) == before, f"taking back {action} changed the game"
            _learned_nothing(rebuilt, mover, action, state, seed)
    assert taken_back, f"no {game} action was ever offered for taking back"
    assert sum(taken_back.values()) >= 3, taken_back
    if driver == "expert":
        assert taken_back["call"], "the bots called a car to Headquarters and took it back"


def _learned_nothing(
    rebuilt: GameState, mover: int, action: Action, after: GameState, seed: int
) -> None:
    """The same action on a game with the mover's unknowns redrawn shows the mover the same."""
    twin = rebuilt.resample(mover, Rng(seed))
    if twin.view(mover) != rebuilt.view(mover):
        return  # this game's resample shows the mover something else already: no comparison
    twin.apply(action)
    assert twin.view(mover) == after.view(mover), f"{action} showed the mover something hidden"


def test_chance_turn_changes_and_secrets_are_never_undoable() -> None:
    """A roll draws chance; a clue tells the scanner's secret; ending a turn passes it on."""
    state = sleuth.new_game("stop-thief", players=2, seed=4)
    mover = state.to_move
    assert mover is not None
    assert not state.can_undo(mover), "nothing to take back before the first action"
    state.apply({"kind": "clue"})
    assert not state.can_undo(mover), "the clue came from the scanner's hidden thief"
    state.apply({"kind": "roll"})
    assert not state.can_undo(mover), "the dice are chance"
    move = next(a for a in state.legal_actions() if a.kind == "move")
    state.apply(move)
    assert state.can_undo(mover)
    state.apply({"kind": "end_turn"})
    assert not state.can_undo(mover) and not state.can_undo(1 - mover)


def test_a_game_says_nothing_is_undoable_by_default() -> None:
    from tests.example_game.manifest import SPEC

    state = SPEC.factory(2, 1, SPEC.options_type())
    while not state.over and len(state.history) < 20:
        mover = state.to_move
        assert mover is not None
        state.apply(state.legal_actions()[0])
        assert not state.can_undo(mover)

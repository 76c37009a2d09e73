"""A view belongs to whoever asked for it: changing it changes nothing in the game.

Interfaces and servers add to views, trim them and pass them on; if a view shared a list
or a dict with the state, such a change would rewrite the game (and its log) for every
seat. Each game is played some way in, by random choices and its strongest bot, and at
every few positions every view is vandalised (every list and dict in it emptied) before
the state is compared with what it was.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import sleuth
from tests.engine.machine import make_pilot, pilot_levels, seats, snapshot

UNPICKLABLE = {"stop-thief": frozenset({"_notebooks"})}


def vandalise(value: Any) -> None:
    """Empty every list and dict inside `value`, then mark it, so that any sharing shows."""
    if isinstance(value, dict):
        for inner in list(value.values()):
            vandalise(inner)
        value.clear()
        value["vandalised"] = True
    elif isinstance(value, list):
        for inner in value:
            vandalise(inner)
        value.clear()
        value.append("vandalised")


def changed_by_vandalised_views(game: str, seed: int, actions: int) -> list[str]:
    unpicklable = UNPICKLABLE.get(game, frozenset())
    players = 4 if game == "manhunt" else 3
    options = {"notebook_aid": True} if game == "stop-thief" else {}
    state = sleuth.new_game(game, players=players, seed=seed, **options)
    level = pilot_levels(game)[-1]
    pilots = [make_pilot(game, level, seed + n) for n in range(players)]
    rng = random.Random(seed)
    changed: list[str] = []
    for number in range(actions):
        if number % 5 == 0:
            before = snapshot(state, unpicklable)
            for anyone in seats(state):
                vandalise(state.view(anyone))
            after = snapshot(state, unpicklable)
            if after != before:
                changed.append(f"seed {seed}, after {len(state.history)} actions")
                return changed
        if state.over:
            break
        seat = state.to_move
        assert seat is not None
        if rng.random() < 0.5:
            state.apply(pilots[seat].choose(state, seat))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return changed


@pytest.mark.parametrize(
    "game",
    [
        "stop-thief",
        "manhunt",
        "kojak",
        "columbo",
    ],
)
def test_changing_a_view_changes_nothing(game: str) -> None:
    changed = [c for seed in range(4) for c in changed_by_vandalised_views(game, seed, 150)]
    assert not changed, f"vandalising the views of {game} changed the game: {changed}"

"""Naming positions judged and masked from their parts (`Columbo.naming`), never listed.

A lawn search, arriving in the Living Room and the end phase's move there offer up to 253
namings. `is_legal` and the RL mask work them out from the nameable places, the cards that
show and the few other actions; these tests hold them to the full list over random play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from sleuth.core import Action
from sleuth.games.columbo.rl import ColumboEncoder
from sleuth.games.columbo.state import Columbo
from sleuth.rl import env
from sleuth.rl.base import Encoder
from tests.columbo.conftest import new

SETUPS = [(2, False), (2, True), (3, False), (3, True), (4, False), (4, True)]
IDS = [f"{p}-{'advanced' if adv else 'basic'}" for p, adv in SETUPS]


KINDS = [("search", False), ("arrived", False), ("search", True), ("arrived", True), ("move", True)]


def naming_positions(players: int, advanced: bool, each: int) -> Iterator[Columbo]:
    """Naming positions with something to name, from seeded random games: up to `each` of
    kind: a lawn search and arriving in the Living Room, before and in the end phase, and
    the end phase's move there (a search before the end phase is rare in random play)."""
    seen = dict.fromkeys(KINDS, 0)
    for seed in range(12):
        state = new(players, seed, advanced=advanced, removal="random")
        rng = random.Random(seed)
        while not state.over and len(state.history) < 3000:
            naming = state.naming()
            kind = (state.turn.phase, state.endgame)
            if naming is not None and naming.places and seen[kind] < each:
                seen[kind] += 1
                yield state
                if min(seen.values()) >= each:
                    return
            state.apply(rng.choice(state.legal_actions()))


def look_alikes(action: Action) -> list[Action]:
    """`action` made afresh from JSON, and near misses: a look-alike value, an extra
    parameter, a kind that is not named without showing, a place beyond the lawn."""
    data = action.to_json()
    made = [Action.from_json(data), Action.from_json({**data, "extra": 1})]
    made.append(Action.from_json({**data, "place": [data["place"]]}))
    made.append(Action.from_json({**data, "place": 99}))
    if data["place"] == 1:
        made.append(Action.from_json({**data, "place": True}))
    if "show" in data:
        made.append(Action.from_json({**data, "show": [data["show"]]}))
        made.append(Action.from_json({**data, "show": data["show"] + 1}))
        made.append(Action.from_json({**data, "show": None}))
    else:
        made.append(Action.from_json({**data, "evidence": "columbo"}))
        made.append(Action.from_json({**data, "show": None}))
    return made


@pytest.mark.parametrize(("players", "advanced"), SETUPS, ids=IDS)
def test_naming_positions_judge_and_mask_every_action_as_the_list_does(
    players: int, advanced: bool
) -> None:
    """At naming positions of random games (the end phase's included), `is_legal` says of
    every action in the RL universe, and of namings made afresh from JSON and their near
    misses, what the listed legal actions say; the quick mask is the generic one."""
    encoder: Any = None
    checked: Counter[tuple[str, bool]] = Counter()
    for state in naming_positions(players, advanced, each=12):
        if encoder is None:
            encoder = ColumboEncoder(players, state.options)
        legal = state.legal_actions()
        listed = set(legal)
        assert [a for a in encoder.actions if state.is_legal(a)] == [
            a for a in encoder.actions if a in listed
        ]
        for action in legal[:: max(1, len(legal) // 12)]:  # a dozen namings, spread out
            if action.kind == "name":
                for other in look_alikes(action):
                    assert state.is_legal(other) == (other in listed), other
        quick = encoder.quick_mask(state)
        assert quick is not None and np.array_equal(quick, Encoder.legal_mask(encoder, state))
        assert np.array_equal(encoder.legal_mask(state), quick)
        checked[state.turn.phase, state.endgame] += 1
    assert all(checked[kind] > 0 for kind in KINDS), checked


def test_elsewhere_there_is_no_quick_mask_and_the_base_judges() -> None:
    """Away from naming positions the parts are None: the list judges and masks, as ever."""
    state = new(3, 1)
    encoder = ColumboEncoder(3, state.options)
    assert state.turn.phase == "roll" and state.naming() is None
    assert encoder.quick_mask(state) is None
    assert state.is_legal(Action.of("roll")) and not state.is_legal(Action.of("draw"))


@pytest.mark.parametrize("players", [2, 4])
def test_naming_positions_are_never_listed_on_the_rl_path(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The environment's steps (apply's legality check, the mask) at a naming position with
    namings never ask the engine for the legal actions listed: that list was most of a
    step's cost there."""
    listed_at_namings = steps = namings = 0
    original = Columbo._legal_actions

    def counting(self: Columbo) -> list[Action]:
        nonlocal listed_at_namings
        naming = self.naming()
        listed_at_namings += naming is not None and bool(naming.places)
        return original(self)

    monkeypatch.setattr(Columbo, "_legal_actions", counting)
    game = env("columbo", players, seed=3)
    game.reset(seed=3)
    rng = np.random.default_rng(3)
    while steps < 3000:
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.reset()
            continue
        state = game.game_state
        naming = state.naming()
        namings += naming is not None and bool(naming.places)
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert namings > 100, "too few naming positions: pick another seed"
    assert listed_at_namings == 0


def test_a_new_position_works_the_naming_out_again() -> None:
    """The parts belong to one position: an action taken, a refusal, a position set by hand
    (then `forget_legal_actions`), a clone and a resample each judge the position they hold."""
    from sleuth.core import IllegalAction, Rng

    for state in naming_positions(3, False, each=1):
        before = state.naming()
        assert before is not None
        with pytest.raises(IllegalAction):
            state.apply(Action.of("roll"))  # refused: the same position, judged the same
        assert state.naming() == before
        twin = state.clone()
        assert twin.naming() == before and twin.legal_actions() == state.legal_actions()
        place = before.places[0]
        naming = next(a for a in state.legal_actions() if a.kind == "name" and a["place"] == place)
        twin.lawn[place] = None  # set by hand: the place no longer holds a card
        twin.forget_legal_actions()
        assert not twin.is_legal(naming) and state.is_legal(naming)
        again = state.resample(state.turn.seat, Rng(5))
        assert again.naming() == before  # its own cards and the public places are kept
        state.apply(naming)  # that place is empty now, or holds a card laid this turn
        assert not state.is_legal(naming) and naming not in state.legal_actions()
        return

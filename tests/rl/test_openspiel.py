"""Every game registered with OpenSpiel runs OpenSpiel's own checks and algorithms.

Each test keeps games short with `max_actions` (a game still going then ends, every
return 0), so the whole file takes seconds.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import sleuth.rl.openspiel as sleuth_openspiel  # noqa: E402
from sleuth.rl import encoder_for, supported_games  # noqa: E402

GAMES = supported_games()


def load(game: str, **params: object) -> object:
    return pyspiel.load_game(sleuth_openspiel.short_name(game), {"players": 2, **params})


def test_every_game_with_an_encoder_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert GAMES and all(sleuth_openspiel.short_name(g) in registered for g in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_random_simulation_checks_pass(game: str) -> None:
    """OpenSpiel's own C++ consistency checks: legal actions, masks, clones, observations."""
    pyspiel.random_sim_test(load(game, max_actions=40), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_actions_are_the_encoder_universe(game: str) -> None:
    spiel = load(game)
    state = spiel.new_initial_state()
    encoder = encoder_for(game)(2, state.engine.options)
    assert spiel.num_distinct_actions() == len(encoder.actions)
    legal = state.legal_actions()
    assert legal == sorted(encoder.index[a] for a in state.engine.legal_actions())
    assert state.action_to_string(state.current_player(), legal[0]) == str(
        encoder.actions[legal[0]]
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_is_told_only_what_it_may_see(game: str) -> None:
    """The information state is the seat's own transcript; the observation is its view."""
    state = load(game, seed=5).new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(120):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    engine = state.engine
    for seat in range(engine.players):
        lines = state.information_state_string(seat).splitlines()[1:]
        shown = [json.loads(line) for line in lines if not line.startswith("took ")]
        assert all(event["to"] in (None, seat) for event in shown)
        assert len(shown) == len(engine.events_for(seat))
        view = json.loads(state.observation_string(seat))
        assert view == json.loads(json.dumps(engine.view(seat)))


@pytest.mark.parametrize("game", GAMES)
def test_the_seed_parameter_makes_runs_repeatable(game: str) -> None:
    first = [load(game, seed=9).new_initial_state().engine.seed for _ in range(3)]
    again = [load(game, seed=9).new_initial_state().engine.seed for _ in range(3)]
    other = [load(game, seed=10).new_initial_state().engine.seed for _ in range(3)]
    assert first == again != other


@pytest.mark.parametrize("game", GAMES)
def test_a_resampled_world_looks_the_same_to_its_player(game: str) -> None:
    state = load(game, seed=2).new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    drawn = [state.resample_from_infostate(player, sampler) for _ in range(3)]
    for world in drawn:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        assert world.engine.view(player) == state.engine.view(player)


def test_the_max_actions_cap_ends_a_game_with_every_return_zero() -> None:
    state = load("stop-thief", max_actions=10).new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.engine.history) == 10 and not state.engine.over
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_algorithms_play_the_game(game: str) -> None:
    """Uniform random bots by `evaluate_bots`, Python IS-MCTS, and the RL environment."""
    spiel = load(game, seed=3, max_actions=60)
    bots = [uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(2)]
    returns = evaluate_bots.evaluate_bots(spiel.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == 2

    # An opponent's hidden hand can change what he may do at one information state,
    # so IS-MCTS must allow inconsistent action sets (docs/rl.md).
    searcher = ismcts.ISMCTSBot(
        spiel,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(3)),
        2.0,
        max_simulations=4,
        random_state=np.random.RandomState(4),
        allow_inconsistent_action_sets=True,
    )
    state = spiel.new_initial_state()
    for _ in range(2):
        action = searcher.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)

    env = rl_environment.Environment(spiel)
    step = env.reset()
    for _ in range(20):
        if step.last():
            break
        player = step.observations["current_player"]
        step = env.step([step.observations["legal_actions"][player][0]])
    size = encoder_for(game)(2, state.engine.options).layout.size
    assert len(step.observations["info_state"][0]) == size

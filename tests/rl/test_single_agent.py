"""One seat as a gymnasium environment against sleuth bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from sleuth.core import IllegalAction  # noqa: E402
from sleuth.rl.single_agent import SingleAgentEnv  # noqa: E402


def test_gymnasium_check_env_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SingleAgentEnv("kojak", 2, illegal_action="lose"), skip_render_check=True)


def test_an_episode_against_bots_ends_with_the_seats_result() -> None:
    game = SingleAgentEnv("stop-thief", 3, seat=1, opponents="detective")
    obs, _ = game.reset(seed=2)
    rng = np.random.default_rng(0)
    total, info = 0.0, {}
    for _ in range(5000):
        obs, reward, terminated, truncated, info = game.step(
            int(rng.choice(np.flatnonzero(game.action_masks())))
        )
        total += float(reward)
        if terminated or truncated:
            break
    assert terminated
    assert total == (1.0 if 1 in info["winners"] else -1.0)
    with pytest.raises(RuntimeError, match="reset"):
        game.step(0)


def test_illegal_actions_raise_or_lose() -> None:
    strict = SingleAgentEnv("manhunt", 2)
    obs, _ = strict.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    lenient = SingleAgentEnv("manhunt", 2, illegal_action="lose")
    lenient.reset(seed=1)
    _, reward, terminated, _, info = lenient.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)

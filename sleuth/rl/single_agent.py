"""One seat as a plain gymnasium environment, the other seats played by sleuth bots.

    >>> from sleuth.rl.single_agent import SingleAgentEnv
    >>> game = SingleAgentEnv("kojak", players=2, opponents="random")
    >>> obs, info = game.reset(seed=1)
    >>> bool(obs["action_mask"].any())
    True

For quick baselines with libraries that take a `gymnasium.Env`. Rewards are the
learning seat's (see docs/rl.md). `illegal_action="raise"` (the default) raises
IllegalAction on an action the mask forbids; `"lose"` ends the episode instead, the
seat losing (-1) with `info["illegal"] = True`, for learners that ignore masks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from sleuth.bots import Bot
from sleuth.core import IllegalAction
from sleuth.rl.env import Observation, SleuthEnv, agent_name

ILLEGAL_CHOICES = ("raise", "lose")


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """`seat` is the learner; `opponents` (a bot level for every other seat, or a mapping
    seat -> level or Bot) play the rest. Other keywords go to `SleuthEnv`: max_actions,
    reward_shaping, render_mode and the game's own options."""

    def __init__(
        self,
        game: str,
        players: int = 2,
        seat: int = 0,
        opponents: str | Bot | Mapping[int, str | Bot] = "random",
        seed: int | None = None,
        illegal_action: str = "raise",
        **kwargs: Any,
    ) -> None:
        if not 0 <= seat < players:
            raise ValueError(f"seat must be one of 0-{players - 1}, not {seat}")
        if illegal_action not in ILLEGAL_CHOICES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_CHOICES}")
        if isinstance(opponents, Mapping):
            bots = dict(opponents)
            if set(bots) != set(range(players)) - {seat}:
                raise ValueError("opponents must name a bot for every seat but the learner's")
        else:
            bots = {s: opponents for s in range(players) if s != seat}
        self.aec = SleuthEnv(game, players, seed, opponents=bots, **kwargs)
        self.seat = seat
        self.agent = agent_name(seat)
        self.illegal_action = illegal_action
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.render_mode = self.aec.render_mode
        self.metadata = self.aec.metadata
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        obs, _, terminated, truncated, _ = self.aec.last()
        self._done = terminated or truncated
        return obs, self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        if self.illegal_action == "lose":
            mask = self.aec.observe(self.agent)["action_mask"]
            number = int(action)
            if not (0 <= number < len(mask) and mask[number]):
                self._done = True
                obs = self.aec.observe(self.agent)
                return obs, -1.0, True, False, {**self._info(), "illegal": True}
        self.aec.step(action)
        obs, reward, terminated, truncated, _ = self.aec.last()
        self._done = terminated or truncated
        return obs, float(reward), terminated, truncated, self._info()

    def _info(self) -> dict[str, Any]:
        state = self.aec.game_state
        return {"winners": state.winners} if state.over else {}

    def render(self) -> str | None:
        return self.aec.render()

    def action_masks(self) -> np.ndarray:
        """The legal actions now (the name sb3-contrib's MaskablePPO looks for)."""
        mask: np.ndarray = self.aec.observe(self.agent)["action_mask"].astype(bool)
        return mask


__all__ = ["ILLEGAL_CHOICES", "IllegalAction", "SingleAgentEnv"]

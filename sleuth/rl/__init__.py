"""PettingZoo environments for the games, for reinforcement learning (the `rl` extra).

>>> from sleuth.rl import env, supported_games
>>> "stop-thief" in supported_games()
True
"""

from sleuth.rl.base import (
    Encoder,
    Layout,
    NoEncoder,
    Observer,
    encoder_for,
    register_encoder,
    supported_games,
)
from sleuth.rl.env import SleuthEnv, env

__all__ = [
    "Encoder",
    "Layout",
    "NoEncoder",
    "Observer",
    "SleuthEnv",
    "encoder_for",
    "env",
    "register_encoder",
    "supported_games",
]

"""The contract every game meets. Knows no game by name."""

from sleuth.core.actions import EVERYONE, Action, Event
from sleuth.core.errors import CorruptRecord, IllegalAction
from sleuth.core.game import (
    GameSpec,
    GameState,
    Record,
    game_names,
    new_game,
    play_out,
    register,
    replay,
    spec,
)
from sleuth.core.rng import Rng

__all__ = [
    "EVERYONE",
    "Action",
    "CorruptRecord",
    "Event",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "Record",
    "Rng",
    "game_names",
    "new_game",
    "play_out",
    "register",
    "replay",
    "spec",
]

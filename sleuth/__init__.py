"""sleuth: classic detective board games to play and study.

>>> import sleuth
>>> "stop-thief" in sleuth.games()
True
>>> state = sleuth.new_game("stop-thief", players=3, seed=7)
>>> state.to_move
0
"""

from sleuth import games as _games  # noqa: F401  (registers every game)
from sleuth.core import (
    Action,
    CorruptRecord,
    Event,
    GameState,
    IllegalAction,
    Record,
    games,
    new_game,
    replay,
    spec,
)

__all__ = [
    "Action",
    "CorruptRecord",
    "Event",
    "GameState",
    "IllegalAction",
    "Record",
    "games",
    "new_game",
    "replay",
    "spec",
]

"""sleuth: classic detective board games to play and study.

>>> import sleuth
>>> "stop-thief" in sleuth.game_names()
True
>>> state = sleuth.new_game("stop-thief", players=3, seed=7)
>>> state.to_move in range(3)
True
>>> again = sleuth.replay(state.record())
>>> again.view(0) == state.view(0)
True

Importing sleuth loads no game: each is found by its manifest, and its rules
and data load the first time a game of it is started. The names below come from
`sleuth.core`, each imported the first time it is asked for (see there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sleuth.core import (
        Action,
        CorruptRecord,
        Event,
        GameState,
        IllegalAction,
        Record,
        game_names,
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
    "game_names",
    "new_game",
    "replay",
    "spec",
]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import sleuth.core

    value = getattr(sleuth.core, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

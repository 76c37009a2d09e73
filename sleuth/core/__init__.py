"""The contract every game meets. Knows no game by name.

Each name below is imported from its module the first time it is asked for (PEP 562), so
that what needs only the registry (`game_names`, `spec`: listing the games, as `sleuth
--help` does) does not pay for the rules machinery it does not use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sleuth.core.actions import EVERYONE, Action, Event
    from sleuth.core.errors import CorruptRecord, IllegalAction
    from sleuth.core.game import GameState, Record, new_game, play_out, replay
    from sleuth.core.registry import GameSpec, game_names, register, spec
    from sleuth.core.rng import Rng

_HOME = {
    "EVERYONE": "actions",
    "Action": "actions",
    "Event": "actions",
    "CorruptRecord": "errors",
    "IllegalAction": "errors",
    "GameState": "game",
    "Record": "game",
    "new_game": "game",
    "play_out": "game",
    "replay": "game",
    "GameSpec": "registry",
    "game_names": "registry",
    "register": "registry",
    "spec": "registry",
    "Rng": "rng",
}
"""Each public name, by the module of this package it lives in."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # asked once: the next lookup is a plain one
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


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

"""Manhunt (Milton Bradley, 1972): the board, the Computer, the Clue Scanner, the rules.

`manifest.py` says where each part lives. Nothing is loaded until it is used:
`from sleuth.games.manhunt import Manhunt` imports the rules then.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {"Manhunt": "state", "ManhuntOptions": "options"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Manhunt", "ManhuntOptions"]

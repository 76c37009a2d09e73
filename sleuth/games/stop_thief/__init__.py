"""Stop Thief (Parker Brothers, 1979): board, thief, scanner, rules, notebook.

`manifest.py` says where each part lives. Nothing is loaded until it is used:
`from sleuth.games.stop_thief import StopThief` imports the rules then.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {"StopThief": "state", "StopThiefOptions": "options"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["StopThief", "StopThiefOptions"]

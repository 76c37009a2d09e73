"""The Kojak Detective Game (1975): board, turntables, cases, rules, bots and words.

`manifest.py` says where each part lives. Nothing is loaded until it is used:
`from sleuth.games.kojak import Kojak` imports the rules then.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {"Kojak": "state", "KojakOptions": "options"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Kojak", "KojakOptions"]

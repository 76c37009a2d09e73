"""The Columbo Detective Game (Milton Bradley, 1973): evidence, challenges and the lawn.

`manifest.py` says where each part lives. Nothing is loaded until it is used:
`from sleuth.games.columbo import Columbo` imports the rules then.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {"Columbo": "state", "ColumboOptions": "options"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Columbo", "ColumboOptions"]

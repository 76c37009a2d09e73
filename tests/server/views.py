"""Helpers for the tests of what the server tells: views as patches act on them."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonpatch  # an independent RFC 6902 applier, not the server's own code


def without_legal(view: dict[str, Any]) -> dict[str, Any]:
    """A view as updates patch it: the legal actions travel beside it, never inside."""
    return {key: value for key, value in view.items() if key != "legal"}


def patched(view: dict[str, Any], patch: list[dict[str, Any]]) -> dict[str, Any]:
    """`view` (as a snapshot or the last patch left it; `legal` dropped) with `patch` applied."""
    result: dict[str, Any] = jsonpatch.apply_patch(copy.deepcopy(without_legal(view)), patch)
    return result


def as_text(value: Any) -> str:
    """JSON text, keys in their order: equal texts mean equal JSON, types (true, 1) and all."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

"""JSON Patch (RFC 6902) from one JSON value to another: what changed in a seat's view.

Written here rather than taken from a library: `jsonpatch.make_patch` took 0.8-4.3 ms
per view (more than rebuilding and encoding the whole view, which is what this
replaces) and made longer patches for lists that only grew. Views change a little per
action, so this producer is built for that: an unchanged subtree costs one `==` (in
C), a list that only grew costs one slice comparison and an `add` per new item, and
only changed branches are walked. It makes `add`, `remove` and `replace` only, and
keeps each object's keys in the new value's order (a dict whose keys moved, or gained
one before the end, is replaced whole).

Views told of one action share the parts every seat sees (`GameState.views`), so a
`Memo` handed to each seat's diff works each shared part out once: it keeps a part's
operations by its key and the identity of both sides.

Equality is Python's inside an unchanged subtree, so a value that turns from `true`
to `1` deep inside one would be missed; where a changed value is compared itself its
type counts too (a view's fields keep their JSON types, and the tests check patched
views against fresh ones as JSON text).
"""

from __future__ import annotations

import json
from typing import Any

from sleuth.core.actions import JSONValue

Op = dict[str, JSONValue]


class Memo:
    """The operations worked out for each top-level part of the views diffed in one round,
    by the part's key and the identity of its old and new values. It holds both, so no
    id is reused while it lives: keep one for one round, while no value changes."""

    __slots__ = ("_found",)

    def __init__(self) -> None:
        self._found: dict[tuple[Any, int, int], tuple[JSONValue, JSONValue, list[Op]]] = {}

    def ops(self, key: Any, old: JSONValue, new: JSONValue) -> list[Op]:
        """The operations for part `key` going from `old` to `new` (worked out once)."""
        found = self._found.get((key, id(old), id(new)))
        if found is not None:
            return found[2]
        ops: list[Op] = []
        if not (type(old) is type(new) and old == new):
            _diff(old, new, f"/{pointer(key)}", ops)
        self._found[(key, id(old), id(new))] = (old, new, ops)
        return ops


def diff(old: JSONValue, new: JSONValue, memo: Memo | None = None) -> list[Op]:
    """The operations that turn `old` into `new`, to be applied in order.

    The operations' values are `new`'s own objects, not copies: encode the patch
    before `new` changes. With a `memo`, a top-level part whose old and new values
    were diffed before (for another seat's view) gives the same operations unwalked.
    """
    ops: list[Op] = []
    if memo is not None and isinstance(old, dict) and isinstance(new, dict):
        _dicts(old, new, "", ops, memo)
    else:
        _diff(old, new, "", ops)
    return ops


def pointer(key: Any) -> str:
    """One reference token of a JSON Pointer (RFC 6901), for a key as `json` writes it."""
    text = key if isinstance(key, str) else json.dumps(key)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return text


def _same(a: JSONValue, b: JSONValue) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def _diff(old: JSONValue, new: JSONValue, path: str, ops: list[Op]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        _dicts(old, new, path, ops)
    elif isinstance(old, list | tuple) and isinstance(new, list | tuple):
        _lists(list(old), list(new), path, ops)
    elif not _same(old, new):
        ops.append({"op": "replace", "path": path, "value": new})


_MISSING: Any = object()
_PARTS = (dict, list)  # the kinds of top-level value a memo keeps


def _dicts(
    old: dict[Any, JSONValue],
    new: dict[Any, JSONValue],
    path: str,
    ops: list[Op],
    memo: Memo | None = None,
) -> None:
    if not _keeps_order(old, new):
        ops.append({"op": "replace", "path": path, "value": new})
        return
    if len(old) > len(new) or not old.keys() <= new.keys():
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{pointer(key)}"})
    for key, value in new.items():  # the hot loop: `_same` written out
        before = old.get(key, _MISSING)
        if before is value:
            continue
        if memo is not None and type(value) in _PARTS and type(before) is type(value):
            ops.extend(memo.ops(key, before, value))  # maybe a part the views share
            continue
        if type(before) is type(value) and before == value:
            continue
        if before is _MISSING:
            ops.append({"op": "add", "path": f"{path}/{pointer(key)}", "value": value})
        else:
            _diff(before, value, f"{path}/{pointer(key)}", ops)


def _keeps_order(old: dict[Any, JSONValue], new: dict[Any, JSONValue]) -> bool:
    """Whether removing and adding keys leaves them in `new`'s order (an added key goes last).

    The page draws some dicts in key order, so a patched one must iterate as a fresh one.
    """
    keys = list(new)
    if list(old) == keys:
        return True
    kept = [k for k in old if k in new]
    return kept + [k for k in keys if k not in old] == keys


def _lists(old: list[JSONValue], new: list[JSONValue], path: str, ops: list[Op]) -> None:
    n, m = len(old), len(new)
    if n <= m and old == new[:n]:  # the common case: a log that grew at its end
        ops.extend({"op": "add", "path": f"{path}/{i}", "value": new[i]} for i in range(n, m))
        return
    # Keep the common head and tail; pair up what is between them, then add or remove the rest.
    head = 0
    limit = min(n, m)
    while head < limit and _same(old[head], new[head]):
        head += 1
    tail = 0
    while tail < limit - head and _same(old[n - 1 - tail], new[m - 1 - tail]):
        tail += 1
    old_mid, new_mid = n - head - tail, m - head - tail
    for i in range(head, head + min(old_mid, new_mid)):
        _diff(old[i], new[i], f"{path}/{i}", ops)
    for i in range(head + old_mid, head + new_mid):  # more items now: insert them in order
        ops.append({"op": "add", "path": f"{path}/{i}", "value": new[i]})
    for _ in range(new_mid, old_mid):  # fewer: remove them where they start, one by one
        ops.append({"op": "remove", "path": f"{path}/{head + new_mid}"})


__all__ = ["Memo", "Op", "diff", "pointer"]

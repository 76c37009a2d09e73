"""Game options: a frozen dataclass per game, filled from plain JSON and checked."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from sleuth.core.errors import IllegalAction

OptionsT = TypeVar("OptionsT")


def parse_options(cls: type[OptionsT], given: Mapping[str, Any]) -> OptionsT:
    """Build an options object from JSON-like values, refusing unknown names and wrong types.

    Range checks live in each options class's `__post_init__` and raise ValueError,
    which becomes an IllegalAction here so every bad option reads the same way.
    """
    assert dataclasses.is_dataclass(cls)
    hints = typing.get_type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(given) - known)
    if unknown:
        raise IllegalAction(
            f"unknown option(s): {', '.join(unknown)}; known: {', '.join(sorted(known))}"
        )
    values: dict[str, Any] = {}
    for name, value in given.items():
        expected = hints[name]
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if expected in (int, float, str, bool) and (
            not isinstance(value, expected) or (expected is not bool and isinstance(value, bool))
        ):
            raise IllegalAction(f"option {name} must be {expected.__name__}, not {value!r}")
        values[name] = value
    try:
        return cls(**values)
    except ValueError as err:
        raise IllegalAction(f"bad option: {err}") from err


def describe_options(cls: type[Any]) -> list[dict[str, Any]]:
    """Each option's name, type, default and help text (its `metadata['help']`).

    An option whose non-default value lets whoever set it know hidden cards carries
    `metadata['secret']`: the words every seat is shown when a table sets it.
    """
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        out.append(
            {
                "name": f.name,
                "type": getattr(hints[f.name], "__name__", str(hints[f.name])),
                "default": f.default,
                "help": f.metadata.get("help", ""),
                **({"choices": list(f.metadata["choices"])} if "choices" in f.metadata else {}),
                # What a table that sets this option gives away (every seat is told).
                **({"secret": f.metadata["secret"]} if "secret" in f.metadata else {}),
            }
        )
    return out

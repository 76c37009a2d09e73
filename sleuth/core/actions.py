"""Actions and events: small immutable values that serialise to JSON and back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sleuth.core.errors import IllegalAction

JSONValue = Any  # str | int | float | bool | None | list | dict: kept loose for mypy's sake


def _freeze(value: JSONValue) -> JSONValue:
    """Turn JSON lists into tuples so actions stay hashable."""
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        raise IllegalAction("action parameters may not be objects")
    return value


def _thaw(value: JSONValue) -> JSONValue:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One decision by one seat: a kind ("move", "arrest", ...) and its parameters.

    Actions compare and hash by value, so `action in state.legal_actions()` works.
    """

    kind: str
    params: tuple[tuple[str, JSONValue], ...] = ()
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Hashed once: legal-action sets are built at every step of simulated games.
        object.__setattr__(self, "_hash", hash((self.kind, self.params)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Action], tuple[str, tuple[tuple[str, JSONValue], ...]]]:
        return (Action, (self.kind, self.params))  # string hashes differ between processes

    @classmethod
    def of(cls, kind: str, **params: JSONValue) -> Action:
        return cls(kind, tuple(sorted((k, _freeze(v)) for k, v in params.items())))

    def get(self, name: str, default: JSONValue = None) -> JSONValue:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> JSONValue:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def to_json(self) -> dict[str, JSONValue]:
        return {"kind": self.kind, **{k: _thaw(v) for k, v in self.params}}

    @classmethod
    def from_json(cls, data: JSONValue) -> Action:
        if not isinstance(data, Mapping):
            raise IllegalAction("an action must be a JSON object with a 'kind'")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise IllegalAction("an action needs a 'kind' naming what to do")
        return cls.of(kind, **{k: v for k, v in data.items() if k != "kind"})

    def __str__(self) -> str:
        args = " ".join(f"{k}={_thaw(v)}" for k, v in self.params)
        return f"{self.kind} {args}".strip()


EVERYONE = None


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. `to` is the one seat allowed to see it, or None for all.

    Events drive interfaces, sounds, logs and replays; a seat is only ever
    shown the events whose `to` is None or its own number.
    """

    kind: str
    data: Mapping[str, JSONValue] = field(default_factory=dict)
    to: int | None = EVERYONE
    # Data shown only as it happens (a discard shown to all, then face down): an
    # interface re-sending the event later (a reconnect, a reload) sends `later()`.
    fleeting: tuple[str, ...] = ()

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or self.to == seat

    def later(self) -> Event:
        """The event as told after the moment has passed: its fleeting data blanked."""
        if not self.fleeting:
            return self
        data = {k: (None if k in self.fleeting else v) for k, v in self.data.items()}
        return Event(self.kind, data, self.to)

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"kind": self.kind, "to": self.to, "data": dict(self.data)}
        if self.fleeting:
            out["fleeting"] = list(self.fleeting)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSONValue]) -> Event:
        fleeting = tuple(str(k) for k in data.get("fleeting", ()))
        return cls(str(data["kind"]), dict(data.get("data", {})), data.get("to"), fleeting)

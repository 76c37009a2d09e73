"""Actions and events: small immutable values that serialise to JSON and back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from sleuth.core.errors import IllegalAction

JSONValue = Any  # str | int | float | bool | None | list | dict: kept loose for mypy's sake


def _freeze(value: JSONValue, depth: int = 0) -> JSONValue:
    """Turn JSON lists into tuples so actions stay hashable; refuse what no action holds."""
    if depth > MAX_DEPTH:
        raise IllegalAction(f"action parameters may nest at most {MAX_DEPTH} deep")
    if isinstance(value, list | tuple):
        return tuple(_freeze(v, depth + 1) for v in value)
    if isinstance(value, dict):
        raise IllegalAction("action parameters may not be objects")
    if isinstance(value, str):
        if not _encodable(value):
            raise IllegalAction("action parameters must be text of real characters")
        return value
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        raise IllegalAction("action parameters are whole numbers, not decimals")
    raise IllegalAction(f"an action parameter cannot be a {type(value).__name__}")


def _typed(value: JSONValue) -> JSONValue:
    """`value` with the JSON type of every part beside it: `3` and `3.0`, `1` and `true` differ.

    Python says `1 == True == 1.0`; JSON and the players do not, so actions compare by this.
    """
    if isinstance(value, tuple):
        return ("list", tuple(_typed(v) for v in value))
    return (type(value).__name__, value)


def _encodable(text: str) -> bool:
    """False for text no JSON encoder can write as UTF-8 (a lone surrogate such as "\\ud800")."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _thaw(value: JSONValue) -> JSONValue:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


MAX_DEPTH = 8
"""No action of any game nests lists deeper than this; deeper input is refused at once."""


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One decision by one seat: a kind ("move", "arrest", ...) and its parameters.

    Actions compare and hash by value and by JSON type, so `action in
    state.legal_actions()` works and `{"to": 3.0}` or `{"to": true}` is never
    mistaken for `{"to": 3}`.
    """

    kind: str
    params: tuple[tuple[str, JSONValue], ...] = ()
    _key: tuple[JSONValue, ...] = field(default=(), init=False, repr=False)
    _hash: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        # Keyed and hashed once: legal-action sets are built at every step of simulated games.
        key = (self.kind, tuple((k, _typed(v)) for k, v in self.params))
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._hash == other._hash and self._key == other._key

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
        if not _encodable(kind):  # refusals repeat the kind: it must be writable text
            raise IllegalAction("an action's kind must be text of real characters")
        if not all(isinstance(k, str) and _encodable(k) for k in data):
            raise IllegalAction("an action's parameter names are strings of real characters")
        return cls.of(kind, **{k: v for k, v in data.items() if k != "kind"})

    def __str__(self) -> str:
        args = " ".join(f"{k}={_thaw(v)}" for k, v in self.params)
        return f"{self.kind} {args}".strip()


EVERYONE = None
NO_DATA: Mapping[str, JSONValue] = MappingProxyType({})  # shared by events: read-only


class Event(NamedTuple):
    """Something that happened. `to` is the one seat allowed to see it, or None for all.

    Events drive interfaces, sounds, logs and replays; a seat is only ever
    shown the events whose `to` is None or its own number.

    A named tuple rather than a frozen dataclass: as immutable, and made in C (a frozen
    dataclass sets each field through `object.__setattr__`, two to three times the cost,
    and simulations make millions of events).
    """

    kind: str
    data: Mapping[str, JSONValue] = NO_DATA
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

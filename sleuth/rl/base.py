"""What an RL environment needs from a game: its universe of actions and an observation encoder.

Each game that can be trained on names an `Encoder` subclass as the `rl` part of
its manifest (by convention `sleuth/games/<game>/rl.py`). `encoder_for(name)`
imports it the first time the game is asked for, so this package, like the core,
never names a game. (`register_encoder` still offers one by hand, for tests.)

An encoder is built once per environment from the public set-up (player count and
options) and answers:

* `actions`: every `Action` the game could ever offer at this player count, in a
  fixed order; a `Discrete(len(actions))` space indexes it;
* `layout`: the named slices of the observation vector (for documentation and
  debugging); `layout.size` is its length;
* `observer(seat)`: a fresh per-seat memory that is fed, in order, only the events
  that seat may see and turns that seat's `view` into the vector.

Two ways to the same vector. `Observer.encode(view)` reads the seat's JSON view: the
reference, which cannot peek, since the view holds only what the seat may know.
`Observer.encode_state(state)` is the lean hook the environments call: a game may
write the vector straight from the parts of the state that its view shows, without
building the view (most of a step's time otherwise). A game's lean hook must give
exactly `encode(view)`'s vector (tests/rl/test_lean.py compares them over random
play), and redrawing all the seat cannot see must leave it unchanged
(tests/rl/test_env.py, `state.resample`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from sleuth.bots.base import events_since
from sleuth.core import Action, Event, GameState, game_names, spec
from sleuth.core.actions import JSONValue

Vector = npt.NDArray[np.float32]


class Layout:
    """Named consecutive slices of an observation vector, added in order.

    >>> layout = Layout()
    >>> layout.add("phase", 3)
    slice(0, 3, None)
    >>> layout.add("money", 1)
    slice(3, 4, None)
    >>> layout.size
    4
    """

    def __init__(self) -> None:
        self.parts: list[tuple[str, int, str]] = []
        self.size = 0

    def add(self, name: str, size: int, about: str = "") -> slice:
        if size <= 0:
            raise ValueError(f"part {name!r} needs a positive size, not {size}")
        if any(part == name for part, _, _ in self.parts):
            raise ValueError(f"part {name!r} appears twice")
        out = slice(self.size, self.size + size)
        self.parts.append((name, size, about))
        self.size += size
        return out

    def table(self) -> str:
        """The layout as a Markdown table: offset, size, name, what it holds."""
        lines = ["| offset | size | part | holds |", "| ---: | ---: | --- | --- |"]
        offset = 0
        for name, size, about in self.parts:
            lines.append(f"| {offset} | {size} | `{name}` | {about} |")
            offset += size
        return "\n".join(lines)


class Observer(ABC):
    """One seat's memory: fed that seat's events in order, it encodes that seat's view."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def observe(self, event: Event) -> None:  # noqa: B027  (most games need no memory)
        """Take in one event this seat saw (the environment never passes any other)."""

    def observe_events(self, events: Iterable[Event]) -> None:
        """Take in, in order, the events this seat saw since it last looked: what the
        environments call (a game may override it to pass over, in one loop, the events
        it never reads, rather than with a call each)."""
        for event in events:
            self.observe(event)

    def catch_up(self, state: GameState, start: int) -> int:
        """Take in the events of `state.log` from index `start` on that this seat may see
        (those to everyone and those to it alone); return where the next look starts. What
        the environments call: a game may override it to read the log once for every seat."""
        events, cursor = events_since(state, self.seat, start)
        self.observe_events(events)
        return cursor

    @abstractmethod
    def encode(self, view: Mapping[str, JSONValue]) -> Vector:
        """The observation vector for this seat's `view` (values in [0, 1], float32)."""

    def encode_state(self, state: GameState) -> Vector:
        """The same vector as `encode(state.view(seat))`: by default exactly that.

        A game overrides it with a lean hook reading only the state's parts the seat's
        view shows (never the hidden ones), to skip building the JSON view. The hook may
        return a vector of its own that it rewrites at its next call (to redo only the
        parts that changed): whoever keeps the vector copies it.
        """
        return self.encode(state.view(self.seat))


class Encoder(ABC):
    """A game's action universe and observation encoding for one player count and options."""

    game: str = ""

    def __init__(self, players: int, options: Any) -> None:
        self.players = players
        self.options = options
        self.layout = Layout()
        self.actions: tuple[Action, ...] = tuple(self._universe())
        index: dict[Action, int] = {}
        for number, action in enumerate(self.actions):
            if action in index:
                raise ValueError(f"{self.game}: action {action} appears twice in the universe")
            index[action] = number
        self.index: Mapping[Action, int] = index
        # The same table keyed by object identity, for masks: a game whose legal actions
        # are its ready-made objects (the ones the universe lists) is looked up in C,
        # without calling Action.__hash__ per legal action. The ids stay valid because
        # `self.actions` keeps every one of those objects alive.
        self._by_id: dict[int, int] = {id(a): i for i, a in enumerate(self.actions)}

    @abstractmethod
    def _universe(self) -> Iterable[Action]:
        """Every action the game could offer at this player count, in a fixed order."""

    @abstractmethod
    def observer(self, seat: int) -> Observer:
        """A fresh memory for `seat`, at the start of a game."""

    def legal_indices(self, state: GameState) -> list[int]:
        """The universe index of each of `state`'s legal actions, in the state's order.

        KeyError if the universe lacks a legal action (the environment names it).
        """
        legal = state.legal_actions()
        try:
            return list(map(self._by_id.__getitem__, map(id, legal)))
        except KeyError:  # an action made afresh: look them up by value
            index = self.index
            return [index[a] for a in legal]

    def legal_array(self, state: GameState) -> npt.NDArray[np.intp]:
        """`legal_indices` as an index array, the form a mask is set through (made in one
        pass in C: a list first, then an array, costs about twice as much)."""
        return self.index_array(state.legal_actions())

    def legal_mask(self, state: GameState) -> npt.NDArray[np.int8]:
        """1 at each legal action's index, 0 elsewhere (KeyError if the universe lacks a legal
        action). A game may override it to write a position's many actions in blocks."""
        mask = np.zeros(len(self.actions), np.int8)
        mask[self.legal_array(state)] = 1
        return mask

    def quick_mask(self, state: GameState) -> npt.NDArray[np.int8] | None:
        """`legal_mask` worked out without listing the legal actions, where the game has a
        quicker way (the environments ask it first); None: no quicker way here.

        The default has none. A game with positions of many legal actions may write their
        mask from a few parts of the state, and must give exactly `legal_mask`'s mask."""
        return None

    def index_array(self, actions: Sequence[Action]) -> npt.NDArray[np.intp]:
        """The universe index of each action, as an array: by identity in C when they are the
        universe's own objects, else by value (KeyError if the universe lacks one)."""
        try:
            return np.fromiter(
                map(self._by_id.__getitem__, map(id, actions)), np.intp, len(actions)
            )
        except KeyError:  # an action made afresh: look them up by value
            index = self.index
            return np.fromiter((index[a] for a in actions), np.intp, len(actions))

    def view(self, state: GameState, seat: int) -> dict[str, JSONValue]:
        """The view the observers read (a game may ask for a leaner one than the default)."""
        return state.view(seat)

    def potentials(self, view: Mapping[str, JSONValue]) -> Sequence[float] | None:
        """Each seat's progress in [0, 1] from a public view, for optional reward shaping.

        None (the default) means the game offers no shaping.
        """
        return None

    def svg(self, view: Mapping[str, JSONValue]) -> str | None:
        """The board with the pieces of this view drawn, as SVG; None if the game has none."""
        return None

    def draws(self) -> bool:
        """Whether `svg` draws (by default: whether the subclass defines it)."""
        return type(self).svg is not Encoder.svg


# --- helpers for encoders -----------------------------------------------------------------
def one_hot(out: Vector, part: slice, index: int | None) -> None:
    """Set the `index`-th entry of `part` to 1 (nothing for None or out of range)."""
    if index is not None and 0 <= index < part.stop - part.start:
        out[part.start + index] = 1.0


def cells(out: Vector) -> MutableSequence[float]:
    """The vector's values as a memoryview, to set single values at half the cost of numpy's
    item assignment (an encoder sets dozens a step); ints and bools go in as floats.

    >>> out = np.zeros(3, np.float32)
    >>> put = cells(out)
    >>> put[1] = True
    >>> put[2] = 0.5
    >>> out.tolist()
    [0.0, 1.0, 0.5]
    """
    return cast(MutableSequence[float], out.data)


def scaled(value: float, top: float) -> float:
    """`value / top`, clipped to [0, 1] (comparisons, not min/max: called ~10 times a step)."""
    share = value / top
    return 0.0 if share < 0.0 else 1.0 if share > 1.0 else share


def relative(seat: int, me: int, players: int) -> int:
    """Where `seat` sits counting from `me` (0: me, 1: the next to play after me, ...)."""
    return (seat - me) % players


# --- the registry ---------------------------------------------------------------------------
_ENCODERS: dict[str, type[Encoder]] = {}


class NoEncoder(LookupError):
    """The game has no RL encoder yet."""


def register_encoder(cls: type[Encoder]) -> type[Encoder]:
    """Offer an encoder for `cls.game` (usable as a class decorator)."""
    if not cls.game:
        raise ValueError(f"{cls.__name__} names no game")
    _ENCODERS[cls.game] = cls
    return cls


def _load(game: str) -> None:
    """Import the game's `rl` part (its encoder class), if it has one."""
    if game in _ENCODERS:
        return
    manifest = spec(game)
    if manifest.has("rl"):
        encoder: type[Encoder] = manifest.load("rl")
        _ENCODERS[game] = encoder


def encoder_for(game: str) -> type[Encoder]:
    """The encoder class for `game`, imported on first use."""
    spec(game)  # an unknown game raises IllegalAction
    _load(game)
    try:
        return _ENCODERS[game]
    except KeyError:
        raise NoEncoder(
            f"{game} has no RL environment yet; these do: {', '.join(supported_games())}"
        ) from None


def supported_games() -> list[str]:
    """The registered games that have an RL encoder."""
    return [game for game in game_names() if game in _ENCODERS or spec(game).has("rl")]

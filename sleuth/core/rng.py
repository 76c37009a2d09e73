"""The only source of chance in a game: a seeded generator owned by the state."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A seeded random generator. Games never touch the `random` module's globals.

    Wraps `random.Random` (Mersenne Twister, identical on every platform for
    the methods used here) so that a game's seed and its actions replay it.
    """

    __slots__ = ("_r", "draws")

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)
        # How many draws so far: an action that drew none can be taken back without changing
        # what comes next (`GameState.can_undo`).
        self.draws = 0

    def randint(self, low: int, high: int) -> int:
        self.draws += 1
        return self._r.randint(low, high)

    def die(self) -> int:
        """A throw of one six-sided die: the very number `randint(1, 6)` draws (CPython's
        `randrange` takes three random bits, again while they make 6 or 7; tests/core/
        test_rng.py holds the two equal), without its three layers of calls: a game throws
        two dice at nearly every turn."""
        self.draws += 1
        bits = self._r.getrandbits(3)
        while bits >= 6:
            bits = self._r.getrandbits(3)
        return bits + 1

    def chance(self, probability: float) -> bool:
        """True with the given probability (0 never, 1 always)."""
        if probability <= 0.0:
            return False
        if probability >= 1.0:
            return True
        self.draws += 1
        return self._r.random() < probability

    def choice(self, items: Sequence[T]) -> T:
        self.draws += 1
        return items[self._r.randrange(len(items))]

    def shuffle(self, items: list[T]) -> None:
        self.draws += 1
        self._r.shuffle(items)

    def getstate(self) -> object:
        return self._r.getstate()

    def setstate(self, state: object) -> None:
        self.draws += 1  # a changed generator counts as a draw: nothing before it can be undone
        self._r.setstate(state)  # type: ignore[arg-type]

    def spawn(self) -> Rng:
        """A new independent generator seeded from this one (for resampling)."""
        self.draws += 1
        return Rng(self._r.getrandbits(64))

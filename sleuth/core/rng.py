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

    __slots__ = ("_r",)

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)

    def randint(self, low: int, high: int) -> int:
        return self._r.randint(low, high)

    def chance(self, probability: float) -> bool:
        """True with the given probability (0 never, 1 always)."""
        if probability <= 0.0:
            return False
        if probability >= 1.0:
            return True
        return self._r.random() < probability

    def choice(self, items: Sequence[T]) -> T:
        return items[self._r.randrange(len(items))]

    def shuffle(self, items: list[T]) -> None:
        self._r.shuffle(items)

    def getstate(self) -> object:
        return self._r.getstate()

    def setstate(self, state: object) -> None:
        self._r.setstate(state)  # type: ignore[arg-type]

    def spawn(self) -> Rng:
        """A new independent generator seeded from this one (for resampling)."""
        return Rng(self._r.getrandbits(64))

"""The seeded generator: its shortcuts draw exactly what the plain calls would (a record of
seed and actions replays a game only if every throw comes out as it did)."""

from __future__ import annotations

import random

from sleuth.core import Rng


def test_a_die_is_the_throw_randint_makes() -> None:
    """`Rng.die` reads three bits itself; over many seeds and throws it must be `randint(1, 6)`
    to the last throw, and leave the generator where randint leaves it."""
    for seed in range(200):
        rng, plain = Rng(seed), random.Random(seed)
        throws = [rng.die() for _ in range(300)]
        assert throws == [plain.randint(1, 6) for _ in range(300)], f"seed {seed}"
        assert rng.getstate() == plain.getstate()
        assert rng.draws == 300
    assert set(throws) == {1, 2, 3, 4, 5, 6}

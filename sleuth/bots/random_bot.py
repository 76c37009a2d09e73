"""The simplest player: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

from sleuth.bots.base import ANY_GAME, register_bot
from sleuth.core import Action, GameState, Rng


class RandomBot:
    """Picks uniformly among the legal actions. Plays every game; the baseline for the rest."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, seat: int) -> Action:
        return self.rng.choice(state.legal_actions())


register_bot(ANY_GAME, "random", RandomBot, "Picks any legal move at random: a practice target.")

"""A weaker level made from a stronger one: now and then it acts carelessly.

The wrapped bot decides every time (so it keeps reading what it sees); with
chance `slip` the action is then swapped for another legal one of the same
kind, drawn at random: the wrong square, the wrong question, the wrong card,
as a distracted player might. Never a different kind of action, so a careless
move is never an accusation or an arrest the bot did not mean to make.
"""

from __future__ import annotations

from sleuth.bots.base import Bot
from sleuth.core import Action, GameState, Rng


class Careless:
    """`bot`, except that with chance `slip` a choice becomes a random action of its kind."""

    def __init__(self, bot: Bot, slip: float, seed: int = 0) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"slip is a chance between 0 and 1, not {slip}")
        self.bot = bot
        self.slip = slip
        self.rng = Rng(seed * 7919 + 17)  # its own stream, apart from the wrapped bot's

    def choose(self, state: GameState, seat: int) -> Action:
        meant = self.bot.choose(state, seat)
        if not self.rng.chance(self.slip):
            return meant
        alike = [a for a in state.legal_actions() if a.kind == meant.kind]
        return self.rng.choice(alike) if alike else meant

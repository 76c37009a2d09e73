"""Manhunt (Milton Bradley, 1972): the board, the Computer, the Clue Scanner, the rules."""

from sleuth.games.manhunt.options import ManhuntOptions
from sleuth.games.manhunt.state import Manhunt

__all__ = ["Manhunt", "ManhuntOptions"]

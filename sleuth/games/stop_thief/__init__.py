"""Stop Thief (Parker Brothers, 1979): board, thief, scanner, rules, notebook."""

from sleuth.games.stop_thief.options import StopThiefOptions
from sleuth.games.stop_thief.state import StopThief

__all__ = ["StopThief", "StopThiefOptions"]

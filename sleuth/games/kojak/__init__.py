"""The Kojak Detective Game (1975): board, turntables, cases, rules, bots and words."""

from sleuth.games.kojak.options import KojakOptions
from sleuth.games.kojak.state import Kojak

__all__ = ["Kojak", "KojakOptions"]

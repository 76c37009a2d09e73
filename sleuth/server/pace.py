"""How fast the server's bots play: a pause before each bot action, chosen per table.

A person follows a bot's turn action by action on the board and in the log, so the
default leaves time to see each one; `instant` is for tests and for watching a
whole bot game quickly.
"""

from __future__ import annotations

from typing import Literal

Pace = Literal["slow", "normal", "fast", "instant"]
PACE_SECONDS: dict[str, float] = {"slow": 2.5, "normal": 1.2, "fast": 0.5, "instant": 0.0}
"""Seconds a bot waits before each of its actions, by pace."""
DEFAULT_PACE: Pace = "normal"
"""What a table gets when its creator chooses no pace (and the server sets no other)."""


def pace_seconds(pace: str | None, fallback: float) -> float:
    """The pause before a bot action at a table with this pace (None: `fallback`)."""
    return fallback if pace is None else PACE_SECONDS[pace]


__all__ = ["DEFAULT_PACE", "PACE_SECONDS", "Pace", "pace_seconds"]

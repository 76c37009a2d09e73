"""The contract of a companion device: a game's missing part, driven seat by seat.

A game's companion (Kojak's informer codes, Manhunt's Computer and Clue
Scanner) is a `CompanionDevice`; `sleuth.server.companions` stores and serves
any of them, keeping each seat's answers to that seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


class Refused(ValueError):
    """The device cannot take this action now, or it is malformed: nothing changed.

    The message is written for the player ("you already took an informer at the Hotel").
    """

    def __init__(self, message: str, *, malformed: bool = False) -> None:
        super().__init__(message)
        self.malformed = malformed


class CompanionDevice(Protocol):
    """A game's companion logic: built from settings, driven by seats' actions, replayable.

    `apply` changes nothing when it raises `Refused`, and draws chance only from the
    settings' seed, so that replaying the stored actions rebuilds the device exactly.
    """

    seats: int

    def apply(self, seat: int, action: Mapping[str, Any]) -> dict[str, Any]:
        """Do `action` for `seat`; the answer is for that seat's eyes only."""
        ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything `seat` may know now (None: what the whole table may know)."""
        ...

"""Kojak's options: fast or advanced game, which case, and what the rulebook left open."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

VERSIONS = ("fast", "advanced")
SOLUTIONS = ("drawn", "book")


def _help(text: str, **more: Any) -> dict[str, Any]:
    return {"help": text, **more}


@dataclass(frozen=True)
class KojakOptions:
    """Every field has the default the docs argue for (docs/kojak/README.md)."""

    version: str = field(
        default="fast",
        metadata=_help(
            "fast: 3 conditions a clue, Kojak jumps between rooms; advanced: Action and "
            "Contact Cards, 4 conditions a clue",
            choices=VERSIONS,
        ),
    )
    game: int = field(
        default=0,
        metadata=_help(
            "The numbered game (case) to play: 1-50 are printed, 51 and up are generated; "
            "0 draws one of 1-50 with the seed"
        ),
    )
    solution: str = field(
        default="drawn",
        metadata=_help(
            "drawn: the hide-out and the informers' codes behind the game's clue sheet are "
            "drawn with the seed, so nobody can look them up; book: the printed Solution Book "
            "and informer cards (games 51 and up: the generator's), for a real box at hand",
            choices=SOLUTIONS,
            secret="the hide-out and informer codes are the printed book's: anyone with the "
            "book, or this program's data, can look them up from the game number",
        ),
    )
    dice: int = field(default=2, metadata=_help("Dice thrown to move a car (1 or 2)"))
    contacts_name_buildings: bool = field(
        default=True,
        metadata=_help(
            "Advanced game: a Contact Card names the building it works at (a few work at any); "
            "off, every Contact Card works everywhere"
        ),
    )

    def __post_init__(self) -> None:
        if self.version not in VERSIONS:
            raise ValueError(f"version must be one of {', '.join(VERSIONS)}, not {self.version!r}")
        if self.solution not in SOLUTIONS:
            raise ValueError(
                f"solution must be one of {', '.join(SOLUTIONS)}, not {self.solution!r}"
            )
        if not 0 <= self.game <= 1_000_000:
            raise ValueError("game must be 0 (drawn) or a game number from 1 to 1000000")
        if self.dice not in (1, 2):
            raise ValueError("dice must be 1 or 2")

    @property
    def advanced(self) -> bool:
        return self.version == "advanced"

    @property
    def from_book(self) -> bool:
        """The printed (or generated) case's own secrets are played, not freshly drawn ones."""
        return self.solution == "book"

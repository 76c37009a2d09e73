"""Columbo's options: the more difficult game, and the choices the rulebook leaves open."""

from __future__ import annotations

from dataclasses import dataclass, field

REMOVALS = ("random", "fixed")
MYSTERY_PENALTIES = ("alone", "always")


@dataclass(frozen=True)
class ColumboOptions:
    """Every field has the default docs/columbo/decisions.md argues for."""

    advanced: bool = field(
        default=False,
        metadata={
            "help": "The more difficult game (Special Rule 3): lawn cards stay face down,"
            " several figures may be laid down, rewards decide the winner"
        },
    )
    show_discards: bool = field(
        default=True,
        metadata={
            "help": "Every discard is shown to all before it goes face down on the lawn, in"
            " both games (Rooms 6); off: discards go down unseen, only their places known"
        },
    )
    mystery_penalty: str = field(
        default="alone",
        metadata={
            "help": "The more difficult game's $200 for the Mystery card: only when it is not"
            " beside a complete Columbo ('alone'), or always",
            "choices": MYSTERY_PENALTIES,
        },
    )
    removal: str = field(
        default="random",
        metadata={
            "help": "With 2 or 3 players, which sets leave the pack (Special Rule 1):"
            " drawn at random, or always the last ones listed",
            "choices": REMOVALS,
        },
    )
    max_turns: int = field(
        default=1000,
        metadata={"help": "Turns (all players together) after which an unsolved case goes cold"},
    )

    def __post_init__(self) -> None:
        if self.removal not in REMOVALS:
            raise ValueError(f"removal must be one of {', '.join(REMOVALS)}, not {self.removal!r}")
        if self.mystery_penalty not in MYSTERY_PENALTIES:
            choices = ", ".join(MYSTERY_PENALTIES)
            raise ValueError(
                f"mystery_penalty must be one of {choices}, not {self.mystery_penalty!r}"
            )
        if not 10 <= self.max_turns <= 100_000:
            raise ValueError("max_turns must be between 10 and 100000")

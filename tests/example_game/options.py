"""High Card's options: one, with its help text (shown in the lobby and `describe()`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class HighCardOptions:
    swaps: int = field(default=1, metadata={"help": "How many times each player may swap"})

    def __post_init__(self) -> None:
        if not 0 <= self.swaps <= 5:
            raise ValueError("swaps must be 0 to 5")

"""Stop Thief's options: the odds the rulebook never printed and the choices it left open."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the scanner (and the board module) only when the odds are asked for
    from sleuth.games.stop_thief.scanner import Odds


def _help(text: str) -> dict[str, str]:
    return {"help": text}


@dataclass(frozen=True)
class StopThiefOptions:
    """Every field has the default the docs argue for (docs/stop-thief/decisions.md)."""

    still_chance: float = field(
        default=0.25, metadata=_help("Chance that a CLUE press leaves the thief where he is")
    )
    escape_chance: float = field(
        default=0.25,
        metadata=_help("Chance that the cops, sent to the right space, let him escape"),
    )
    six_move_escape_chance: float = field(
        default=0.5, metadata=_help("Chance that an escape runs 6 moves rather than 5")
    )
    escape_flees: bool = field(
        default=True, metadata=_help("Escape moves never bring the thief nearer the cops")
    )
    escape_gains: bool = field(
        default=True,
        metadata=_help(
            "With escape_flees: each escape move takes him a numbered space farther from "
            "the cops where it can, so he ends 5 or 6 spaces away (off: merely never nearer)"
        ),
    )
    scanner_digits: bool = field(
        default=True,
        metadata=_help(
            "The scanner shows the building or street digit with every clue, as the real "
            "unit did (1dr, 5St); off: only with a crime, as the rulebook prints the clues"
        ),
    )
    clue_on_fine_turn: bool = field(
        default=False,
        metadata=_help("A detective paying a false-arrest fine still presses CLUE first"),
    )
    cards_on_fine_turn: bool = field(
        default=True,
        metadata=_help(
            "A detective paying a false-arrest fine may still play a Sleuth Card that turn "
            "(off: he only pays)"
        ),
    )
    win_amount: int = field(default=2500, metadata=_help("Money that wins the game"))
    notebook_aid: bool = field(
        default=False,
        metadata=_help("Show each detective where the thief may be, by what he or she heard"),
    )

    def __post_init__(self) -> None:
        for name in ("still_chance", "escape_chance", "six_move_escape_chance"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1, not {value}")
        if self.still_chance >= 1.0:
            raise ValueError("still_chance must be below 1, or the thief never moves")
        if not 300 < self.win_amount <= 100_000:
            raise ValueError("win_amount must be above the $300 start and at most 100000")

    @property
    def odds(self) -> Odds:
        from sleuth.games.stop_thief.scanner import Odds

        return Odds(
            still=self.still_chance,
            escape=self.escape_chance,
            six=self.six_move_escape_chance,
            flee=self.escape_flees,
            gain=self.escape_gains,
            digits=self.scanner_digits,
        )

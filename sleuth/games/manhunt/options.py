"""Manhunt's options: the crime, partners, the card, the case set and the Computer's odds."""

from __future__ import annotations

from dataclasses import dataclass, field

from sleuth.games.manhunt.cases import CARDS, CRIMES
from sleuth.games.manhunt.computer import SEGMENTS, ComputerError, parse_numbered


@dataclass(frozen=True)
class ManhuntOptions:
    """Every default is the printed game as docs/manhunt/decisions.md designs it."""

    crime: str = field(
        default="robbery",
        metadata={
            "help": "The crime the players agree to solve (its Read Out and Suspects)",
            "choices": CRIMES,
        },
    )
    partners: bool = field(
        default=False,
        metadata={"help": "Teams of two sharing a Handbook (4 players; 6 always play so)"},
    )
    card: int = field(
        default=0,
        metadata={
            "help": "0 draws a Scanner Card at random; 1-16 slides in that card",
            "secret": "the Scanner Card was chosen, so whoever chose it can know the culprit",
        },
    )
    case_set: int = field(
        default=0,
        metadata={
            "help": "0 plays the printed 16 cards and records; any other number a set "
            "generated from it, with the same guarantees"
        },
    )
    numbered_dial: str = field(
        default="",
        metadata={
            "help": 'Faces of the orange NUMBERED dial, e.g. "1 2 3 4 5 6" ("" keeps the '
            "printed 1 2 3 3 4 4 5 5 6 6 7 8)"
        },
    )
    on_line_segments: int = field(
        default=8,
        metadata={"help": "How many of the yellow dial's 12 segments read ON LINE"},
    )
    receive_segments: int = field(
        default=6,
        metadata={"help": "How many of the red dial's 12 segments read RECEIVE"},
    )
    accuse_after_clue: bool = field(
        default=True,
        metadata={
            "help": "A player may also accuse at the end of a turn in which he learned a clue "
            "(off: only at the start of his turn, instead of spinning)"
        },
    )
    elimination_aid: bool = field(
        default=True,
        metadata={"help": "Cross out suspects on each Clue Sheet automatically"},
    )

    def __post_init__(self) -> None:
        if self.crime not in CRIMES:
            raise ValueError(f"crime must be one of {', '.join(CRIMES)}, not {self.crime!r}")
        if not 0 <= self.card <= CARDS:
            raise ValueError(f"card must be 0 (draw) or 1-{CARDS}, not {self.card}")
        if self.case_set < 0:
            raise ValueError("case_set must be 0 (printed) or a positive seed")
        if self.numbered_dial:
            try:
                faces = parse_numbered(self.numbered_dial)
            except ComputerError as err:
                raise ValueError(str(err)) from None
            if len(set(faces)) < 2:  # every spin for first place would tie, for ever
                raise ValueError("a NUMBERED dial needs at least two different numbers")
        if not 1 <= self.on_line_segments <= SEGMENTS:
            raise ValueError(f"on_line_segments must be 1-{SEGMENTS}, or a car waits forever")
        if not 0 <= self.receive_segments <= SEGMENTS:
            raise ValueError(f"receive_segments must be 0-{SEGMENTS}")

"""The Detectives Handbook and its Clue Sheet: what one player (or partnership) has learned.

Each row 1-8 is written once, from a probe of the Clue Scanner or copied from
an opponent's Handbook. The Handbook's flaps show a row as four boxes A-D:
X where the hole is punched (the probe showed nothing) and O where the probe
showed the red dot, so the printed sample under Flap 5, [X][O][O][O], is a
hole at A (decision H1). The Clue Sheet turns each row into the Read Out's
clue and keeps the circled suspect numbers, crossed out as records fail to
match: an elimination is never undone, and a crossed-out suspect is not
checked again (MH-CLUE-07, MH-CLUE-08).

    >>> flap("A")
    '[X][O][O][O]'
    >>> flap(None)
    '[ ][ ][ ][ ]'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sleuth.games.manhunt.cases import LETTERS, Crime

FLAPS = tuple(range(3, 9))  # rows an opponent may ask for (MH-EXCHANGE-02/03)


def flap(letter: str | None) -> str:
    """A row as the Handbook shows it: X at the punched hole, O at the red dots."""
    if letter is None:
        return "[ ][ ][ ][ ]"
    return "".join("[X]" if x == letter else "[O]" for x in LETTERS)


@dataclass
class Handbook:
    """One side's Handbook and Clue Sheet (a side is one player, or two partners)."""

    side: int
    seats: tuple[int, ...]
    crime: Crime
    entries: dict[int, str] = field(default_factory=dict)  # row -> hole letter
    notes: dict[int, dict[str, Any]] = field(default_factory=dict)  # row -> how it was learned
    crossed: dict[str, int] = field(default_factory=dict)  # suspect -> the row that crossed him
    out: bool = False
    accusation: str | None = None  # the suspect written on the back of the Clue Sheet
    culprit_read: str | None = None  # the name read on the card after a wrong accusation

    @property
    def next_scene(self) -> int | None:
        """The Scene of Crime still to be visited (1, then 2), or None when both are done."""
        for row in (1, 2):
            if row not in self.entries:
                return row
        return None

    def needs(self, place: int) -> bool:
        """Whether stopping on this place's space would send this side to the Clue Scanner."""
        if place in self.entries:
            return False
        scene = self.next_scene
        return place == scene if scene is not None else True

    def write(self, row: int, letter: str, note: dict[str, Any]) -> bool:
        """Write a row (if new) and cross out the suspects it rules out; True if it was new."""
        if row in self.entries:
            return False
        self.entries[row] = letter
        self.notes[row] = note
        for suspect in self.crime.suspects:
            if suspect.number not in self.crossed and suspect.record[row - 1] != letter:
                self.crossed[suspect.number] = row
        return True

    @property
    def remaining(self) -> list[str]:
        """The circled numbers not yet crossed out."""
        return [s.number for s in self.crime.suspects if s.number not in self.crossed]

    def to_json(self, aid: bool) -> dict[str, Any]:
        rows = []
        for r in self.crime.readout:
            letter = self.entries.get(r.row)
            rows.append(
                {
                    "row": r.row,
                    "topic": r.topic,
                    "hole": letter,
                    "flap": flap(letter),
                    "clue": r.clue(letter) if letter else None,
                    **({"learned": dict(self.notes[r.row])} if r.row in self.notes else {}),
                }
            )
        sheet: dict[str, Any] = {"rows": rows, "accusation": self.accusation}
        if aid:
            sheet["suspects"] = [
                {"number": s.number, "name": s.name, "crossed": s.number in self.crossed}
                for s in self.crime.suspects
            ]
            sheet["remaining"] = self.remaining
        if self.culprit_read is not None:
            sheet["culprit_read"] = self.culprit_read
        return sheet

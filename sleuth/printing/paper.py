"""Paper sizes and the margin every printer can reach."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # millimetres, portrait
    height: float
    margin: float = 10.0  # most home printers cannot print nearer the edge than about 5 mm

    @property
    def inner_width(self) -> float:
        return self.width - 2 * self.margin

    @property
    def inner_height(self) -> float:
        return self.height - 2 * self.margin


A4 = Paper("A4", 210.0, 297.0)
LETTER = Paper("US Letter", 215.9, 279.4)
PAPERS = {"a4": A4, "letter": LETTER}


def paper_named(name: str) -> Paper:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise ValueError(f"no {name!r} paper: choose {' or '.join(PAPERS)}") from None

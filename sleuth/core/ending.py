"""The end of a game in words: who won, the standings, the story of the game, a few figures.

Each game builds one from a finished state (the `story` module of its package, called by
its `view` once the game is over, under the view's `ending` key), so the browser's
end screen, the terminal's and the replay all show the same thing. Only a finished game
has one: it tells what was hidden (the thief's route, the culprit, the hide-out).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sleuth.core.actions import JSONValue


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str  # "Detective 1 (Kent Ketchum)"
    place: int  # 1 for the winners; equal places for equal results
    result: str  # "$1,400 and 2 arrests", "out: wrong accusation"


@dataclass(frozen=True)
class Ending:
    headline: str  # one sentence: who won and how
    standings: Sequence[Standing]
    story: Sequence[str]  # what happened, in order, a line each
    stats: Sequence[tuple[str, str]] = field(default_factory=tuple)  # (what, how many)

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "headline": self.headline,
            "standings": [
                {"seat": s.seat, "name": s.name, "place": s.place, "result": s.result}
                for s in self.standings
            ],
            "story": list(self.story),
            "stats": [{"label": label, "value": value} for label, value in self.stats],
        }


def places(scores: Sequence[float]) -> list[int]:
    """Competition places for scores, higher better: [30, 50, 30] -> [2, 1, 2].

    >>> places([30, 50, 30])
    [2, 1, 2]
    """
    return [1 + sum(other > mine for other in scores) for mine in scores]

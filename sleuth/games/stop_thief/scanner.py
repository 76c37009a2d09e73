"""The Crime Scanner's game logic: one thief at a time, his clues, tips and arrests.

This is what the electronic unit decides. The button-by-button device (ON,
OFF, digit entry, TIP held down, sample mode) lives in `device.py` and drives
this; the game engine drives it directly.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Literal

from sleuth.core import Rng
from sleuth.games.stop_thief import thief as rules
from sleuth.games.stop_thief.board import Board
from sleuth.games.stop_thief.thief import Clue, Move, Thief

MEMORY = 10  # the scanner remembers the last ten sound clues (ST-SCANNER-23)

Outcome = Literal["successful", "false", "unsuccessful"]


@dataclass(frozen=True)
class Odds:
    """How the unit plays where the rulebook is silent: the chances it never printed and
    what the display shows (see docs/stop-thief/decisions.md)."""

    still: float = 0.25  # a CLUE press leaves him where he is (a bleep)
    escape: float = 0.25  # the cops, sent to the right space, still let him get away
    six: float = 0.5  # an escape runs six moves rather than five
    flee: bool = True  # escape moves never bring him nearer the cops
    gain: bool = True  # with flee: each escape move gets farther away where it can
    digits: bool = True  # every clue shows his building or street digit, not only a crime


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the thief did, for reveals and replays: where he went and what it sounded like."""

    space: int
    clue: Clue
    crime: bool
    ride: bool = False
    escape: bool = False


@dataclass
class ArrestResult:
    outcome: Outcome
    escape: list[Step] = field(default_factory=list)


class CrimeScanner:
    """The unit's brain for a whole game: successive thieves, memory, arrests."""

    def __init__(self, board: Board, rng: Rng, odds: Odds | None = None) -> None:
        self.board = board
        self.rng = rng
        self.odds = odds or Odds()
        self.thief: Thief | None = None
        self.memory: deque[Clue] = deque(maxlen=MEMORY)
        self.crimes = 0  # crimes by the current thief, the first one included
        self.route: list[Step] = []  # the current thief's true route, secret until revealed
        self.last: Clue | None = None

    # --- what the buttons ask ------------------------------------------------------------
    def new_thief(self, at: int | None = None) -> Step:
        """A new thief commits his first crime (ON twice at set-up, ON once after an arrest)."""
        if at is None:
            self.thief, clue = rules.start(self.board, self.rng)
        else:
            self.thief, clue = rules.begin_at(self.board, at)
        self.memory.clear()
        self.crimes = 1
        step = Step(self.thief.space, clue, crime=True)
        self.route = [step]
        self._heard(clue)
        return step

    def clue(self) -> Step | None:
        """CLUE: the thief usually moves; None means he stayed put (a bleep)."""
        thief = self._active()
        if self.rng.chance(self.odds.still):
            return None
        moves = rules.candidate_moves(self.board, thief)
        if not moves:
            return None  # boxed in: he cannot move at all, so the scanner bleeps
        return self._move(rules.choose_move(self.rng, moves))

    def tip(self) -> int:
        """The Tipster's squeal: the thief's exact space."""
        return self._active().space

    def arrest(self, code: int) -> ArrestResult:
        """Send the cops to `code`. A wrong space is a false arrest and the thief stays put."""
        thief = self._active()
        if code != thief.space:
            return ArrestResult("false")
        if not self.rng.chance(self.odds.escape):
            self.thief = None
            return ArrestResult("successful")
        run = 6 if self.rng.chance(self.odds.six) else 5
        escape: list[Step] = []
        for _ in range(run):
            current = self._active()
            moves = rules.candidate_moves(self.board, current)
            if not moves:
                break
            if self.odds.flee:
                moves = rules.flee_moves(
                    self.board, current, moves, code, self.odds.gain, done=len(escape)
                )
            escape.append(self._move(rules.choose_move(self.rng, moves), escape=True))
        return ArrestResult("unsuccessful", escape)

    # --- internals ----------------------------------------------------------------------
    def _active(self) -> Thief:
        if self.thief is None:
            raise RuntimeError("no thief is at large")
        return self.thief

    def _move(self, move: Move, escape: bool = False) -> Step:
        self.thief, clue, crime = rules.apply_move(self.board, self._active(), move)
        clue = clue.shown(self.odds.digits)
        if crime:
            self.crimes += 1
        step = Step(move.to, clue, crime, ride=move.ride, escape=escape)
        self.route.append(step)
        self._heard(clue)
        return step

    def _heard(self, clue: Clue) -> None:
        self.memory.appendleft(clue)
        self.last = clue

    def recall(self, n: int) -> Clue | None:
        """Memory button n: 0 is the latest sound clue, 9 the tenth latest; bleeps never count."""
        return self.memory[n] if 0 <= n < len(self.memory) else None

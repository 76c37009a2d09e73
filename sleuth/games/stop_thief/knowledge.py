"""What one detective knows of the thief: a notebook fed only by what that seat may see.

`Knowledge(seat)` listens to the game's events as that seat sees them (every
public clue, bleep and crime alarm, every arrest and escape, and its own
tips, never another seat's) and keeps a `Tracker` up to date. It reads only
the events logged since it last looked, so a bot can ask it every decision;
it starts again by itself if handed a different game (or one that was rewound).

    >>> import sleuth
    >>> state = sleuth.new_game("stop-thief", players=2, seed=4)
    >>> knowledge = Knowledge(0)
    >>> knowledge.update(state)
    >>> len(knowledge.possible_spaces()) in range(1, 7)
    True
"""

from __future__ import annotations

import weakref
from typing import Any, cast

from sleuth.bots.base import events_since
from sleuth.core import Event, GameState
from sleuth.games.stop_thief.board import Board, load_board
from sleuth.games.stop_thief.scanner import Odds
from sleuth.games.stop_thief.thief import Clue, ClueKind, Thief
from sleuth.games.stop_thief.tracker import InconsistentEvidence, Tracker

EVIDENCE = frozenset({"new_thief", "clue", "tip", "arrest"})  # the events `observe` reads


class Knowledge:
    """One seat's notebook, kept in step with a game by `update(state)`.

    `inconsistencies` counts pieces of evidence the notebook could not fit (and
    so ignored); with the notebook and the scanner playing by the same model it
    stays 0, and the tests hold it there.
    """

    def __init__(self, seat: int, board: Board | None = None, odds: Odds | None = None) -> None:
        self.seat = seat
        self.board = board or load_board()
        self.odds = odds or Odds()
        self.tracker = Tracker(self.board, self.odds)
        self.inconsistencies = 0
        self.thief_number = 0  # which thief (1, 2, ...) the notebook follows
        self.version = 0  # goes up whenever the chances change (or a new thief comes)
        self._game: weakref.ref[GameState] | None = None
        self._cursor = 0
        self._dist: dict[int, float] | None = None
        self._dist_version = -1

    # --- listening -------------------------------------------------------------------------
    def update(self, state: GameState) -> None:
        """Take in every event logged since the last update (from scratch for a new game)."""
        known = self._game() if self._game is not None else None
        if known is not state or len(state.log) < self._cursor:
            self._restart(state)
        events, self._cursor = events_since(state, self.seat, self._cursor)
        for event in events:
            self.observe(event)

    def _restart(self, state: GameState) -> None:
        options: Any = state.options  # public set-up: the odds every seat plays by
        odds = getattr(options, "odds", None)
        if isinstance(odds, Odds):
            self.odds = odds
        self.tracker = Tracker(self.board, self.odds)
        self.inconsistencies = 0
        self.thief_number = 0
        self.version += 1
        self._game = weakref.ref(state)
        self._cursor = 0

    def observe(self, event: Event) -> None:
        """Take in one event this seat saw (events for other seats are ignored)."""
        kind, data = event.kind, event.data
        tracker = self.tracker
        if kind not in EVIDENCE and not tracker.escaping:
            return  # most events (turns, moves, rolls, cards) say nothing of the thief
        if not event.visible_to(self.seat):
            return
        belief = tracker.belief
        try:
            if tracker.escaping and not (kind == "clue" and data.get("type") == "escape"):
                tracker.escape_over()  # the escape clues all arrive together; this ends the run
            if kind == "new_thief":
                tracker.new_thief(int(data["area"]))
                self.thief_number = int(data["number"])
                self.version += 1  # a new thief is news, even one as likely anywhere as the last
            elif kind == "clue":
                if data["bleep"]:
                    tracker.bleep()
                else:
                    tracker.heard(_clue(data))
            elif kind == "tip":
                tracker.tip(int(data["space"]))
            elif kind == "arrest":
                space, outcome = int(data["space"]), data["outcome"]
                if outcome == "false":
                    tracker.false_arrest(space)
                elif outcome == "unsuccessful":
                    tracker.escaped(space)
                else:
                    tracker.arrested()
        except InconsistentEvidence:
            self.inconsistencies += 1
        if tracker.belief is not belief:  # evidence that changed nothing (most) is no news
            self.version += 1

    # --- answers ---------------------------------------------------------------------------
    @property
    def at_large(self) -> bool:
        return self.tracker.at_large

    def distribution(self) -> dict[int, float]:
        """The chance of each space the thief may be on, by code (cached until news)."""
        if self._dist_version != self.version:
            self._dist = self.tracker.distribution() if self.tracker.at_large else {}
            self._dist_version = self.version
        assert self._dist is not None
        return self._dist

    def possible_spaces(self) -> list[int]:
        return sorted(self.distribution())

    def most_likely(self) -> tuple[int, float] | None:
        """The likeliest space and its chance, or None with no thief at large."""
        dist = self.distribution()
        if not dist:
            return None
        code = max(dist, key=lambda c: (dist[c], -c))
        return code, dist[code]

    def states(self) -> dict[Thief, float]:
        """Every hidden thief state that fits, with its chance (for tests and search bots)."""
        return self.tracker.states() if self.tracker.at_large else {}


def _clue(data: Any) -> Clue:
    """The clue an event tells (one object for each kind and area: every seat's notebook
    reads every clue, and making a dataclass each time showed in the RL environments)."""
    area = data.get("area")
    key = (data["kind"], None if area is None else int(area))
    clue = _CLUES.get(key)
    if clue is None:
        clue = _CLUES[key] = Clue(cast(ClueKind, key[0]), key[1])
    return clue


_CLUES: dict[tuple[str, int | None], Clue] = {}

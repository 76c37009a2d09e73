"""The detective's notebook: an exact Bayesian filter over the thief's hidden state.

"Where he might be now depends on where he might just have been" (rulebook,
Tracking a Thief). The notebook carries that forward exactly: it holds every
hidden `Thief` state (space, the space he came from, what he has robbed, ...)
that fits everything heard so far, each with its probability under the same
model the Crime Scanner plays by (`scanner.CrimeScanner` with its `Odds`):

* a CLUE press leaves him still (a bleep) with probability `odds.still`,
  otherwise he takes one of `thief.candidate_moves` uniformly (a subway ride
  offers one move per exit station, so the exit is uniform too); a thief with
  no move at all can only bleep;
* after an unsuccessful arrest at a space he makes 6 escape moves with
  probability `odds.six`, otherwise 5 (fewer only if he is boxed in), never a
  bleep, each uniform among `thief.flee_moves` when `odds.flee` is on;
* a tip and a false arrest tell whether he is on one space.

Thief states are numbered once per board and their moves are grouped by the
clue each makes, so an update is a loop of dictionary look-ups over the
current support (see bench/bench_tracker.py for the cost).

The notebook shorthand (`parse_notes`, `follow`) is what a player writes at
the table and what `sleuth stop-thief track` reads: each clue as the scanner
shows it, 1Cr (or Cr1), 1FL, 1dr, 1GL, 5St and 6Sub for a ride that came up
on street 6 (the digit may be left out but for a crime, as a scanner without
digits shows them: FL, dr, GL, St, Sub), - (a bleep), tip:148, false:148,
escape:148 (then the escape run, ended by its sixth clue, by '.', by any
token that is not a move clue, or by the end of the notes) and new:3Cr for a
new thief after an arrest. A crime clue heard while a thief is at large is that thief robbing again.
"""

from __future__ import annotations

import math
import re
import weakref
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from sleuth.core import Rng
from sleuth.games.stop_thief.board import Board, load_board
from sleuth.games.stop_thief.scanner import Odds
from sleuth.games.stop_thief.thief import (
    Clue,
    ClueKind,
    Move,
    Thief,
    apply_move,
    begin_at,
    candidate_moves,
    flee_moves,
)

ESCAPE_SHORT, ESCAPE_LONG = 5, 6  # rule k: an escape is a run of five or six moves


class TrackerError(ValueError):
    """The notebook was asked something that makes no sense now (e.g. no thief at large)."""


class InconsistentEvidence(TrackerError):
    """No thief state fits everything heard: a clue was misheard, or the odds rule it out.

    Raising it leaves the notebook exactly as it was before the update.
    """


class NoteError(ValueError):
    """A notebook token that cannot be read, with a message for the player."""


# --- the model: thief states numbered once per board --------------------------------------


ClueKey = tuple[ClueKind, int | None]  # (kind, area): cheaper to hash than a Clue


class _Row:
    """The moves open to one thief state: how many, and their successors by clue."""

    __slots__ = ("count", "share", "by_clue")

    def __init__(self, count: int, by_clue: dict[ClueKey, tuple[int, ...]]) -> None:
        self.count = count
        self.share = 1.0 / count if count else 0.0  # each move's chance, if he moves
        self.by_clue = by_clue


class _Model:
    """Every thief state met so far on one board, numbered, with its moves cached.

    Shared by all notebooks on the same board: the rules are pure functions of
    board and state, so a state's moves are worked out once per process.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.states: list[Thief] = []
        self.space: list[int] = []
        self.number: dict[Thief, int] = {}
        self.rows: list[_Row | None] = []
        self.flee_rows: dict[tuple[int, int, bool, int], _Row] = {}
        self.starts: dict[int, dict[int, float]] = {}

    def start(self, area: int) -> dict[int, float]:
        """A new thief's crime in `area`: each crime location there equally likely."""
        dist = self.starts.get(area)
        if dist is None:
            board = self.board
            codes = [c for c in board.crime_codes if board.spaces[c].area == area]
            dist = self.starts[area] = {
                self.intern(begin_at(board, c)[0]): 1.0 / len(codes) for c in codes
            }
        return dist

    def intern(self, thief: Thief) -> int:
        sid = self.number.get(thief)
        if sid is None:
            sid = self.number[thief] = len(self.states)
            self.states.append(thief)
            self.space.append(thief.space)
            self.rows.append(None)
        return sid

    def row(self, sid: int) -> _Row:
        """The moves of a CLUE press (rules c, e, g, i, j), grouped by clue."""
        row = self.rows[sid]
        if row is None:
            thief = self.states[sid]
            row = self.rows[sid] = self._group(thief, candidate_moves(self.board, thief))
        return row

    def flee_row(self, sid: int, cops: int, gain: bool, done: int) -> _Row:
        """The moves of an escape from cops sent to `cops`, `done` escape moves made so far
        (rule k, `flee_moves`)."""
        key = (sid, cops, gain, done if gain else 0)
        row = self.flee_rows.get(key)
        if row is None:
            thief = self.states[sid]
            moves = candidate_moves(self.board, thief)
            if moves:
                moves = flee_moves(self.board, thief, moves, cops, gain, done)
            row = self.flee_rows[key] = self._group(thief, moves)
        return row

    def _group(self, thief: Thief, moves: list[Move]) -> _Row:
        """Successors by clue, each filed twice: under the clue with its building or street
        digit and, but for a crime, under the bare clue of a scanner that hides the digit."""
        by_clue: dict[ClueKey, list[int]] = {}
        for move in moves:
            after, clue, _ = apply_move(self.board, thief, move)
            sid = self.intern(after)
            by_clue.setdefault((clue.kind, clue.area), []).append(sid)
            if clue.kind != "crime":
                by_clue.setdefault((clue.kind, None), []).append(sid)
        return _Row(len(moves), {key: tuple(ids) for key, ids in by_clue.items()})


_MODELS: weakref.WeakKeyDictionary[Board, _Model] = weakref.WeakKeyDictionary()


def _model_for(board: Board) -> _Model:
    model = _MODELS.get(board)
    if model is None:
        model = _MODELS[board] = _Model(board)
    return model


# --- the notebook -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Escape:
    cops: int  # the space the cops were sent to, where he was
    heard: int = 0  # escape clues heard so far


class Tracker:
    """A detective's notebook for one thief at a time: what he may be, and how likely.

    Feed it what the table hears, in order: `new_thief` (the crime alarm that
    starts a thief), `heard` (a sound clue), `bleep`, `tip`, `false_arrest`,
    `escaped` (an unsuccessful arrest, followed by the escape clues) and
    `arrested`. Ask it `possible_spaces`, `distribution`, `most_likely`,
    `states` and `sample`. An update that no state survives raises
    `InconsistentEvidence` and changes nothing.
    """

    def __init__(self, board: Board | None = None, odds: Odds | None = None) -> None:
        self.board = board or load_board()
        self.odds = odds or Odds()
        self._model = _model_for(self.board)
        self._dist: dict[int, float] = {}  # state number -> probability; replaced, never mutated
        self._escape: _Escape | None = None
        self._cumulative: tuple[list[int], list[float]] | None = None
        self.log_likelihood = 0.0  # log P(everything heard about this thief | odds)

    # --- evidence ------------------------------------------------------------------------
    def new_thief(self, crime: Clue | int) -> None:
        """A new thief's first crime (ON at set-up or after an arrest), by clue or area digit.

        Every crime location of that building or street is equally likely: the
        scanner picks among all 19 uniformly (ST-THIEF-03), and a new thief may
        rob the newsstand whatever the last one did.
        """
        area = crime if isinstance(crime, int) else _crime_area(crime)
        dist = self._model.start(area)
        if not dist:
            raise InconsistentEvidence(f"there is no crime location in area {area}")
        self._dist = dist  # shared with the model: never mutated, only replaced
        self._escape = None
        self._cumulative = None
        self.log_likelihood = math.log(len(dist) / len(self.board.crime_codes))

    def heard(self, clue: Clue) -> None:
        """A sound clue: the thief moved. During an escape run, his next escape move."""
        key = (clue.kind, clue.area)
        escape = self._escape
        if escape is None:  # a CLUE press that moved him: the hot path
            new = self._successors(key, None)
            self._commit(new, 1.0 - self.odds.still, lambda: f"no thief fits {clue.token}")
            return
        last = escape.heard + 1 == ESCAPE_LONG  # the sixth clue: it was a run of six
        new = self._successors(key, escape.cops if self.odds.flee else None, escape.heard)
        self._commit(
            new, self.odds.six if last else 1.0, lambda: f"no escaping thief fits {clue.token}"
        )
        self._escape = None if last else _Escape(escape.cops, escape.heard + 1)

    def bleep(self) -> None:
        """A CLUE press that did not move him: still by choice, or boxed in."""
        self._after_escape(self._bleep)

    def tip(self, code: int) -> None:
        """The Tipster's squeal: he is on `code` (private to whoever called the Tipster)."""
        self._after_escape(lambda: self._keep(code, True))

    def false_arrest(self, code: int) -> None:
        """The cops went to `code` and found nobody: he is anywhere else, and did not move."""
        self._after_escape(lambda: self._keep(code, False))

    def escaped(self, code: int, run: Iterable[Clue] | None = None) -> None:
        """An unsuccessful arrest at `code`: he was there, and runs off.

        The following `heard` clues are his escape moves, up to the sixth;
        noting anything else (or calling `escape_over`) ends the run. Pass
        `run` to note the whole escape at once.
        """
        with self._atomic():
            self.escape_over()
            self._keep(code, True)
            self._escape = _Escape(code)
            if run is not None:
                for clue in run:
                    if self._escape is None:
                        raise TrackerError(f"an escape has at most {ESCAPE_LONG} clues")
                    self.heard(clue)
                self.escape_over()

    def escape_over(self) -> None:
        """The escape run has ended (nothing to do if none is running or six were heard).

        Five clues end a run of five, or a run of six cut short because he was
        boxed in; fewer than five can only mean he was boxed in.
        """
        escape = self._escape
        if escape is None:
            return
        six = self.odds.six
        model = self._model
        new = {}
        for sid, w in self._dist.items():
            boxed = model.row(sid).count == 0
            if boxed:  # a run cut short: he could not move on
                new[sid] = w
            elif escape.heard == ESCAPE_SHORT and six < 1.0:
                new[sid] = w * (1.0 - six)  # a run of five
        self._commit(new, 1.0, lambda: f"an escape of {escape.heard} clues is impossible")
        self._escape = None

    def arrested(self) -> None:
        """A successful arrest: the cops cart him off and nobody is at large."""
        self._dist = {}
        self._escape = None
        self._cumulative = None

    # --- answers -------------------------------------------------------------------------
    @property
    def at_large(self) -> bool:
        """Is a thief being tracked (one has struck and not been arrested)?"""
        return bool(self._dist)

    @property
    def belief(self) -> Mapping[int, float]:
        """The weights of the hidden states as they stand. Never changed in place, only
        replaced, so whoever keeps what it shows can tell news by identity."""
        return self._dist

    @property
    def escaping(self) -> bool:
        """Is an escape run in progress (the next clues are escape moves)?"""
        return self._escape is not None

    def states(self) -> dict[Thief, float]:
        """Every hidden state he may be in, with its probability (they sum to 1)."""
        states = self._model.states
        return {states[sid]: w for sid, w in self._dist.items()}

    def possible_spaces(self) -> list[int]:
        """The codes of the spaces he may be on, sorted: where an arrest could succeed."""
        space = self._model.space
        return sorted({space[sid] for sid in self._dist})

    def distribution(self) -> dict[int, float]:
        """The probability of each space he may be on, by code, in code order."""
        space = self._model.space
        out: dict[int, float] = {}
        for sid, w in self._dist.items():
            code = space[sid]
            out[code] = out.get(code, 0.0) + w
        return dict(sorted(out.items()))

    def probability(self, code: int) -> float:
        """The probability that he is on `code` now."""
        space = self._model.space
        return sum(w for sid, w in self._dist.items() if space[sid] == code)

    def most_likely(self) -> int:
        """The most probable space (the lowest code among ties)."""
        self._require()
        dist = self.distribution()
        return max(dist, key=lambda code: (dist[code], -code))

    def sample(self, rng: Rng) -> Thief:
        """A full hidden state drawn from what is known (for resampling by search bots)."""
        self._require()
        if self._cumulative is None:
            ids = list(self._dist)
            self._cumulative = (ids, list(accumulate(self._dist[sid] for sid in ids)))
        ids, cumulative = self._cumulative
        u = rng.randint(0, (1 << 53) - 1) / (1 << 53) * cumulative[-1]
        return self._model.states[ids[min(bisect_right(cumulative, u), len(ids) - 1)]]

    def copy(self) -> Tracker:
        """An independent notebook with the same knowledge (cheap: the model is shared)."""
        other = Tracker(self.board, self.odds)
        other._dist = self._dist
        other._escape = self._escape
        other.log_likelihood = self.log_likelihood
        return other

    # --- internals -----------------------------------------------------------------------
    def _require(self) -> None:
        if not self._dist:
            raise TrackerError("no thief is at large: note a new thief's crime first")

    @contextmanager
    def _atomic(self) -> Iterator[None]:
        """Run several steps as one update: if any raises, put everything back."""
        self._require()
        saved = (self._dist, self._escape, self.log_likelihood)
        try:
            yield
        except TrackerError:
            self._dist, self._escape, self.log_likelihood = saved
            self._cumulative = None
            raise

    def _after_escape(self, update: Callable[[], None]) -> None:
        """End the escape run in progress, if any, then `update`: all or nothing."""
        self._require()
        if self._escape is None:
            update()
            return
        with self._atomic():
            self.escape_over()
            update()

    def _successors(self, key: ClueKey, cops: int | None, done: int = 0) -> dict[int, float]:
        """Every state one move on that makes the clue `key`, weighted by its chance.

        `cops` set: an escape move from cops sent there (`flee_moves`).
        """
        model = self._model
        rows = model.rows
        new: dict[int, float] = {}
        get = new.get
        for sid, w in self._dist.items():
            row = (
                (rows[sid] or model.row(sid))
                if cops is None
                else model.flee_row(sid, cops, self.odds.gain, done)
            )
            nexts = row.by_clue.get(key)
            if nexts is not None:
                p = w * row.share
                for t in nexts:
                    new[t] = get(t, 0.0) + p
        return new

    def _bleep(self) -> None:
        still = self.odds.still
        model = self._model
        rows = model.rows
        if still and all((rows[sid] or model.row(sid)).count for sid in self._dist):
            # Nobody boxed in: every state bleeps by choice alike, so the weights keep their
            # ratios (the usual case: left as they are, no news to whoever follows them).
            self.log_likelihood += math.log(still)
            return
        new = {}
        for sid, w in self._dist.items():
            row = rows[sid] or model.row(sid)
            if not row.count:
                new[sid] = w  # boxed in: he can only bleep
            elif still:
                new[sid] = w * still
        self._commit(new, 1.0, lambda: "the thief cannot stay still with these odds")

    def _keep(self, code: int, there: bool) -> None:
        """Keep the states on `code` (`there`) or the states elsewhere (not `there`)."""
        space = self._model.space
        new = {sid: w for sid, w in self._dist.items() if (space[sid] == code) == there}
        if len(new) == len(self._dist):
            return  # nothing ruled out (most false arrests): the weights stand as they are
        why = f"the thief cannot be on {code}" if there else f"the thief must be on {code}"
        self._commit(new, 1.0, lambda: why)

    def _commit(self, new: dict[int, float], scale: float, why: Callable[[], str]) -> None:
        """Normalise and adopt `new` (positive weights, a dict nobody else holds); its total
        times `scale` is the likelihood of the evidence."""
        mass = sum(new.values())
        if not mass * scale > 0.0:
            self._require()
            raise InconsistentEvidence(why())
        inv = 1.0 / mass
        for sid in new:
            new[sid] *= inv
        self._dist = new
        self._cumulative = None
        self.log_likelihood += math.log(mass * scale)


def _crime_area(clue: Clue) -> int:
    if clue.kind != "crime" or clue.area is None:
        raise TrackerError(f"a new thief starts with a crime clue, not {clue.token}")
    return clue.area


# --- the notebook shorthand ---------------------------------------------------------------

NoteKind = Literal["new", "clue", "bleep", "tip", "false", "escape", "end"]

_CLUE_TOKENS: dict[str, ClueKind] = {
    "fl": "floor", "dr": "door", "gl": "glass", "st": "street", "sub": "subway", "subway": "subway",
}  # fmt: skip
_CLUE = re.compile(r"(\d?)(cr|fl|dr|gl|st|sub|subway)(\d?)")
_AT = re.compile(r"(tip|false|escape):(\d)-?(\d\d)")
_AT_KINDS: dict[str, NoteKind] = {"tip": "tip", "false": "false", "escape": "escape"}


@dataclass(frozen=True, slots=True)
class Note:
    """One thing written in the notebook, as `Tracker` takes it."""

    kind: NoteKind
    text: str  # as the player wrote it
    number: int  # its place among the tokens, from 1
    clue: Clue | None = None  # for "new" (a crime) and "clue"
    code: int | None = None  # for "tip", "false" and "escape"


def parse_notes(tokens: Sequence[str], board: Board | None = None) -> list[Note]:
    """Read notebook tokens (see the module docstring); raise NoteError on the first bad one.

    The first note must be a crime: the alarm that starts a thief. Later, a
    crime is that thief robbing again, and `new:3Cr` (or `new 3Cr`) starts a
    new thief after an arrest.
    """
    board = board or load_board()
    notes: list[Note] = []
    escaping = 0  # how many escape clues may still follow escape:X
    expect_crime = True  # at the start, and after a bare "new"
    for number, text in enumerate(tokens, start=1):
        word = text.strip().lower()
        try:
            if word in ("new", "new:"):
                expect_crime, escaping = True, 0
                continue
            if word.startswith("new:"):
                word, expect_crime = word[4:], True
            clue = _read_clue(word)
            if expect_crime:
                if clue is None or clue.kind != "crime":
                    raise ValueError("a thief starts with his crime, like 1Cr (building 1)")
                if not any(board.spaces[c].area == clue.area for c in board.crime_codes):
                    raise ValueError(f"there is no crime location in area {clue.area}")
                notes.append(Note("new", text, number, clue=clue))
                expect_crime, escaping = False, 0
            elif clue is not None:
                notes.append(Note("clue", text, number, clue=clue))
                escaping = max(escaping - 1, 0)
            elif word in ("-", "bleep"):
                notes.append(Note("bleep", text, number))
                escaping = 0
            elif word in (".", "end"):
                if not escaping:
                    raise ValueError(f"{word!r} ends an escape run, and none is running")
                notes.append(Note("end", text, number))
                escaping = 0
            elif match := _AT.fullmatch(word):
                code = int(match[2] + match[3])
                if code not in board.spaces:
                    raise ValueError(f"there is no numbered space {code}")
                kind = _AT_KINDS[match[1]]
                notes.append(Note(kind, text, number, code=code))
                escaping = ESCAPE_LONG if kind == "escape" else 0
            else:
                raise ValueError(_UNKNOWN)
        except ValueError as err:
            raise NoteError(f"token {number} {text!r}: {err}") from None
    if expect_crime:
        raise NoteError("the notes must begin with the crime alarm, like 1Cr (building 1)")
    return notes


_UNKNOWN = (
    "not a notebook token; use 1Cr (or Cr1), 1FL, 1dr, 1GL, 5St, 6Sub (the digit may be "
    "left out but for a crime: FL, dr, GL, St, Sub), - (bleep), "
    "tip:148, false:148, escape:148, . (ends an escape run), new:3Cr"
)


def _read_clue(word: str) -> Clue | None:
    """A clue token: two letters with the building or street digit before or after them
    (1dr, dr1) or, as the rulebook prints them, without it (dr); a crime needs its digit."""
    match = _CLUE.fullmatch(word)
    if match is None:
        return None
    before, letters, after = match.groups()
    if before and after:
        raise ValueError("a clue has one building or street digit, not two")
    kind = "crime" if letters == "cr" else _CLUE_TOKENS[letters]
    digit = before or after
    if not digit:
        if kind == "crime":
            raise ValueError("a crime shows its building or street digit, like 1Cr")
        return Clue(kind)
    area = int(digit)
    if not 1 <= area <= 8:
        raise ValueError("the digit is a building 1-4 or a street 5-8")
    return Clue(kind, area)


def follow(notes: Iterable[Note], tracker: Tracker) -> Tracker:
    """Note each in turn in `tracker` (the escape run in progress ends with the notes)."""
    for note in notes:
        try:
            if note.kind == "new":
                assert note.clue is not None
                tracker.new_thief(note.clue)
            elif note.kind == "clue":
                assert note.clue is not None
                tracker.heard(note.clue)
            elif note.kind == "bleep":
                tracker.bleep()
            elif note.kind == "end":
                tracker.escape_over()
            elif note.kind == "tip":
                assert note.code is not None
                tracker.tip(note.code)
            elif note.kind == "false":
                assert note.code is not None
                tracker.false_arrest(note.code)
            else:
                assert note.kind == "escape" and note.code is not None
                tracker.escaped(note.code)
        except TrackerError as err:
            raise type(err)(f"token {note.number} {note.text!r}: {err}") from err
    try:
        tracker.escape_over()
    except TrackerError as err:
        raise type(err)(f"at the end of the escape run: {err}") from err
    return tracker

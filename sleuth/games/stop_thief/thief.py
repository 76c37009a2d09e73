"""How a thief moves: the Crime Scanner's brain (rulebook, "How a Thief Moves" a-k).

Everything here is a pure function of the board, a small immutable `Thief`
and, for the choices the rulebook leaves to chance, the game's generator. The
tracker reuses `candidate_moves` so that the notebook and the thief can never
disagree about what is legal.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from functools import cache
from typing import Literal

from sleuth.core import Rng
from sleuth.games.stop_thief.board import Board

ClueKind = Literal["crime", "floor", "door", "glass", "street", "subway"]

SUBWAY = 0  # the pseudo-space a ride passes through; never a thief's resting place


@dataclass(frozen=True, slots=True)
class Clue:
    """What the scanner tells everyone about one thief move."""

    kind: ClueKind
    area: int | None = None  # building 1-4 or street 5-8 he is in; None when not shown

    @property
    def display(self) -> str:
        """The three LED characters: the building or street digit (blank when the unit
        does not show it) and two letters: '1Cr', '1dr', '5St', ' FL'."""
        digit = " " if self.area is None else str(self.area)
        return digit + _LETTERS[self.kind]

    def shown(self, digits: bool) -> Clue:
        """The clue as the unit shows it: without `digits` only a crime keeps its digit
        (the rulebook's printed reading, decision S1)."""
        if digits or self.kind == "crime" or self.area is None:
            return self
        return Clue(self.kind)

    @property
    def sound(self) -> str:
        return {
            "crime": "crime-alarm",
            "floor": "squeaky-floor",
            "door": "creaking-door",
            "glass": "breaking-glass",
            "street": "running-feet",
            "subway": "subway-then-street",
        }[self.kind]

    @property
    def token(self) -> str:
        """How a player writes the clue in a notebook: 1Cr, 1dr, FL, dr, GL, St, 6Sub."""
        if self.kind == "subway":
            return f"{'' if self.area is None else self.area}Sub"
        return self.display.strip()

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "area": self.area, "display": self.display, "sound": self.sound}


_LETTERS: dict[ClueKind, str] = {
    "crime": "Cr", "floor": "FL", "door": "dr", "glass": "GL", "street": "St", "subway": "St",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Thief:
    """The hidden state of one thief: enough to decide his next move, nothing more.

    `robbed` holds the crime locations robbed in the building he is in; they
    register as FLOOR until he leaves it (rule h). `surfaced` is true on the
    move after a subway ride, when rule i does not send him straight back down.
    """

    space: int
    previous: int | None = None
    robbed: frozenset[int] = frozenset()
    newsstand_robbed: bool = False
    surfaced: bool = False


@dataclass(frozen=True, slots=True)
class Move:
    to: int
    ride: bool = False  # through the subway, surfacing at `to`


def start(board: Board, rng: Rng, newsstand_robbable: bool = True) -> tuple[Thief, Clue]:
    """A new thief caught in the act at one of the 19 crime locations (ST-THIEF-03)."""
    crimes = [c for c in board.crime_codes if newsstand_robbable or c != board.newsstand]
    code = rng.choice(crimes)
    return begin_at(board, code)


def begin_at(board: Board, code: int) -> tuple[Thief, Clue]:
    space = board.spaces[code]
    if space.kind != "crime":
        raise ValueError(f"a thief starts at a crime location, not {code}")
    thief = Thief(
        space=code,
        robbed=frozenset({code}) if space.indoor else frozenset(),
        newsstand_robbed=space.newsstand,
    )
    return thief, Clue("crime", space.area)


def robbable(board: Board, thief: Thief, code: int) -> bool:
    space = board.spaces[code]
    if space.kind != "crime":
        return False
    if space.newsstand:
        return not thief.newsstand_robbed
    return code not in thief.robbed


def _past(a: int, mid: int, b: int) -> bool:
    """Does going a -> mid -> b carry on in the same direction along one axis?"""
    return (mid > a and b > mid) or (mid < a and b < mid)


def through(board: Board, thief: Thief, to: int) -> bool:
    """Is `to` on the far side of the door or window the thief stands in (rule e)?"""
    here = board.spaces[thief.space]
    if thief.previous is None or thief.previous == SUBWAY:
        return True
    prev, nxt = board.spaces[thief.previous], board.spaces[to]
    if here.crossing == "rows":
        return _past(prev.row, here.row, nxt.row)
    if here.crossing == "cols":
        return _past(prev.col, here.col, nxt.col)
    # The one door on a diagonal wall (3-44): its wall runs through the square above it.
    return _past(prev.row, here.row - 1, nxt.row)


def candidate_moves(board: Board, thief: Thief) -> list[Move]:
    """Every move the rules allow the thief now, after the forced rules have had their say.

    Order: i (subway) forces a ride; e (through a door or window) narrows the
    choice; g (grab a crime one move away) forces it when he stands in a room,
    on a floor or crime space, not in a doorway or window (the rulebook's own
    example has him break window 48 from door 57 with crime 46 one move away);
    c (no straight return) removes the space he came from. If c leaves nothing, he goes
    back after all rather than freeze (a dead end); if nothing at all is left, the list
    is empty.
    """
    return list(_candidate_moves(board, thief))


@cache
def _candidate_moves(board: Board, thief: Thief) -> tuple[Move, ...]:
    """`candidate_moves`, worked out once per board and thief state: the scanner asks at
    every CLUE press, and an RL environment presses it millions of times."""
    here = board.spaces[thief.space]
    if here.code in board.corner_fronts and not thief.surfaced:
        return tuple(Move(front, ride=True) for front in board.station_fronts)  # rule i, j
    options = list(board.thief_neighbours[here.code])
    if here.kind in ("door", "window"):
        options = [n for n in options if through(board, thief, n)]  # rule e
    if here.kind in ("floor", "crime"):  # in a room, not in a doorway: see docs decision T3
        crimes = [n for n in options if board.spaces[n].indoor and robbable(board, thief, n)]
        if crimes:
            options = crimes  # rule g
    forward = [n for n in options if n != thief.previous]  # rule c
    return tuple(Move(n) for n in (forward or options))


@cache  # a pure function of immutable values, asked at every move of the thief
def apply_move(board: Board, thief: Thief, move: Move) -> tuple[Thief, Clue, bool]:
    """The thief after a move, the clue it makes, and whether it was a crime."""
    if move.ride:
        return (
            Thief(move.to, SUBWAY, frozenset(), thief.newsstand_robbed, surfaced=True),
            Clue("subway", board.spaces[move.to].area),  # he surfaces on that street
            False,
        )
    space = board.spaces[move.to]
    crime = robbable(board, thief, move.to)
    robbed = thief.robbed if space.indoor else frozenset()  # rule h: leaving restocks
    newsstand_robbed = thief.newsstand_robbed
    if crime:
        if space.newsstand:
            newsstand_robbed = True
        else:
            robbed = robbed | {move.to}
    after = replace(
        thief, space=move.to, previous=thief.space, robbed=robbed,
        newsstand_robbed=newsstand_robbed, surfaced=False,
    )  # fmt: skip
    return after, clue_of(board, space.code, crime), crime


def clue_of(board: Board, code: int, crime: bool) -> Clue:
    """The whole clue a move onto `code` makes, its building or street digit included
    (the scanner drops the digit if the table plays without it: `Clue.shown`)."""
    space = board.spaces[code]
    if crime:
        return Clue("crime", space.area)
    kind = space.kind
    if kind == "crime":  # robbed: a floor indoors (rule h), the street for the newsstand
        return Clue("street" if space.newsstand else "floor", space.area)
    return Clue(_CLUE_OF_KIND[kind], space.area)


_CLUE_OF_KIND: dict[str, ClueKind] = {
    "floor": "floor", "door": "door", "window": "glass", "street": "street",
}  # fmt: skip


def choose_move(rng: Rng, moves: list[Move]) -> Move:
    """The thief's free choice among legal moves: uniform (the rulebook gives no bias).

    A ride picks its exit among the five stations with equal odds (rule j).
    """
    return rng.choice(moves)


AWAY = 5  # rule k: "either 5 or 6 numbered spaces away"; a run has at least five moves


def flee_moves(
    board: Board, thief: Thief, moves: list[Move], cops: int, gain: bool = True, done: int = 0
) -> list[Move]:
    """During an escape, the moves that take him away from the space the cops came to.

    With `gain` (rule k read as "he runs until he is 5 or 6 numbered spaces away"),
    distance is counted in thief moves. During the first five moves of a run (`done`
    made so far) he keeps to the moves after which he can still stand 5 spaces away
    once the fifth is made (or, where the board allows no such path, as far as he
    can get), preferring those that leave him a sixth move that stays 5 away; the
    sixth takes him farther where it can, else keeps his distance.
    Without `gain` (the older reading), every move that does not bring him nearer on
    the grid.
    """
    if gain:
        far = spaces_apart(board)[cops]
        if done < AWAY:
            left = AWAY - done - 1
            value = {m: _reach(board, apply_move(board, thief, m)[0], cops, left) for m in moves}
            best = max(value.values(), default=0)
            return [m for m in moves if value[m] == best]
        now = far[thief.space]
        farther = [m for m in moves if far[m.to] > now]
        return farther or [m for m in moves if far[m.to] >= now] or moves
    cr, cc = board.centre(cops)

    def distance(code: int) -> float:
        r, c = board.centre(code)
        return max(abs(r - cr), abs(c - cc))

    now_grid = distance(thief.space)
    away = [m for m in moves if m.ride or distance(m.to) >= now_grid]
    return away or moves


@cache
def _reach(board: Board, thief: Thief, cops: int, left: int) -> tuple[int, bool]:
    """How far from `cops` (in thief moves, counted up to 5) he can stand after `left`
    more moves, and whether he can then make a sixth without coming nearer than 5 (for a
    run of six); one boxed in stays where he is."""
    apart = spaces_apart(board)[cops]
    here = min(apart[thief.space], AWAY)
    moves = candidate_moves(board, thief)
    if not moves:
        return here, True
    if not left:
        return here, any(apart[m.to] >= AWAY for m in moves)
    return max(_reach(board, apply_move(board, thief, m)[0], cops, left - 1) for m in moves)


@cache
def spaces_apart(board: Board) -> dict[int, dict[int, int]]:
    """How many thief moves apart every two numbered spaces are (the subway left out:
    a ride goes anywhere, so it says nothing about distance)."""
    out: dict[int, dict[int, int]] = {}
    for start in board.spaces:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in board.thief_neighbours[here]:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        out[start] = dist
    return out

"""Every place on the Kojak board in words a player can find: a lot, a landmark, a street.

The engine names path spaces `rRRcCC`; people need "the north road, 2 spaces
west of the Restaurant". A name has two parts:

* the street: the outer loop's four sides are the north, east, south and
  west roads (its corners belong to the north and south roads), the inner
  loop is the ring road round Headquarters, and the four short streets that
  join them are the north, east, south and west cross streets;
* the nearest landmark (a parking lot, by path distance; the first in board
  order on a tie): "outside" it for the space its lot opens onto, else how
  many spaces away and in which of eight directions (names are unique).

`place_names(board)` is worked out once per board; the terminal's log and
the browser (through `Board.to_json`'s `name` per space) use the same words.

    >>> from sleuth.games.kojak.board import load_board
    >>> names = place_names(load_board())
    >>> names["lot-movie"], names["r04c07"]
    ("the Movie House's lot", 'the ring road, 4 spaces north-east of the Movie House')
"""

from __future__ import annotations

from functools import cache

from sleuth.games.kojak.board import Board

LOT_WORDS = {
    "lot-hq-west": "the west Headquarters lot",
    "lot-hq-east": "the east Headquarters lot",
    "lot-lieutenant": "the Lieutenant's lot",
}


def lot_name(board: Board, lot: str) -> str:
    building = board.building_at.get(lot)
    if building:
        return f"the {board.buildings[building].name}'s lot"
    return LOT_WORDS.get(lot, f"the lot {lot}")


def _landmark(board: Board, lot: str) -> str:
    """A lot as a landmark: a building by its own name, Headquarters' lots by theirs."""
    building = board.building_at.get(lot)
    return f"the {board.buildings[building].name}" if building else lot_name(board, lot)


def _street(board: Board, space: str) -> str:
    x, y = board.path[space]
    left, top, right, bottom = board.hq_box
    xs = [p[0] for p in board.path.values()]
    ys = [p[1] for p in board.path.values()]
    if y == min(ys):
        return "the north road"
    if y == max(ys):
        return "the south road"
    if x == min(xs):
        return "the west road"
    if x == max(xs):
        return "the east road"
    if left - 1 <= x <= right + 1 and top - 1 <= y <= bottom + 1:
        return "the ring road"
    cx, cy = (left + right) / 2, (top + bottom) / 2
    if abs(x - cx) < abs(y - cy):
        return f"the {'north' if y < cy else 'south'} cross street"
    return f"the {'west' if x < cx else 'east'} cross street"


def _direction(here: tuple[float, float], there: tuple[float, float]) -> str:
    """Which way `here` lies from `there`, in eight points (y runs down the board)."""
    dx, dy = here[0] - there[0], here[1] - there[1]
    north_south = "" if dy == 0 else ("south" if dy > 0 else "north")
    east_west = "" if dx == 0 else ("east" if dx > 0 else "west")
    return "-".join(w for w in (north_south, east_west) if w)


@cache
def place_names(board: Board) -> dict[str, str]:
    """Every path space and lot in words, unique on the board."""
    names = {lot: lot_name(board, lot) for lot in board.lots}
    for space in board.path:
        street = _street(board, space)
        lot = min(board.lots, key=lambda lot: board.distance(space, lot))
        opening = board.lots[lot].at
        if opening == space:
            names[space] = f"{street}, outside {_landmark(board, lot)}"
            continue
        steps = board.distance(space, opening)
        way = _direction(board.path[space], board.path[opening])
        spaces = f"{steps} space{'s' if steps != 1 else ''}"
        names[space] = f"{street}, {spaces} {way} of {_landmark(board, lot)}"
    return names

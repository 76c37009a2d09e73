"""The Kojak board: the white path, the parking lots, the buildings and Headquarters.

Loaded once from data/board.json and checked on load. Cars stand on *places*:
the white path spaces (named `rRRcCC` by row and column) and the seven parking
lots (`lot-movie`, ..., `lot-hq-west`, `lot-hq-east`, `lot-lieutenant`). A
parking lot hangs off one path space and counts as one space; a car that
reaches a lot may stop there whatever is left of its roll, and no car drives
through a lot. Within one move a car never enters a place twice, so it keeps
to one direction but may turn any corner (KJ-ADVANCED-04).

Kojak's pawn stands on the spaces of Headquarters: the Start space, the
arrowed track around Headquarters, the Radio and Command Rooms, and the
special path of yellow spaces whose last one is by the Computer Room.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

BUILDINGS: tuple[str, ...] = ("movie", "restaurant", "hotel", "bus")
LotKind = Literal["building", "headquarters", "lieutenant"]
HQKind = Literal["start", "track", "radio", "command", "yellow", "computer"]
ROOMS = ("radio", "command")


class BoardError(ValueError):
    """The board data file is inconsistent."""


@dataclass(frozen=True, slots=True)
class Lot:
    id: str
    x: float
    y: float
    at: str  # the path space it opens onto
    kind: LotKind
    building: str | None


@dataclass(frozen=True, slots=True)
class Building:
    id: str
    name: str
    colour: str  # of its base, turntable, roof and informers
    x: float
    y: float
    lot: str
    slots: int  # vertical slots on its turntable


@dataclass(frozen=True, slots=True)
class HQSpace:
    id: str
    kind: HQKind
    x: float
    y: float
    next: tuple[str, ...]  # where the arrows lead (a room leads back to its entrance)


class Board:
    """Every fact about the board the rules need, with car and Kojak moves precomputed."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.about: str = data["about"]
        self.width: int = int(data["width"])
        self.height: int = int(data["height"])
        self.path: dict[str, tuple[float, float]] = {}
        for space in data["path"]:
            if space["id"] in self.path:
                raise BoardError(f"path space {space['id']} appears twice")
            self.path[space["id"]] = (space["x"], space["y"])
        self.lots: dict[str, Lot] = {}
        for lot in data["lots"]:
            self.lots[lot["id"]] = Lot(
                lot["id"], lot["x"], lot["y"], lot["at"], lot["kind"], lot.get("building")
            )
        self.buildings: dict[str, Building] = {b["id"]: Building(**b) for b in data["buildings"]}
        hq = data["headquarters"]
        self.hq_box: tuple[float, ...] = tuple(hq["box"])
        self.hq: dict[str, HQSpace] = {
            s["id"]: HQSpace(s["id"], s["kind"], s["x"], s["y"], tuple(s["next"]))
            for s in hq["spaces"]
        }
        self.places: tuple[str, ...] = (*self.path, *self.lots)
        self.neighbours: dict[str, tuple[str, ...]] = self._link(data["links"])
        self._validate()
        self.colour_of = {b.id: b.colour for b in self.buildings.values()}
        self.building_of_colour = {b.colour: b.id for b in self.buildings.values()}
        self.lot_of = {b.id: b.lot for b in self.buildings.values()}
        self.building_at = {lot.id: lot.building for lot in self.lots.values() if lot.building}
        self.hq_lots: tuple[str, ...] = tuple(
            lot.id for lot in self.lots.values() if lot.kind == "headquarters"
        )
        self.lieutenant: str = next(
            lot.id for lot in self.lots.values() if lot.kind == "lieutenant"
        )
        self.start: str = next(s.id for s in self.hq.values() if s.kind == "start")
        self.computer: str = next(s.id for s in self.hq.values() if s.kind == "computer")
        self.room_of_entrance = {
            space.id: nxt
            for space in self.hq.values()
            if space.kind in ("start", "track")
            for nxt in space.next
            if nxt in ROOMS
        }

    # --- construction ------------------------------------------------------------------
    def _link(self, links: list[list[str]]) -> dict[str, tuple[str, ...]]:
        adjacent: dict[str, set[str]] = {p: set() for p in self.places}
        for a, b in links:
            if a not in self.path or b not in self.path:
                raise BoardError(f"link {a}-{b} names a space that is not on the path")
            adjacent[a].add(b)
            adjacent[b].add(a)
        for lot in self.lots.values():
            if lot.at not in self.path:
                raise BoardError(f"{lot.id} opens onto {lot.at}, which is not a path space")
            adjacent[lot.id].add(lot.at)
            adjacent[lot.at].add(lot.id)
        return {p: tuple(sorted(ns)) for p, ns in adjacent.items()}

    def _validate(self) -> None:
        if tuple(self.buildings) != BUILDINGS:
            raise BoardError(f"the buildings must be {BUILDINGS}, in that order")
        for b in self.buildings.values():
            lot = self.lots.get(b.lot)
            if lot is None or lot.kind != "building" or lot.building != b.id:
                raise BoardError(f"{b.name} needs its own building parking lot")
            if not 4 <= b.slots <= 12:
                raise BoardError(f"{b.name}'s turntable has {b.slots} slots; 4 to 12 fit")
        colours = [b.colour for b in self.buildings.values()]
        if len(set(colours)) != len(colours):
            raise BoardError("each building has a colour of its own")
        kinds = sorted(lot.kind for lot in self.lots.values())
        if kinds != ["building"] * 4 + ["headquarters"] * 2 + ["lieutenant"]:
            raise BoardError("there are 4 building lots, 2 Headquarters lots and the Lieutenant's")
        for path_space in self.path:
            if len([n for n in self.neighbours[path_space] if n in self.path]) < 2:
                raise BoardError(f"path space {path_space} is a dead end")
        if len(self._reach(next(iter(self.path)))) != len(self.places):
            raise BoardError("the path is not all one piece")
        kinds_hq = [s.kind for s in self.hq.values()]
        for kind in ("start", "radio", "command", "computer"):
            if kinds_hq.count(kind) != 1:
                raise BoardError(f"Headquarters needs exactly one {kind} space")
        for space in self.hq.values():
            for nxt in space.next:
                if nxt not in self.hq:
                    raise BoardError(f"an arrow from {space.id} leads to unknown {nxt}")
            if space.kind in ROOMS and len(space.next) != 1:
                raise BoardError(f"the {space.id} room has one entrance")
        for room in ROOMS:
            entrance = self.hq[room].next[0]
            if room not in self.hq[entrance].next:
                raise BoardError(f"the {room} room's entrance does not lead into it")

    def _reach(self, source: str) -> set[str]:
        seen = {source}
        queue = deque([source])
        while queue:
            for n in self.neighbours[queue.popleft()]:
                if n not in seen:
                    seen.add(n)
                    queue.append(n)
        return seen

    # --- cars ---------------------------------------------------------------------------
    def is_lot(self, place: str) -> bool:
        return place in self.lots

    def destinations(self, start: str, roll: int) -> tuple[str, ...]:
        """Where a car on `start` may end a move of `roll`, sorted (KJ-MOVE-01, KJ-ADVANCED-09)."""
        return _destinations(self, start, roll)

    def route(self, start: str, end: str, roll: int) -> tuple[str, ...]:
        """One route of a legal move from `start` to `end` (for drawing it), start excluded."""
        found = _walk_routes(self, start, roll).get(end)
        if found is None:
            raise ValueError(f"no move of {roll} from {start} ends on {end}")
        return found

    @cache  # noqa: B019 - boards live for the whole run
    def distance(self, a: str, b: str) -> int:
        """Fewest spaces from place a to place b; lots are entered, never driven through."""
        dist = {a: 0}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                return dist[here]
            if here != a and here in self.lots:
                continue
            for n in self.neighbours[here]:
                if n not in dist:
                    dist[n] = dist[here] + 1
                    queue.append(n)
        raise BoardError(f"{b} cannot be reached from {a}")

    # --- Kojak in Headquarters (the advanced game) --------------------------------------
    def hq_walks(self, start: str, count: int) -> dict[str, tuple[str, ...]]:
        """Where Kojak may end a move of `count` spaces along the arrows, with a route each.

        He must use the whole count, except that he may stop on entering a room
        or the last yellow space (KJ-ADVANCED-12/13/14). He never enters a
        space twice in one move, so he cannot step out of a room and straight back in.
        """
        return _hq_walks(self, start, count)

    def to_json(self) -> dict[str, Any]:
        """The whole board for an interface to draw (it never changes during a game)."""
        return {
            "width": self.width,
            "height": self.height,
            "path": [{"id": p, "x": x, "y": y} for p, (x, y) in self.path.items()],
            "links": sorted(
                [a, b] for a in self.path for b in self.neighbours[a] if b in self.path and a < b
            ),
            "lots": [
                {
                    "id": lot.id,
                    "x": lot.x,
                    "y": lot.y,
                    "at": lot.at,
                    "kind": lot.kind,
                    "building": lot.building,
                }  # fmt: skip
                for lot in self.lots.values()
            ],
            "buildings": [
                {
                    "id": b.id,
                    "name": b.name,
                    "colour": b.colour,
                    "x": b.x,
                    "y": b.y,
                    "lot": b.lot,
                    "slots": b.slots,
                }  # fmt: skip
                for b in self.buildings.values()
            ],
            "headquarters": {
                "box": list(self.hq_box),
                "spaces": [
                    {"id": s.id, "kind": s.kind, "x": s.x, "y": s.y, "next": list(s.next)}
                    for s in self.hq.values()
                ],
            },
        }


@cache
def _walk_routes(board: Board, start: str, roll: int) -> dict[str, tuple[str, ...]]:
    """Every end of a legal car move, each with the first route found to it."""
    ends: dict[str, tuple[str, ...]] = {}

    def go(here: str, left: int, route: tuple[str, ...], seen: frozenset[str]) -> None:
        if left == 0:
            ends.setdefault(here, route)
            return
        for nxt in board.neighbours[here]:
            if nxt in seen:
                continue
            if nxt in board.lots:  # a lot is one space, entered not by exact count
                ends.setdefault(nxt, (*route, nxt))
                continue
            go(nxt, left - 1, (*route, nxt), seen | {nxt})

    go(start, roll, (), frozenset({start}))
    return ends


@cache
def _destinations(board: Board, start: str, roll: int) -> tuple[str, ...]:
    return tuple(sorted(_walk_routes(board, start, roll)))


@cache
def _hq_walks(board: Board, start: str, count: int) -> dict[str, tuple[str, ...]]:
    ends: dict[str, tuple[str, ...]] = {}
    stops = {"radio", "command", "computer"}

    def go(here: str, left: int, route: tuple[str, ...], seen: frozenset[str]) -> None:
        if left == 0:
            ends.setdefault(here, route)
            return
        for nxt in board.hq[here].next:
            if nxt in seen:
                continue
            if board.hq[nxt].kind in stops:
                ends.setdefault(nxt, (*route, nxt))
                continue
            go(nxt, left - 1, (*route, nxt), seen | {nxt})

    go(start, count, (), frozenset({start}))
    return ends


def parse_board(data: Any) -> Board:
    try:
        return Board(data)
    except (KeyError, TypeError, ValueError) as err:
        if isinstance(err, BoardError):
            raise
        raise BoardError(f"board data is malformed: {err!r}") from err


@cache
def load_board() -> Board:
    text = resources.files("sleuth.games.kojak").joinpath("data/board.json").read_text()
    return parse_board(json.loads(text))

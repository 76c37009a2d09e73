"""The Manhunt board: grey roadways, the eight numbered places, the four Badge spaces.

Loaded once from data/board.json and checked on load. The file names the
street corners (junctions, with board coordinates) and, for each street, the
spaces strictly between its two corners in order: a grey roadway space (".")
or a coloured numbered space ("1a", "1b", "2" ... "8"). Spaces between two
corners are spread evenly along the street for drawing.

A car moves the full reading of the NUMBERED dial along the roads, never
turning back within a move (docs/manhunt/decisions.md, B2); `reach` lists
where that can end. Every space has at least two neighbours, so a move can
always be completed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

SpaceKind = Literal["road", "place", "badge"]
PLACE_NUMBERS = tuple(range(1, 9))
BADGES = 4


class BoardError(ValueError):
    """The board data file is inconsistent."""


@dataclass(frozen=True, slots=True)
class Space:
    index: int
    id: str  # "1a", "2" ... "8" for coloured spaces, "hq-n" for Badges, "a0" or "a0-a1/2" for roads
    kind: SpaceKind
    place: int | None  # the numbered place (1-8) a coloured space belongs to
    x: float
    y: float

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "place": self.place, "x": self.x, "y": self.y}


@dataclass(frozen=True, slots=True)
class Place:
    number: int
    name: str  # "Scene of Crime 1", "Witness 3", ...
    colour: str
    spaces: tuple[str, ...]
    block: tuple[int, int]  # the city block its picture fills (row, column)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "name": self.name,
            "colour": self.colour,
            "spaces": list(self.spaces),
            "block": list(self.block),
        }


class Board:
    """Every fact about the board the rules and the bots need, precomputed."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.about: str = data["about"]
        self.places: dict[int, Place] = {}
        for p in data["places"]:
            place = Place(
                int(p["number"]),
                str(p["name"]),
                str(p["colour"]),
                tuple(str(s) for s in p["spaces"]),
                (int(p["block"][0]), int(p["block"][1])),
            )
            if place.number in self.places:
                raise BoardError(f"place {place.number} appears twice")
            self.places[place.number] = place
        hq = data["headquarters"]
        self.hq_blocks: tuple[tuple[int, int], ...] = tuple(
            (int(r), int(c)) for r, c in hq["blocks"]
        )
        badge_ids = tuple(str(b) for b in hq["badges"])
        place_of_id = {sid: p.number for p in self.places.values() for sid in p.spaces}
        spaces: list[Space] = []
        index: dict[str, int] = {}

        def add(sid: str, kind: SpaceKind, place: int | None, x: float, y: float) -> int:
            if sid in index:
                raise BoardError(f"space {sid!r} appears twice")
            index[sid] = len(spaces)
            spaces.append(Space(len(spaces), sid, kind, place, round(x, 2), round(y, 2)))
            return index[sid]

        for jid, (x, y) in data["junctions"].items():
            add(jid, "badge" if jid in badge_ids else "road", None, float(x), float(y))
        links: set[tuple[int, int]] = set()
        for street in data["streets"]:
            tokens = street.split()
            if len(tokens) < 2 or tokens[0] not in index or tokens[-1] not in index:
                raise BoardError(f"street {street!r} must run between two junctions")
            a, b = spaces[index[tokens[0]]], spaces[index[tokens[-1]]]
            inner = tokens[1:-1]
            chain = [a.index]
            for k, token in enumerate(inner, start=1):
                t = k / (len(inner) + 1)
                x, y = a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t
                if token == ".":
                    chain.append(add(f"{a.id}-{b.id}/{k}", "road", None, x, y))
                elif token in place_of_id:
                    chain.append(add(token, "place", place_of_id[token], x, y))
                else:
                    raise BoardError(f"street {street!r}: {token!r} is no place's space")
            chain.append(b.index)
            for u, v in zip(chain, chain[1:], strict=False):
                if (u, v) in links or (v, u) in links or u == v:
                    raise BoardError(f"street {street!r} doubles a link")
                links.add((u, v))
        self.spaces: tuple[Space, ...] = tuple(spaces)
        self.index = index
        near: list[set[int]] = [set() for _ in spaces]
        for u, v in links:
            near[u].add(v)
            near[v].add(u)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(n)) for n in near)
        self.badges: tuple[int, ...] = tuple(index[b] for b in badge_ids if b in index)
        self.place_spaces: dict[int, tuple[int, ...]] = {
            n: tuple(index[s] for s in p.spaces if s in index) for n, p in self.places.items()
        }
        self._validate(badge_ids)

    def _validate(self, badge_ids: Sequence[str]) -> None:
        if sorted(self.places) != list(PLACE_NUMBERS):
            raise BoardError("the board has the eight numbered places 1-8")
        if len(self.badges) != BADGES or len(set(badge_ids)) != BADGES:
            raise BoardError("Headquarters has four Badge spaces, each a street corner")
        for number, place in self.places.items():
            if len(self.place_spaces[number]) != len(place.spaces) or not place.spaces:
                raise BoardError(f"{place.name}: every coloured space must lie on a street")
        if len(self.place_spaces[1]) < 2:
            raise BoardError("Scene of Crime 1 has (at least) two Red 1 spaces")
        for space in self.spaces:
            if len(self.neighbours[space.index]) < 2:
                raise BoardError(f"space {space.id!r} is a dead end: a move could get stuck")
        seen = {0}
        todo = [0]
        while todo:
            for n in self.neighbours[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(self.spaces):
            raise BoardError("every space must be reachable from every other")

    # --- movement --------------------------------------------------------------------
    def reach(self, start: int, count: int) -> tuple[int, ...]:
        """Where a car on `start` can stop after exactly `count` spaces, never turning back."""
        return _reach_table(self, count)[start]

    def distance(self, start: int) -> tuple[int, ...]:
        """Fewest spaces from `start` to every space (turning back allowed: a lower bound)."""
        return _distances(self)[start]

    def id_of(self, index: int) -> str:
        return self.spaces[index].id

    def place_at(self, index: int) -> int | None:
        return self.spaces[index].place

    def roadway_words(self, index: int) -> str:
        """A plain roadway space in words, by the nearest place or Headquarters (ties: the
        lower number): 'the road 2 spaces from Witness 3' (one name in every interface)."""
        return _roadway_words(self, index)

    def to_json(self) -> dict[str, Any]:
        """The whole layout, for an interface to draw: spaces, links, places, Headquarters;
        each plain roadway space also carries its name in words."""
        spaces = []
        for s in self.spaces:
            entry = s.to_json()
            if s.place is None and s.index not in self.badges:
                entry["words"] = self.roadway_words(s.index)
            spaces.append(entry)
        return {
            "spaces": spaces,
            "links": [
                [self.spaces[u].id, self.spaces[v].id]
                for u in range(len(self.spaces))
                for v in self.neighbours[u]
                if u < v
            ],
            "places": [p.to_json() for p in self.places.values()],
            "badges": [self.spaces[b].id for b in self.badges],
            "headquarters_blocks": [list(b) for b in self.hq_blocks],
        }


@cache
def _reach_table(board: Board, count: int) -> tuple[tuple[int, ...], ...]:
    table = []
    for start in range(len(board.spaces)):
        states = {(start, -1)}
        for _ in range(count):
            states = {
                (n, here) for here, back in states for n in board.neighbours[here] if n != back
            }
        table.append(tuple(sorted({here for here, _ in states})))
    return tuple(table)


@cache  # every view carries the board's words (to_json): work them out once a space
def _roadway_words(board: Board, index: int) -> str:
    far = board.distance(index)
    marks = [(far[i], n, board.places[n].name) for n in board.places for i in board.place_spaces[n]]
    marks += [(far[b], len(board.places) + 1, "Headquarters") for b in board.badges]
    steps, _, name = min(marks)
    return f"the road {steps} space{'' if steps == 1 else 's'} from {name}"


@cache
def _distances(board: Board) -> tuple[tuple[int, ...], ...]:
    rows = []
    for start in range(len(board.spaces)):
        dist = [-1] * len(board.spaces)
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for here in frontier:
                for n in board.neighbours[here]:
                    if dist[n] < 0:
                        dist[n] = dist[here] + 1
                        nxt.append(n)
            frontier = nxt
        rows.append(tuple(dist))
    return tuple(rows)


@cache
def expected_turns(
    board: Board, targets: frozenset[int], faces: tuple[int, ...]
) -> tuple[float, ...]:
    """Expected NUMBERED spins to stop on one of `targets` by exact count, from each space.

    Playing each spin to the end space nearest (in expected spins) a target:
    the value of the best route under the exact-count rule, found by value iteration.
    """
    size = len(board.spaces)
    per_face = [(_reach_table(board, f), faces.count(f) / len(faces)) for f in sorted(set(faces))]
    turns = [0.0 if s in targets else 30.0 for s in range(size)]
    for _ in range(1000):
        worst = 0.0
        for s in range(size):
            if s in targets:
                continue
            value = 1.0 + sum(p * min(turns[e] for e in table[s]) for table, p in per_face)
            worst = max(worst, abs(value - turns[s]))
            turns[s] = value
        if worst < 1e-9:
            break
    return tuple(turns)


@cache
def load_board() -> Board:
    text = resources.files("sleuth.games.manhunt").joinpath("data/board.json").read_text()
    return Board(json.loads(text))

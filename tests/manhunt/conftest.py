"""Helpers that put a Manhunt game into the exact situation a rule test needs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sleuth
from sleuth.core import Action, Event, Rng
from sleuth.games.manhunt.computer import Computer, Spin
from sleuth.games.manhunt.state import Manhunt, Turn


def new(players: int = 2, seed: int = 1, **options: Any) -> Manhunt:
    state = sleuth.new_game("manhunt", players=players, seed=seed, **options)
    assert isinstance(state, Manhunt)
    return state


def act(state: Manhunt, kind: str, **params: Any) -> list[Event]:
    return state.apply(Action.of(kind, **params))


def kinds(state: Manhunt) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def placed(players: int = 2, seed: int = 1, **options: Any) -> Manhunt:
    """A game whose cars are all on their Badge spaces, the first player to start."""
    state = new(players, seed, **options)
    while state.turn.phase == "place":
        state.apply(state.legal_actions()[0])
    return state


class Rigged:
    """A Computer whose spins are given in advance (then it spins for real)."""

    def __init__(self, real: Computer, spins: Iterable[Spin]) -> None:
        self.real = real
        self.queue = list(spins)
        self.numbered, self.line, self.signal = real.numbered, real.line, real.signal
        self.faces = real.faces

    def spin(self, rng: Rng) -> Spin:
        return self.queue.pop(0) if self.queue else self.real.spin(rng)

    def to_json(self) -> dict[str, Any]:
        return self.real.to_json()


def rig(state: Manhunt, *spins: tuple[int, str, str] | Spin) -> None:
    """Make the next spins read as given: (number, "ON LINE"/"OFF LINE", "BROADCAST"/"RECEIVE")."""
    real = state.computer.real if isinstance(state.computer, Rigged) else state.computer
    state.computer = Rigged(real, [s if isinstance(s, Spin) else Spin(*s) for s in spins])  # type: ignore[assignment]


def put(state: Manhunt, seat: int, space: str) -> None:
    """Put a car on a space by id (white-box set-up)."""
    state.cars[seat].space = state.board.index[space]
    state._legal_cache = None


PARKING = ("e0-e1/1", "a3-a4/1", "c4-d4/1", "a0-b0/1", "d0-e0/1", "e3-e4/2")


def park(state: Manhunt, *seats: int) -> None:
    """Move cars off the Badge spaces onto quiet roadway spaces, one each."""
    for seat in seats:
        put(state, seat, PARKING[seat])


def turn_to(state: Manhunt, seat: int, phase: str = "start", **fields: Any) -> None:
    """Make it `seat`'s turn, in the given phase."""
    state.turn = Turn(seat, phase, **fields)  # type: ignore[arg-type]
    if phase == "start":
        state.turn.waiting_spin = state.cars[seat].waiting
    state._legal_cache = None


def learn(state: Manhunt, seat: int, *rows: int) -> None:
    """Write rows of the card in the scanner into a seat's Handbook, as if probed."""
    book = state.handbook(seat)
    for row in rows:
        book.write(row, state.card.hole(row), {"how": "probed", "seat": seat})
    state._legal_cache = None


def investigating(state: Manhunt, *seats: int) -> None:
    """Give seats both Scenes of Crime, so they are free to investigate."""
    for seat in seats:
        learn(state, seat, 1, 2)


def path_to(state: Manhunt, seat: int, target: str) -> tuple[str, int]:
    """A space and count from which `seat`'s car stops on `target` by exact count."""
    board = state.board
    goal = board.index[target]
    for space in board.spaces:
        for count in sorted(set(state.computer.faces)):
            plain = board.place_at(space.index) is None and space.index not in board.badges
            if plain and goal in board.reach(space.index, count):
                return space.id, count
    raise LookupError(target)


def move_onto(state: Manhunt, seat: int, target: str, **spin: str) -> list[Event]:
    """Play `seat`'s turn up to stopping on `target` by exact count; the spin after reads
    as given (line=..., signal=...)."""
    start, count = path_to(state, seat, target)
    put(state, seat, start)
    turn_to(state, seat)
    then = (1, spin.get("line", "ON LINE"), spin.get("signal", "RECEIVE"))
    rig(state, (count, "ON LINE", "RECEIVE"), then)
    events = act(state, "spin")
    return events + act(state, "move", to=target)


def event_kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]

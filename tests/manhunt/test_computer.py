"""The Computer: three dials, one spin, and which reading counts when."""

from __future__ import annotations

from collections import Counter

import pytest

from sleuth.core import IllegalAction, Rng
from sleuth.games.manhunt.computer import (
    BROADCAST,
    OFF_LINE,
    ON_LINE,
    RECEIVE,
    ComputerError,
    load_computer,
    parse_numbered,
)
from sleuth.games.manhunt.options import ManhuntOptions
from tests.manhunt.conftest import act, investigating, move_onto, new, placed, put, rig, turn_to


def test_three_dials() -> None:
    """MH-COMPUTER-01: the orange NUMBERED dial, the yellow ON LINE-OFF LINE dial and the red
    BROADCAST-RECEIVE dial."""
    computer = load_computer()
    assert (computer.numbered.colour, computer.line.colour, computer.signal.colour) == (
        "orange",
        "yellow",
        "red",
    )
    assert set(computer.line.faces) == {ON_LINE, OFF_LINE}
    assert set(computer.signal.faces) == {BROADCAST, RECEIVE}
    assert all(isinstance(f, int) and f >= 1 for f in computer.numbered.faces)
    view = new().view(0)
    assert set(view["computer"]) == {"numbered", "line", "signal"}


def test_one_spin_turns_all_three() -> None:
    """MH-COMPUTER-02: one spin stops all three pointers, a reading on every dial; the
    situation decides which is read."""
    computer = load_computer()
    spins = [computer.spin(Rng(seed)) for seed in range(400)]
    assert all(s.number in computer.numbered.faces for s in spins)
    assert {s.line for s in spins} == {ON_LINE, OFF_LINE}
    assert {s.signal for s in spins} == {BROADCAST, RECEIVE}
    state = placed()
    events = act(state, "spin")
    spin = next(e for e in events if e.kind == "spin").data
    assert {"number", "line", "signal"} <= set(spin) and spin["read"] == ["numbered"]


def test_dial_odds_are_the_printed_faces() -> None:
    """Decisions C1-C4: 12 equal segments a dial, pointers independent."""
    computer = load_computer()
    assert computer.numbered.faces == (1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8)
    assert computer.line.chance(ON_LINE) == pytest.approx(2 / 3)
    assert computer.signal.chance(RECEIVE) == pytest.approx(1 / 2)
    rng = Rng(5)
    spins = [computer.spin(rng) for _ in range(6000)]
    numbers = Counter(s.number for s in spins)
    assert numbers[4] / 6000 == pytest.approx(2 / 12, abs=0.02)
    assert sum(s.on_line for s in spins) / 6000 == pytest.approx(2 / 3, abs=0.02)
    both = sum(s.on_line and s.receive for s in spins) / 6000
    assert both == pytest.approx(1 / 3, abs=0.02)  # independent pointers


def test_option_defaults_are_the_printed_dials() -> None:
    computer = load_computer()
    options = ManhuntOptions()
    assert options.on_line_segments == computer.line.faces.count(ON_LINE)
    assert options.receive_segments == computer.signal.faces.count(RECEIVE)
    assert computer.with_odds("", 8, 6) == computer


def test_other_odds_by_option() -> None:
    state = new(numbered_dial="1 2 3 4 5 6", on_line_segments=12, receive_segments=0)
    assert state.computer.numbered.faces == (1, 2, 3, 4, 5, 6)
    assert state.computer.line.chance(ON_LINE) == 1.0
    assert state.computer.signal.chance(RECEIVE) == 0.0
    for bad in (
        {"numbered_dial": "one two"},
        {"numbered_dial": "0 3"},
        {"on_line_segments": 0},
        {"receive_segments": 13},
    ):
        with pytest.raises(IllegalAction):
            new(**bad)
    with pytest.raises(ComputerError):
        parse_numbered("")


def test_moving_reads_the_numbered_dial() -> None:
    """MH-COMPUTER-03: a player spins and moves his car the number on the NUMBERED dial."""
    state = placed()
    seat = state.to_move
    assert seat is not None
    rig(state, (5, OFF_LINE, BROADCAST))
    act(state, "spin")
    car = state.cars[seat].space
    assert car is not None and state.turn.phase == "move"
    assert {a["to"] for a in state.legal_actions()} == {
        state.board.id_of(s) for s in state.board.reach(car, 5)
    }


def test_a_destination_reads_the_yellow_dial() -> None:
    """MH-COMPUTER-04: a car that reaches a destination spins again and reads ON LINE-OFF LINE."""
    state = placed()
    move_onto(state, 0, "1a", line=OFF_LINE)
    events = act(state, "spin")
    spin = next(e for e in events if e.kind == "spin").data
    assert spin["read"] == ["line"] and "off_line" in [e.kind for e in events]


def test_a_meeting_or_a_call_reads_the_red_dial() -> None:
    """MH-COMPUTER-05: stopping on another player's car, or calling one to Headquarters, is
    followed by a spin read on the BROADCAST-RECEIVE dial."""
    state = placed()
    investigating(state, 0, 1)
    put(state, 1, "a2-a3/1")
    move_onto(state, 0, "a2-a3/1")
    spin = next(e for e in act(state, "spin") if e.kind == "spin").data
    assert spin["read"] == ["signal"]

    state = placed()
    investigating(state, 0, 1)
    put(state, 0, "hq-n")
    turn_to(state, 0, "badge")
    act(state, "call", seat=1)
    spin = next(e for e in act(state, "spin") if e.kind == "spin").data
    assert spin["read"] == ["signal"]

"""Moving: Scene of Crime 1, then 2, then the other places in any order, by exact count."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalAction
from sleuth.games.manhunt.computer import OFF_LINE, ON_LINE
from tests.manhunt.conftest import (
    act,
    event_kinds,
    investigating,
    learn,
    move_onto,
    placed,
    put,
    rig,
    turn_to,
)


def test_scene_of_crime_1_comes_first() -> None:
    """MH-MOVE-01: every player's first destination is Scene of Crime 1; stopping on another
    place first does nothing."""
    state = placed()
    events = move_onto(state, 0, "3")
    assert "stop" not in event_kinds(events) and state.to_move == 1
    events = move_onto(state, 0, "1a")
    assert "stop" in event_kinds(events) and state.turn.phase == "spin"


def test_red_1_only_by_exact_count() -> None:
    """MH-MOVE-02: a car reaches Scene of Crime 1 only by stopping on a Red 1 space by exact
    count; passing over it counts for nothing."""
    state = placed()
    board = state.board
    put(state, 0, "a0-a1/1")  # Red 1a is 4 spaces on: a0-a1/2, a1, a1-b1/1, 1a
    turn_to(state, 0)
    rig(state, (5, ON_LINE, OFF_LINE))
    act(state, "spin")
    ends = {a["to"] for a in state.legal_actions()}
    assert "1a" not in ends and "b1" in ends  # one space past Red 1a
    events = act(state, "move", to="b1")
    assert "stop" not in event_kinds(events) and state.to_move == 1
    turn_to(state, 0)
    put(state, 0, "a0-a1/1")
    rig(state, (4, ON_LINE, OFF_LINE))
    act(state, "spin")
    assert "1a" in {a["to"] for a in state.legal_actions()}
    assert board.index["1a"] not in board.reach(board.index["a0-a1/1"], 3)


@pytest.mark.parametrize("red", ["1a", "1b"])
def test_either_red_1_space_counts(red: str) -> None:
    """MH-BOARD-05: stopping on either Red 1 space is a visit to Scene of Crime 1."""
    state = placed()
    move_onto(state, 0, red)
    events = act(state, "spin")
    assert [e.data["row"] for e in events if e.kind == "probe"] == [1]


def test_scene_of_crime_2_is_second() -> None:
    """MH-MOVE-03: Scene of Crime 2 is visited after Scene 1, by exact count and ON LINE."""
    state = placed()
    assert "stop" not in event_kinds(move_onto(state, 0, "2"))
    learn(state, 0, 1)
    assert "stop" in event_kinds(move_onto(state, 0, "2", line=ON_LINE))
    events = act(state, "spin")
    assert [e.data["row"] for e in events if e.kind == "probe"] == [2]


def test_then_the_other_places_in_any_order() -> None:
    """MH-MOVE-04: after Scene 2 the car may go to WITNESS, STAKE OUT and the Crime Labs in
    any order."""
    state = placed()
    investigating(state, 0)
    for place in (7, 4, 6, 3, 8, 5):
        events = move_onto(state, 0, str(place))
        assert "stop" in event_kinds(events)
        probe = [e.data["row"] for e in act(state, "spin") if e.kind == "probe"]
        assert probe == [place]
    assert sorted(state.handbook(0).entries) == list(range(1, 9))


def test_other_places_need_exact_count_and_on_line() -> None:
    """MH-MOVE-05: at those places too the car stops by exact count and spins ON LINE; OFF
    LINE means waiting there."""
    state = placed()
    investigating(state, 0)
    move_onto(state, 0, "5", line=OFF_LINE)
    events = act(state, "spin")
    assert "off_line" in event_kinds(events) and 5 not in state.handbook(0).entries
    assert state.cars[0].waiting and state.to_move == 1
    turn_to(state, 0)
    rig(state, (3, ON_LINE, OFF_LINE))
    events = act(state, "spin")
    assert "probe" in event_kinds(events) and state.handbook(0).entries[5]
    assert not state.cars[0].waiting


def test_the_full_count_is_moved() -> None:
    """Decision B2: a car moves the whole NUMBERED reading, never fewer spaces."""
    state = placed()
    turn_to(state, 0)
    put(state, 0, "a0-a1/1")
    rig(state, (2, ON_LINE, OFF_LINE))
    act(state, "spin")
    assert {a["to"] for a in state.legal_actions()} == {"a1", "a0-b0/1"}
    with pytest.raises(IllegalAction, match="exactly 2"):
        act(state, "move", to="a0-a1/2")


def test_cars_may_share_a_space() -> None:
    """Decision B4: any number of cars may stand on one space."""
    state = placed(players=3)
    put(state, 1, "a2-a3/1")
    put(state, 2, "a2-a3/1")
    events = move_onto(state, 0, "a2-a3/1")
    assert "meet" not in event_kinds(events)  # not investigating yet: no exchange either
    assert {c.space for c in state.cars} == {state.board.index["a2-a3/1"]}


def test_a_place_already_written_needs_no_visit() -> None:
    """Decision R5: stopping on a place whose row is written does nothing more."""
    state = placed()
    investigating(state, 0)
    learn(state, 0, 6)
    events = move_onto(state, 0, "6")
    assert "stop" not in event_kinds(events) and state.to_move == 1

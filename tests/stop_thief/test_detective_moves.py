"""How a detective moves, and the subway (rulebook: How a Detective Moves)."""

from __future__ import annotations

from sleuth.games.stop_thief.board import Board
from tests.stop_thief.conftest import act, kinds, new, place, to_phase


def destinations(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {a["to"] for a in state.legal_actions() if a.kind == "move"}


def test_one_step_reaches_all_eight_neighbours_numbered_or_not(board: Board) -> None:
    """ST-MOVE-01, ST-MOVE-02: steps go to every square around, numbered or not, any direction."""
    state = new(players=2)
    seat = state.turn.seat
    place(state, seat, "153")  # floor 1-53 stands in open floor on all sides
    to_phase(state, "move", dice=(1, 0))
    r, c = board.nodes[board.node_by_id["153"]].cells[0]
    around = {
        board.node_id(board.cell_node[(r + dr, c + dc)]) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
    }
    assert destinations(state) == around  # includes 153 itself: moving 0
    assert len(around) == 9 and all(n.startswith("r") for n in around - {"153"})
    to_phase(state, "move", dice=(1, 1))
    assert {"142", "144", "152", "154", "162", "164"} <= destinations(state)  # numbered spaces too


def test_up_to_the_roll_never_beyond() -> None:
    """ST-MOVE-03, ST-EXAMPLE-09: with a roll of 7, move as many as 7 spaces or as few as 0."""
    state = new(players=2)
    seat = state.turn.seat
    place(state, seat, "500")
    to_phase(state, "move", dice=(3, 4))
    here = state.board.node_by_id["500"]
    dist = state.board.distances(here, 20)
    got = {state.board.node_by_id[n] for n in destinations(state)}
    assert got == {n for n, d in dist.items() if d <= 7}
    assert {dist[n] for n in got} == set(range(8))


def test_landing_on_a_detective_moves_you_next_to_him(board: Board) -> None:
    """ST-MOVE-04: ending by count on an occupied space moves you to any space next to it."""
    state = new(players=2)
    me = state.turn.seat
    other = 1 - me
    place(state, me, "153")
    place(state, other, "r12c26")  # two steps from 1-53
    to_phase(state, "move", dice=(1, 1))
    blocked = board.node_by_id["r12c26"]
    dist = board.distances(board.node_by_id["153"], 20)
    assert dist[blocked] <= 2
    got = destinations(state)
    assert "r12c26" not in got
    for n in board.steps[blocked]:
        assert board.node_id(n) in got  # every space next to the occupied one, even 3 steps off
    assert any(dist[n] == 3 for n in board.steps[blocked])
    act(state, "move", to=board.node_id(board.steps[blocked][0]))


def _wall_pair(board: Board) -> tuple[int, int]:
    """Two floor squares either side of a straight stretch of wall three squares long."""
    for (r, c), n in sorted(board.cell_node.items()):
        b = (r, c + 2)
        wall = [(r + dr, c + 1) for dr in (-1, 0, 1)]
        if board.nodes[n].kind == "floor" and not any(w in board.cell_node for w in wall):
            far = board.cell_node.get(b)
            if far is not None and board.nodes[far].kind == "floor":
                return n, far
    raise AssertionError("no wall found")


def test_through_doors_never_over_walls(board: Board) -> None:
    """ST-MOVE-05: detectives pass doors but never cross a wall."""
    a, b = _wall_pair(board)
    assert b not in board.steps[a]
    assert board.distances(a, 40).get(b, 99) > 2
    door = board.node_by_id["113"]  # Furs door onto 5th Street
    inside, outside = board.node_by_id["r13c21"], board.node_by_id["503"]
    assert inside in board.steps[door] and outside in board.steps[door]
    assert board.distances(inside, 2)[outside] == 2


def test_never_through_a_window(board: Board) -> None:
    """ST-MOVE-06: window squares are closed to detectives, so no move uses one."""
    windows = {n.index for n in board.nodes if n.kind == "window"}
    assert len(windows) == 20
    assert all(not (set(steps) & windows) for steps in board.steps)
    state = new(players=2)
    place(state, state.turn.seat, "147")  # next to window 1-48
    to_phase(state, "move", dice=(6, 6))
    assert "148" not in destinations(state)


def test_start_on_a_station_ride_then_move_full_roll(board: Board) -> None:
    """ST-MOVE-07, ST-MOVE-08: starting on a station, ride (before or after rolling), then
    move the whole roll from the new station."""
    for ride_before_rolling in (True, False):
        state = new(players=2)
        seat = state.turn.seat
        place(state, seat, "subway-nw")
        act(state, "clue")
        if not ride_before_rolling:
            act(state, "roll")
        rides = {a["to"] for a in state.legal_actions() if a.kind == "ride"}
        assert rides == {"subway-ne", "subway-sw", "subway-se", "subway-centre"}
        act(state, "ride", to="subway-se")
        if ride_before_rolling:
            act(state, "roll")
        total = sum(state.turn.dice or (0, 0))
        here = board.node_by_id["subway-se"]
        expect = {board.node_id(n) for n in board.distances(here, total)}
        assert destinations(state) == expect  # the ride used none of the roll
        assert "ride" not in kinds(state)


def test_end_on_a_station_ride_and_stop_there(board: Board) -> None:
    """ST-MOVE-09, ST-MOVE-10, ST-EXAMPLE-10: roll 6, move 3 into a station, ride: the move ends
    at the new station and the other 3 spaces are lost."""
    state = new(players=2)
    seat = state.turn.seat
    station = board.node_by_id["subway-centre"]
    three_away = next(n for n, d in board.distances(station, 3).items() if d == 3)
    place(state, seat, board.node_id(three_away))
    act(state, "clue")
    to_phase(state, "move", dice=(3, 3))
    act(state, "move", to="subway-centre")
    assert {a["to"] for a in state.legal_actions() if a.kind == "ride"} >= {"subway-ne"}
    act(state, "ride", to="subway-ne")
    assert state.view(seat)["detectives"][seat]["node"] == "subway-ne"
    assert "move" not in kinds(state) and "ride" not in kinds(state)
    assert "end_turn" in kinds(state)


def test_no_ride_from_a_square_that_is_not_a_station() -> None:
    """ST-MOVE-07: only a detective on a station may ride."""
    state = new(players=2)
    assert "ride" not in kinds(state)


def test_ride_at_the_start_and_again_at_the_end_of_the_move(board: Board) -> None:
    """ST-MOVE-07, ST-MOVE-09, ST-MOVE-10 (decision D2): "if you end your move on a subway
    station, you may immediately move to any other station" holds after a first ride too;
    the second ride ends the move."""
    state = new(players=2)
    seat = state.turn.seat
    place(state, seat, "subway-nw")
    act(state, "clue")
    act(state, "ride", to="subway-centre")
    to_phase(state, "move", dice=(1, 1))
    act(state, "move", to="500")
    assert "ride" not in kinds(state)  # off the station
    state = new(players=2)
    seat = state.turn.seat
    place(state, seat, "subway-nw")
    act(state, "clue")
    act(state, "ride", to="subway-centre")
    to_phase(state, "move", dice=(1, 1))
    act(state, "move", to="subway-centre")  # out to 5-00 and back, or no step at all
    rides = {a["to"] for a in state.legal_actions() if a.kind == "ride"}
    assert "subway-ne" in rides
    act(state, "ride", to="subway-ne")
    assert state.detectives[seat].node == board.node_by_id["subway-ne"]
    assert "ride" not in kinds(state) and "move" not in kinds(state)


def test_a_ride_to_a_taken_station_steps_out_in_front(board: Board) -> None:
    """ST-MOVE-04 applied to a ride (decision D2): a station where another detective stands
    may be ridden to; the rider steps out onto the space in front of it, the one space
    next to a station, unless that is taken as well."""
    state = new(players=3)
    seat = state.turn.seat
    others = [s for s in range(3) if s != seat]
    place(state, seat, "subway-nw")
    place(state, others[0], "subway-se")
    act(state, "clue")
    assert "subway-se" in {a["to"] for a in state.legal_actions() if a.kind == "ride"}
    events = act(state, "ride", to="subway-se")
    assert state.detectives[seat].node == board.node_of_code[699]
    ride = next(e for e in events if e.kind == "ride")
    assert ride.data["stepped_to"] == "699"
    state = new(players=3)
    seat = state.turn.seat
    others = [s for s in range(3) if s != seat]
    place(state, seat, "subway-nw")
    place(state, others[0], "subway-se")
    place(state, others[1], "699")
    assert "subway-se" not in {a["to"] for a in state.legal_actions() if a.kind == "ride"}


def test_a_detective_on_a_station_may_arrest_in_front_of_it(board: Board) -> None:
    """ST-ARREST-06 (decision D5): a station touches the numbered space in front of it, so a
    detective on a station may arrest there, and only there."""
    state = new(players=2)
    seat = state.turn.seat
    place(state, seat, "subway-sw")
    act(state, "clue")
    to_phase(state, "move", dice=(1, 1))
    act(state, "move", to="subway-sw")
    assert {a["space"] for a in state.legal_actions() if a.kind == "arrest"} == {799}

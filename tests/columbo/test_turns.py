"""The start, the dice, and what a throw allows: moving, jumping, the choices in a room."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalAction
from tests.columbo.conftest import act, card, hand, kinds, legal, new, put, turn


def test_everyone_starts_in_the_living_room() -> None:
    """CO-MOVE-01: every piece starts inside the Living Room."""
    for players in (2, 3, 4):
        view = new(players=players).view(None)
        assert [d["at"] for d in view["detectives"]] == ["living-room"] * players


def test_the_highest_throw_moves_first() -> None:
    """CO-TURN-02: the player with the highest throw moves first (the tied highest throw
    again; decision: play then passes to the next seat up)."""
    tied = 0
    for seed in range(40):
        state = new(players=4, seed=seed)
        event = next(e for e in state.log if e.kind == "first_player")
        rounds = event.data["rolls"]
        last = {int(s): t for s, t in rounds[-1].items()}
        assert event.data["seat"] == max(last, key=lambda s: last[s])
        assert list(last.values()).count(max(last.values())) == 1
        for before, after in zip(rounds, rounds[1:], strict=False):
            best = max(before.values())
            assert sorted(after) == sorted(s for s, t in before.items() if t == best)
        tied += len(rounds) > 1
        assert state.turn.seat == event.data["seat"] == state.to_move
    assert tied > 0
    state = new(players=3, seed=2)
    first = state.turn.seat
    act(state, "roll")
    while state.turn.seat == first:
        state.apply(state.legal_actions()[0])
    assert state.turn.seat == (first + 1) % 3


def test_the_dice_are_thrown_once_a_turn() -> None:
    """CO-TURN-01: a player throws the dice only once in each turn."""
    state = new(seed=5)
    assert kinds(state) == {"roll"}
    act(state, "roll")
    assert "roll" not in kinds(state)
    with pytest.raises(IllegalAction, match="only once"):
        act(state, "roll")


def test_a_move_by_count_from_the_living_room() -> None:
    """CO-MOVE-04: the throw is counted along any hallway, in any direction, towards any room."""
    state = new(seed=1)
    turn(state, state.turn.seat, (2, 3), "move")
    targets = {a["to"] for a in legal(state, "move")}
    # out through the Door to Living Room (1), up or down (2, 3), then either way (4, 5)
    assert targets == {"h04-06", "h08-06", "h04-10", "h08-10"}
    assert not legal(state, "jump")


def test_seven_eleven_or_doubles_go_straight_to_any_room() -> None:
    """CO-MOVE-08: on 7, 11 or doubles a piece may go directly to any room (the Living Room
    included), without counting."""
    for dice in ((3, 4), (5, 6), (2, 2), (6, 6)):
        state = new(players=3, seed=2)
        seat = state.turn.seat
        put(state, seat, "h19-08")
        turn(state, seat, dice, "move")
        reach = {a["to"] for a in state.legal_actions() if a.kind in ("move", "jump")}
        assert {f"room-{r}" for r in range(1, 7)} | {"living-room"} <= reach
    for dice in ((1, 2), (1, 3), (6, 4), (5, 3)):
        state = new(players=3, seed=2)
        put(state, state.turn.seat, "h19-08")
        turn(state, state.turn.seat, dice, "move")
        assert not legal(state, "jump")


def test_leaving_a_room_by_count() -> None:
    """CO-ROOM-03: a player who starts in a room and throws no 7, 11 or doubles moves by count
    to another room: no staying, no card, no challenge, not back into the same room."""
    state = new(players=3, seed=4)
    seat = state.turn.seat
    other = (seat + 1) % 3
    put(state, seat, "room-2")
    put(state, other, "room-2")
    turn(state, seat, (1, 4), "move")
    assert kinds(state) == {"move"}
    assert "room-2" not in {a["to"] for a in legal(state, "move")}
    act(state, "move", to=legal(state, "move")[0]["to"])
    assert state.detectives[seat].node != state.board.room_node[2]


def test_the_choices_in_a_room_on_seven_eleven_or_doubles() -> None:
    """CO-ROOM-04: in a room, 7, 11 or doubles give one of: (a) go straight to another room or
    the Living Room, (b) stay and take another card, (c) stay and challenge someone there."""
    state = new(players=3, seed=4)
    seat = state.turn.seat
    other = (seat + 1) % 3
    put(state, seat, "room-2")
    put(state, other, "room-2")
    turn(state, seat, (3, 3), "move")
    jumps = {a["to"] for a in legal(state, "jump")} | {a["to"] for a in legal(state, "move")}
    assert {"room-1", "room-3", "room-4", "room-5", "room-6", "living-room"} <= jumps
    assert "room-2" not in jumps
    assert "draw" in kinds(state)
    assert {a["target"] for a in legal(state, "demand")} == {other}
    before = len(state.piles[2])
    act(state, "draw")  # (b): the top card, then the usual discard
    assert len(state.piles[2]) == before - 1
    assert state.turn.phase == "discard"


def test_after_the_discard_the_turn_ends() -> None:
    """CO-TURN-03: after discarding, the player's turn ends."""
    state = new(players=3, seed=4)
    seat = state.turn.seat
    put(state, seat, "room-3")
    turn(state, seat, (6, 6), "move")
    act(state, "draw")
    act(state, "discard", card=state.detectives[seat].hand[0])
    assert state.turn.seat == (seat + 1) % 3 and state.turn.phase == "roll"


def test_meeting_needs_the_exact_count_in_a_hallway() -> None:
    """CO-CHALLENGE-01: a player who meets an opponent in a hallway by exact count, or in a
    room, may demand evidence; passing him by does not count."""
    state = new(players=2, seed=3)
    seat = state.turn.seat
    other = 1 - seat
    hand(state, seat, [card(state, "rope", 0), *state.detectives[seat].hand[:6]])
    put(state, seat, "h06-06")
    put(state, other, "h08-06")
    turn(state, seat, (1, 1), "move")
    act(state, "move", to="h08-06")
    assert state.turn.phase == "arrived"
    assert {a["target"] for a in legal(state, "demand")} == {other}
    assert "end_turn" in kinds(state)
    state = new(players=2, seed=3)
    seat = state.turn.seat
    put(state, seat, "h06-06")
    put(state, 1 - seat, "h07-06")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="h09-06")  # went past him
    assert state.turn.seat != seat or state.turn.phase == "roll"

"""When no cards remain in the rooms: back to the Living Room, odd throws, even throws."""

from __future__ import annotations

from sleuth.games.columbo.state import Columbo
from tests.columbo.conftest import act, empty_rooms, hand, kinds, lawn, legal, new, put, turn


def _last_card_drawn(players: int = 3, seed: int = 5) -> tuple[Columbo, int]:
    """Every room empty but one card in Room 1, which the player to move takes."""
    state = new(players=players, seed=seed)
    empty_rooms(state, keep=1)
    seat = state.turn.seat
    put(state, seat, "h03-06")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="room-1")
    if state.turn.phase == "discard":
        act(state, "discard", card=state.detectives[seat].hand[0])
    return state, seat


def _in_the_living_room(state: Columbo, seat: int, dice: tuple[int, int]) -> None:
    for det in state.detectives:
        put(state, det.seat, "living-room")
    turn(state, seat, dice, "move")


def test_empty_rooms_send_everyone_back_to_the_living_room() -> None:
    """CO-ENDGAME-01: once every room is empty, players return to the Living Room by the dice
    (no numbered room can be entered) and stay there until the end."""
    state, seat = _last_card_drawn()
    assert state.endgame
    assert any(e.kind == "rooms_empty" for e in state.log)
    mover = state.turn.seat
    put(state, mover, "h10-06")
    turn(state, mover, (1, 1), "move")
    targets = {a["to"] for a in state.legal_actions() if a.kind in ("move", "jump")}
    assert "living-room" in targets and not any(t.startswith("room-") for t in targets)
    act(state, "jump", to="living-room")
    turn(state, mover, (3, 3), "move")
    assert not {"move", "jump"} & kinds(state)  # he stays there


def test_odd_throws_or_doubles_search_the_lawn() -> None:
    """CO-ENDGAME-02: in the end phase the lawn may be searched only on an odd throw (3, 5, 7;
    decision: 9 and 11 too) or doubles."""
    state, _ = _last_card_drawn()
    seat = state.turn.seat
    for dice, searches in (
        ((1, 2), True),
        ((4, 5), True),
        ((5, 6), True),
        ((2, 2), True),
        ((1, 3), False),
        ((4, 6), False),
    ):
        _in_the_living_room(state, seat, dice)
        assert bool(legal(state, "name")) == searches, dice


def test_end_phase_discards_go_down_unseen() -> None:
    """CO-ENDGAME-03: in the end phase every card put back on the lawn is laid face down
    without being shown; only its owner's private event names it."""
    state, _ = _last_card_drawn(players=2)
    seat = state.turn.seat
    rope = [c for c in state.in_play if state.kind_of[c] == "rope"]
    tv = [c for c in state.in_play if state.kind_of[c] == "tv-star"]
    columbo = [c for c in state.in_play if state.kind_of[c] == "columbo"]
    lawn(state, [rope[0]])
    hand(state, seat, [rope[1], *tv[:3], *columbo[:3]])
    _in_the_living_room(state, seat, (2, 1))
    act(state, "name", place=0, show=rope[1])
    events = act(state, "discard", card=columbo[0])
    public = next(e for e in events if e.kind == "discard")
    secret = next(e for e in events if e.kind == "your_discard")
    assert public.to is None and public.data["card"] is None
    assert secret.to == seat and secret.data["card"]["id"] == columbo[0]
    assert state.memory(seat).lawn[public.data["place"]] == columbo[0]
    assert public.data["place"] not in state.memory(1 - seat).lawn


def test_demands_only_on_seven_eleven_or_doubles() -> None:
    """CO-ENDGAME-04: in the end phase a player may demand from an opponent only on a throw of
    7, 11 or doubles."""
    state, _ = _last_card_drawn()
    seat = state.turn.seat
    for dice, demands in (
        ((3, 4), True),
        ((5, 6), True),
        ((4, 4), True),
        ((1, 2), False),
        ((4, 5), False),
    ):
        _in_the_living_room(state, seat, dice)
        assert bool(legal(state, "demand")) == demands, dice


def test_even_throws_lose_the_turn() -> None:
    """CO-ENDGAME-05: in the end phase an even throw that is not doubles loses the turn."""
    lost = 0
    for seed in range(30):
        state, _ = _last_card_drawn(seed=seed)
        seat = state.turn.seat
        for det in state.detectives:
            put(state, det.seat, "living-room")
        events = act(state, "roll")
        total = events[0].data["total"]
        dice = events[0].data["dice"]
        if total % 2 == 0 and dice[0] != dice[1]:
            assert [e.kind for e in events] == ["roll", "turn_lost", "turn"]
            assert state.turn.seat == (seat + 1) % 3
            lost += 1
        else:
            assert state.turn.phase == "move" and state.turn.seat == seat
    assert lost > 5

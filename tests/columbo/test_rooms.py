"""Evidence from the rooms: the top card, the discard, and where discards go on the lawn."""

from __future__ import annotations

import json

from tests.columbo.conftest import act, card, hand, kinds, lawn, new, put, turn


def test_entering_a_room_takes_its_top_card() -> None:
    """CO-ROOM-01: on entering a room the player at once takes the top card of its pile and
    looks at it (only he sees what it is)."""
    state = new(players=3, seed=6)
    seat = state.turn.seat
    put(state, seat, "h17-06")  # the DOOR TO 3 space
    top = state.piles[3][-1]
    turn(state, seat, (1, 2), "move")
    events = act(state, "move", to="room-3")
    assert top in state.detectives[seat].hand
    drew = next(e for e in events if e.kind == "drew")
    assert drew.to == seat and drew.data["card"]["id"] == top
    public = next(e for e in events if e.kind == "draw")
    assert public.to is None and "card" not in public.data
    assert state.view(seat)["drawn"]["id"] == top
    assert all(v.get("drawn") is None for v in (state.view((seat + 1) % 3), state.view(None)))


def test_discard_the_new_card_or_keep_it_and_discard_another() -> None:
    """CO-ROOM-02: the player discards the card he drew, or keeps it and discards one from his
    hand."""
    state = new(players=3, seed=6)
    seat = state.turn.seat
    put(state, seat, "h17-06")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="room-3")
    me = state.detectives[seat]
    assert len(me.hand) == 8 and kinds(state) == {"discard"}
    assert sorted(a["card"] for a in state.legal_actions()) == sorted(me.hand)
    drawn = state.turn.drawn
    act(state, "discard", card=drawn)
    assert drawn not in me.hand and drawn in state.lawn and len(me.hand) == 7


def test_a_discard_is_shown_to_all_then_laid_face_down_in_a_place_of_its_own() -> None:
    """CO-LAWN-01: each discard is first shown to all players (its event, for everyone) and
    then lies face down on the lawn, never on top of another card; no view shows its face."""
    state = new(players=3, seed=6)
    seat = state.turn.seat
    put(state, seat, "h17-06")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="room-3")
    thrown = state.detectives[seat].hand[0]
    events = act(state, "discard", card=thrown)
    shown = next(e for e in events if e.kind == "discard")
    assert shown.to is None and shown.data["card"]["id"] == thrown
    place = shown.data["place"]
    assert state.lawn[place] == thrown
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        assert view["lawn"][place] == "down"
        assert thrown not in [c["id"] for c in view.get("hand", [])] or viewer == seat
        lawn_part = json.dumps(view["lawn"])
        assert str(thrown) not in lawn_part
    assert len([c for c in state.lawn if c is not None]) == len(set(state.lawn) - {None})


def test_every_lawn_card_keeps_its_own_place() -> None:
    """CO-LAWN-02: the lawn is off the board and each card keeps its own place: places do not
    move when other cards are laid down or picked up; a new card takes the first empty place."""
    state = new(players=2, seed=8)
    a, b, c = card(state, "rope", 0), card(state, "no-clue", 0), card(state, "rope", 1)
    lawn(state, [a, b, c])
    seat = state.turn.seat
    hand(
        state,
        seat,
        [
            card(state, "rope", 2),
            *[x for x in state.detectives[seat].hand if state.kind_of[x] != "rope"][:6],
        ],
    )
    put(state, seat, "h06-09")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="living-room")
    act(state, "name", place=0, show=card(state, "rope", 2))  # right: picked up
    assert state.lawn[:3] == [None, b, c]
    act(
        state,
        "discard",
        card=next(x for x in state.detectives[seat].hand if state.kind_of[x] != "rope"),
    )
    assert state.lawn[1:3] == [b, c] and state.lawn[0] is not None  # the first empty place
    assert state.view(None)["lawn"][:3] == ["down", "down", "down"]


def test_a_room_with_no_cards_left() -> None:
    """Gap 8: a player may enter a room whose pile is empty; he takes nothing."""
    state = new(players=3, seed=6)
    seat = state.turn.seat
    state.lawn.extend(state.piles[3])
    state.piles[3].clear()
    put(state, seat, "h17-06")
    turn(state, seat, (1, 2), "move")
    events = act(state, "move", to="room-3")
    assert [e.kind for e in events][-2:] == ["empty_room", "turn"]
    assert len(state.detectives[seat].hand) == 7

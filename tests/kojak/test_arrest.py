"""Leaving Headquarters, the arrest, the Solution Book, winning and being out."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalAction
from sleuth.games.kojak.board import BUILDINGS
from sleuth.games.kojak.state import Kojak
from tests.kojak.conftest import act, at_phase, kinds, lot, put, ready


def both_cars_at(state: Kojak, building: str, seat: int | None = None) -> None:
    put(state, seat, kojak=None, car=lot(building), kojak_car=lot(building))


def wrong(state: Kojak) -> str:
    return next(b for b in BUILDINGS if b != state.case.hideout)


def test_kojak_needs_two_cards_to_leave() -> None:
    """KJ-ARREST-04: Kojak may not leave Headquarters before 2 informer cards hang on the
    notebook."""
    state = ready()
    assert "leave_hq" not in kinds(state)
    with pytest.raises(IllegalAction, match="at least 2"):
        act(state, "leave_hq")
    put(state, taken=["bus"])
    assert "leave_hq" not in kinds(state)
    put(state, taken=["bus", "hotel"])
    assert "leave_hq" in kinds(state)


def test_leaving_takes_the_pawn_off_and_kojak_drives() -> None:
    """KJ-ARREST-03: on his turn the player takes his Kojak pawn off the board; from then on
    Kojak's moves are made by Kojak's car on the path."""
    state = ready()
    seat = state.turn.seat
    put(state, taken=["bus", "hotel"])
    events = act(state, "leave_hq")
    assert events[0].kind == "left_hq" and events[0].data["car"] == "lot-lieutenant"
    piece = state.view(None)["pieces"][seat]
    assert piece["kojak"] is None and piece["cars"]["kojak"] == "lot-lieutenant"
    act(state, "roll")
    assert "kojak" in {a["car"] for a in state.legal_actions()}


def test_arrest_needs_both_cars_in_the_lot() -> None:
    """KJ-ARREST-02: both the Detective's car and Kojak's car must be in the hide-out's lot."""
    state = ready()
    hideout = state.case.hideout
    put(state, kojak=None, taken=["bus", "hotel"], car=lot(hideout), kojak_car="r07c11")
    assert "arrest" not in kinds(state)
    put(state, car="r07c11", kojak_car=lot(hideout))
    assert "arrest" not in kinds(state)
    both_cars_at(state, hideout)
    assert "arrest" in kinds(state)
    with pytest.raises(IllegalAction, match="must share a building"):
        ready().apply({"kind": "arrest"})


def test_arrest_announced_on_arrival_not_by_exact_count() -> None:
    """KJ-ARREST-05: when the second car reaches the lot (with spots to spare), the player
    announces the arrest that same turn."""
    state = ready(seed=3)
    seat = state.turn.seat
    hideout = state.case.hideout
    at = state.board.lots[lot(hideout)].at
    put(state, kojak=None, taken=["bus", "hotel"], car=lot(hideout), kojak_car=at)
    act(state, "roll")
    at_phase(state, "drive", dice=(3, 3))  # six spots: one is enough
    act(state, "drive", car="kojak", to=lot(hideout))
    assert state.turn.seat == seat and state.turn.phase == "after"
    assert kinds(state) == {"arrest", "end_turn"}
    events = act(state, "arrest")
    assert events[0].data == {"seat": seat, "building": hideout, "correct": True}


def test_no_badge_or_informer_needed_for_the_arrest() -> None:
    """KJ-ARREST-06: neither the Badge on the hide-out nor an informer out front is needed."""
    state = ready()
    hideout = state.case.hideout
    badge = wrong(state)
    both_cars_at(state, hideout)
    put(state, badge=badge, taken=["bus", "movie"])
    table = state.turntables[hideout]
    table.slots[table.front] = False
    assert "arrest" in kinds(state)


def test_right_arrest_wins_the_game() -> None:
    """KJ-ARREST-01, KJ-WIN-01, KJ-WIN-02, KJ-WIN-04: the first player to bring both cars to the
    hide-out and announce it checks the Solution Book; it agrees, the game is over and he wins."""
    state = ready(players=3)
    seat = state.turn.seat
    both_cars_at(state, state.case.hideout)
    events = act(state, "arrest")
    assert [e.kind for e in events] == ["arrest", "game_over"]
    assert state.over and state.winners == [seat] and state.legal_actions() == []
    assert events[1].data["hideout"] == state.case.hideout
    assert state.view(None)["reveal"]["codes"] == dict(state.case.codes)


def test_wrong_arrest_puts_the_player_out_sworn_to_secrecy() -> None:
    """KJ-WIN-03: if the Solution Book disagrees, the player is out, the right answer is not
    announced, he alone learns it (and keeps it secret), and the game goes on without him."""
    state = ready(players=3)
    seat = state.turn.seat
    guess = wrong(state)
    both_cars_at(state, guess)
    events = act(state, "arrest")
    kinds_ = [e.kind for e in events]
    assert kinds_[:3] == ["arrest", "out", "solution"] and kinds_[-1] == "turn"
    public = [e for e in events if e.to is None]
    assert not any("hideout" in e.data for e in public)
    secret = next(e for e in events if e.kind == "solution")
    assert secret.to == seat and secret.data["hideout"] == state.case.hideout
    assert not state.over and state.turn.seat != seat
    assert state.view(seat)["solution"]["hideout"] == state.case.hideout
    for other in {0, 1, 2} - {seat}:
        view = state.view(other)
        assert "solution" not in view
        assert guess not in view["notebook"]["suspects"]  # everyone saw the wrong guess fail
    for _ in range(6):  # he never plays again
        assert state.turn.seat != seat
        act(
            state,
            "jump",
            room="radio" if state.player(state.turn.seat).kojak != "radio" else "command",
        )
        act(state, "end_turn")


def test_guessing_with_two_cards() -> None:
    """KJ-ARREST-07: with only two cards a player may go for the arrest on a guess: right, he
    wins; wrong, he is out."""
    for right in (True, False):
        state = ready(players=2, seed=11)
        seat = state.turn.seat
        put(state, taken=["bus", "movie"])
        act(state, "leave_hq")
        both_cars_at(state, state.case.hideout if right else wrong(state))
        act(state, "arrest")
        assert state.player(seat).out is not right
        assert state.winners == ([seat] if right else [])


def test_everyone_out_ends_the_game_without_a_winner() -> None:
    state = ready(players=2)
    for _ in range(2):
        both_cars_at(state, wrong(state))
        act(state, "arrest")
    assert state.over and state.winners == [] and state.end_reason == "everyone out"

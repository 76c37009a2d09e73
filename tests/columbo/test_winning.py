"""Complete sets on the table, the two ways to win, and a case that goes cold."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalAction
from sleuth.games.columbo.state import Columbo
from tests.columbo.conftest import act, hand, new, put, table, turn


def _kind(state: Columbo, kind: str) -> list[int]:
    return [c for c in state.in_play if state.kind_of[c] == kind]


def _draw_into(state: Columbo, seat: int, top: int) -> list[object]:
    """The seat walks into Room 3, whose top card is `top`."""
    pile = state.piles[3]
    if top in pile:
        pile.remove(top)
    pile.append(top)
    for det in state.detectives:
        if det.seat != seat:
            put(state, det.seat, "living-room")
    put(state, seat, "h17-06")
    turn(state, seat, (1, 2), "move")
    return list(act(state, "move", to="room-3"))


def test_a_complete_figure_goes_face_up_on_the_table() -> None:
    """CO-CARDS-05: a player who completes a figure or a weapon lays its four cards face up
    on the table before him."""
    state = new(players=3, seed=7)
    seat = state.turn.seat
    tv, columbo = _kind(state, "tv-star"), _kind(state, "columbo")
    hand(state, seat, [*tv[:3], *columbo[:4]])
    events = _draw_into(state, seat, tv[3])
    laid = next(e for e in events if e.kind == "laid_down")  # type: ignore[attr-defined]
    assert laid.to is None and sorted(c["id"] for c in laid.data["cards"]) == sorted(tv)
    assert [sorted(s) for s in state.detectives[seat].table] == [sorted(tv)]
    for viewer in (None, 0, 1, 2):
        table = state.view(viewer)["detectives"][seat]["table"]
        assert sorted(c["id"] for c in table[0]) == sorted(tv)


def test_after_laying_down_no_discard_until_seven_again() -> None:
    """CO-CARDS-06 and CO-ROOM-02: a player who held seven and completes a set with a room card
    still discards in that turn (his hand ends at three); in following turns he keeps every
    card without discarding until he again holds seven."""
    state = new(players=3, seed=7)
    seat = state.turn.seat
    tv, columbo, rope = _kind(state, "tv-star"), _kind(state, "columbo"), _kind(state, "rope")
    hand(state, seat, [*tv[:3], *columbo[:4]])
    events = _draw_into(state, seat, tv[3])
    assert "kept" not in [e.kind for e in events]  # type: ignore[attr-defined]
    assert state.turn.phase == "discard" and len(state.detectives[seat].hand) == 4
    act(state, "discard", card=columbo[0])
    assert len(state.detectives[seat].hand) == 3 and state.turn.phase == "roll"
    for n in range(3):
        events = _draw_into(state, seat, rope[n])
        assert "kept" in [e.kind for e in events]  # type: ignore[attr-defined]
        assert state.turn.phase == "roll" and len(state.detectives[seat].hand) == 4 + n
    _draw_into(state, seat, columbo[4])
    assert state.turn.phase == "roll" and len(state.detectives[seat].hand) == 7
    _draw_into(state, seat, columbo[5])
    assert state.turn.phase == "discard"


def test_a_draw_that_lays_down_the_whole_hand_asks_for_no_discard() -> None:
    """CO-ROOM-02 with CO-CARDS-05 (decision R2a): seven cards and the one drawn can make a
    complete figure and a complete weapon; both go onto the table, nothing is left to
    discard, and the turn ends (the engine used to wait for a discard from an empty hand)."""
    state = new(players=3, seed=7)
    seat = state.turn.seat
    tv, rope = _kind(state, "tv-star"), _kind(state, "rope")
    hand(state, seat, [*tv[:4], *rope[:3]])
    events = _draw_into(state, seat, rope[3])
    me = state.detectives[seat]
    assert me.hand == [] and sorted(map(sorted, me.table)) == sorted([sorted(tv), sorted(rope)])
    assert [e.kind for e in events].count("laid_down") == 2  # type: ignore[attr-defined]
    assert not state.over and state.turn.phase == "roll" and state.turn.seat != seat
    assert state.legal_actions()  # the game goes on


def test_the_two_ways_to_win() -> None:
    """CO-WIN-01 and CO-WIN-02: the game is won by solving the mystery (a complete figure, a
    complete weapon and a Motive card) or by finding Columbo (his six parts and the "It's A
    Mystery To Me" card)."""
    state = new(players=3, seed=7)
    seat = state.turn.seat
    tv, rope = _kind(state, "tv-star"), _kind(state, "rope")
    motive = _kind(state, "motive")[1]
    table(state, seat, "tv-star")
    hand(state, seat, [*rope[:3], motive])
    events = _draw_into(state, seat, rope[3])
    over = next(e for e in events if e.kind == "game_over")  # type: ignore[attr-defined]
    assert over.data["reason"] == "solved" and over.data["winners"] == [seat]
    assert sorted(c["id"] for c in over.data["cards"]) == sorted([*tv, *rope, motive])

    state = new(players=3, seed=7)
    seat = state.turn.seat
    columbo, mystery = _kind(state, "columbo"), _kind(state, "mystery")[0]
    hand(state, seat, [*columbo[:5], mystery, rope[0]])
    _draw_into(state, seat, columbo[5])
    assert state.over and state.winners == [seat] and state.end_reason == "columbo"


def test_the_rulebooks_winning_example() -> None:
    """CO-EXAMPLE-03: T.V. Star, the bottle of poison and the jealousy card win; so does any
    complete figure with any complete weapon and any Motive card."""
    for figure, weapon, motive_name in (
        ("tv-star", "poison", "Jealousy"),
        ("sports-figure", "electric", None),
    ):
        state = new(players=4, seed=9)
        seat = state.turn.seat
        motives = _kind(state, "motive")
        motive = (
            next(c for c in motives if state.pack.cards[c].name == motive_name)
            if (motive_name)
            else motives[-1]
        )
        weapon_cards = _kind(state, weapon)
        table(state, seat, figure)
        hand(state, seat, [*weapon_cards[:3], motive])
        _draw_into(state, seat, weapon_cards[3])
        assert state.winners == [seat] and state.end_reason == "solved"
        assert state.solution(state.detectives[seat]) is not None


def test_the_first_to_collect_lays_it_down_and_wins() -> None:
    """CO-WIN-03: the first player to collect either combination lays it down and wins; even
    in another's turn (gap 16), here by taking a card in a demand in return."""
    state = new(players=2, seed=7)
    me = state.turn.seat
    them = 1 - me
    columbo, mystery = _kind(state, "columbo"), _kind(state, "mystery")[0]
    tv = _kind(state, "tv-star")
    hand(state, them, [*columbo[:5], mystery])
    hand(state, me, [tv[0], columbo[5], *_kind(state, "rope")[:3], *_kind(state, "poison")[:2]])
    put(state, me, "room-2")
    put(state, them, "room-2")
    turn(state, me, (2, 2), "move")
    act(state, "demand", target=them, show=tv[0])  # he has none: he asks in return
    act(state, "demand", target=me, show=columbo[0])
    events = act(state, "give", card=columbo[5])
    assert events[-1].kind == "game_over" and state.winners == [them]
    assert state.over and state.to_move is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        act(state, "roll")


def test_the_basic_game_lays_down_one_figure_and_one_weapon() -> None:
    """A second complete figure stays in the hand in the basic game (CO-ADVANCED-02 lets the
    more difficult game lay down more)."""
    state = new(players=3, seed=7)
    seat = state.turn.seat
    tv, sports = _kind(state, "tv-star"), _kind(state, "sports-figure")
    table(state, seat, "tv-star")
    hand(state, seat, [*sports[:3], *_kind(state, "columbo")[:3]])
    _draw_into(state, seat, sports[3])
    assert state.detectives[seat].table == [list(tv)]
    assert set(sports) <= set(state.detectives[seat].hand)


def test_a_case_goes_cold_after_the_turn_limit() -> None:
    """Gap 18: after `max_turns` turns nobody has won the basic game."""
    state = new(players=2, seed=1, max_turns=10)
    while not state.over:
        state.apply(state.legal_actions()[0])
    assert state.end_reason == "cold" and state.winners == [] and state.turns == 10

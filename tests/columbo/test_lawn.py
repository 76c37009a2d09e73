"""Known evidence on the lawn: naming and turning over, chains, the wrong-naming swap."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalAction
from sleuth.games.columbo.state import Columbo
from sleuth.games.columbo.words import Narrator
from tests.columbo.conftest import act, hand, kinds, lawn, legal, new, put, turn


def _kind(state: Columbo, kind: str) -> list[int]:
    return [c for c in state.in_play if state.kind_of[c] == kind]


def _at_the_door(
    lawn_cards: list[int | None], mine: list[int], seed: int = 2
) -> tuple[Columbo, int]:
    """A 2-player game: the lawn as given, the mover's hand as given, one step from the
    Door to Living Room, about to arrive with a throw of 3."""
    state = new(players=2, seed=seed)
    seat = state.turn.seat
    lawn(state, lawn_cards)
    hand(state, seat, mine)
    put(state, seat, "h06-09")
    turn(state, seat, (1, 2), "move")
    act(state, "move", to="living-room")
    return state, seat


def _filler(state: Columbo, n: int) -> list[int]:
    """Cards no lawn test names: Columbo parts and T.V. Star cards (never four of a set)."""
    return (_kind(state, "columbo")[:3] + _kind(state, "tv-star")[:3])[:n]


def test_the_lawn_is_searched_on_arriving_in_the_living_room() -> None:
    """CO-LAWN-03: a player must arrive in the Living Room in his turn, by the dice or placed
    there directly on 7, 11 or doubles; already being there is not arriving."""
    state = new(players=2, seed=2)
    rope = _kind(state, "rope")
    state, seat = _at_the_door([rope[0]], [rope[1], *_filler(state, 6)])
    assert state.turn.phase == "arrived" and legal(state, "name")
    state = new(players=2, seed=2)
    seat = state.turn.seat
    lawn(state, [rope[0]])
    put(state, seat, "room-4")
    turn(state, seat, (5, 6), "move")
    act(state, "jump", to="living-room")
    assert legal(state, "name")
    turn(state, seat, (3, 3), "move")  # the next turn, still there: he must go out again
    assert not legal(state, "name")


def test_naming_shows_a_card_of_the_kind_and_turns_the_lawn_card_over_for_all() -> None:
    """CO-LAWN-04: the player shows a card of the kind he searches for, points at a lawn card,
    names it as that kind, and turns it over for all to see."""
    state = new(players=2, seed=2)
    rope = _kind(state, "rope")
    state, seat = _at_the_door([rope[0]], [rope[1], *_filler(state, 6)])
    names = legal(state, "name")
    assert {a.get("show") for a in names} == {rope[1], *_filler(state, 6), None}
    events = act(state, "name", place=0, show=rope[1])
    named, turned = events[0], events[1]
    assert named.kind == "name" and named.to is None and named.data["shown"]["id"] == rope[1]
    assert turned.kind == "turned" and turned.to is None and turned.data["card"]["id"] == rope[0]


def test_the_example_this_is_a_part_of_the_rope() -> None:
    """CO-EXAMPLE-02: pointing to a lawn card: "This is a part of the rope." """
    state = new(players=2, seed=2)
    rope = _kind(state, "rope")
    state, seat = _at_the_door([rope[0]], [rope[1], *_filler(state, 6)])
    events = act(state, "name", place=0, show=rope[1])
    assert '"This is a part of the Rope."' in Narrator().say(events[0])


def test_a_right_naming_picks_the_card_up_then_discard_and_stop_if_you_wish() -> None:
    """CO-LAWN-05: if it is the card named, it goes into his hand, he discards a card face down
    on the lawn (shown first) and may stop there."""
    state = new(players=2, seed=2)
    rope = _kind(state, "rope")
    state, seat = _at_the_door([rope[0]], [rope[1], *_filler(state, 6)])
    act(state, "name", place=0, show=rope[1])
    me = state.detectives[seat]
    assert rope[0] in me.hand and state.lawn[0] is None
    assert kinds(state) == {"discard"}
    events = act(state, "discard", card=_filler(state, 6)[0])
    assert events[0].data["card"]["id"] == _filler(state, 6)[0]
    assert state.view(None)["lawn"][0] == "down"
    assert state.turn.phase == "search" and "end_turn" in kinds(state)
    act(state, "end_turn")
    assert state.turn.seat != seat


def test_a_find_that_lays_down_the_whole_hand_asks_for_no_discard() -> None:
    """CO-LAWN-05 with CO-CARDS-05 (decision R2a): a right naming at seven that completes a
    second set lays both sets down, leaves nothing to discard, and the search goes on."""
    state = new(players=2, seed=2)
    rope, tv = _kind(state, "rope"), _kind(state, "tv-star")
    state, seat = _at_the_door([rope[0]], [*rope[1:4], *tv[:4]])
    act(state, "name", place=0, show=rope[1])
    me = state.detectives[seat]
    assert me.hand == [] and len(me.table) == 2
    assert state.turn.phase == "search" and "end_turn" in kinds(state)


def test_a_search_goes_on_while_the_namings_are_right() -> None:
    """CO-LAWN-06: while his namings are right he may pick up more cards of the same kind,
    and/or show a different card and search for that kind, discarding each time at seven."""
    state = new(players=2, seed=2)
    rope, tv = _kind(state, "rope"), _kind(state, "tv-star")
    columbo = _kind(state, "columbo")
    state, seat = _at_the_door([rope[0], rope[1], tv[0]], [rope[2], tv[1], *columbo[:3]])
    act(state, "name", place=0, show=rope[2])  # 6 cards in hand: no discard
    assert state.turn.phase == "search"
    act(state, "name", place=1, show=rope[2])  # the same kind again: now 7
    assert state.turn.phase == "search"
    act(state, "name", place=2, show=tv[1])  # another kind: 8, so a discard
    assert state.turn.phase == "discard"
    act(state, "discard", card=columbo[0])
    me = state.detectives[seat]
    assert sorted(me.hand) == sorted([rope[0], rope[1], rope[2], tv[0], tv[1], *columbo[1:3]])
    assert state.turn.found == 3


def test_a_wrong_naming_swaps_in_the_last_card_shown_and_ends_the_turn() -> None:
    """CO-LAWN-07: pointing at a wrong card, he must pick it up and lay the last card he showed
    in its place; his turn ends."""
    state = new(players=2, seed=2)
    rope, poison = _kind(state, "rope"), _kind(state, "poison")
    state, seat = _at_the_door([poison[0]], [rope[1], *_filler(state, 6)])
    events = act(state, "name", place=0, show=rope[1])
    assert events[1].data["right"] is False
    assert state.lawn[0] == rope[1] and poison[0] in state.detectives[seat].hand
    swapped = next(e for e in events if e.kind == "swapped")
    assert swapped.data["card"]["id"] == rope[1]  # it was shown: everyone saw it
    assert state.turn.seat != seat


def test_motive_and_mystery_are_named_without_showing() -> None:
    """CO-LAWN-08: Motive cards and the Mystery card may be named and picked up without showing
    a card."""
    state = new(players=2, seed=2)
    motive, mystery = _kind(state, "motive")[0], _kind(state, "mystery")[0]
    state, seat = _at_the_door([motive, mystery], _filler(state, 5))
    assert {a["evidence"] for a in legal(state, "name") if a.get("show") is None} == {
        "motive",
        "mystery",
    }
    act(state, "name", place=0, evidence="motive")
    act(state, "name", place=1, evidence="mystery")
    assert {motive, mystery} <= set(state.detectives[seat].hand)


def test_a_wrong_naming_without_a_shown_card_lays_a_card_of_his_choice() -> None:
    """Gap: naming a Motive without showing and being wrong, he lays down a card he chooses."""
    state = new(players=2, seed=2)
    poison = _kind(state, "poison")
    state, seat = _at_the_door([poison[0]], _filler(state, 6))
    act(state, "name", place=0, evidence="motive")
    assert state.turn.phase == "lay" and state.lawn[0] is None
    assert sorted(a["card"] for a in state.legal_actions()) == sorted(_filler(state, 6))
    act(state, "lay", card=_filler(state, 6)[2])
    assert state.lawn[0] == _filler(state, 6)[2] and poison[0] in state.detectives[seat].hand


def test_the_lawn_only_from_the_living_room() -> None:
    """CO-LAWN-09: no card is picked up from the lawn unless the detective is in the Living
    Room."""
    state = new(players=2, seed=2)
    rope = _kind(state, "rope")
    seat = state.turn.seat
    lawn(state, [rope[0]])
    hand(state, seat, [rope[1], *_filler(state, 6)])
    for where, dice in (("room-2", (3, 3)), ("h10-06", (1, 1)), ("h06-08", (3, 4))):
        put(state, seat, where)
        turn(state, seat, dice, "move")
        assert not legal(state, "name")
        with pytest.raises(IllegalAction, match="Living Room"):
            act(state, "name", place=0, show=rope[1])


def test_false_identification_of_a_sports_figure_card_as_electric() -> None:
    """CO-SPECIAL-05 and CO-EXAMPLE-04: to hinder an opponent collecting Sports Figure cards, a
    player shows an Electric card, points at a Sports Figure card on the lawn, says "This is an
    Electric card", then, being wrong on purpose, picks it up and lays the Electric card down."""
    state = new(players=2, seed=2)
    sports, electric = _kind(state, "sports-figure"), _kind(state, "electric")
    state, seat = _at_the_door([sports[0]], [electric[0], *_filler(state, 6)])
    events = act(state, "name", place=0, show=electric[0])
    assert events[0].data["kind"] == "electric" and events[1].data["right"] is False
    assert sports[0] in state.detectives[seat].hand
    assert electric[0] not in state.detectives[seat].hand and state.lawn[0] == electric[0]
    assert "This is a part of the Electric." in Narrator().say(events[0])


def test_a_card_laid_this_turn_cannot_be_named_again_this_turn() -> None:
    """Decision: no endless take-and-give in one turn; the place is free again next turn."""
    state = new(players=2, seed=2)
    rope = _kind(state, "rope")
    state, seat = _at_the_door([rope[0], rope[2]], [rope[1], *_filler(state, 6)])
    act(state, "name", place=0, show=rope[1])
    act(state, "discard", card=_filler(state, 6)[0])
    assert {a["place"] for a in legal(state, "name")} == {1}

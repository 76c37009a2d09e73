"""Sleuth Cards: when they may be played, where they go, and what each does."""

from __future__ import annotations

import pytest

from sleuth.core import IllegalAction
from tests.stop_thief.conftest import act, hand_with, kinds, new, place, quiet_turn, to_phase


def plays(state) -> list:  # type: ignore[no-untyped-def]
    return [a for a in state.legal_actions() if a.kind == "play_card"]


def test_tips_come_only_from_cards_and_may_cost_money() -> None:
    """ST-CARDS-01, ST-CARDS-02: the Tipster is called only by a card; bought tips cost $50 or
    $100, paid to the Bank; a detective who cannot pay cannot buy."""
    state = new(seed=1)
    assert "tip" not in {a.kind for a in state.legal_actions()}
    tips = [c for c in state.content.cards if c.effect == "tip"]
    assert sorted(c.amount for c in tips) == [0, 0, 0, 0, 50, 50, 50, 100, 100]
    seat = state.turn.seat
    card = hand_with(state, seat, "tip", 100)
    state.detectives[seat].money = 50
    state._legal_cache = None
    assert all(a["card"] != card for a in plays(state))
    state.detectives[seat].money = 300
    state._legal_cache = None
    events = act(state, "play_card", card=card)
    assert state.detectives[seat].money == 200
    assert next(e for e in events if e.kind == "tip_called").data == {"seat": seat, "paid": 100}


def test_tip_shows_the_exact_space_to_the_caller_only() -> None:
    """ST-SCANNER-15, ST-SCANNER-17: the tip is the thief's exact space, seen only by the caller."""
    state = new(seed=2)
    seat = state.turn.seat
    act(state, "clue")
    card = hand_with(state, seat, "tip", 0)
    events = act(state, "play_card", card=card)
    tip = next(e for e in events if e.kind == "tip")
    assert state.scanner.thief is not None
    assert tip.to == seat and tip.data["space"] == state.scanner.thief.space
    assert state.view(seat)["tips"][0]["space"] == state.scanner.thief.space
    for other in (None, *(s for s in range(3) if s != seat)):
        assert state.view(other).get("tips", []) == []
        assert all(e.kind != "tip" for e in state.events_for(other))


def test_play_before_or_after_rolling_one_per_turn() -> None:
    """ST-CARDS-05, ST-CARDS-06: any card in hand, before or after rolling, one a turn."""
    for roll_first in (False, True):
        state = new(seed=3)
        seat = state.turn.seat
        act(state, "clue")
        if roll_first:
            act(state, "roll")
        assert {a["card"] for a in plays(state)} >= {
            c for c in state.detectives[seat].hand if state.content.cards[c].effect not in ("tip",)
        }
        card = hand_with(state, seat, "extra_turn")
        act(state, "play_card", card=card)
        assert plays(state) == []
        other = state.detectives[seat].hand[0]
        with pytest.raises(IllegalAction, match="only one Sleuth Card"):
            act(state, "play_card", card=other)


def test_played_card_goes_under_the_pile_and_is_replaced() -> None:
    """ST-CARDS-07: the played card goes to the bottom of the pile; the top card replaces it."""
    state = new(seed=4)
    seat = state.turn.seat
    card = hand_with(state, seat, "extra_turn")
    top = state.pile[0]
    events = act(state, "play_card", card=card)
    assert state.pile[-1] == card
    assert top in state.detectives[seat].hand and card not in state.detectives[seat].hand
    assert len(state.detectives[seat].hand) == 3
    drawn = next(e for e in events if e.kind == "card_drawn")
    assert drawn.to == seat and drawn.data["card"]["id"] == top


def fine_turn(seed: int, **options: object):  # type: ignore[no-untyped-def]
    state = new(seed=seed, **options)
    state.detectives[state.turn.seat].licensed = False
    state.turn.phase = "fine"
    state._legal_cache = None
    return state


def test_a_card_may_be_played_on_the_fine_turn() -> None:
    """ST-CARDS-05, ST-CARDS-06, ST-ARREST-13 (decision D7): "at any time during your turn"
    covers the fine turn: before paying he may play one card, but none that changes a
    move (he does not move); then he pays and the turn ends."""
    state = fine_turn(5)
    seat = state.turn.seat
    tip = hand_with(state, seat, "tip", 0)
    hand = state.detectives[seat].hand
    hand.insert(0, hand.pop())  # keep the tip when the next card is swapped in at the end
    hand_with(state, seat, "move_anywhere")
    assert kinds(state) == {"pay_fine", "play_card"}
    assert all(state.content.cards[a["card"]].effect != "move_anywhere" for a in plays(state))
    act(state, "play_card", card=tip)
    assert kinds(state) == {"pay_fine"}  # one card a turn (ST-CARDS-06)
    assert state.tips[seat]
    act(state, "pay_fine")
    assert state.turn.seat != seat and state.detectives[seat].licensed


def test_no_card_on_the_fine_turn_by_option() -> None:
    """ST-ARREST-13 with option cards_on_fine_turn off (the older decision D7): he only pays."""
    state = fine_turn(5, cards_on_fine_turn=False)
    assert kinds(state) == {"pay_fine"}
    with pytest.raises(IllegalAction, match="only pays the fine"):
        act(state, "play_card", card=state.detectives[state.turn.seat].hand[0])


def test_take_another_turn() -> None:
    state = new(seed=6)
    seat = state.turn.seat
    act(state, "play_card", card=hand_with(state, seat, "extra_turn"))
    quiet_turn(state)
    assert state.turn.seat == seat
    quiet_turn(state)
    assert state.turn.seat != seat


def test_lose_a_turn_targets_another_detective() -> None:
    state = new(players=3, seed=7)
    seat = state.turn.seat
    victim = (seat + 1) % 3
    card = hand_with(state, seat, "lose_turn")
    targets = {a["target"] for a in plays(state) if a["card"] == card}
    assert targets == {s for s in range(3) if s != seat}
    act(state, "play_card", card=card, target=victim)
    events = quiet_turn(state)
    assert any(e.kind == "turn_lost" and e.data["seat"] == victim for e in events)
    assert state.turn.seat == (seat + 2) % 3


def test_move_anywhere() -> None:
    state = new(seed=8)
    seat = state.turn.seat
    act(state, "clue")
    act(state, "play_card", card=hand_with(state, seat, "move_anywhere"))
    assert state.turn.phase == "move"  # no roll needed
    spots = {a["to"] for a in state.legal_actions() if a.kind == "move"}
    walkable = {n.id for n in state.board.nodes if n.walkable}
    assert spots == walkable  # everywhere but windows (the others share ACME with us)
    assert "148" not in spots
    act(state, "move", to="153")
    assert state.view(None)["detectives"][seat]["node"] == "153"


def test_extra_spaces_add_to_the_roll() -> None:
    state = new(seed=9)
    seat = state.turn.seat
    place(state, seat, "500")
    act(state, "clue")
    to_phase(state, "move", dice=(1, 1))
    act(state, "play_card", card=hand_with(state, seat, "extra_spaces", 6))
    assert state.view(seat)["allowance"] == 8
    here = state.board.node_by_id["500"]
    reach = {state.board.node_id(n) for n in state.board.distances(here, 8)}
    assert {a["to"] for a in state.legal_actions() if a.kind == "move"} == reach


def test_extra_clue_presses_are_heard_by_all() -> None:
    state = new(seed=10)
    seat = state.turn.seat
    act(state, "clue")
    events = act(state, "play_card", card=hand_with(state, seat, "extra_clues", 5))
    clues = [e for e in events if e.kind == "clue"]
    assert len(clues) == 5 and all(e.to is None for e in clues)


def test_collect_from_another_detective() -> None:
    state = new(players=2, seed=11)
    seat = state.turn.seat
    other = 1 - seat
    state.detectives[other].money = 150
    act(state, "play_card", card=hand_with(state, seat, "collect", 200), target=other)
    assert state.detectives[other].money == 0 and state.detectives[seat].money == 450


def test_back_to_acme_for_anyone() -> None:
    state = new(players=2, seed=12)
    seat = state.turn.seat
    other = 1 - seat
    place(state, other, "153")
    card = hand_with(state, seat, "back_to_acme")
    assert {a["target"] for a in plays(state) if a["card"] == card} == {0, 1}
    act(state, "play_card", card=card, target=other)
    assert state.detectives[other].node == state.board.acme


def test_card_not_in_hand_is_refused() -> None:
    state = new(seed=13)
    seat = state.turn.seat
    foreign = state.detectives[(seat + 1) % 3].hand[0]
    with pytest.raises(IllegalAction, match="cannot play that card"):
        act(state, "play_card", card=foreign)

"""Set-up: players and partners, the crime, the card, Handbooks, first spin and Badge spaces."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import sleuth
from sleuth.core import IllegalAction
from tests.manhunt.conftest import act, new, placed


def test_two_to_four_singles_or_four_or_six_partners() -> None:
    """MH-SETUP-04: 2, 3 or 4 single players, or 4 or 6 playing as partners."""
    for players in (2, 3, 4):
        state = new(players=players)
        assert state.sides == players and not state.partners
    assert new(players=4, partners=True).sides == 2
    six = new(players=6)
    assert six.partners and six.sides == 3
    for players, options in (
        (5, {}),
        (1, {}),
        (7, {}),
        (2, {"partners": True}),
        (3, {"partners": True}),
    ):
        with pytest.raises(IllegalAction):
            sleuth.new_game("manhunt", players=players, **options)


def test_one_crime_is_chosen() -> None:
    """MH-SETUP-05: the players agree on Robbery, Murder or Swindle; only its Read Out and
    suspects are used."""
    for crime, letter in (("robbery", "R"), ("murder", "M"), ("swindle", "S")):
        state = placed(crime=crime)
        view = state.view(0)
        assert view["crime"] == crime and view["case"]["key"] == crime
        assert {s["number"][0] for s in view["case"]["suspects"]} == {letter}
        assert len(view["case"]["readout"]) == 8
        assert all(s["number"][0] == letter for s in view["handbook"]["suspects"])
    with pytest.raises(IllegalAction):
        new(crime="arson")


def test_a_card_is_drawn_at_random_and_kept_hidden() -> None:
    """MH-SETUP-06: the cards are shuffled and one is drawn into the Clue Scanner; no player
    sees its white side."""
    drawn = Counter(new(seed=seed).card.number for seed in range(200))
    assert len(drawn) == 16 and max(drawn.values()) < 30
    assert new(card=5).card.number == 5
    state = new(seed=3)
    assert any(e.kind == "card_drawn" and not e.data for e in state.log)


def test_the_card_stays_hidden_in_the_scanner() -> None:
    """MH-SETUP-03: the card sits black side up with only its tab showing: no view shows its
    number, holes or culprit until the game is over."""
    state = placed(players=3, card=1)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert "reveal" not in view and '"card"' not in json.dumps(view)
        # the holes are some suspect's public record: look outside the printed Read Out
        assert state.card.holes not in json.dumps(state.view(seat, static=False))
    assert all(state.card.holes not in json.dumps(e.to_json()) for e in state.log)


def test_each_side_gets_a_blank_handbook_partners_share_one() -> None:
    """MH-SETUP-07: a Read Out, a Handbook and a blank Clue Sheet for each player; partners
    share one Handbook and Clue Sheet."""
    state = new(players=3)
    assert [h.seats for h in state.handbooks] == [(0,), (1,), (2,)]
    assert all(not h.entries for h in state.handbooks)
    view = state.view(0)
    assert all(r["hole"] is None for r in view["handbook"]["rows"])
    assert not any(s["crossed"] for s in view["handbook"]["suspects"])
    pairs = new(players=4, partners=True)
    assert [h.seats for h in pairs.handbooks] == [(0, 2), (1, 3)]
    assert pairs.handbook(0) is pairs.handbook(2)
    assert pairs.view(0)["handbook"] == pairs.view(2)["handbook"]


def test_first_spin_then_badges_in_turn_to_the_left() -> None:
    """MH-TURN-01: everyone spins the NUMBERED dial; the highest places his car on any Badge
    space, then the others in turn to his left."""
    for seed in range(30):
        state = new(players=4, seed=seed)
        spin = next(e for e in state.log if e.kind == "first_spin").data
        last = spin["rounds"][-1]
        first = spin["first"]
        assert last[str(first)] == max(last.values())
        assert list(last.values()).count(last[str(first)]) == 1
        order = []
        while state.turn.phase == "place":
            order.append(state.to_move)
            assert len(state.legal_actions()) == 4  # any Badge space, taken or not
            act(state, "place", badge=state.legal_actions()[-1]["badge"])
        assert order == [(first + k) % 4 for k in range(4)]
        assert state.to_move == first and state.turn.phase == "start"


def test_ties_for_first_spin_again() -> None:
    ties = 0
    for seed in range(40):
        spin = next(e for e in new(players=4, seed=seed).log if e.kind == "first_spin").data
        if len(spin["rounds"]) > 1:
            ties += 1
            tied = [s for s, n in spin["rounds"][0].items() if n == max(spin["rounds"][0].values())]
            assert sorted(spin["rounds"][1]) == sorted(tied)
    assert ties


def test_partners_start_from_the_same_badge() -> None:
    """MH-SETUP-08: partners start both their cars from the same Badge space."""
    for players in (4, 6):
        state = placed(players=players, partners=True)
        for book in state.handbooks:
            assert len({state.cars[s].space for s in book.seats}) == 1


def test_any_badge_space_even_one_already_taken() -> None:
    """MH-TURN-01: each player in turn places his car on any one of the Badge spaces, so the
    last to place has the same choice as the first, and sides may share a space (R2)."""
    state = new(players=4, seed=3)
    badges = [state.board.id_of(b) for b in state.board.badges]
    while state.turn.phase == "place":
        assert sorted(a["badge"] for a in state.legal_actions()) == sorted(badges)
        act(state, "place", badge="hq-n")
    assert {state.cars[s].space for s in range(4)} == {state.board.index["hq-n"]}

"""Columbo as a state machine: random play, hostile input, and the game's invariants.

Besides the contract and the refusals of `tests.engine.machine`, after every step:

* the cards in play are conserved: the hands, the sets laid on the table, the lawn, the
  room piles, the No Clue cards put aside and a card on its way from the lawn to a hand
  are together exactly the pack in play, each card once; the pack in play and the cards
  removed are together the 60 cards, and the pack in play is 34 cards for 2 players, 48
  for 3 and all 60 for 4, with exactly the sets, Motive and No Clue cards the rules
  remove taken out (CO-SPECIAL-01, CO-SPECIAL-03, CO-SPECIAL-04);
* no hand holds more than 7 cards (CO-CARDS-01), but for the 8th a player holds just
  long enough to discard it or give one back, or that won him the game;
* every set on the table is four cards of one figure or weapon; the cards put aside
  are No Clue cards; every piece stands on a board node; the end phase comes only when
  every room pile is empty;
* the dice are thrown at most once in each turn (CO-TURN-01);
* while the game goes on nobody holds a winning combination, and a solved game's
  winner holds one (CO-WIN-02, CO-WIN-03); in the more difficult game finding Columbo
  does not end the game (CO-ADVANCED-03).

And of a game just set up: 7 cards dealt to each player and the rest spread over the
rooms in piles that differ by at most one card (CO-SETUP-01), over Rooms 1-4 only with
2 players (CO-SPECIAL-02), and every piece in the Living Room (CO-MOVE-01).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

from tests.engine.machine import GameMachine, machine_settings, turn_segments

HAND = 7
SET_SIZE = 4
PACK = 60
PACK_FOR = {2: 34, 3: 48, 4: 60}
# Special Rule 1: (complete figures, complete weapons, Motive cards, No Clue cards) removed.
REMOVED = {2: (3, 2, 3, 3), 3: (2, 1, 0, 0), 4: (0, 0, 0, 0)}


class ColumboMachine(GameMachine):
    game = "columbo"
    warmup = 400
    rare_phases = frozenset({"search", "lay", "counter", "exchange"})

    @classmethod
    def setups(cls) -> st.SearchStrategy[tuple[int, dict[str, Any]]]:
        options = st.fixed_dictionaries(
            {},
            optional={
                "advanced": st.booleans(),
                "removal": st.sampled_from(["random", "fixed"]),
                "max_turns": st.sampled_from([10, 60, 1000]),
            },
        )
        return st.tuples(st.integers(2, 4), options)

    # --- set-up ------------------------------------------------------------------------------
    def check_start(self, state: Any) -> None:
        assert len(state.pack.cards) == PACK
        for det in state.detectives:
            assert len(det.hand) == HAND
            assert det.node == state.board.living
            assert det.table == []
        rooms = {1, 2, 3, 4} if state.players == 2 else {1, 2, 3, 4, 5, 6}
        assert set(state.piles) == rooms
        sizes = [len(pile) for pile in state.piles.values()]
        assert max(sizes) - min(sizes) <= 1, f"room piles are not dealt evenly: {sizes}"
        assert sum(sizes) == len(state.in_play) - HAND * state.players
        assert state.lawn == [] or all(card is None for card in state.lawn)

    # --- every step --------------------------------------------------------------------------
    def check_pack(self, state: Any) -> None:
        kind_of, groups = state.kind_of, state.pack.groups
        in_play, removed = list(state.in_play), list(state.removed)
        assert sorted(in_play + removed) == list(range(PACK)) == [c.id for c in state.pack.cards]
        assert len(in_play) == PACK_FOR[state.players]
        gone = Counter(kind_of[c] for c in removed)
        figures = [k for k in gone if groups[k] == "figure"]
        weapons = [k for k in gone if groups[k] == "weapon"]
        assert all(gone[k] == SET_SIZE for k in figures + weapons), "a set was split"
        counts = (len(figures), len(weapons), gone["motive"], gone["no-clue"])
        assert counts == REMOVED[state.players], f"removed {counts}"
        assert gone["columbo"] == gone["mystery"] == 0

    def check_game(self, state: Any) -> None:
        self.check_pack(state)
        dets, turn = state.detectives, state.turn
        # Every card in play is in exactly one place.
        places: list[int] = []
        for det in dets:
            places += det.hand
            places += [c for laid in det.table for c in laid]
        places += [c for c in state.lawn if c is not None]
        places += [c for pile in state.piles.values() for c in pile]
        places += state.aside
        if turn.pending is not None:
            places.append(turn.pending)  # turned over on the lawn, on its way to the hand
        assert sorted(places) == sorted(state.in_play), "a card was lost or duplicated"
        # Hands of seven, but for a moment of eight: before the discard or the card given
        # back, or when the eighth card won the game (nothing is discarded then).
        ender = next((e.data["by"] for e in state.log if e.kind == "game_over"), None)
        for det in dets:
            holding_extra = (
                det.seat == state.to_move and turn.phase in ("discard", "exchange")
            ) or det.seat == ender
            assert len(det.hand) <= HAND + holding_extra, f"seat {det.seat} holds {len(det.hand)}"
        # The table, the cards put aside, the pieces, the end phase.
        for det in dets:
            for laid in det.table:
                kinds = {state.kind_of[c] for c in laid}
                assert len(laid) == SET_SIZE and len(kinds) == 1, f"a bad set on the table: {laid}"
                assert kinds <= set(state.pack.sets)
            assert 0 <= det.node < len(state.board.nodes)
        assert all(state.kind_of[c] == "no-clue" for c in state.aside)
        if state.endgame:
            assert not any(state.piles.values()), "the end phase came with cards in the rooms"
        assert state.turns <= state.options.max_turns
        for one_turn in turn_segments(state):
            assert sum(e.kind == "roll" for e in one_turn) <= 1, "the dice were thrown twice"
        # Winning.
        advanced = state.options.advanced
        if not state.over:
            for det in dets:
                assert state.solution(det) is None, f"seat {det.seat} has solved it; play goes on"
                if not advanced:
                    assert state.columbo(det) is None, f"seat {det.seat} has found Columbo"
        elif state.end_reason in ("solved", "columbo"):
            (ender,) = [e.data["by"] for e in state.log if e.kind == "game_over"]
            det = dets[ender]
            if state.end_reason == "solved":
                assert state.solution(det) is not None
            else:
                assert not advanced and state.columbo(det) is not None
            if not advanced:
                assert state.winners == [ender]


def test_columbo_machine() -> None:
    run_state_machine_as_test(ColumboMachine, settings=machine_settings(examples=25, steps=50))

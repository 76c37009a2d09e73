"""Stop Thief as a state machine: random play, hostile input, and the game's invariants.

Besides the contract and the refusals of `tests.engine.machine`, after every step:

* every detective's money is exactly his $300 start (ST-MONEY-02), plus the rewards he
  earned, minus the fines he paid and the tips he bought, plus or minus what cards made
  players pay each other: money is never made or lost unaccounted, and never negative;
* the 32 Sleuth Cards are all in the hands and the pile, each once, and every hand holds
  3 cards (ST-CARDS-07); no turn sees more than one card played (ST-CARDS-06);
* detectives stand on board nodes they can walk on; the thief, while the game goes on,
  on a numbered space;
* at most ten thieves appear (ST-SETUP-04); each caught thief's poster is held once;
* nobody holds the winning amount while the game goes on, and a won game's winner does
  (ST-WIN-02).

And of each accepted action: a fine is $100, or all the detective has if less
(ST-MONEY-03); only CLUE, an escape or a new thief moves the thief (ST-THIEF-04); an
arrest is false exactly when it names another space than the thief's (ST-ARREST-04,
ST-ARREST-05), a false one leaves the thief where he is (ST-ARREST-14), turns the
License over and ends the turn (ST-ARREST-12); a successful one pays the whole current
reward, at least $800, and the poster (ST-ARREST-02, ST-ARREST-10), moves no piece
(ST-THIEF-20) and passes the turn to the arrester's left (ST-TURN-06); and a thief's
reward grows by $100 for each further crime he commits (ST-MONEY-06).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

from sleuth.core import Action, Event
from tests.engine.machine import GameMachine, events_of, machine_settings, turn_segments

START_MONEY = 300
HAND = 3
FINE = 100
CRIME_BONUS = 100


class StopThiefMachine(GameMachine):
    game = "stop-thief"
    warmup = 400
    rare_phases = frozenset({"fine", "after"})
    # The notebook aid's per-seat trackers hold weak references, which cannot be pickled;
    # what they show is compared all the same, through every seat's view.
    unpicklable = frozenset({"_notebooks"})

    @classmethod
    def setups(cls) -> st.SearchStrategy[tuple[int, dict[str, Any]]]:
        options = st.fixed_dictionaries(
            {},
            optional={
                "clue_on_fine_turn": st.booleans(),
                "win_amount": st.sampled_from([800, 1200, 2500]),
                "still_chance": st.sampled_from([0.0, 0.25, 0.9]),
                "escape_chance": st.sampled_from([0.0, 0.25, 1.0]),
                "six_move_escape_chance": st.sampled_from([0.0, 0.5, 1.0]),
                "escape_flees": st.booleans(),
                "notebook_aid": st.booleans(),
            },
        )
        return st.tuples(st.integers(2, 4), options)

    # --- set-up ------------------------------------------------------------------------------
    def check_start(self, state: Any) -> None:
        """Detectives on ACME (ST-SETUP-06) with $300 (ST-MONEY-02), 3 cards dealt each and the
        rest as the pile (ST-CARDS-03), and one thief at large (ST-THIEF-03)."""
        cards = len(state.content.cards)
        assert cards == 32
        for det in state.detectives:
            assert det.node == state.board.acme
            assert det.money == START_MONEY
            assert len(det.hand) == HAND
            assert det.licensed and not det.posters
        assert len(state.pile) == cards - HAND * state.players
        assert state.thief_number == 1
        assert state.scanner.thief.space in state.board.crime_codes

    # --- every step --------------------------------------------------------------------------
    def check_game(self, state: Any) -> None:
        board, content, dets = state.board, state.content, state.detectives
        # Money: the start, rewards, fines, tips and payments between players, nothing else.
        expected = [START_MONEY] * state.players
        for event in state.log:
            data = event.data
            if event.kind == "reward":
                expected[data["seat"]] += data["amount"]
            elif event.kind in ("license_back", "tip_called"):  # a fine, a tip
                expected[data["seat"]] -= data["paid"]
            elif event.kind == "paid":
                expected[data["from"]] -= data["amount"]
                expected[data["to"]] += data["amount"]
        assert [d.money for d in dets] == expected, "money appeared or vanished"
        assert all(d.money >= 0 for d in dets)
        # Sleuth Cards: hands and pile hold the 32, each once; a hand is always 3.
        held = [c for d in dets for c in d.hand] + list(state.pile)
        assert sorted(held) == sorted(card.id for card in content.cards), "a card was lost"
        assert all(len(d.hand) == HAND for d in dets)
        for turn in turn_segments(state):
            assert sum(e.kind == "card_played" for e in turn) <= 1, "two cards in one turn"
        # Pieces on the board.
        for det in dets:
            assert 0 <= det.node < len(board.nodes)
            assert board.nodes[det.node].walkable, f"detective {det.seat} stands on a window"
        if not state.over:
            assert state.scanner.thief is not None
            assert state.scanner.thief.space in board.spaces
        # Thieves and posters.
        assert 1 <= state.thief_number <= len(content.posters) == 10
        assert sum(1 for _ in events_of(state, "new_thief")) == state.thief_number
        assert sorted(state.wanted) == sorted(p.id for p in content.posters)
        posters = [p for d in dets for p in d.posters]
        assert len(posters) == len(set(posters)) == sum(1 for _ in events_of(state, "reward"))
        assert set(posters) <= set(state.wanted[: state.thief_number])
        # Winning.
        goal = state.options.win_amount
        if not state.over:
            assert all(d.money < goal for d in dets), "someone reached the goal; play went on"
        elif state.end_reason == "win":
            assert len(state.winners) == 1 and dets[state.winners[0]].money >= goal

    # --- each accepted action ----------------------------------------------------------------
    def before_action(self, state: Any) -> Any:
        thief = state.scanner.thief
        return {
            "seat": state.to_move,
            "money": [d.money for d in state.detectives],
            "nodes": [d.node for d in state.detectives],
            "thief": None if thief is None else thief.space,
            "thief_number": state.thief_number,
            "reward": state.reward,
            "poster": state.poster,
            "extra_turns": state.extra_turns,
        }

    def after_action(self, state: Any, before: Any, action: Action, events: list[Event]) -> None:
        seat = before["seat"]
        kinds = Counter(e.kind for e in events)
        thief = state.scanner.thief
        if action.kind == "pay_fine":
            paid = min(FINE, before["money"][seat])
            assert state.detectives[seat].money == before["money"][seat] - paid
        moved_thief = kinds["clue"] or kinds["new_thief"]
        if not moved_thief and thief is not None and before["thief"] is not None:
            assert thief.space == before["thief"], f"the thief moved on {action}"
        if action.kind == "arrest":
            (arrest,) = (e for e in events if e.kind == "arrest")
            outcome = arrest.data["outcome"]
            assert (outcome == "false") == (action["space"] != before["thief"])
            if outcome == "false":
                assert thief is not None and thief.space == before["thief"]
                assert not state.detectives[seat].licensed
                assert kinds["turn"], "a false arrest did not end the turn"
            if outcome == "successful":
                (reward,) = (e for e in events if e.kind == "reward")
                assert reward.data["amount"] == before["reward"] >= 800
                assert reward.data["poster"] == before["poster"]
                assert state.detectives[seat].posters[-1] == before["poster"]
                gained = state.detectives[seat].money - before["money"][seat]
                assert gained == before["reward"]
                assert [d.node for d in state.detectives] == before["nodes"]
                if not state.over and not kinds["turn_lost"]:
                    assert state.to_move == (seat + 1) % state.players
        if state.thief_number == before["thief_number"] and not kinds["new_thief"]:
            crimes = sum(1 for e in events if e.kind == "clue" and e.data.get("kind") == "crime")
            assert state.reward - before["reward"] == CRIME_BONUS * crimes


def test_stop_thief_machine() -> None:
    run_state_machine_as_test(StopThiefMachine, settings=machine_settings(examples=20, steps=50))

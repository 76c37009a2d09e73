"""Manhunt as a state machine: random play, hostile input, and the game's invariants.

Besides the contract and the refusals of `tests.engine.machine`, after every step:

* every row written in a Handbook holds the hole really punched in that row of the
  card in the scanner (MH-PROBE-03), whether probed or copied from an opponent
  (MH-EXCHANGE-06); Scene of Crime rows 1 and 2 are only ever probed, never shown by an
  opponent (MH-EXCHANGE-03), and row 2 only after row 1 (MH-MOVE-03);
* the suspects crossed out on each Clue Sheet are exactly those whose record fails a
  written row (MH-CLUE-07), so the culprit is never crossed out;
* a side that accused wrongly is out (MH-WIN-04), its cars off the board; a won game's
  winners are one side, which named the culprit (MH-WIN-06); the side to move is in;
* every car still in play stands on a board space; the flaps that can be asked for are
  3 to 8 only (MH-EXCHANGE-03); only one flap is asked for in a turn (MH-EXCHANGE-08);
  accusing is offered only after both Scenes of Crime.

And of each accepted action: rows once written never change and crossings are never
undone (MH-CLUE-08); the cars are placed by the first player, then to his left
(MH-TURN-01), partners' cars together on one Badge space (MH-SETUP-08); a car called to
Headquarters is put on the caller's Badge space (MH-HQ-02); each new turn goes to the
next seat, clockwise, whose side is still in.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

from sleuth.core import Action, Event
from tests.engine.machine import GameMachine, machine_settings, turn_segments

FLAPS = range(3, 9)


@st.composite
def manhunt_setups(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    partners = draw(st.booleans())
    players = draw(st.sampled_from([4, 6] if partners else [2, 3, 4]))
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "crime": st.sampled_from(["robbery", "murder", "swindle"]),
                "card": st.integers(0, 16),
                "case_set": st.sampled_from([0, 0, 1, 2]),
                "numbered_dial": st.sampled_from(["", "1 2 3 4 5 6", "1 12"]),
                "on_line_segments": st.sampled_from([1, 8, 12]),
                "receive_segments": st.sampled_from([0, 6, 12]),
                "elimination_aid": st.booleans(),
            },
        )
    )
    if partners:
        options["partners"] = True
    return players, options


class ManhuntMachine(GameMachine):
    game = "manhunt"
    warmup = 400
    rare_phases = frozenset({"meet", "badge", "ask"})

    @classmethod
    def setups(cls) -> st.SearchStrategy[tuple[int, dict[str, Any]]]:
        return manhunt_setups()

    # --- set-up ------------------------------------------------------------------------------
    def check_start(self, state: Any) -> None:
        assert all(car.space is None for car in state.cars)
        assert all(not book.entries and not book.out for book in state.handbooks)
        sides = state.players // 2 if state.partners else state.players
        assert len(state.handbooks) == sides
        assert sorted(s for book in state.handbooks for s in book.seats) == list(
            range(state.players)
        )

    # --- every step --------------------------------------------------------------------------
    def check_game(self, state: Any) -> None:
        card, crime = state.card, state.crime
        culprit = state.book.culprit(card, crime.key).number
        for book in state.handbooks:
            for row, letter in book.entries.items():
                assert letter == card.hole(row), f"side {book.side} wrote a false row {row}"
            for row in (1, 2):
                if row in book.entries:
                    assert book.notes[row]["how"] == "probed", "a Scene of Crime row was shown"
            if 2 in book.entries:
                assert 1 in book.entries, "Scene of Crime 2 before Scene of Crime 1"
            failing = {
                s.number
                for s in crime.suspects
                if any(s.record[row - 1] != letter for row, letter in book.entries.items())
            }
            assert set(book.crossed) == failing, f"side {book.side} crossed out wrongly"
            assert culprit not in book.crossed
            if book.out:
                assert book.accusation is not None and book.accusation != culprit
                assert all(state.cars[s].space is None for s in book.seats)
        placing = state.turn.phase == "place"
        for car in state.cars:
            out = state.handbook(car.seat).out
            if car.space is None:
                assert out or placing, f"car {car.seat} is off the board"
            else:
                assert not out and 0 <= car.space < len(state.board.spaces)
        for one_turn in turn_segments(state):
            assert sum(e.kind == "ask" for e in one_turn) <= 1, "two flaps asked in one turn"
        if state.over:
            if state.winners:
                (side,) = {state.side_of(s) for s in state.winners}
                book = state.handbooks[side]
                assert sorted(state.winners) == sorted(book.seats)
                assert book.accusation == culprit
            return
        assert not state.handbook(state.to_move).out, "a side that is out has the move"
        for action in state.legal_actions():
            if action.kind == "ask":
                assert action["flap"] in FLAPS
            elif action.kind == "accuse":
                assert state.handbook(state.turn.seat).next_scene is None

    # --- each accepted action ----------------------------------------------------------------
    def before_action(self, state: Any) -> Any:
        return {
            "seat": state.turn.seat,
            "phase": state.turn.phase,
            "entries": [dict(book.entries) for book in state.handbooks],
            "crossed": [dict(book.crossed) for book in state.handbooks],
            "unplaced": [car.seat for car in state.cars if car.space is None],
        }

    def after_action(self, state: Any, before: Any, action: Action, events: list[Event]) -> None:
        for book, entries, crossed in zip(
            state.handbooks, before["entries"], before["crossed"], strict=True
        ):
            assert {r: book.entries.get(r) for r in entries} == entries, "a row was rewritten"
            assert {s: book.crossed.get(s) for s in crossed} == crossed, "a crossing was undone"
        seat, n = before["seat"], state.players
        if action.kind == "place":
            placed = [e for e in events if e.kind == "place"]
            assert len(placed) == 1
            if not any(e.kind == "place" for e in state.log[: -len(events)]):
                assert seat == state.first, "the first car placed is not the first player's"
            spaces = {state.cars[s].space for s in state.handbook(seat).seats}
            assert len(spaces) == 1 and None not in spaces, "partners start apart"
            unplaced = [s for s in before["unplaced"] if state.cars[s].space is None]
            if unplaced:
                nearest = min(unplaced, key=lambda s: (s - seat) % n)
                assert state.turn.seat == nearest, "cars are not placed to the left"
        if action.kind == "call":
            called = state.cars[action["seat"]]
            assert called.space == state.cars[seat].space
        turns = [e for e in events if e.kind == "turn"]
        assert len(turns) <= 1
        if turns:
            new = turns[0].data["seat"]
            if before["phase"] == "place":
                assert new == state.first
            else:
                nxt = next(
                    (seat + k) % n
                    for k in range(1, n + 1)
                    if not state.handbook((seat + k) % n).out
                )
                assert new == nxt, f"the turn went from {seat} to {new}, not to {nxt}"


def test_manhunt_machine() -> None:
    run_state_machine_as_test(ManhuntMachine, settings=machine_settings(examples=20, steps=50))

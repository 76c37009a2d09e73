"""Kojak as a state machine: random play, hostile input, and the game's invariants.

Besides the contract and the refusals of `tests.engine.machine`, after every step:

* informers are conserved: on each building's turntable stand as many informers as
  there are players, less those taken by a player, who keeps his card (KJ-INFORMER-06,
  KJ-INFORMER-07, KJ-INFORMER-08, KJ-CLUE-08); nobody holds two informer cards from one
  building (KJ-CLUE-03);
* every car is on a path space or in a parking lot, every Kojak on a Headquarters space
  or off the board; Kojak's car stays in the Lieutenant's lot until Kojak leaves
  Headquarters (KJ-ARREST-03), and no Kojak is out of Headquarters with fewer than 2
  informer cards (KJ-ARREST-04);
* what is offered obeys the conditions, checked here from the pieces themselves: taking
  an informer needs the Badge on the building, the Detective's car in its lot, an
  informer out front and no card from there yet (KJ-CLUE-01, KJ-CLUE-03); the arrest
  needs both cars in one building's lot (KJ-ARREST-02); leaving Headquarters needs 2
  informer cards (KJ-ARREST-04); jumps need Kojak in Headquarters (KJ-HQ-08); the fast
  game's Command Room turns only the turntable under the player's Badge (KJ-HQ-06);
* a player who is out never moves again, and accused the wrong building; a won game's
  winner has both cars in the hide-out's lot (KJ-ARREST-02);
* in the advanced game the Contact and Action Cards are conserved.

And of each accepted action: a Kojak that has left Headquarters never comes back
(KJ-HQ-08); informer cards once taken are kept; turning a turntable n spaces brings the
slot n further on to the front (KJ-INFORMER-02); an arrest at the hide-out wins the game
(KJ-WIN-04), one anywhere else puts the player out (KJ-WIN-03). Of a game just set up:
every Kojak on the Start space and its car in the Lieutenant's lot (KJ-SETUP-07,
KJ-SETUP-08), an informer out front of every building (KJ-SETUP-02) and, in the
advanced game, 4 Contact Cards dealt to each player (KJ-ADVANCED-03).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

from sleuth.core import Action, Event
from tests.engine.machine import GameMachine, machine_settings

MIN_CLUES_TO_LEAVE = 2


class KojakMachine(GameMachine):
    game = "kojak"
    warmup = 400
    rare_phases = frozenset({"hq", "after"})

    @classmethod
    def setups(cls) -> st.SearchStrategy[tuple[int, dict[str, Any]]]:
        options = st.fixed_dictionaries(
            {},
            optional={
                "version": st.sampled_from(["fast", "advanced"]),
                "game": st.sampled_from([0, 1, 8, 37, 50, 51, 77]),
                "solution": st.sampled_from(["drawn", "book"]),
                "dice": st.sampled_from([1, 2]),
                "contacts_name_buildings": st.booleans(),
            },
        )
        return st.tuples(st.integers(2, 4), options)

    # --- set-up ------------------------------------------------------------------------------
    def check_start(self, state: Any) -> None:
        board = state.board
        for player in state.seats:
            assert player.kojak == board.start
            assert player.kojak_car == board.lieutenant
            assert player.taken == [] and not player.out
        for table in state.turntables.values():
            assert table.informers == state.players
            assert table.out_front
        if state.options.advanced:
            assert all(len(p.contacts) == 4 for p in state.seats)
        self.slots = {b: len(t.slots) for b, t in state.turntables.items()}

    # --- every step --------------------------------------------------------------------------
    def check_game(self, state: Any) -> None:
        board, buildings = state.board, list(state.board.buildings)
        setting_up = state.turn.phase == "setup"
        for building, table in state.turntables.items():
            held = sum(building in p.taken for p in state.seats)
            assert table.informers + held == state.players, f"an informer vanished ({building})"
            assert len(table.slots) == self.slots[building]
            assert 0 <= table.front < len(table.slots)
        for p in state.seats:
            assert len(p.taken) == len(set(p.taken)) <= len(buildings)
            assert set(p.taken) <= set(buildings)
            assert (p.car is None and setting_up) or p.car in board.places
            assert p.kojak_car in board.places
            assert p.badge in buildings or (p.badge is None and setting_up)
            if p.kojak is not None:
                assert p.kojak in board.hq
                assert p.kojak_car == board.lieutenant, "Kojak's car left before Kojak did"
            else:
                assert len(p.taken) >= MIN_CLUES_TO_LEAVE, "Kojak left with too few clues"
            if p.out:
                assert p.accused is not None and p.accused != state.case.hideout
        if not state.over:
            self.check_offers(state)
        elif state.end_reason == "arrest":
            (winner,) = state.winners
            p = state.seats[winner]
            assert p.kojak is None and p.car == p.kojak_car
            assert board.building_at[p.car] == state.case.hideout
        if state.options.advanced:
            faces = sorted(state._contact_face(c) for c in state.cards.contact)
            cards = list(state.contact_pile) + list(state.contact_discards)
            cards += [c for p in state.seats for c in p.contacts]
            assert sorted(cards) == faces, "a Contact Card was lost"
            actions = sorted(state.action_pile + state.action_discards)
            assert actions == sorted(state.cards.action), "an Action Card was lost"

    def check_offers(self, state: Any) -> None:
        me = state.seats[state.to_move]
        assert not me.out, "a player who is out has the move"
        for action in state.legal_actions():
            kind = action.kind
            if kind == "take":
                building = state.board.building_at.get(me.car)
                assert building is not None and me.badge == building
                assert building not in me.taken
                assert state.turntables[building].out_front
            elif kind == "arrest":
                assert me.kojak is None and me.car == me.kojak_car
                assert me.car in state.board.building_at
            elif kind == "leave_hq":
                assert me.kojak is not None and len(me.taken) >= MIN_CLUES_TO_LEAVE
            elif kind in ("jump", "stay", "draw", "walk"):
                assert me.kojak is not None, f"{action} offered with Kojak out of Headquarters"
            elif kind == "turn" and not state.options.advanced:
                assert action["building"] == me.badge

    # --- each accepted action ----------------------------------------------------------------
    def before_action(self, state: Any) -> Any:
        return {
            "seat": state.to_move,
            "kojak": [p.kojak for p in state.seats],
            "taken": [list(p.taken) for p in state.seats],
            "fronts": {b: t.front for b, t in state.turntables.items()},
        }

    def after_action(self, state: Any, before: Any, action: Action, events: list[Event]) -> None:
        for p, kojak, taken in zip(state.seats, before["kojak"], before["taken"], strict=True):
            if kojak is None:
                assert p.kojak is None, f"seat {p.seat}'s Kojak came back to Headquarters"
            assert p.taken[: len(taken)] == taken, "an informer card was given back"
        if action.kind == "arrest":
            me = state.seats[before["seat"]]
            building = state.board.building_at[me.car]
            if building == state.case.hideout:
                assert state.over and state.winners == [me.seat]
            else:
                assert me.out and me.accused == building and me.seat not in state.winners
        if action.kind == "turn":
            building, spaces = action["building"], action["spaces"]
            table = state.turntables[building]
            assert table.front == (before["fronts"][building] + spaces) % len(table.slots)


def test_kojak_machine() -> None:
    run_state_machine_as_test(KojakMachine, settings=machine_settings(examples=25, steps=50))

"""Kojak's `reveal()`: every notebook, the hide-out and codes, the turntables' insides, hands."""

from __future__ import annotations

import random

import sleuth
from sleuth.games.kojak.state import Kojak
from tests.finished_games import played


def positions() -> list[Kojak]:
    """Every twentieth position of a whole game, and its end."""
    game = played("kojak")
    chosen = [*range(0, len(game.history), 20), len(game.history)]
    states = [sleuth.replay(game.record(), upto=n) for n in chosen]
    assert all(isinstance(s, Kojak) for s in states)
    return states  # type: ignore[return-value]


def check(state: Kojak) -> None:
    revealed = state.reveal()
    for seat in range(state.players):
        assert revealed["notebooks"][seat] == state.view(seat)["notebook"]
    assert revealed["reveal"] == {
        "hideout": state.case.hideout,
        "criminal": state.case.sheet.criminal,
        "codes": dict(state.case.codes),
    }
    slots = revealed["informer_slots"]
    assert slots == {b: t.slots for b, t in state.turntables.items()}
    for building, table in revealed["turntables"].items():
        # What everyone saw of a turntable agrees with what is inside it.
        assert all(
            seen is None or seen == slots[building][i] for i, seen in enumerate(table["seen"])
        )
        assert sum(slots[building]) == table["informers"]


def test_reveal_shows_every_notebook_the_solution_and_the_turntables() -> None:
    clues = 0
    for state in positions():
        assert set(state.reveal()["hidden"]) == {"notebooks", "reveal", "informer_slots"}
        check(state)
        clues += sum(len(p.taken) for p in state.seats)
    assert clues, "the game should have clues in its notebooks"


def test_the_advanced_game_reveals_every_hand_and_the_piles() -> None:
    state = sleuth.new_game("kojak", 2, seed=4, version="advanced")
    assert isinstance(state, Kojak)
    rng = random.Random(4)
    for _ in range(120):
        if state.over:
            break
        revealed = state.reveal()
        assert set(revealed["hidden"]) == {
            "notebooks", "reveal", "informer_slots", "hands", "action_pile", "contact_pile"
        }  # fmt: skip
        check(state)
        for seat in range(state.players):
            assert revealed["hands"][seat] == state.view(seat)["contacts"]
        assert revealed["action_pile"] == state.action_pile[::-1]  # the next card drawn first
        assert revealed["contact_pile"] == state.contact_pile[::-1]
        assert len(revealed["action_pile"]) == revealed["piles"]["action"]
        state.apply(rng.choice(state.legal_actions()))


def test_a_spectator_sees_none_of_it_until_the_end() -> None:
    for state in positions():
        spectator = state.view(None)
        assert not {"notebooks", "notebook", "informer_slots"} & set(spectator)
        assert ("reveal" in spectator) == state.over


def test_reveal_is_the_same_after_a_replay() -> None:
    for state in positions():
        assert sleuth.replay(state.record()).reveal() == state.reveal()

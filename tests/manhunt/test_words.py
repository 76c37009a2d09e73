"""Every event in words, and the modules' examples."""

from __future__ import annotations

import doctest

import pytest

import sleuth
from sleuth.bots import make_bot, play
from sleuth.games.manhunt import cases, computer, handbook, words
from sleuth.games.manhunt.words import Narrator, describe


@pytest.mark.parametrize("module", [cases, computer, handbook, words])
def test_examples(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted and not result.failed


def test_every_event_has_words() -> None:
    seen: set[str] = set()
    for g in range(12):
        players = (2, 3, 4, 6)[g % 4]
        state = sleuth.new_game("manhunt", players=players, seed=g, partners=players >= 4)
        levels = ["expert", "random", "novice"]
        play(state, [make_bot("manhunt", levels[(g + k) % 3], seed=g + k) for k in range(players)])
        for event in state.log:
            line = describe(event)
            assert line and not line.startswith(f"{event.kind}:"), line
            seen.add(event.kind)
    assert {"probe_result", "shown", "call", "exchange", "off_line", "game_over"} <= seen
    turn = next(e for e in state.log if e.kind == "turn")
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    assert describe(turn, names).startswith(f"{names[turn.data['seat']]}'s turn")
    assert Narrator(names).say(turn) == describe(turn, names)
    assert Narrator().say(turn).startswith(("Green", "Red", "Blue", "Yellow", "White", "Black"))

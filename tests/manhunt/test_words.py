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


def test_spaces_are_named_in_words_never_by_id() -> None:
    """Issue 12: a move to a plain roadway space names it by the nearest place, in words, and
    the board sent to interfaces carries the same words (so browser and terminal agree)."""
    from sleuth.core import Event
    from sleuth.games.manhunt.board import load_board

    board = load_board()
    line = describe(Event("move", {"seat": 0, "from": "hq-n", "to": "a2-a3/1", "spaces": 3}))
    assert line == "Green moves 3 spaces to the road 1 space from Witness 3."
    sent = {s["id"]: s for s in board.to_json()["spaces"]}
    for space in board.spaces:
        name = words.space_name(space.id)
        if space.place is None:  # roadway ids like "a2-a3/1" and "hq-n" never show
            assert space.id not in name
        if space.place is None and space.index not in board.badges:
            assert sent[space.id]["words"] == name and name.startswith("the road ")

"""A NUMBERED dial of one number made the spin for first place tie for ever (a hang)."""

from __future__ import annotations

import pytest

import sleuth
from sleuth.core import IllegalAction


@pytest.mark.parametrize("faces", ["3", "4 4 4"])
def test_a_dial_of_one_number_is_refused_not_spun_for_ever(faces: str) -> None:
    with pytest.raises(IllegalAction, match="two different numbers"):
        sleuth.new_game("manhunt", players=2, seed=2, numbered_dial=faces)


def test_a_dial_of_two_numbers_still_plays() -> None:
    state = sleuth.new_game("manhunt", players=2, seed=2, numbered_dial="3 4")
    assert state.to_move is not None

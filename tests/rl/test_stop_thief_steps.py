"""Stop Thief's environment does its once-a-process work before the steps, not among them."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from sleuth.games.stop_thief.board import Board, load_board  # noqa: E402
from sleuth.rl import env  # noqa: E402
from tests.rl.test_env import masks_against_the_look_up, random_steps  # noqa: E402


def test_the_reach_rings_are_all_worked_out_when_the_environment_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A new start node met mid-game cost a breadth-first search over the whole board
    # (some 80k instructions a step at four seats, averaged over 3,000 steps).
    board = load_board()
    monkeypatch.setattr(board, "_rings", {})  # as in a new process, whatever ran before
    game = env("stop-thief", players=4, seed=5)

    def search(self: Board, start: int) -> None:
        raise AssertionError(f"the rings of node {start} were worked out during the steps")

    monkeypatch.setattr(Board, "_ring", search)
    game.reset(seed=5)
    random_steps(game, 3000, seed=5)
    assert all(board.within(node, 0) == (node,) for node in board.walkable)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_move_steps_mask_is_the_look_up_of_the_moves_listed(players: int) -> None:
    """Stop Thief's `legal_mask` writes a move step's moves from their nodes rather than
    looking each listed move up: at every position of random games, a detective in reach
    or not, it must give the look-up's mask."""
    moves = crowded = 0
    for state in masks_against_the_look_up("stop-thief", players, (1, 2), 2000):
        destinations = state.listed_destinations()
        if destinations is not None:
            moves += 1
            crowded += isinstance(destinations, list)
    assert moves > 100 and crowded > 5, "too few move steps: pick other seeds"

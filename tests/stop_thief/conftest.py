"""Helpers that put a Stop Thief game into the exact situation a rule test needs."""

from __future__ import annotations

from typing import Any

import pytest

import sleuth
from sleuth.core import Action
from sleuth.games.stop_thief.board import Board, load_board
from sleuth.games.stop_thief.state import StopThief


@pytest.fixture(scope="session")
def board() -> Board:
    return load_board()


def new(players: int = 3, seed: int = 1, **options: Any) -> StopThief:
    state = sleuth.new_game("stop-thief", players=players, seed=seed, **options)
    assert isinstance(state, StopThief)
    return state


def act(state: StopThief, kind: str, **params: Any) -> list[sleuth.Event]:
    return state.apply(Action.of(kind, **params))


def kinds(state: StopThief) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def place(state: StopThief, seat: int, node: str) -> None:
    """Put a detective's piece on a node by id (white-box set-up for a rule test)."""
    state.detectives[seat].node = state.board.node_by_id[node]
    if state.turn.seat == seat and state.turn.phase in ("clue", "roll"):
        state.turn.start_node = state.detectives[seat].node
    state._legal_cache = None


def to_phase(state: StopThief, phase: str, dice: tuple[int, int] | None = None) -> None:
    """Fast-forward the current turn to a phase, with chosen dice."""
    if dice is not None:
        state.turn.dice = dice
    state.turn.phase = phase  # type: ignore[assignment]
    state._legal_cache = None


def hand_with(state: StopThief, seat: int, effect: str, amount: int | None = None) -> int:
    """Swap a card with `effect` into a seat's hand from the pile; return its id."""
    for card in state.content.cards:
        if card.effect == effect and (amount is None or card.amount == amount):
            if card.id in state.pile:
                state.pile.remove(card.id)
                state.pile.appendleft(state.detectives[seat].hand.pop())
                state.detectives[seat].hand.append(card.id)
                state._legal_cache = None
                return card.id
            if card.id in state.detectives[seat].hand:
                return card.id
    raise LookupError(effect)


def quiet_turn(state: StopThief) -> list[sleuth.Event]:
    """Play the current turn doing nothing special: CLUE, roll, stay put, end (or pay a fine)."""
    events: list[sleuth.Event] = []
    if state.turn.phase == "fine":
        return act(state, "pay_fine")
    if state.turn.phase == "clue":
        events += act(state, "clue")
    if state.turn.phase == "roll":
        events += act(state, "roll")
    if state.turn.phase == "move":
        here = state.board.node_id(state.detectives[state.turn.seat].node)
        events += act(state, "move", to=here)
    if state.turn.phase == "after":
        events += act(state, "end_turn")
    return events

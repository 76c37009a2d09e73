"""Helpers that put a Kojak game into the exact situation a rule test needs."""

from __future__ import annotations

from typing import Any

import sleuth
from sleuth.core import Action, Event
from sleuth.games.kojak.state import Kojak


def new(players: int = 2, seed: int = 1, **options: Any) -> Kojak:
    state = sleuth.new_game("kojak", players=players, seed=seed, **options)
    assert isinstance(state, Kojak)
    return state


def act(state: Kojak, kind: str, **params: Any) -> list[Event]:
    return state.apply(Action.of(kind, **params))


def kinds(state: Kojak) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def set_up(state: Kojak, lot: str = "lot-hq-west", badge: str = "movie") -> None:
    """Every player parks in `lot` and badges `badge`; the first player's turn begins."""
    while state.turn.phase == "setup":
        act(state, "park", lot=lot)
        act(state, "badge", building=badge)


def ready(players: int = 2, seed: int = 1, **options: Any) -> Kojak:
    """A game past set-up, at the start of the first player's turn."""
    state = new(players, seed, **options)
    set_up(state)
    return state


def refresh(state: Kojak) -> None:
    """Forget the cached legal actions after a white-box change."""
    state._legal_cache = None


def put(state: Kojak, seat: int | None = None, **pieces: Any) -> None:
    """White-box: set pieces of a player (default: the one to move): car, kojak_car, kojak, badge,
    taken, contacts."""
    me = state.player(state.turn.seat if seat is None else seat)
    for name, value in pieces.items():
        setattr(me, name, value)
    refresh(state)


def informer_out_front(state: Kojak, building: str, out: bool = True) -> None:
    """White-box: turn a turntable (for free) until an informer is, or is not, out front."""
    table = state.turntables[building]
    for _ in range(len(table.slots)):
        if table.out_front == out:
            break
        table.front = (table.front + 1) % len(table.slots)
        table.seen[table.front] = table.slots[table.front]
    assert table.out_front == out
    refresh(state)


def at_phase(state: Kojak, phase: str, dice: tuple[int, ...] | None = None) -> None:
    state.turn.phase = phase  # type: ignore[assignment]
    if dice is not None:
        state.turn.dice = dice
    refresh(state)


def lot(building: str) -> str:
    return f"lot-{building}"

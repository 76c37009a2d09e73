"""Helpers that put a Columbo game into the exact situation a rule test needs (white box)."""

from __future__ import annotations

from typing import Any

import sleuth
from sleuth.core import Action, Event
from sleuth.games.columbo.state import Columbo, Detective, Turn


def new(players: int = 3, seed: int = 1, **options: Any) -> Columbo:
    """A fresh game; with 2 or 3 players the pack keeps every name the rulebook prints."""
    options.setdefault("removal", "fixed")
    state = sleuth.new_game("columbo", players=players, seed=seed, **options)
    assert isinstance(state, Columbo)
    return state


def act(state: Columbo, kind: str, **params: Any) -> list[Event]:
    return state.apply(Action.of(kind, **params))


def kinds(state: Columbo) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def legal(state: Columbo, kind: str) -> list[Action]:
    return [a for a in state.legal_actions() if a.kind == kind]


def card(state: Columbo, kind: str, n: int = 0) -> int:
    """The id of the n-th card of a kind in the whole pack."""
    return state.pack.of_kind(kind)[n]


def everything(state: Columbo) -> list[int]:
    """Every card in play, wherever it is: the conservation check's list."""
    cards = [c for d in state.detectives for c in d.hand]
    cards += [c for d in state.detectives for s in d.table for c in s]
    cards += [c for pile in state.piles.values() for c in pile]
    cards += [c for c in state.lawn if c is not None] + state.aside
    if state.turn.pending is not None:
        cards.append(state.turn.pending)
    return sorted(cards)


def _take(state: Columbo, wanted: int, avoid: list[int]) -> None:
    """Take a card out of wherever it is; a hand it leaves is refilled from a room pile."""
    assert wanted in state.in_play, f"card {wanted} is not in this game's pack"
    for det in state.detectives:
        if wanted in det.hand:
            det.hand.remove(wanted)
            pile = next(p for p in state.piles.values() if any(c not in avoid for c in p))
            det.hand.append(pile.pop(next(i for i, c in enumerate(pile) if c not in avoid)))
            return
    for pile in state.piles.values():
        if wanted in pile:
            pile.remove(wanted)
            return
    state.lawn[state.lawn.index(wanted)] = None


def hand(state: Columbo, seat: int, cards: list[int]) -> Detective:
    """Make a seat's hand exactly `cards` (any size up to 8), every card staying in play once:
    the cards it gives up go onto the first room's pile."""
    me = state.detectives[seat]
    for extra in [c for c in me.hand if c not in cards]:
        me.hand.remove(extra)
        state.piles[state.rooms[0]].insert(0, extra)
    for wanted in cards:
        if wanted not in me.hand:
            _take(state, wanted, cards)
            me.hand.append(wanted)
    state.memories[seat].holder.clear()
    state.forget_legal_actions()
    return me


def table(state: Columbo, seat: int, kind: str) -> list[int]:
    """Lay a complete set of `kind` on a seat's table, taken from wherever its cards are."""
    cards = list(state.pack.of_kind(kind))
    for c in cards:
        _take(state, c, cards)
    state.detectives[seat].table.append(cards)
    state.forget_legal_actions()
    return cards


def lawn(state: Columbo, cards: list[int | None]) -> None:
    """Make the lawn exactly these places (None: empty); what was there goes onto a pile."""
    old = list(state.lawn)
    wanted = [c for c in cards if c is not None]
    for c in wanted:
        if c not in old:
            _take(state, c, wanted)
    for c in old:
        if c is not None and c not in wanted:
            state.piles[state.rooms[0]].insert(0, c)
    state.lawn = list(cards)
    state.forget_legal_actions()


def put(state: Columbo, seat: int, node: str) -> None:
    """Put a seat's piece on a node by id."""
    state.detectives[seat].node = state.board.node_by_id[node]
    state.forget_legal_actions()


def turn(
    state: Columbo, seat: int, dice: tuple[int, int] | None = None, phase: str = "roll"
) -> None:
    """Make it `seat`'s turn, in `phase`, with these dice already thrown."""
    state.turn = Turn(seat, phase, dice)  # type: ignore[arg-type]
    state.challenge = None
    state.forget_legal_actions()


def empty_rooms(state: Columbo, keep: int = 0) -> None:
    """Move room cards onto the lawn until only `keep` are left in the rooms (in room 1)."""
    for pile in reversed(state.piles.values()):
        while pile and sum(len(p) for p in state.piles.values()) > keep:
            state.lawn.append(pile.pop())
    state.forget_legal_actions()

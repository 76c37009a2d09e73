"""A finished game brought in from a file, to be watched in the replay viewer.

A game's record (its name, seats, seed, options and actions: what a terminal save or a
tournament's results hold) is the whole game, so a record is replayed through the engine
before anything is stored: an action that does not replay is refused with its number,
and a game that is not over is refused too (the replay viewer shows finished games;
an unfinished terminal game is resumed with `sleuth play --resume`). An accepted record
becomes a finished table like any other, stored, so its replay link lasts.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sleuth.core import GameState, IllegalAction, Record, spec
from sleuth.core.game import new_game
from sleuth.server.errors import ApiError

MAX_ACTIONS = 20_000
"""The longest record taken (a long Stop Thief game is about 3,000 actions)."""


@dataclass(frozen=True)
class CheckedRecord:
    """A record that replays to its end: the game, and which seat made each action."""

    record: Record
    state: GameState
    movers: list[int]


def check(record: Record) -> CheckedRecord:
    """Replay `record` through the engine (in a worker thread: it may be long)."""
    if len(record.actions) > MAX_ACTIONS:
        raise ApiError(400, "bad_record", f"records are limited to {MAX_ACTIONS} actions")
    try:
        spec(record.game)
        state = new_game(record.game, record.players, record.seed, **record.options)
    except (IllegalAction, TypeError, ValueError) as err:
        raise ApiError(400, "bad_record", f"the record's game cannot be set up: {err}") from None
    movers: list[int] = []
    for number, action in enumerate(record.actions):
        mover = state.to_move
        if mover is None:
            raise ApiError(400, "bad_record", f"action {number} comes after the game is over")
        movers.append(mover)
        try:
            state.apply(action)
        except IllegalAction as err:
            raise ApiError(
                400, "bad_record", f"action {number} ({action}) does not replay: {err}"
            ) from None
    if not state.over:
        raise ApiError(
            400,
            "not_over",
            f"this game stops after {len(record.actions)} actions before it is over: "
            "only finished games can be watched (resume it with sleuth play --resume)",
        )
    return CheckedRecord(record, state, movers)


def new_owner_hash() -> str:
    """A brought-in table has no owner: a random hash no token can match."""
    return secrets.token_hex(32)

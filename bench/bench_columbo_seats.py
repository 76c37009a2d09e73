#!/usr/bin/env python3
"""Columbo's win rate by seat with expert bots. Run by hand:

    .venv/bin/python bench/bench_columbo_seats.py [--games 1000] [--seed 0] [--advanced]

Seat 1 is the player who moves first: the engine seats the table in the order of the
rulebook's high throw (CO-TURN-02), so the seat numbers here are the order of play
(first mover, then the next seat up). For 2, 3 and 4 expert bots, `--games` seeded
games each: the share of wins by place in the order of play (a shared win counts as a
fraction), cold games apart.
"""

from __future__ import annotations

import argparse

import sleuth
from sleuth.bots import make_bot, play
from sleuth.games.columbo.state import Columbo


def by_seat(players: int, games: int, seed: int, advanced: bool) -> tuple[list[float], int]:
    wins = [0.0] * players
    cold = 0
    for g in range(games):
        state = sleuth.new_game("columbo", players=players, seed=seed + g, advanced=advanced)
        assert isinstance(state, Columbo)
        first = state.turn.seat  # who won the throw for the first move
        bots = [make_bot("columbo", "expert", (seed + g) * 10 + i) for i in range(players)]
        play(state, bots, 1_000_000)
        cold += not state.winners
        for seat in state.winners:
            wins[(seat - first) % players] += 1 / len(state.winners)
    return [w / games for w in wins], cold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--advanced", action="store_true", help="the more difficult game")
    args = parser.parse_args()
    for players in (2, 3, 4):
        shares, cold = by_seat(players, args.games, args.seed, args.advanced)
        order = " / ".join(f"{s:.1%}" for s in shares)
        print(f"{players} players, {args.games} games: by order of play {order}; cold {cold}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Does it matter where a detective sits, or who goes first? Run by hand:

    nice .venv/bin/python bench/seat_order_stop_thief.py [--games N] [--seed S]

Stop Thief with the detective bot in every seat, at 2, 3 and 4 players, `--games`
seeded games each (default 1000). The first player is chosen as the rulebook
prints it (everyone rolls, the highest goes first, ties roll again: the engine
does it at set-up), so the win rate is given two ways: by seat number (which
seat one sits in) and by place in the order of play (1st = the one who rolled
highest, then to the left). A shared win counts as a fraction. Each rate is
given with its 95% interval (normal approximation).
"""

from __future__ import annotations

import argparse
import math

import sleuth
from sleuth.bots import make_bot
from sleuth.games.stop_thief.state import StopThief

MAX_ACTIONS = 20_000


def play(players: int, seed: int) -> tuple[list[float], int]:
    """One game: each seat's share of the win, and the seat that went first."""
    state = sleuth.new_game("stop-thief", players=players, seed=seed)
    assert isinstance(state, StopThief)
    first = next(int(e.data["seat"]) for e in state.log if e.kind == "first_player")
    bots = [make_bot("stop-thief", "detective", seed * 10 + s) for s in range(players)]
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(state, seat))
    share = [0.0] * players
    for seat in state.winners:
        share[seat] = 1 / len(state.winners)
    return share, first


def rates(wins: list[float], games: int) -> str:
    out = []
    for w in wins:
        p = w / games
        half = 1.96 * math.sqrt(p * (1 - p) / games)
        out.append(f"{p:5.1%} ±{half:4.1%}")
    return "  ".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"Stop Thief, detective bots in every seat, {args.games} games a row")
    for players in (2, 3, 4):
        by_seat = [0.0] * players
        by_order = [0.0] * players
        for seed in range(args.seed, args.seed + args.games):
            share, first = play(players, seed)
            for seat, w in enumerate(share):
                by_seat[seat] += w
                by_order[(seat - first) % players] += w
        print(f"  {players} players  by seat  (0, 1, ...): {rates(by_seat, args.games)}")
        print(f"  {players} players  by order (1st, 2nd...): {rates(by_order, args.games)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How long does each bot take to decide, and how many whole games a second do the
strongest bots play? Run by hand:

    .venv/bin/python bench/bench_bots.py [--games 20] [--game kojak]

For every game and every bot level (`sleuth.bots.bot_levels`), seeded games with that
level in every seat: the median and 99th-percentile time of one `choose` call (issue
14's goal: well under a tenth of a second at the default levels), then whole seeded
games a second with the strongest level in every seat (bot time included).
"""

from __future__ import annotations

import argparse
import statistics
import time

import sleuth
from sleuth.bots import bot_levels, make_bot

PLAYERS = {"stop-thief": 3, "manhunt": 3, "kojak": 3, "columbo": 3}
MAX_ACTIONS = 20_000


def decision_times(game: str, level: str, games: int) -> tuple[list[float], float, int]:
    """Every `choose` call's seconds over `games` seeded games; games/s; actions."""
    times: list[float] = []
    actions = 0
    clock = time.perf_counter
    started = clock()
    for seed in range(games):
        players = PLAYERS.get(game, 2)
        state = sleuth.new_game(game, players, seed)
        bots = [make_bot(game, level, seed=seed * 31 + s) for s in range(players)]
        while not state.over and len(state.history) < MAX_ACTIONS:
            seat = state.to_move
            assert seat is not None
            before = clock()
            action = bots[seat].choose(state, seat)
            times.append(clock() - before)
            state.apply(action)
            actions += 1
    return times, games / (clock() - started), actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    print("| game | level | decisions | median ms | p99 ms | max ms | games/s |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for game in args.game or sleuth.game_names():
        for level in bot_levels(game):
            times, rate, _ = decision_times(game, level, args.games)
            ms = sorted(t * 1000 for t in times)
            p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
            print(
                f"| {game} | {level} | {len(ms):,} | {statistics.median(ms):.3f} |"
                f" {p99:.2f} | {ms[-1]:.1f} | {rate:.1f} |"
            )


if __name__ == "__main__":
    main()

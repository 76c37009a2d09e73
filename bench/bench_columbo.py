#!/usr/bin/env python3
"""How do the Columbo bot levels rank, and how fast is the engine? Run by hand:

    .venv/bin/python bench/bench_columbo.py [--games 1000] [--seed 0] [--advanced]

1. Engine speed: random play, 2 to 4 players, actions per second (legal_actions + apply).
2. Three-way: expert, forgetful and random at one 3-player table, seats rotating,
   `--games` seeded games: each level's wins (a shared win counts as a fraction).
3. Head to head, 2 players, seats alternating, `--games` games each pairing:
   expert v forgetful, expert v random, forgetful v random.

Every game is seeded (game seed = first seed + game number; bot seeds follow
from it), so a run repeats exactly.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence

import sleuth
from sleuth.bots import make_bot, play

MAX_ACTIONS = 100_000


def engine_speed(games: int, seed: int) -> None:
    actions, started = 0, time.perf_counter()
    for g in range(games):
        state = sleuth.new_game("columbo", players=2 + g % 3, seed=seed + g)
        rng = random.Random(seed + g)
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - started
    print(f"engine, random play: {games} games, {actions} actions, {actions / elapsed:,.0f}/s")


def match(levels: Sequence[str], games: int, seed: int, advanced: bool) -> None:
    """Seats rotate so each level sits in each seat equally often."""
    wins: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    turns: list[int] = []
    actions, started = 0, time.perf_counter()
    n = len(levels)
    for g in range(games):
        seated = [levels[(i + g) % n] for i in range(n)]
        state = sleuth.new_game("columbo", players=n, seed=seed + g, advanced=advanced)
        bots = [make_bot("columbo", level, (seed + g) * 10 + i) for i, level in enumerate(seated)]
        actions += play(state, bots, MAX_ACTIONS)
        endings[state.end_reason if state.over else "unfinished"] += 1
        turns.append(state.turns)
        for seat in state.winners:
            wins[seated[seat]] += 1 / len(state.winners)
    elapsed = time.perf_counter() - started
    table = ", ".join(f"{level} {wins[level] / games:.1%}" for level in levels)
    print(f"{' v '.join(levels)} ({n} players, {games} games): wins {table}")
    print(
        f"    endings {dict(endings)}; turns a game: mean {statistics.mean(turns):.0f},"
        f" median {statistics.median(turns):.0f}; {actions / elapsed:,.0f} actions/s with bots"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--advanced", action="store_true", help="the more difficult game")
    args = parser.parse_args()
    engine_speed(max(30, args.games // 10), args.seed)
    match(["expert", "forgetful", "random"], args.games, args.seed, args.advanced)
    for pair in (["expert", "forgetful"], ["expert", "random"], ["forgetful", "random"]):
        match(pair, args.games, args.seed, args.advanced)


if __name__ == "__main__":
    main()

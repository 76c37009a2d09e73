#!/usr/bin/env python3
"""How fast is the Stop Thief engine? Run by hand:  .venv/bin/python bench/bench_engine.py

Plays seeded games of uniformly random legal actions (2, 3 and 4 players in
turn) and times the engine alone: `legal_actions()` and `apply()`, the choice
itself drawn from a list made beforehand. Prints actions a second overall and
by phase of the turn, and how the games ended. A game still going after
`--max-actions` actions (random detectives arrest at random and can take very
long) is cut short and counted as unfinished.

Options: --games N (default 300), --max-actions N (default 3000), --seed N,
--profile (cProfile the run and print the top functions by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections import Counter

import sleuth
from sleuth.games.stop_thief.state import StopThief


def run(games: int, max_actions: int, seed: int) -> None:
    total_actions = 0
    engine_time = 0.0
    by_phase: Counter[str] = Counter()
    phase_time: dict[str, float] = {}
    endings: Counter[str] = Counter()
    clock = time.perf_counter
    for g in range(games):
        players = 2 + g % 3
        chooser = random.Random(seed + g)
        started = clock()
        state = sleuth.new_game("stop-thief", players=players, seed=seed + g)
        engine_time += clock() - started
        assert isinstance(state, StopThief)
        taken = 0
        while not state.over and taken < max_actions:
            phase: str = state.turn.phase
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            action = legal[chooser.randrange(len(legal))]
            t2 = clock()
            state.apply(action)
            t3 = clock()
            spent = (t1 - t0) + (t3 - t2)
            engine_time += spent
            phase_time[phase] = phase_time.get(phase, 0.0) + spent
            by_phase[phase] += 1
            taken += 1
        total_actions += taken
        endings[state.end_reason if state.over else "unfinished"] += 1
    print(f"stop-thief random play: {games} games, {total_actions} actions")
    print(f"  engine: {total_actions / engine_time:,.0f} actions/s ({engine_time:.2f} s)")
    for phase, count in by_phase.most_common():
        rate = count / phase_time[phase]
        print(f"    {phase:>5}: {count:7d} actions, {rate:10,.0f}/s")
    print(f"  endings: {dict(endings)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--max-actions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run, args.games, args.max_actions, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    else:
        run(args.games, args.max_actions, args.seed)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Each engine's random-play speed beside OpenSpiel's pure-Python tic-tac-toe. Run by hand:

    .venv/bin/python bench/bench_vs_openspiel.py [--seconds 5] [--profile columbo]

Issue 14's yardstick: every engine should take at least as many actions a second as
OpenSpiel's `python_tic_tac_toe` (open_spiel/python/games/tic_tac_toe.py, played through
pyspiel as OpenSpiel's own algorithms play it). The same loop for both: ask for the
legal actions, pick one uniformly with a seeded generator, apply it; a new game when
one ends. Each line runs for `--seconds`; the yardstick runs first and last and the
ratio uses their mean, so a machine that slows down part-way shows in the spread.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections.abc import Callable

import pyspiel
from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

import sleuth

LINES = [
    ("stop-thief", 2, {}),
    ("stop-thief", 4, {}),
    ("manhunt", 3, {}),
    ("kojak", 2, {}),
    ("kojak", 4, {"version": "advanced"}),
    ("columbo", 2, {}),
    ("columbo", 4, {}),
]


def run_for(seconds: float, step: Callable[[], int]) -> float:
    """Call `step` (which returns the actions it took) until `seconds` pass; actions/s."""
    taken = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        taken += step()
    return taken / elapsed


def openspiel_ttt(seconds: float) -> float:
    game = pyspiel.load_game("python_tic_tac_toe")
    choose = random.Random(1).choice

    def one_game() -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.apply_action(choose(state.legal_actions()))
            n += 1
        return n

    return run_for(seconds, one_game)


def engine(game: str, players: int, options: dict[str, str], seconds: float) -> float:
    seeds = iter(range(10**9))
    choose = random.Random(2).choice

    def one_game() -> int:
        state = sleuth.new_game(game, players, next(seeds), **options)
        n = 0
        while not state.over and n < 20_000:
            state.apply(choose(state.legal_actions()))
            n += 1
        return n

    return run_for(seconds, one_game)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--profile", help="cProfile one game's line instead (a game name)")
    args = parser.parse_args()
    if args.profile:
        line = next(line for line in LINES if line[0] == args.profile)
        profiler = cProfile.Profile()
        profiler.runcall(engine, *line, args.seconds)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    before = openspiel_ttt(args.seconds)
    rows = [(g, p, o, engine(g, p, o, args.seconds)) for g, p, o in LINES]
    after = openspiel_ttt(args.seconds)
    yardstick = (before + after) / 2
    print(f"OpenSpiel python_tic_tac_toe: {before:,.0f} then {after:,.0f} actions/s")
    print("| game | seats | options | actions/s | vs python_tic_tac_toe |")
    print("| --- | ---: | --- | ---: | ---: |")
    for game, players, options, rate in rows:
        shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        print(f"| {game} | {players} | {shown} | {rate:,.0f} | {rate / yardstick:.2f}x |")


if __name__ == "__main__":
    main()

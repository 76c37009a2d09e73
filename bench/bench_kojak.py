#!/usr/bin/env python3
"""How often does the Kojak expert beat the random bot, and how fast is the game? Run by hand:

    .venv/bin/python bench/bench_kojak.py [--games 1000] [--players 2] [--version fast]

For each version it plays `--games` seeded games (seeds 0..N-1) of one expert
against random bots, the expert taking each seat in turn, and prints how often
the expert won, how often the random bots won, how often nobody did (every
player out after a wrong arrest), the mean length of a game in turns, and
actions a second for the whole match. It then plays the same number of
random-against-random games to time the rules engine alone.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import sleuth
from sleuth.bots import Bot, make_bot, play


def match(version: str, games: int, players: int) -> dict[str, float]:
    wins: Counter[str] = Counter()
    actions = turns = 0
    start = time.perf_counter()
    for seed in range(games):
        state = sleuth.new_game("kojak", players=players, seed=seed, version=version)
        expert = seed % players
        bots: list[Bot] = [make_bot("kojak", "random", seed=seed * 8 + s) for s in range(players)]
        bots[expert] = make_bot("kojak", "expert", seed=seed)
        actions += play(state, bots)
        turns += sum(1 for e in state.log if e.kind == "turn" and e.data["phase"] == "turn")
        if not state.winners:
            wins["nobody"] += 1
        else:
            wins["expert" if state.winners == [expert] else "random"] += 1
    seconds = time.perf_counter() - start
    return {
        "expert": wins["expert"] / games,
        "random": wins["random"] / games,
        "nobody": wins["nobody"] / games,
        "turns": turns / games,
        "actions/s": actions / seconds,
    }


def engine_speed(version: str, games: int, players: int) -> tuple[float, float]:
    """Random-against-random: actions a second, and mean actions a game."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = sleuth.new_game("kojak", players=players, seed=seed, version=version)
        actions += play(state, [make_bot("kojak", "random", seed=seed + s) for s in range(players)])
    return actions / (time.perf_counter() - start), actions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--version", choices=("fast", "advanced"), action="append")
    args = parser.parse_args()
    for version in args.version or ["fast", "advanced"]:
        result = match(version, args.games, args.players)
        print(
            f"{version:8} expert vs {args.players - 1} random, {args.games} games: "
            f"expert won {result['expert']:.1%}, random {result['random']:.1%}, "
            f"nobody {result['nobody']:.1%}; {result['turns']:.1f} turns a game; "
            f"{result['actions/s']:,.0f} actions/s"
        )
        speed, length = engine_speed(version, min(args.games, 200), args.players)
        print(
            f"{version:8} random vs random: {speed:,.0f} actions/s "
            f"({length:,.0f} actions a game: random players rarely find the hide-out)"
        )


if __name__ == "__main__":
    main()

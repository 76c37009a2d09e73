#!/usr/bin/env python3
"""Does any Columbo bot pairing leave a case unsolved? Run by hand:

    .venv/bin/python bench/bench_columbo_cold.py [--games 1000] [--seed 0] [--max-turns 1000]

Every pairing with at least one Columbo bot (expert, forgetful, and the generic random
bot; 2 players, seats alternating; `--random-pair` adds random v random) in every
variant (basic; advanced: the more difficult game, discards shown, the default; unseen:
the more difficult game, discards never shown) plays `--games` seeded games to the end.
Printed: the games that went cold at the turn limit (decision W3), the mean and longest
game. The exit status is 1 if any went cold.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time

import sleuth
from sleuth.bots import make_bot, play
from sleuth.games.columbo.state import Columbo

LEVELS = ("expert", "intermediate", "beginner", "random")
VARIANTS = {
    "basic": {},
    "advanced": {"advanced": True},
    "unseen": {"advanced": True, "show_discards": False},
}


def cold_games(
    pair: tuple[str, str], options: dict[str, bool], games: int, seed: int, turns: int
) -> tuple[int, list[int]]:
    cold, lengths = 0, []
    for g in range(games):
        seated = pair if g % 2 == 0 else pair[::-1]
        state = sleuth.new_game("columbo", players=2, seed=seed + g, max_turns=turns, **options)
        assert isinstance(state, Columbo)
        bots = [make_bot("columbo", level, (seed + g) * 10 + i) for i, level in enumerate(seated)]
        play(state, bots, 1_000_000)
        cold += state.end_reason == "cold"
        lengths.append(state.turns)
    return cold, lengths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-turns", type=int, default=1000)
    parser.add_argument("--variant", choices=[*VARIANTS, "all"], default="all")
    parser.add_argument(
        "--random-pair",
        action="store_true",
        help="also random v random (the generic random bot: no strategy, it may stall)",
    )
    args = parser.parse_args()
    total = 0
    for name, options in VARIANTS.items():
        if args.variant not in ("all", name):
            continue
        for pair in itertools.combinations_with_replacement(LEVELS, 2):
            if pair == ("random", "random") and not args.random_pair:
                continue
            started = time.perf_counter()
            cold, lengths = cold_games(pair, options, args.games, args.seed, args.max_turns)
            total += cold
            print(
                f"{name:22} {' v '.join(pair):22} {args.games} games: cold {cold},"
                f" turns mean {statistics.mean(lengths):.0f}, longest {max(lengths)}"
                f" ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Does playing for the rewards table pay? Columbo's more difficult game. Run by hand:

    nice -n 10 .venv/bin/python bench/bench_columbo_rewards.py [--games 400] [--seed 0]

The expert as it plays now (it reads the rewards table: keeps spare Motive cards and
sets from an opponent near the end, takes the ending card only when ending wins) against
the expert that only races for the first solution (`DetectiveBot(rewards=False)`, the
expert before this change), in the more difficult game (`advanced`, discards shown).
With `--players 2` (default) the two sit alternately in seats 0 and 1; with more, one new
expert plays the rest, its seat rotating. Printed: the new expert's win rate with its
95% Wilson interval (a shared win counts as a fraction; a cold case as no win), its fair
share, how the games ended and how often the ender won. Every game is seeded (game seed
= first seed + game number, bot seeds from it), so a run repeats exactly.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import Counter

import sleuth
from sleuth.bots import play
from sleuth.games.columbo.bots import EXPERT, DetectiveBot
from sleuth.games.columbo.state import Columbo


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (wins may be fractional for shares)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--show-discards", default="yes", choices=("yes", "no"))
    args = parser.parse_args()
    n, score = args.players, 0.0
    endings: Counter[str] = Counter()
    ender_won, turns = 0, []
    started = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        new_seat = g % n
        state = sleuth.new_game(
            "columbo",
            players=n,
            seed=seed,
            advanced=True,
            show_discards=args.show_discards == "yes",
        )
        assert isinstance(state, Columbo)
        bots = [
            DetectiveBot(seed * 10 + i, EXPERT, "expert", rewards=i == new_seat) for i in range(n)
        ]
        play(state, bots, 1_000_000)
        endings[state.end_reason] += 1
        turns.append(state.turns)
        if new_seat in state.winners:
            score += 1 / len(state.winners)
        over = next(e for e in reversed(state.log) if e.kind == "game_over")
        ender_won += over.data["by"] is not None and over.data["by"] in state.winners
    low, high = wilson(score, args.games)
    print(
        f"more difficult game, {n} players, discards shown: {args.show_discards};"
        f" {args.games} games from seed {args.seed}"
    )
    print(
        f"new expert v old expert: new wins {score / args.games:.3f}"
        f" (95% {low:.3f}-{high:.3f}), fair share {1 / n:.3f}"
    )
    print(
        f"endings {dict(endings)}; the ender won {ender_won} of {args.games};"
        f" turns mean {statistics.mean(turns):.0f}; {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()

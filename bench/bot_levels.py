#!/usr/bin/env python3
"""Calibrate the bot levels: each level against each other level, for every game.

Run by hand (bounded, niced):
    nice -n 10 .venv/bin/python bench/bot_levels.py --games 200 --seed 0 --budget 600

For each game and each pair of levels (A, B), plays `--games` seeded
two-player games, A in seat 0 on even games and seat 1 on odd ones, seeds
`seed`, `seed + 1`, ... and prints a markdown table: A's win rate with its 95%
Wilson interval (a shared win counts half; an unfinished or cold game counts
as no win for either), the games played and the mean game length in actions.
`--budget` caps the seconds spent per game and pair (fewer games then, said
in the table). `--games-list` picks games (comma separated). `--option KEY=VALUE`
(repeatable) sets a game option for every game listed, e.g. Columbo's more difficult
game: `--games-list columbo --option advanced=true`; the table then names the options.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import time
from typing import Any

import sleuth
from sleuth.bots import LEVELS, make_bot, play


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (wins may be fractional for shares)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def option(text: str) -> tuple[str, Any]:
    """`KEY=VALUE` from the command line: true/false, a whole number, or a word."""
    key, _, value = text.partition("=")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    return key, int(value) if value.lstrip("-").isdigit() else value


def match(
    game: str,
    a: str,
    b: str,
    games: int,
    seed: int,
    budget: float,
    max_actions: int,
    options: dict[str, Any] | None = None,
) -> tuple[float, int, float]:
    """A's score (wins, shares as halves), games played and mean length in actions."""
    score, lengths = 0.0, []
    started = time.perf_counter()
    for g in range(games):
        if time.perf_counter() - started > budget:
            break
        s = seed + g
        a_seat = g % 2
        levels = [a, b] if a_seat == 0 else [b, a]
        state = sleuth.new_game(game, players=2, seed=s, **(options or {}))
        bots = [make_bot(game, level, seed=s * 31 + seat) for seat, level in enumerate(levels)]
        lengths.append(play(state, bots, max_actions))
        winners = state.winners if state.over else []
        if a_seat in winners:
            score += 1.0 / len(winners)
    return score, len(lengths), statistics.mean(lengths) if lengths else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=600.0, help="seconds per game and pair")
    parser.add_argument("--max-actions", type=int, default=20_000)
    parser.add_argument("--games-list", default=",".join(sleuth.game_names()))
    parser.add_argument("--option", action="append", default=[], type=option)
    args = parser.parse_args()
    options = dict(args.option)
    label = " ".join(f"{k}={v}" for k, v in options.items())
    print("| game | level A | level B | A's win rate (95% interval) | games | mean actions |")
    print("|---|---|---|---|---|---|")
    for game in args.games_list.split(","):
        for a, b in itertools.combinations(LEVELS, 2):
            score, n, length = match(
                game, b, a, args.games, args.seed, args.budget, args.max_actions, options
            )
            low, high = wilson(score, n)
            rate = score / n if n else 0.0
            name = f"{game} ({label})" if label else game
            print(
                f"| {name} | {b} | {a} | {rate:.2f} ({low:.2f}-{high:.2f}) | {n} | {length:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()

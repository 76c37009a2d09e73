#!/usr/bin/env python3
"""The search bot against each game's expert: win rate and decision time (issue 14).

Run by hand (bounded, niced):
    nice -n 10 .venv/bin/python bench/search_vs_expert.py --games 20 --iterations 40

Two-player games, the search bot (`sleuth.bots.search.SearchBot`, rolling out with the
expert) in seat 0 on even games and seat 1 on odd ones, seeds `--seed`, `--seed + 1`,
...; prints a markdown table: the search bot's win rate with its 95% Wilson interval
(a shared win counts half), the games played (fewer if `--budget` seconds per game ran
out) and the search bot's decision time (median and the slowest).
"""

from __future__ import annotations

import argparse
import statistics
import time

import sleuth
from sleuth.bots import make_bot
from sleuth.bots.search import SearchBot
from sleuth.lab.report import wilson


def match(
    game: str, games: int, seed: int, iterations: int, budget: float
) -> tuple[float, int, list[float]]:
    """The search bot's score, the games played and its decision times in seconds."""
    score, played, times = 0.0, 0, []
    started = time.perf_counter()
    for g in range(games):
        if time.perf_counter() - started > budget:
            break
        s = seed + g
        searcher = g % 2
        state = sleuth.new_game(game, players=2, seed=s)
        bots = {
            searcher: SearchBot(game, seed=s * 31 + searcher, iterations=iterations),
            1 - searcher: make_bot(game, "expert", seed=s * 31 + 1 - searcher),
        }
        while not state.over and len(state.history) < 20_000:
            seat = state.to_move
            assert seat is not None
            began = time.perf_counter()
            action = bots[seat].choose(state, seat)
            if seat == searcher:
                times.append(time.perf_counter() - began)
            state.apply(action)
        played += 1
        if searcher in state.winners:
            score += 1.0 / len(state.winners)
    return score, played, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--budget", type=float, default=900.0, help="seconds per game")
    parser.add_argument("--games-list", default=",".join(sleuth.game_names()))
    args = parser.parse_args()
    print(f"search bot ({args.iterations} iterations a decision) against the expert")
    print("| game | search bot's win rate (95% interval) | games | decision median | slowest |")
    print("|---|---|---|---|---|")
    for game in args.games_list.split(","):
        score, n, times = match(game, args.games, args.seed, args.iterations, args.budget)
        low, high = wilson(score, n)
        rate = score / n if n else 0.0
        median = statistics.median(times) if times else 0.0
        print(
            f"| {game} | {rate:.2f} ({low:.2f}-{high:.2f}) | {n} | {median:.2f} s "
            f"| {max(times, default=0.0):.2f} s |",
            flush=True,
        )


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How well does the detective bot play? Run by hand:  .venv/bin/python bench/bot_match.py

1. Detective vs random, 2 players, seats alternating, `--games` seeded games
   (default 1000): the detective's win rate, turns and actions per game, how
   games end, and the detective's arrests (successful, false, escapes).
2. Detective vs detective vs detective, 3 players, `--trios` games (default
   300): game length and how games end.
3. With `--thresholds 0.25,0.5,...`: each arrest threshold against the default
   one, 2 players, seats alternating, `--sweep-games` games each (default 1000):
   the challenger's win rate (0.5 means no better, no worse).

Options: --seed N (first seed, default 0), --max-actions N (a game still going
after this many actions counts as unfinished, default 20000).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Sequence

import sleuth
from sleuth.bots import Bot, make_bot, play
from sleuth.games.stop_thief.bots import ARREST_THRESHOLD, DetectiveBot
from sleuth.games.stop_thief.state import StopThief


def one_game(
    players: int, seed: int, bots: Sequence[Bot], max_actions: int
) -> tuple[StopThief, int]:
    state = sleuth.new_game("stop-thief", players=players, seed=seed)
    assert isinstance(state, StopThief)
    actions = play(state, bots, max_actions)
    return state, actions


def turns(state: StopThief) -> int:
    return sum(1 for e in state.log if e.kind == "turn")


def ending(state: StopThief) -> str:
    return state.end_reason if state.over else "unfinished"


def summary(label: str, values: list[int]) -> str:
    return (
        f"{label}: mean {statistics.mean(values):.1f}, median {statistics.median(values):.0f}, "
        f"min {min(values)}, max {max(values)}"
    )


def vs_random(games: int, seed: int, max_actions: int) -> None:
    wins, lengths, actions = 0, [], []
    endings: Counter[str] = Counter()
    arrests: Counter[str] = Counter()
    started = time.perf_counter()
    for g in range(games):
        me = g % 2
        bots: list[Bot] = [make_bot("stop-thief", "random", seed + g)] * 2
        bots[me] = make_bot("stop-thief", "detective", seed + g)
        state, taken = one_game(2, seed + g, bots, max_actions)
        wins += me in state.winners
        lengths.append(turns(state))
        actions.append(taken)
        endings[ending(state)] += 1
        arrests.update(
            e.data["outcome"] for e in state.log if e.kind == "arrest" and e.data["seat"] == me
        )
    took = time.perf_counter() - started
    print(f"detective vs random, 2 players, {games} games ({took:.1f} s, {games / took:.0f}/s)")
    print(f"  detective win rate: {wins / games:.3f} ({wins}/{games})")
    print(f"  {summary('turns', lengths)}")
    print(f"  {summary('actions', actions)}")
    print(f"  endings: {dict(endings)}")
    total = sum(arrests.values())
    print(
        f"  detective's arrests: {dict(arrests)}; "
        f"{arrests['successful'] / max(total, 1):.2f} successful, {total / games:.2f} a game"
    )


def trios(games: int, seed: int, max_actions: int) -> None:
    lengths, actions = [], []
    endings: Counter[str] = Counter()
    winners: Counter[int] = Counter()
    started = time.perf_counter()
    for g in range(games):
        bots = [make_bot("stop-thief", "detective", seed + g) for _ in range(3)]
        state, taken = one_game(3, seed + g, bots, max_actions)
        lengths.append(turns(state))
        actions.append(taken)
        endings[ending(state)] += 1
        winners.update(state.winners)
    took = time.perf_counter() - started
    print(f"detective x3, 3 players, {games} games ({took:.1f} s, {games / took:.0f}/s)")
    print(f"  {summary('turns', lengths)}")
    print(f"  {summary('actions', actions)}")
    print(f"  endings: {dict(endings)}; wins by seat: {dict(sorted(winners.items()))}")


def sweep(thresholds: list[float], games: int, seed: int, max_actions: int) -> None:
    print(f"arrest thresholds against {ARREST_THRESHOLD}, 2 players, {games} games each")
    for threshold in thresholds:
        wins = 0
        for g in range(games):
            me = g % 2
            bots: list[Bot] = [DetectiveBot(seed + g), DetectiveBot(seed + g)]
            bots[me] = DetectiveBot(seed + g, arrest_threshold=threshold)
            state, _ = one_game(2, seed + g, bots, max_actions)
            wins += me in state.winners
        rate = wins / games
        error = (rate * (1 - rate) / games) ** 0.5
        print(f"  threshold {threshold:.2f}: win rate {rate:.3f} (+/- {error:.3f})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--trios", type=int, default=300)
    parser.add_argument("--thresholds", default="")
    parser.add_argument("--sweep-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=20_000)
    args = parser.parse_args()
    if args.games:
        vs_random(args.games, args.seed, args.max_actions)
    if args.trios:
        trios(args.trios, args.seed, args.max_actions)
    if args.thresholds:
        values = [float(t) for t in args.thresholds.split(",")]
        sweep(values, args.sweep_games, args.seed + 100_000, args.max_actions)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How long does the terminal take to save a game after a move, and to resume one? Run by hand:

    .venv/bin/python bench/bench_saves.py [--games 3] [--seed 0]

For each game, `--games` whole games played by random bots (the longest records a
terminal game can leave): the size of the save at the end, the time to write it (what
every move costs, the file being rewritten whole) and the time to read it back, replay
included (what `sleuth play --resume` costs before the first screen). Medians.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import sleuth
from sleuth.bots import make_bot, play
from sleuth.tui import saves

PLAYERS = {"stop-thief": 4, "manhunt": 4, "kojak": 4, "columbo": 4}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-saves-"))
    print(f"{'game':12} {'actions':>8} {'bytes':>8} {'write ms':>9} {'resume ms':>10}")
    for game, players in PLAYERS.items():
        sizes, actions, writes, reads = [], [], [], []
        for number in range(args.games):
            seed = args.seed + number
            state = sleuth.new_game(game, players=players, seed=seed)
            play(state, [make_bot(game, "random", seed=seed * 10 + s) for s in range(players)])
            table = saves.Table(state.record(), players, "random", state.over)
            path = folder / f"{game}-{seed}.json"
            start = time.perf_counter()
            saves.write(path, table)
            writes.append(time.perf_counter() - start)
            start = time.perf_counter()
            _, again = saves.read(path)
            reads.append(time.perf_counter() - start)
            assert again.record() == state.record()
            sizes.append(path.stat().st_size)
            actions.append(len(state.history))
        print(
            f"{game:12} {statistics.median(actions):8.0f} {statistics.median(sizes):8.0f} "
            f"{1000 * statistics.median(writes):9.2f} {1000 * statistics.median(reads):10.1f}"
        )


if __name__ == "__main__":
    main()

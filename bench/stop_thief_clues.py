#!/usr/bin/env python3
"""How much does the Crime Scanner's digit tell, and how far does an escaping thief get?

Run by hand:  .venv/bin/python bench/stop_thief_clues.py [--thieves N] [--escapes N]

1. **Possible spaces per clue** (docs/stop-thief/decisions.md, S1). Seeded thieves
   start with their crime and then answer CLUE presses (a bleep 1 time in 4, as in
   play); an exact notebook hears every clue and bleep, and after each sound clue
   the number of spaces he may be on is recorded. Once with the building or street
   digit on every clue (the real unit), once with it only on a crime (the rulebook's
   printed clues): same thieves, same seeds.
2. **Where an escape ends** (T9). Seeded thieves walk a random number of moves from
   a crime, the cops are sent to his space and he escapes 5 or 6 moves; recorded is
   how many thief moves (numbered spaces) he then stands from the arrest space, for
   each reading of rule k: `gain` (each move one space farther where it can, the
   default), `never nearer` (the older reading) and `any` (no flight at all).
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from sleuth.core import Rng
from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.scanner import CrimeScanner, Odds
from sleuth.games.stop_thief.thief import spaces_apart
from sleuth.games.stop_thief.tracker import Tracker


def spread(digits: bool, thieves: int, clues: int) -> list[int]:
    """The number of possible spaces after each sound clue, over seeded thieves."""
    board = load_board()
    odds = Odds(digits=digits)
    sizes: list[int] = []
    for seed in range(thieves):
        scanner = CrimeScanner(board, Rng(seed), odds)
        tracker = Tracker(board, odds)
        tracker.new_thief(scanner.new_thief().clue)
        sizes.append(len(tracker.possible_spaces()))
        for _ in range(clues):
            step = scanner.clue()
            if step is None:
                tracker.bleep()
                continue
            tracker.heard(step.clue)
            sizes.append(len(tracker.possible_spaces()))
    return sizes


def escapes(flee: bool, gain: bool, runs: int) -> Counter[int]:
    """How many thief moves from the arrest space each escape ends."""
    board = load_board()
    apart = spaces_apart(board)
    odds = Odds(still=0.0, escape=1.0, flee=flee, gain=gain)
    ends: Counter[int] = Counter()
    for seed in range(runs):
        rng = Rng(seed)
        scanner = CrimeScanner(board, rng, odds)
        scanner.new_thief()
        for _ in range(rng.randint(0, 30)):
            scanner.clue()
        assert scanner.thief is not None
        cops = scanner.thief.space
        scanner.arrest(cops)
        assert scanner.thief is not None
        ends[apart[cops][scanner.thief.space]] += 1
    return ends


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--thieves", type=int, default=2000)
    parser.add_argument("--clues", type=int, default=30)
    parser.add_argument("--escapes", type=int, default=5000)
    args = parser.parse_args()
    print(f"Possible spaces after each sound clue ({args.thieves} thieves x {args.clues} presses)")
    for digits in (True, False):
        sizes = spread(digits, args.thieves, args.clues)
        label = "digit on every clue" if digits else "digit only on a crime"
        print(
            f"  {label:22} mean {statistics.fmean(sizes):5.2f}  median "
            f"{statistics.median(sizes):4.1f}  worst {max(sizes):3d}  ({len(sizes)} clues)"
        )
    print(f"\nThief moves from the arrest space when an escape ends ({args.escapes} escapes)")
    for name, flee, gain in (
        ("gain", True, True),
        ("never nearer", True, False),
        ("any", False, False),
    ):
        ends = escapes(flee, gain, args.escapes)
        total = sum(ends.values())
        near = sum(n for d, n in ends.items() if d < 5)
        shown = "  ".join(f"{d}:{ends[d] / total:5.1%}" for d in sorted(ends))
        print(f"  {name:12}  1-4 away {near / total:5.1%}   {shown}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How fast is the detective's notebook? Run by hand:  .venv/bin/python bench/bench_tracker.py

Plays seeded Crime Scanner games (one CLUE press a turn, now and then an arrest
at the notebook's best guess: false, successful, or an escape run of five or
six clues; now and then a tip) and feeds every event to a Tracker, timing the
tracker alone. Prints updates a second and the cost of one update, first with
the move tables cold (a board the notebook has never seen) and then warm (what
a long simulation sees; best of five), and how many hidden states it carries.

Options: --games N (default 300), --turns N (CLUE presses a game, default 200),
--profile (cProfile the warm run and print the top functions).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

from sleuth.core import Rng
from sleuth.games.stop_thief.board import Board, load_board
from sleuth.games.stop_thief.scanner import CrimeScanner, Odds
from sleuth.games.stop_thief.tracker import Tracker

Event = tuple[Any, ...]  # ("new", clue) ("clue", clue) ("bleep",) ("tip", code) ...


def record_game(seed: int, turns: int, odds: Odds) -> list[Event]:
    """One scanner game as the table hears it, with arrests guided by a notebook."""
    board = load_board()
    rng = Rng(seed)
    scanner = CrimeScanner(board, rng, odds)
    guide = Tracker(board, odds)
    events: list[Event] = []

    def note(event: Event) -> None:
        events.append(event)
        apply(guide, event)

    note(("new", scanner.new_thief().clue))
    for _ in range(turns):
        step = scanner.clue()
        note(("bleep",) if step is None else ("clue", step.clue))
        roll = rng.randint(1, 20)
        if roll == 1:
            note(("tip", scanner.tip()))
        elif roll <= 4 and len(guide.possible_spaces()) <= 4:
            guess = guide.most_likely()
            result = scanner.arrest(guess)
            if result.outcome == "false":
                note(("false", guess))
            elif result.outcome == "successful":
                note(("arrested",))
                note(("new", scanner.new_thief().clue))
            else:
                note(("escape", guess, tuple(s.clue for s in result.escape)))
    return events


def apply(tracker: Tracker, event: Event) -> None:
    kind = event[0]
    if kind == "new":
        tracker.new_thief(event[1])
    elif kind == "clue":
        tracker.heard(event[1])
    elif kind == "bleep":
        tracker.bleep()
    elif kind == "tip":
        tracker.tip(event[1])
    elif kind == "false":
        tracker.false_arrest(event[1])
    elif kind == "arrested":
        tracker.arrested()
    else:
        tracker.escaped(event[1], event[2])


def updates(event: Event) -> int:
    """Tracker updates an event makes: one each, and one per clue of an escape run."""
    return 1 + len(event[2]) if event[0] == "escape" else 1


def replay(
    games: list[list[Event]], board: Board, odds: Odds, sizes: list[int] | None = None
) -> float:
    """Feed every game to a fresh tracker; return the seconds spent in the tracker."""
    spent = 0.0
    clock = time.perf_counter
    for events in games:
        tracker = Tracker(board, odds)
        start = clock()
        for event in events:
            apply(tracker, event)
            if sizes is not None:
                sizes.append(len(tracker.states()))
        spent += clock() - start
    return spent


def board_data() -> Any:
    text = resources.files("sleuth.games.stop_thief").joinpath("data/board.json").read_text()
    return json.loads(text)


def timed(label: str, run: Callable[[], float], count: int, repeat: int = 1) -> None:
    seconds = min(run() for _ in range(repeat))
    print(
        f"{label:28} {count:9,d} updates in {seconds:6.2f} s: "
        f"{count / seconds:11,.0f} updates/s, {seconds / count * 1e6:6.2f} µs/update"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    odds = Odds()
    games = [record_game(seed, args.turns, odds) for seed in range(args.games)]
    count = sum(updates(e) for g in games for e in g)
    kinds: dict[str, int] = {}
    for g in games:
        for e in g:
            kinds[e[0]] = kinds.get(e[0], 0) + 1
    print(f"{args.games} seeded games, {args.turns} CLUE presses each; events: {kinds}")

    board = load_board()
    fresh = Board(board_data())  # a new board: its move tables are empty
    timed("first pass (tables filling)", lambda: replay(games, fresh, odds), count)
    timed("warm (move tables cached)", lambda: replay(games, board, odds), count, repeat=5)

    sizes: list[int] = []
    replay(games[:50], board, odds, sizes)
    sizes.sort()
    print(
        f"hidden states carried: median {statistics.median(sizes):.0f}, "
        f"90% {sizes[len(sizes) * 9 // 10]}, max {sizes[-1]}"
    )

    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(replay, games, board, odds)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Manhunt's measured figures. Run by hand:  .venv/bin/python bench/bench_manhunt.py

Prints the case book's design figure (rows a detective needs, printed set and
generated sets), the board's exact-count travel times, the engine's speed
(random play, and the expert bot's decisions), and bot matches over seeded
games, seats rotated so nobody always sits first:

  expert vs random, expert vs novice, expert vs expert (seat advantage),
  a four-player table, and partners (expert team against novice team).

Options: --games N (games per match, default 1000), --quick (200).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from typing import Any

import sleuth
from sleuth.bots import make_bot, play
from sleuth.games.manhunt.board import expected_turns, load_board
from sleuth.games.manhunt.cases import (
    CRIMES,
    CaseBook,
    Figures,
    figures,
    generate_case_book,
    load_case_book,
)
from sleuth.games.manhunt.computer import load_computer
from sleuth.games.manhunt.state import Manhunt


def _figures(book: CaseBook, crime: str) -> Figures:
    suspects = [s.record for s in book.crime(crime).suspects]
    return figures([c.holes for c in book.cards], suspects)


def case_figures() -> None:
    print("Rows needed to single out the culprit (the two Scenes included), printed set:")
    for crime in CRIMES:
        printed = _figures(load_case_book(), crime)
        print(f"  {crime}: random order {printed.random_order:.3f}, ", end="")
        print(f"choosing well {printed.best:.3f}, fewest possible {printed.fewest:.3f}, ", end="")
        print(f"worst order {printed.most}")
    print(f"  suspects left by the Scenes: {sorted(Counter(printed.scene_groups).items())}")
    started = time.perf_counter()
    generated = [_figures(generate_case_book(s), "robbery") for s in range(1, 21)]
    took = (time.perf_counter() - started) / 20
    randoms = [f.random_order for f in generated]
    print(
        f"  20 generated sets (robbery): random order {statistics.mean(randoms):.3f} "
        f"({min(randoms):.3f}-{max(randoms):.3f}), choosing well "
        f"{statistics.mean(f.best for f in generated):.3f}; {took * 1000:.0f} ms a set"
    )


def board_figures() -> None:
    board, faces = load_board(), load_computer().faces
    turns = {n: expected_turns(board, frozenset(s), faces) for n, s in board.place_spaces.items()}
    badges = {board.id_of(b): turns[1][b] for b in board.badges}
    print("Expected NUMBERED spins to stop on a place by exact count (playing well):")
    print("  Badge -> Scene 1: " + ", ".join(f"{b} {t:.2f}" for b, t in badges.items()))
    print(f"  Scene 1 -> Scene 2: {min(turns[2][r] for r in board.place_spaces[1]):.2f}")
    legs = [turns[b][board.place_spaces[a][0]] for a in range(2, 9) for b in range(3, 9) if a != b]
    print(f"  between investigation places: {statistics.mean(legs):.2f} on average")


def speed() -> None:
    actions, started = 0, time.perf_counter()
    for seed in range(300):
        state = sleuth.new_game("manhunt", players=4, seed=seed)
        rng = random.Random(seed)
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    took = time.perf_counter() - started
    print(f"Engine: {actions / took:,.0f} actions/s (random play, 4 players, set-up included)")
    decisions, started = 0, time.perf_counter()
    for seed in range(100):
        state = sleuth.new_game("manhunt", players=3, seed=seed)
        decisions += play(state, [make_bot("manhunt", "expert", seed=seed + k) for k in range(3)])
    took = time.perf_counter() - started
    print(f"Expert bots: {decisions / took:,.0f} actions/s ({100 / took:.0f} games/s)")


def match(levels: list[str], games: int, **options: Any) -> None:
    """Each level's share of wins (by side) over `games` seeded games, seats rotated."""
    players = len(levels)
    wins: Counter[str] = Counter()
    stats: Counter[str] = Counter()
    turns = []
    for g in range(games):
        state = sleuth.new_game("manhunt", players=players, seed=g, **options)
        assert isinstance(state, Manhunt)
        order = [levels[(k + g) % players] for k in range(players)]
        play(state, [make_bot("manhunt", level, seed=g * 11 + k) for k, level in enumerate(order)])
        if state.winners:
            wins[order[state.winners[0]]] += 1
        else:
            wins["nobody"] += 1
        turns.append(sum(1 for e in state.log if e.kind == "turn"))
        stats.update(e.kind for e in state.log if e.kind in ("probe", "ask", "call", "off_line"))
        stats.update("wrong" for e in state.log if e.kind == "verdict" and not e.data["correct"])
    shares = ", ".join(f"{level} {wins[level] / games:6.1%}" for level in dict.fromkeys(levels))
    extra = f", nobody {wins['nobody'] / games:.1%}" if wins["nobody"] else ""
    per = ", ".join(f"{k} {v / games:.1f}" for k, v in sorted(stats.items()))
    table = " vs ".join(levels) + (" (partners)" if options.get("partners") else "")
    print(f"  {table}: {shares}{extra}")
    print(f"      turns a game {statistics.mean(turns):.1f}; per game: {per}")


def seat_advantage(games: int) -> None:
    first = 0
    for g in range(games):
        state = sleuth.new_game("manhunt", players=2, seed=g)
        assert isinstance(state, Manhunt)
        play(state, [make_bot("manhunt", "expert", seed=g * 2 + k) for k in range(2)])
        first += state.first in state.winners
    print(f"  expert vs expert: the first player wins {first / games:.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    games = 200 if args.quick else args.games
    case_figures()
    board_figures()
    speed()
    print(f"Matches over {games} seeded games each:")
    match(["expert", "random"], games)
    match(["expert", "novice"], games)
    seat_advantage(games)
    match(["expert", "novice", "random", "random"], games)
    match(["expert", "novice", "expert", "novice"], games, partners=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Does the order of play decide who wins? Win rate by seat, every game. Run by hand:

    nice -n 10 .venv/bin/python bench/seat_order.py --games 1000

For every registered game (or `--game NAME`, repeatable), at every player count
from 2 to 4 that the game allows (or `--players N`, repeatable), plays
`--games` seeded games (seeds from `--seed`, default 0) with the game's
strongest bot (the last of `bot_levels`) in every seat, and prints two tables
with 95% Wilson intervals:

* by turn position: how often the player who moved first, second, ... won
  (the position is when a seat first had to move, so a game whose rulebook
  throws for first player is measured by who actually went first);
* by seat number: seat 1, seat 2, ... as the game numbers them.

A game still going after `--max-actions` actions counts as unfinished; a game
ending with no winner counts as "nobody". `--option key=value` (repeatable)
sets a game option (for example `--game kojak --option version=advanced`);
values that look like integers are passed as integers. `--markdown` prints the
tables as Markdown rows for docs/seat-order.md.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import sleuth
from sleuth.bots import bot_levels, make_bot

Z95 = 1.959963984540054


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (good near 0 and 1 and for small n)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + Z95 * Z95 / (2 * n)
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    scale = 1 + Z95 * Z95 / n
    return ((centre - spread) / scale, (centre + spread) / scale)


@dataclass
class Tally:
    game: str
    players: int
    options: dict[str, Any]
    level: str
    games: int = 0
    by_position: Counter[int] = field(default_factory=Counter)
    by_seat: Counter[int] = field(default_factory=Counter)
    nobody: int = 0
    unfinished: int = 0
    actions: int = 0
    seconds: float = 0.0


def play_one(tally: Tally, seed: int, max_actions: int) -> None:
    state = sleuth.new_game(tally.game, players=tally.players, seed=seed, **tally.options)
    bots = [make_bot(tally.game, tally.level, seed=seed * 10 + s) for s in range(tally.players)]
    order: list[int] = []  # seats in the order they first had to move
    taken = 0
    while not state.over and taken < max_actions:
        seat = state.to_move
        assert seat is not None
        if seat not in order:
            order.append(seat)
        state.apply(bots[seat].choose(state, seat))
        taken += 1
    tally.games += 1
    tally.actions += taken
    if not state.over:
        tally.unfinished += 1
        return
    if not state.winners:
        tally.nobody += 1
    for seat in state.winners:
        tally.by_seat[seat] += 1
        # a seat that never had to move (possible only if the game ended first) ranks last
        tally.by_position[order.index(seat) if seat in order else tally.players - 1] += 1


def measure(
    game: str, players: int, options: dict[str, Any], games: int, seed: int, max_actions: int
) -> Tally:
    tally = Tally(game, players, options, bot_levels(game)[-1])
    started = time.perf_counter()
    for s in range(seed, seed + games):
        play_one(tally, s, max_actions)
    tally.seconds = time.perf_counter() - started
    return tally


def share(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{100 * wins / n:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def label(tally: Tally) -> str:
    opts = ", ".join(f"{k}={v}" for k, v in tally.options.items())
    return f"{tally.game} {tally.players}p{f' ({opts})' if opts else ''}"


def report(tally: Tally, markdown: bool) -> None:
    n = tally.games
    positions = [share(tally.by_position[i], n) for i in range(tally.players)]
    seats = [share(tally.by_seat[i], n) for i in range(tally.players)]
    extra = f"nobody {tally.nobody}, unfinished {tally.unfinished}"
    pace = f"{n / tally.seconds:.1f} games/s, {tally.actions / n:.0f} actions a game"
    if markdown:
        opts = ", ".join(f"{k}={v}" for k, v in tally.options.items()) or "defaults"
        print(
            f"| {tally.players} | {opts} | {n} | by turn | {' | '.join(positions)}"
            f"{' | ' * (4 - tally.players)} | {extra} |"
        )
        print(
            f"| {tally.players} | {opts} | {n} | by seat | {' | '.join(seats)}"
            f"{' | ' * (4 - tally.players)} | |"
        )
        return
    print(f"{label(tally)}, {tally.level} bots, {n} games ({pace}; {extra})")
    print("  by turn position: " + "  ".join(f"{i + 1}: {p}" for i, p in enumerate(positions)))
    print("  by seat number:   " + "  ".join(f"{i + 1}: {p}" for i, p in enumerate(seats)))


def parse_option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"an option is key=value, not {text!r}")
    try:
        return key, int(value)
    except ValueError:
        return key, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--players", type=int, action="append", help="player counts (2-4)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=100_000)
    parser.add_argument("--option", type=parse_option, action="append", default=[])
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    print(f"# seat order at commit {commit or '?'}, seeds {args.seed}-{args.seed + args.games - 1}")
    if args.markdown:
        print("| players | options | games | measured | 1st | 2nd | 3rd | 4th | also |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for game in args.game or sleuth.game_names():
        spec = sleuth.spec(game)
        counts = args.players or [2, 3, 4]
        for players in counts:
            if not spec.min_players <= players <= spec.max_players:
                continue
            tally = measure(
                game, players, dict(args.option), args.games, args.seed, args.max_actions
            )
            report(tally, args.markdown)


if __name__ == "__main__":
    main()

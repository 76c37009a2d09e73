#!/usr/bin/env python3
"""How fast do the RL environments step? Run by hand:

    .venv/bin/python bench/bench_rl.py [--steps 20000] [--seed 0] [--games columbo,kojak]

For each game and a few player counts: AEC environment steps per second with
uniformly random masked actions (each step = `last()` building the observation and
mask, then `step()`), games reset as they end; and, for comparison, the bare engine
(`legal_actions` + `apply`) with random actions. Seeded, so a run repeats exactly.

The same loop first runs PettingZoo's own `tictactoe_v3` (it needs pygame: the
`bench` extra), and each game's line ends with its ratio to it, measured in the same
run: the field's yardstick (issue 14 asks for 1.0 or more).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

import sleuth
from sleuth.rl import env

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("stop-thief", 2, {}),
    ("stop-thief", 4, {}),
    ("manhunt", 3, {}),
    ("manhunt", 6, {}),
    ("kojak", 2, {}),
    ("kojak", 4, {"version": "advanced"}),
    ("columbo", 2, {}),
    ("columbo", 4, {}),
    ("columbo", 4, {"advanced": True}),
]


def aec_speed(game: Any, steps: int, seed: int) -> float:
    """Agent-steps per second of any AEC environment with random masked actions."""
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    taken, started = 0, time.perf_counter()
    while taken < steps:
        if not game.agents:
            game.reset()
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        taken += 1
    return taken / (time.perf_counter() - started)


def tictactoe_speed(steps: int, seed: int) -> float | None:
    """PettingZoo's tictactoe_v3 in the same loop (None without pygame, which it imports)."""
    try:
        from pettingzoo.classic import tictactoe_v3  # type: ignore[import-untyped]
    except ImportError:
        return None
    return aec_speed(tictactoe_v3.env(), steps, seed)


def env_speed(name: str, players: int, options: dict[str, Any], steps: int, seed: int) -> float:
    return aec_speed(env(name, players, seed=seed, **options), steps, seed)


def engine_speed(name: str, players: int, options: dict[str, Any], steps: int, seed: int) -> float:
    rng = random.Random(seed)
    state = sleuth.new_game(name, players, seed, **options)
    taken, started = 0, time.perf_counter()
    while taken < steps:
        if state.over:
            state = sleuth.new_game(name, players, seed + taken, **options)
        state.apply(rng.choice(state.legal_actions()))
        taken += 1
    return taken / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", default="", help="only these games (comma-separated)")
    args = parser.parse_args()
    only = {g for g in args.games.split(",") if g}
    yardstick = tictactoe_speed(args.steps, args.seed)
    if yardstick is None:
        print("tictactoe_v3 needs pygame (pip install -e '.[bench]'): no ratios")
    else:
        print(f"{'tictactoe_v3':<12} {2:>5} {'-':<22} {yardstick:>12,.0f}")
    head = f"{'game':<12} {'seats':>5} {'options':<22} {'env steps/s':>12} {'engine/s':>10}"
    print(head + f" {'vs ttt':>7}")
    for name, players, options in SETUPS:
        if only and name not in only:
            continue
        fast = env_speed(name, players, options, args.steps, args.seed)
        bare = engine_speed(name, players, options, args.steps, args.seed)
        shown = ",".join(f"{k}={v}" for k, v in options.items()) or "-"
        ratio = f"{fast / yardstick:>6.2f}x" if yardstick else ""
        print(f"{name:<12} {players:>5} {shown:<22} {fast:>12,.0f} {bare:>10,.0f} {ratio:>7}")


if __name__ == "__main__":
    main()

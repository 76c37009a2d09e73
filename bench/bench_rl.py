#!/usr/bin/env python3
"""How fast do the RL environments step? Run by hand:

    .venv/bin/python bench/bench_rl.py [--steps 20000] [--seed 0] [--games columbo,kojak]
                                       [--clock wall|cpu] [--warmup 2000] [--repeat 1]
                                       [--paired CHUNK] [--pick bool|int8]
                                       [--processes N]

For each game and a few player counts: AEC environment steps per second with
uniformly random masked actions (each step = `last()` building the observation and
mask, then `step()`), games reset as they end; and, for comparison, the bare engine
(`legal_actions` + `apply`) with random actions. Seeded, so a run repeats exactly.

The same loop runs PettingZoo's own `tictactoe_v3` (it needs pygame: the `bench`
extra) before the games and again after them, and each game's line ends with its ratio
to the fastest of those runs: the field's yardstick (issue 14 asks for 1.0 or more).

Every environment (the yardstick too) first takes `--warmup` untimed steps, so that
what a process does once (loading data, filling its caches) is not charged to the
figure. `--clock cpu` times with the process's CPU time instead of the wall clock: on
a machine shared with other work, the wall clock charges each line with whatever else
ran meanwhile, which moves the ratios between runs; CPU time does much less so.
`--paired 1000` adds a column that moves less still: each line's ratio with the yardstick
and the game run by turns, 1,000 steps of each at a time, so that both meet the same load
(the median of the rounds). `--processes 5` adds the median of that ratio over five fresh
processes, each timing the line alone: one process of the same code can land 5% above or
below another, which no repeat within a process shows.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

# The sleuth of this working tree, not the one the venv's editable install points at:
# run by path from a git worktree sharing another tree's venv, the script would import
# (and time) that other tree's code.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import sleuth  # noqa: E402
from sleuth.rl import env  # noqa: E402

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("stop-thief", 2, {}),
    ("stop-thief", 3, {}),
    ("stop-thief", 4, {}),
    ("manhunt", 3, {}),
    ("manhunt", 6, {}),
    ("kojak", 2, {}),
    ("kojak", 4, {"version": "advanced"}),
    ("columbo", 2, {}),
    ("columbo", 4, {}),
    ("columbo", 4, {"advanced": True}),
]


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter


def pick_bool(rng: np.random.Generator, mask: np.ndarray) -> int:
    """A random legal action, the int8 mask read as bool (its bytes are 0 or 1, no copy):
    numpy's nonzero has a fast path for bool and none for int8, which over Columbo's 3,380
    actions cost about 8 us against 1.5 us, a charge of the random agent, not of the
    environment (tic-tac-toe's 9 cost about the same either way)."""
    return int(rng.choice(np.flatnonzero(mask.view(np.bool_))))


def pick_int8(rng: np.random.Generator, mask: np.ndarray) -> int:
    """A random legal action, nonzero run over the int8 mask as it is (the pick before
    2026-12-04, kept to compare)."""
    return int(rng.choice(np.flatnonzero(mask)))


PICKS = {"bool": pick_bool, "int8": pick_int8}
pick = pick_bool


def aec_speed(game: Any, steps: int, seed: int, warmup: int = 0) -> float:
    """Agent-steps per second of any AEC environment with random masked actions,
    after `warmup` untimed steps."""
    take = stepper(game, seed)
    take(warmup)
    return steps / take(steps)


def stepper(game: Any, seed: int) -> Callable[[int], float]:
    """`aec_speed`'s loop in pieces: a function that takes `n` more random masked steps of
    the environment and returns the clock time they took."""
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)

    def run(n: int) -> float:
        taken, started = 0, clock()
        while taken < n:
            if not game.agents:
                game.reset()
            obs, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            game.step(pick(rng, obs["action_mask"]))
            taken += 1
        return clock() - started

    return run


def paired_ratio(
    name: str, players: int, options: dict[str, Any], steps: int, seed: int, warmup: int, chunk: int
) -> float | None:
    """The game's speed over the yardstick's, the two run by turns in pieces of `chunk` steps
    (which goes first alternating): a load that comes and goes on a shared machine then
    slows both alike, where runs taken seconds apart moved the ratio by 10-15%."""
    try:
        from pettingzoo.classic import tictactoe_v3  # type: ignore[import-untyped]
    except ImportError:
        return None
    pair = [
        stepper(tictactoe_v3.env(), seed),
        stepper(env(name, players, seed=seed, **options), seed),
    ]
    spent = [0.0, 0.0]
    for run in pair:
        run(warmup)
    done = 0
    while done < steps:
        n = min(chunk, steps - done)
        order = (0, 1) if (done // chunk) % 2 == 0 else (1, 0)
        for k in order:
            spent[k] += pair[k](n)
        done += n
    return spent[0] / spent[1]


def tictactoe_speed(steps: int, seed: int, warmup: int = 0) -> float | None:
    """PettingZoo's tictactoe_v3 in the same loop (None without pygame, which it imports)."""
    try:
        from pettingzoo.classic import tictactoe_v3  # type: ignore[import-untyped]
    except ImportError:
        return None
    return aec_speed(tictactoe_v3.env(), steps, seed, warmup)


def env_speed(
    name: str, players: int, options: dict[str, Any], steps: int, seed: int, warmup: int = 0
) -> float:
    return aec_speed(env(name, players, seed=seed, **options), steps, seed, warmup)


def engine_speed(name: str, players: int, options: dict[str, Any], steps: int, seed: int) -> float:
    rng = random.Random(seed)
    state = sleuth.new_game(name, players, seed, **options)
    taken, started = 0, clock()
    while taken < steps:
        if state.over:
            state = sleuth.new_game(name, players, seed + taken, **options)
        state.apply(rng.choice(state.legal_actions()))
        taken += 1
    return taken / (clock() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", default="", help="only these games (comma-separated)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    parser.add_argument("--warmup", type=int, default=2000, help="untimed steps first")
    parser.add_argument(
        "--repeat", type=int, default=1, help="rounds over every line, each keeping its best"
    )
    parser.add_argument(
        "--paired",
        type=int,
        default=0,
        metavar="CHUNK",
        help="also time each line against the yardstick run by turns in pieces of CHUNK steps",
    )
    parser.add_argument(
        "--pick",
        choices=sorted(PICKS),
        default="bool",
        help="how the random agent reads the mask (int8: as it is, the slower former way)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=0,
        metavar="N",
        help="also each line's paired ratio in N fresh processes, their median (one process "
        "of the same code can land 5%% above or below another)",
    )
    parser.add_argument("--line", type=int, help=argparse.SUPPRESS)  # one for --processes
    args = parser.parse_args()
    global clock, pick
    clock, pick = CLOCKS[args.clock], PICKS[args.pick]
    only = {g for g in args.games.split(",") if g}
    chosen = [(n, p, o) for n, p, o in SETUPS if not only or n in only]
    chunk = args.paired or 500
    if args.line is not None:  # a process of --processes: one line's paired ratio, alone
        name, players, options = chosen[args.line]
        print(paired_ratio(name, players, options, args.steps, args.seed, args.warmup, chunk))
        return
    print(f"sleuth from {Path(sleuth.__file__).parent}")
    print(
        f"{args.steps:,} steps a line after {args.warmup:,} untimed, {args.clock} clock, "
        f"{args.repeat} round(s), the best of each line, the mask read as {args.pick}"
    )
    yardstick = partial(tictactoe_speed, args.steps, args.seed, args.warmup)
    # Rounds over every line (the yardstick first and last in each), each line keeping its
    # best: a load that slows the machine for a while then spoils one round of each line,
    # not all of one line; and the yardstick's best run divides, so no quiet moment can
    # flatter a game against a busy one.
    ttt: list[float] = []
    fast: dict[int, float] = {}
    bare: dict[int, float] = {}
    paired: dict[int, list[float]] = {}  # each round's ratio timed by turns (--paired)
    for _ in range(max(args.repeat, 1)):
        found = yardstick()
        if found is None:
            break
        ttt.append(found)
        for k, (name, players, options) in enumerate(chosen):
            setup = (name, players, options, args.steps, args.seed)
            fast[k] = max(fast.get(k, 0.0), env_speed(*setup, args.warmup))
            bare[k] = max(bare.get(k, 0.0), engine_speed(*setup))
            if args.paired > 0:
                found_pair = paired_ratio(*setup, args.warmup, args.paired)
                if found_pair is not None:
                    paired.setdefault(k, []).append(found_pair)
        ttt.append(yardstick() or 0.0)
    if not ttt:
        print("tictactoe_v3 needs pygame (pip install -e '.[bench]'): no ratios")
        for k, (name, players, options) in enumerate(chosen):
            setup = (name, players, options, args.steps, args.seed)
            fast[k] = env_speed(*setup, args.warmup)
            bare[k] = engine_speed(*setup)
    processes: dict[int, list[float]] = {}  # each line's paired ratios (--processes)
    if ttt and args.processes > 0:
        processes = {k: in_processes(args, k, chunk) for k in range(len(chosen))}
    top = max(ttt) if ttt else None
    if top is not None:
        runs = ", ".join(f"{t:,.0f}" for t in ttt)
        print(f"{'tictactoe_v3':<12} {2:>5} {'-':<22} {top:>12,.0f}  (runs: {runs})")
    head = f"{'game':<12} {'seats':>5} {'options':<22} {'env steps/s':>12} {'engine/s':>10}"
    print(
        head
        + f" {'vs ttt':>7}"
        + (f" {'paired':>7}" if paired else "")
        + (f" {f'{args.processes} procs':>9}" if processes else "")
    )
    for k, (name, players, options) in enumerate(chosen):
        shown = ",".join(f"{key}={v}" for key, v in options.items()) or "-"
        ratio = f"{fast[k] / top:>6.2f}x" if top else ""
        line = f"{name:<12} {players:>5} {shown:<22} {fast[k]:>12,.0f} {bare[k]:>10,.0f}"
        # The median of the rounds, not the best: both sides of a ratio met the same load, so
        # the best round would only pick the luckiest noise.
        by_turns = f" {statistics.median(paired[k]):>6.2f}x" if k in paired else ""
        fresh = f" {statistics.median(processes[k]):>8.2f}x" if k in processes else ""
        print(f"{line} {ratio:>7}{by_turns}{fresh}")


def in_processes(args: argparse.Namespace, line: int, chunk: int) -> list[float]:
    """The line's paired ratio measured in `--processes` fresh processes of this script, one
    after another (the same code's figures move between processes: a median of several
    says more than one)."""
    command = [sys.executable, __file__, "--line", str(line), "--games", args.games]
    command += ["--steps", str(args.steps), "--seed", str(args.seed), "--warmup"]
    command += [str(args.warmup), "--clock", args.clock, "--pick", args.pick]
    command += ["--paired", str(chunk)]
    found = []
    for _ in range(args.processes):
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        found.append(float(done.stdout.split()[-1]))
    return found


if __name__ == "__main__":
    main()

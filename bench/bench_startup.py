#!/usr/bin/env python3
"""How fast does `sleuth` start? Run by hand:  .venv/bin/python bench/bench_startup.py

Runs each command below in a fresh interpreter, in turn (round-robin, so that a
busy moment of this shared machine slows them all alike), and prints each one's
median and best wall time and its ratio to a bare `python -c pass` (the same
interpreter, site-packages and all), and the median CPU time (user + system),
which a busy machine disturbs less. The goal: `sleuth --help` at most 5x the
bare interpreter's wall time.

The commands run with their bytecode cached, as in any installation (pip
compiles it): if this environment forbids writing it (PYTHONDONTWRITEBYTECODE,
as the shared working tree does), the warm-up round compiles it into a
temporary PYTHONPYCACHEPREFIX instead, so that no run pays for compiling
sleuth's sources. --as-is runs them in the environment as given.

Every command imports the sleuth of this working tree (put first on PYTHONPATH): the
installed `sleuth` script would otherwise import the tree its editable install points
at, and `python -c` the one in the working folder, which may not be the same.

Figures (2 cores shared, load 3-4; medians of 20 runs, ranges over 3 rounds, CPU
ratio in brackets), before and after the built-in games were found without
importlib.metadata (sleuth/core/plugins.py; it cost 20-30 ms, more than starting Python):
    python -c pass        11-12 ms
    sleuth --help         8.3-8.7x (8.8-8.9x)  ->  6.8-7.5x (6.9-7.3x)
    describe every game   7.3-7.4x (7.4-7.5x)  ->  5.4-5.6x (5.4-5.6x)
    import sleuth         3.6-3.9x, unchanged (dataclasses and inspect are most of it)
The goal was out of Typer's reach: `import typer` alone is 5.9-6.3x (5.9-6.4x), all of
it in Typer's own package (its vendored click, typer.main, shutil, subprocess...), while
`import click` is 3.8-4.1x and `import argparse` 1.8x. So the command moved to argparse
(sleuth/commands/base.py), building only the parser of the command chosen and listing
the others by their one line. Then (load 2.4-2.7, the lazy registry already in; Typer
measured at the commit before, its rounds interleaved with these):
    python -c pass        12-14 ms
    sleuth --help         6.5-6.6x (6.7-6.8x)  ->  3.9-4.2x (4.0-4.3x)
    import sleuth         1.9-2.0x, describe every game 5.0-5.4x (unchanged)
What is left of `sleuth --help` is mostly not the command line's: `import sleuth` (typing),
dataclasses and inspect (the registry's GameSpec), pathlib (the games' plugins); argparse
with the gettext and locale its help reads about 4.5 ms, sleuth/commands/base.py 2 ms.

Options: --runs N (default 20), --max-ratio X (exit 1 if `sleuth --help` is
slower than X times the bare interpreter), --importtime [N] (print the N
costliest imports of `sleuth --help` by `python -X importtime`, default 25),
--as-is.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PYTHON = sys.executable
HELP_CODE = "import sys; sys.argv = ['sleuth', '--help']; from sleuth.cli import main; main()"
DESCRIBE_CODE = "import sleuth; [sleuth.spec(n).describe() for n in sleuth.game_names()]"


def sleuth_command() -> list[str]:
    """The installed `sleuth` script beside this interpreter, as a user runs it."""
    script = Path(PYTHON).with_name("sleuth")
    found = str(script) if script.exists() else shutil.which("sleuth")
    return [found] if found else [PYTHON, "-m", "sleuth"]


COMMANDS: dict[str, list[str]] = {
    "python -c pass": [PYTHON, "-c", "pass"],
    "sleuth --help": [*sleuth_command(), "--help"],
    "import sleuth": [PYTHON, "-c", "import sleuth"],
    "describe every game": [PYTHON, "-c", DESCRIBE_CODE],
}
BASELINE, TARGET = "python -c pass", "sleuth --help"
ROOT = Path(__file__).resolve().parent.parent
# What every command runs with (see `cached_bytecode`): this tree's sleuth, first.
ENV = {
    **os.environ,
    "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
}


def cached_bytecode(prefix: str) -> None:
    """Let the commands cache their bytecode, in `prefix` if the tree must stay clean."""
    if ENV.pop("PYTHONDONTWRITEBYTECODE", None) is not None or sys.flags.dont_write_bytecode:
        ENV["PYTHONPYCACHEPREFIX"] = prefix


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(command: list[str]) -> tuple[float, float]:
    """The command's wall time and CPU time, in seconds."""
    cpu = cpu_of_children()
    start = time.perf_counter()
    done = subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV, check=False
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr.decode(errors='replace')}")
    return elapsed, cpu_of_children() - cpu


def measure(runs: int) -> dict[str, list[tuple[float, float]]]:
    """Wall and CPU times of every command, `runs` each, interleaved; a warm-up round first."""
    for command in COMMANDS.values():
        run_once(command)  # compiles any stale .pyc, warms the page cache
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for _ in range(runs):
        for name, command in COMMANDS.items():
            times[name].append(run_once(command))
    return times


def importtime(top: int) -> None:
    """The costliest imports of `sleuth --help`, cumulative, as `-X importtime` reports them."""
    done = subprocess.run(
        [PYTHON, "-X", "importtime", "-c", HELP_CODE],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=ENV,
        text=True,
        check=True,
    )
    rows: list[tuple[int, int, str]] = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, total, name = line.removeprefix("import time:").split("|")
        rows.append((int(total), int(own), name.rstrip()))
    print(f"\n`sleuth --help` imports, costliest first (µs; top {top} of {len(rows)}):")
    print(f"{'cumulative':>10} {'self':>8}  module")
    for total, own, name in sorted(rows, reverse=True)[:top]:
        print(f"{total:>10} {own:>8}  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--max-ratio", type=float, default=None)
    parser.add_argument("--importtime", type=int, nargs="?", const=25, default=None)
    parser.add_argument("--as-is", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="sleuth-bytecode-") as prefix:
        if not args.as_is:
            cached_bytecode(prefix)
        return report(args, measure(args.runs))


def report(args: argparse.Namespace, times: dict[str, list[tuple[float, float]]]) -> int:
    walls = {name: [wall for wall, _ in values] for name, values in times.items()}
    cpus = {name: [cpu for _, cpu in values] for name, values in times.items()}
    base, base_cpu = statistics.median(walls[BASELINE]), statistics.median(cpus[BASELINE])
    where = ENV.get("PYTHONPYCACHEPREFIX", "beside the sources")
    if "PYTHONDONTWRITEBYTECODE" in ENV:
        where = "not cached: compiled at every run"
    print(f"{args.runs} runs each, interleaved ({PYTHON}; bytecode {where})")
    print(f"{'command':22} {'median':>9} {'best':>9} {'ratio':>7} {'cpu':>9} {'ratio':>7}")
    for name in COMMANDS:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        print(
            f"{name:22} {wall * 1e3:7.1f}ms {min(walls[name]) * 1e3:7.1f}ms {wall / base:6.2f}x"
            f" {cpu * 1e3:7.1f}ms {cpu / base_cpu:6.2f}x"
        )
    ratio = statistics.median(walls[TARGET]) / base
    if args.importtime is not None:
        importtime(args.importtime)
    if args.max_ratio is not None and ratio > args.max_ratio:
        print(f"\n{TARGET} is {ratio:.2f}x the bare interpreter, over {args.max_ratio}x")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

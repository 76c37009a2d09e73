"""Seeded bot tournaments: who plays whom, each game played, and what came of it.

>>> from sleuth.lab.tournament import Tournament, run
>>> results = run(Tournament("kojak", ("random", "expert"), games=4, seed=1), workers=1)
>>> [r.seats for r in results]
[('random', 'expert'), ('expert', 'random'), ('random', 'expert'), ('expert', 'random')]

A game is its options, its seed and its seats' bots, so a tournament is a list of
such jobs (`Tournament.jobs`), each played on its own (`play_game`) in any process
or order: the same tournament gives the same results however it is run. Bots are
found by level in the shared registry (`sleuth.bots.make_bot`), each seeded from
the game's seed and its seat.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import sleuth
from sleuth.bots import bot_levels, is_alias, make_bot, play
from sleuth.core.actions import JSONValue

DEFAULT_MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class Tournament:
    """What to play: a game, the bots (levels) taking part, how many games, from which seed."""

    game: str
    bots: tuple[str, ...]
    games: int
    players: int = 2
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    max_actions: int = DEFAULT_MAX_ACTIONS

    def check(self) -> None:
        """Refuse, with a reason, what cannot be played (IllegalAction, UnknownBot, ValueError)."""
        manifest = sleuth.spec(self.game)
        if not manifest.min_players <= self.players <= manifest.max_players:
            raise ValueError(
                f"{manifest.title} is for {manifest.min_players}-{manifest.max_players}"
                f" players, not {self.players}"
            )
        if len(self.bots) < 2:
            raise ValueError("a tournament needs at least two bots")
        if self.games < 1:
            raise ValueError("a tournament plays at least one game")
        levels = bot_levels(self.game)
        unknown = [b for b in self.bots if b not in levels and not is_alias(self.game, b)]
        if unknown:
            raise ValueError(
                f"no {', '.join(unknown)} bot for {self.game}; choose from {', '.join(levels)}"
            )
        sleuth.new_game(self.game, self.players, self.seed, **self.options)  # options valid

    def seatings(self) -> list[tuple[str, ...]]:
        """Every seating played in turn: each ordered choice of distinct bots, or, with fewer
        bots than seats, each rotation of the bots repeated around the table."""
        if len(self.bots) >= self.players:
            return list(itertools.permutations(self.bots, self.players))
        ring = [self.bots[i % len(self.bots)] for i in range(self.players)]
        return [tuple(ring[i:] + ring[:i]) for i in range(len(self.bots))]

    def jobs(self) -> Iterator[Job]:
        seatings = self.seatings()
        for number in range(self.games):
            yield Job(
                number=number,
                game=self.game,
                seed=self.seed + number,
                seats=seatings[number % len(seatings)],
                options=dict(self.options),
                max_actions=self.max_actions,
            )


@dataclass(frozen=True)
class Job:
    """One game to play: picklable, so any process can play it."""

    number: int
    game: str
    seed: int
    seats: tuple[str, ...]
    options: dict[str, Any]
    max_actions: int


@dataclass(frozen=True)
class GameResult:
    """What one game came to, with its record (options, seed, actions) to replay it."""

    number: int
    game: str
    seed: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    actions: int
    finished: bool
    record: dict[str, JSONValue]

    def to_row(self) -> dict[str, str | int]:
        """A CSV row: plain columns, the lists and the record as JSON text."""
        return {
            "number": self.number,
            "game": self.game,
            "seed": self.seed,
            "seats": json.dumps(list(self.seats)),
            "winners": json.dumps(list(self.winners)),
            "actions": self.actions,
            "finished": int(self.finished),
            "record": json.dumps(self.record, separators=(",", ":")),
        }

    @classmethod
    def from_row(cls, row: Mapping[str, str]) -> GameResult:
        return cls(
            number=int(row["number"]),
            game=row["game"],
            seed=int(row["seed"]),
            seats=tuple(json.loads(row["seats"])),
            winners=tuple(json.loads(row["winners"])),
            actions=int(row["actions"]),
            finished=bool(int(row["finished"])),
            record=json.loads(row["record"]),
        )


def bot_seed(seed: int, seat: int) -> int:
    """Each seat's bot gets a seed of its own, fixed by the game's seed and the seat."""
    return seed * 7919 + seat + 1


def play_game(job: Job) -> GameResult:
    """Play one job's game to its end (or its action limit) and say what came of it."""
    state = sleuth.new_game(job.game, len(job.seats), job.seed, **job.options)
    bots = [
        make_bot(job.game, level, seed=bot_seed(job.seed, seat))
        for seat, level in enumerate(job.seats)
    ]
    taken = play(state, bots, job.max_actions)
    return GameResult(
        number=job.number,
        game=job.game,
        seed=job.seed,
        seats=job.seats,
        winners=tuple(state.winners),
        actions=taken,
        finished=state.over,
        record=state.record().to_json(),
    )


Progress = Callable[[GameResult], None]


def run(
    tournament: Tournament,
    workers: int | None = None,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[GameResult]:
    """Play every game of the tournament and return the results in game order.

    `backend` "local" plays on `workers` processes of this machine (default: every
    core); "ray" on a Ray cluster: the one at `address`, or a local one started for
    the run with `workers` CPUs. Each game depends only on its job, so every way of
    running gives the same results.
    """
    tournament.check()
    jobs = list(tournament.jobs())
    if backend == "ray":
        return _run_on_ray(jobs, workers, progress, address)
    if backend != "local":
        raise ValueError(f"no {backend!r} backend: choose local or ray")
    count = workers or os.cpu_count() or 1
    results: list[GameResult] = []
    if count == 1:
        outcomes: Iterable[GameResult] = map(play_game, jobs)
        for result in outcomes:
            results.append(result)
            if progress:
                progress(result)
        return results
    with ProcessPoolExecutor(max_workers=count) as pool:
        for result in pool.map(play_game, jobs, chunksize=max(1, len(jobs) // (count * 8))):
            results.append(result)
            if progress:
                progress(result)
    return results


def _run_on_ray(
    jobs: list[Job], workers: int | None, progress: Progress | None, address: str | None
) -> list[GameResult]:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install -e '.[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(play_game)
        waiting = [remote.remote(job) for job in jobs]
        results: list[GameResult] = []
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=min(len(waiting), 16), timeout=1.0)
            for result in ray.get(done):
                results.append(result)
                if progress:
                    progress(result)
        return sorted(results, key=lambda r: r.number)
    finally:
        if started:
            ray.shutdown()


def replay(result: GameResult) -> sleuth.GameState:
    """The game a result came from, rebuilt from its record."""
    return sleuth.replay(result.record)

#!/usr/bin/env python3
"""A soak of every game: a million random actions each, pestered with illegal ones. By hand:

    .venv/bin/python bench/soak.py                      # 1,000,000 actions per game
    .venv/bin/python bench/soak.py --actions 20000 --games kojak columbo
    .venv/bin/python bench/soak.py --one kojak 1000042  # one game again, as the soak played it

Each game is played with seeded random legal actions (half sent as `Action`s, half as
the JSON a client sends) until `--actions` were accepted, on every core. The seats,
options (each game's described bool and choice options, a few of its numbers) and every
choice come from the game's seed, so `--one GAME SEED` plays exactly that game again.

Between the legal actions, at `--illegal-rate`, comes what a careless or hostile client
could send instead: look-alikes of a legal action (3 -> 3.0, 3 -> true, 3 -> "3",
true -> 1, x -> [x]), numbers out of range, a parameter dropped or added, a misspelt or
unknown kind, an action that was legal a few positions back, junk (None, lists, nested
lists, NaN, a lone surrogate). Each must raise `sleuth.IllegalAction`, with a reason
that is UTF-8 text, and change nothing: the history, log and seat to move always, and
for a sample (`--pickle-rate`) every attribute of the state, pickled before and after
(the ever-growing history and log by length and last items, data every game shares,
such as a board, by identity; a cache that cannot be pickled is named in the output).
An attempt that is in fact legal is not sent.

Checked all along, cheaply: `to_move` is a seat or None (and None only when over), no
winners before the end, legal actions while not over, events JSON with a seat or None
as audience. Every `--check-every` actions of a game and at its end, the game replayed
from its record (sent through JSON, as the server stores it) shows every seat and a
spectator the same views (as JSON), with the same seat to move and legal actions: the
replay is made with `sleuth.replay` at the first check and brought up to date with the
record's newer actions at the later ones; for one game in `--full-replay-every` the
whole record is replayed again at the end.

Prints per game: games played (and those cut short at `--max-game-actions`), actions,
actions a second (by the wall clock, and per CPU-second of the workers, which other
work on the machine does not slow), illegal attempts tried and refused, and every
failure with the game, seed and action index that reproduce it.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import multiprocessing
import os
import pickle
import random
import subprocess
import sys
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sleuth
from sleuth import Action, Event, GameState, IllegalAction

SEED_STRIDE = 1_000_000
"""Seeds of one job: base + job * SEED_STRIDE + k, so every game has its own seed."""


@dataclass(frozen=True)
class Config:
    illegal_rate: float = 0.05
    pickle_rate: float = 0.02
    check_every: int = 1000
    full_replay_every: int = 10
    max_game_actions: int = 30_000


@dataclass
class Problem:
    """Something that went wrong, with what reproduces it."""

    game: str
    seed: int
    players: int
    options: dict[str, Any]
    index: int  # actions accepted before it
    step: str
    action: str
    error: str

    def __str__(self) -> str:
        return (
            f"{self.game} seed {self.seed} ({self.players} players, options {self.options}), "
            f"after {self.index} actions, {self.step} {self.action}: {self.error}\n"
            f"    again: .venv/bin/python bench/soak.py --one {self.game} {self.seed}"
        )


@dataclass
class Tally:
    """What one game, one job or one whole game's run did."""

    games: int = 0
    unfinished: int = 0
    actions: int = 0
    tried: int = 0
    refused: int = 0
    pickled: int = 0
    replays: int = 0
    full_replays: int = 0
    seconds: float = 0.0  # CPU time
    by_kind: Counter[str] = field(default_factory=Counter)
    unpicklable: Counter[str] = field(default_factory=Counter)
    problems: list[Problem] = field(default_factory=list)
    failed_games: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.unfinished += other.unfinished
        self.actions += other.actions
        self.tried += other.tried
        self.refused += other.refused
        self.pickled += other.pickled
        self.replays += other.replays
        self.full_replays += other.full_replays
        self.seconds += other.seconds
        self.by_kind.update(other.by_kind)
        self.unpicklable.update(other.unpicklable)
        self.failed_games += other.failed_games
        self.problems.extend(other.problems[: max(0, 20 - len(self.problems))])


class Broken(AssertionError):
    """A broken promise of the engine (not a Python error inside it)."""


# --- setting a game up ----------------------------------------------------------------------
NUMBERS: dict[str, dict[str, Callable[[random.Random], Any]]] = {
    # The few numeric options worth varying; the others keep their defaults.
    "stop-thief": {"win_amount": lambda r: r.choice([500, 1000, 2500])},
    "kojak": {
        "dice": lambda r: r.choice([1, 2]),
        "game": lambda r: r.choice([0, 0, r.randint(1, 50), r.randint(51, 99)]),
    },
    "manhunt": {"card": lambda r: r.choice([0, 0, r.randint(1, 16)])},
    "columbo": {"max_turns": lambda r: r.choice([1000, 200])},
}


def setup(game: str, seed: int) -> tuple[int, dict[str, Any]]:
    """The seats and options of game `seed`: drawn from the seed, only ones the game allows."""
    r = random.Random(f"setup:{game}:{seed}")
    described = sleuth.spec(game).describe()
    while True:
        players = r.randint(described["min_players"], described["max_players"])
        wanted: dict[str, Any] = {}
        for option in described["options"]:
            name = option["name"]
            if r.random() < 0.5:
                continue  # half the options keep their default
            if "choices" in option:
                wanted[name] = r.choice(option["choices"])
            elif option["type"] == "bool":
                wanted[name] = not option["default"]
            elif name in NUMBERS.get(game, {}):
                wanted[name] = NUMBERS[game][name](r)
        if allowed(game, players, seed, wanted):
            return players, wanted
        if not allowed(game, players, seed, {}):
            continue  # a number of seats this game takes only with some option: draw again
        options: dict[str, Any] = {}
        for name, value in wanted.items():  # keep the options that go together
            if allowed(game, players, seed, {**options, name: value}):
                options[name] = value
        return players, options


def allowed(game: str, players: int, seed: int, options: dict[str, Any]) -> bool:
    try:
        sleuth.new_game(game, players, seed, **options)
    except IllegalAction:
        return False
    return True


# --- what a careless or hostile client sends ------------------------------------------------
def nested(depth: int, leaf: Any = 1) -> Any:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


JUNK: tuple[Any, ...] = (
    None,
    [],
    "roll",
    7,
    {},
    {"kind": ""},
    {"kind": 5},
    {"kind": None},
    {"kind": ["roll"]},
    {"type": "roll"},
    {"kind": "\ud800"},
    {"kind": "roll", 1: 2},
    [{"kind": "roll"}],
)
ODD_VALUES: tuple[Any, ...] = (None, "", 1.5, math.nan, math.inf, 10**30, -1, nested(20), "\ud800")


def look_alikes(value: Any) -> list[Any]:
    """Values a client might send for `value` that JSON (and the game) tell apart from it."""
    if isinstance(value, bool):
        return [int(value), str(value).lower(), [value]]
    if isinstance(value, int):
        out: list[Any] = [float(value), str(value), [value], value + 1, value - 1, -value - 1]
        if value in (0, 1):
            out.append(bool(value))
        return out
    if isinstance(value, str):
        out = [[value], value.upper(), value + " ", ""]
        if value.lstrip("-").isdigit():
            out.append(int(value))
        return out
    if isinstance(value, list):
        out = [None, [value]]
        if not value:
            return [*out, [0]]
        first = look_alikes(value[0])[0]  # the list with its first item a look-alike
        return [*out, value[:-1], [*value, value[-1]], value[0], [first, *value[1:]]]
    if value is None:
        return [0, False, "", []]
    return [None]


def attempt(r: random.Random, legal: list[Action], stale: list[Action]) -> tuple[str, Any]:
    """One action the state should refuse, and what kind of attempt it is."""
    base = r.choice(legal).to_json()
    params = [k for k in base if k != "kind"]
    kinds = ["kind", "extra", "junk"] + ["stale"] * bool(stale)
    if params:
        kinds += ["look-alike"] * 4 + ["odd value", "dropped"]
    kind = r.choice(kinds)
    if kind == "look-alike":
        name = r.choice(params)
        return kind, {**base, name: r.choice(look_alikes(base[name]))}
    if kind == "odd value":
        return kind, {**base, r.choice(params): r.choice(ODD_VALUES)}
    if kind == "dropped":
        del base[r.choice(params)]
        return kind, base
    if kind == "extra":
        return kind, {**base, r.choice(["x", "seat", "kind_", "to"]): r.choice([1, "x", None])}
    if kind == "kind":
        word = str(base["kind"])
        return kind, {**base, "kind": r.choice([word.upper(), word + "_", "fly", word[:-1]])}
    if kind == "stale":
        return kind, r.choice(stale).to_json()
    return kind, r.choice(JUNK)


def is_legal(state: GameState, candidate: Any) -> bool:
    try:
        return state.is_legal(Action.from_json(candidate))
    except IllegalAction:
        return False


# --- the checks -----------------------------------------------------------------------------
def check_turn(state: GameState) -> None:
    seat = state.to_move
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
        raise Broken(f"to_move is {seat!r} with {state.players} players")
    if state.over != (seat is None):
        raise Broken(f"over is {state.over} with to_move {seat!r}")
    if not state.over and state.winners:
        raise Broken(f"winners {state.winners} before the end")


def check_end(state: GameState) -> None:
    winners = state.winners
    if len(set(winners)) != len(winners) or not all(0 <= w < state.players for w in winners):
        raise Broken(f"winners {winners} with {state.players} players")
    if state.legal_actions():
        raise Broken("legal actions after the end")


def check_events(state: GameState, events: Any) -> None:
    if not isinstance(events, list) or not all(isinstance(e, Event) for e in events):
        raise Broken(f"apply returned {type(events).__name__}, not a list of events")
    for e in events:
        if e.to is not None and (type(e.to) is not int or not 0 <= e.to < state.players):
            raise Broken(f"event {e.kind} for seat {e.to!r}")
        json.dumps(e.to_json())


def through_json(actions: list[Action]) -> list[dict[str, Any]]:
    """Actions as the server stores and reads them back."""
    loaded: list[dict[str, Any]] = json.loads(json.dumps([a.to_json() for a in actions]))
    return loaded


class Twin:
    """The game replayed from its record, beside the game played (and pestered).

    Made by `sleuth.replay` at the first check and brought up to date at each later one
    with the record's newer actions, so a check costs what the new actions cost, not the
    whole game again. At the end of every `full`-th game, the whole record replays too.
    """

    def __init__(self) -> None:
        self.state: GameState | None = None

    def check(self, state: GameState) -> None:
        if self.state is None:
            self.state = sleuth.replay(record_through_json(state))
        else:
            for action in through_json(state.history[len(self.state.history) :]):
                self.state.apply(action)
        same(state, self.state, "the replay")


def record_through_json(state: GameState) -> sleuth.Record:
    return sleuth.Record.from_json(json.loads(json.dumps(state.record().to_json())))


def same(state: GameState, again: GameState, what: str) -> None:
    """Two states of one game: the same views (as JSON), seat to move and legal actions."""
    if again.to_move != state.to_move or len(again.history) != len(state.history):
        raise Broken(f"{what} has to_move {again.to_move}, {len(again.history)} actions")
    for seat in [None, *range(state.players)]:
        if json.dumps(state.view(seat)) != json.dumps(again.view(seat)):
            raise Broken(f"{what} shows seat {seat} another view")
    if again.legal_actions() != state.legal_actions():
        raise Broken(f"{what} has other legal actions")


# --- playing --------------------------------------------------------------------------------
def play(game: str, seed: int, config: Config) -> Tally:
    """One game of random actions with illegal ones between them; problems in the tally."""
    tally = Tally(games=1)
    players, options = setup(game, seed)
    state = sleuth.new_game(game, players, seed, **options)
    r = random.Random(f"soak:{game}:{seed}")
    recent: deque[Action] = deque(maxlen=12)  # actions of earlier positions, to try again
    twin = Twin()
    snapshots = Snapshots(sleuth.new_game(game, players, seed, **options))
    step, sent = "setting up", ""
    try:
        while not state.over and len(state.history) < config.max_game_actions:
            step, sent = "checking", ""
            check_turn(state)
            legal = state.legal_actions()
            if not legal:
                raise Broken("no legal action while the game is not over")
            if r.random() < config.illegal_rate:
                kind, bad = attempt(r, legal, [a for a in recent if not state.is_legal(a)])
                if not is_legal(state, bad):
                    step, sent = f"refusing ({kind})", ascii(bad)
                    deep = r.random() < config.pickle_rate
                    refuse(state, bad, snapshots if deep else None, tally)
                    tally.by_kind[kind] += 1
            action = r.choice(legal)
            recent.append(action)
            step, sent = "applying", str(action)
            events = state.apply(action if r.random() < 0.5 else action.to_json())
            tally.actions += 1
            check_events(state, events)
            if len(state.history) % config.check_every == 0:
                step, sent = "replaying", ""
                twin.check(state)
                tally.replays += 1
        step, sent = "ending", ""
        check_turn(state)
        if state.over:
            check_end(state)
        else:
            tally.unfinished += 1
        twin.check(state)
        tally.replays += 1
        if seed % config.full_replay_every == 0:
            same(state, sleuth.replay(record_through_json(state)), "the whole replay")
            tally.full_replays += 1
    except Exception as err:
        tally.failed_games += 1
        where = traceback.extract_tb(err.__traceback__)[-1]
        error = f"{type(err).__name__}: {err} ({os.path.basename(where.filename)}:{where.lineno})"
        tally.problems.append(
            Problem(game, seed, players, options, len(state.history), step, sent, error)
        )
    return tally


def refuse(state: GameState, bad: Any, snapshots: Snapshots | None, tally: Tally) -> None:
    """Send `bad`: it must raise IllegalAction and leave everything as it was (every
    attribute, if `snapshots` are to be taken)."""
    marks = (len(state.history), len(state.log), state.to_move)
    before = snapshots.take(state, tally) if snapshots else {}
    tally.tried += 1
    try:
        state.apply(bad)
    except IllegalAction as err:
        try:
            str(err).encode()
        except UnicodeEncodeError:
            raise Broken("the refusal's reason is not text that can be sent (UTF-8)") from None
    else:
        raise Broken("an illegal action was accepted")
    tally.refused += 1
    if (len(state.history), len(state.log), state.to_move) != marks:
        raise Broken("a refused action changed the history, log or seat to move")
    if snapshots:
        tally.pickled += 1
        after = snapshots.take(state, tally)
        changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        if changed:
            raise Broken(f"a refused action changed {', '.join(changed)}")


LONG = ("history", "log")
"""Attributes that only grow: compared by length and their last few items, so that a
snapshot costs the same late in a game as early."""


class Snapshots:
    """Pickles of a state's attributes, the game's shared data (the same objects in every
    game: a board, a card book) compared by identity rather than pickled again each time."""

    def __init__(self, fresh: GameState) -> None:
        self.fresh = fresh  # kept alive, so that no other object takes one of these ids
        scalars = (int, float, str, bool, type(None))
        self.shared = {id(v) for v in fresh.__dict__.values() if not isinstance(v, scalars)}

    def take(self, state: GameState, tally: Tally) -> dict[str, bytes]:
        """Each attribute pickled; one that cannot be (a cache of weak references) is left
        out and named in the tally."""
        out = {}
        for name, value in state.__dict__.items():
            if name in LONG and isinstance(value, list):
                value = (len(value), value[-4:])
            buffer = io.BytesIO()
            try:
                _Pickler(buffer, self.shared).dump(value)
            except (TypeError, pickle.PicklingError, AttributeError):
                tally.unpicklable[name] += 1
                continue
            out[name] = buffer.getvalue()
        return out


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: set[int]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = shared

    def reducer_override(self, obj: Any) -> Any:
        # Called for objects other than plain containers and scalars: cheap enough.
        if id(obj) in self.shared:
            return shared_object, (id(obj),)
        return NotImplemented


def shared_object(number: int) -> None:
    """What a snapshot holds for a shared object: its id (snapshots are never loaded)."""


def warm(games: list[str]) -> None:
    """Load every part of the games the soak touches now, in each worker as it starts: all
    its games then run one version of the code, even if the files change meanwhile."""
    for game in games:
        state = sleuth.new_game(game, sleuth.spec(game).describe()["min_players"], 0)
        state.apply(state.legal_actions()[0])
        for seat in [None, *range(state.players)]:
            state.view(seat)
        sleuth.replay(state.record())


def code_version() -> str:
    """The commit the soak runs, and whether the engine's files differ from it."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        head = subprocess.run(
            ["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "-C", here, "status", "--porcelain", "--", "../sleuth"],
            capture_output=True,
            text=True,
        ).stdout.splitlines()
    except OSError:
        return "not a git checkout"
    dirty = f", {len(changed)} files of sleuth/ changed since" if changed else ""
    return f"commit {head or '?'}{dirty}"


def run_job(job: tuple[str, int, int, Config]) -> Tally:
    """Games from seed `first` on until `target` actions were accepted."""
    game, first, target, config = job
    tally = Tally()
    started = time.process_time()  # the CPU's time: other work on the machine does not count
    seed = first
    while tally.actions < target:
        tally.add(play(game, seed, config))
        seed += 1
    tally.seconds = time.process_time() - started
    return tally


def soak(game: str, actions: int, base: int, config: Config, pool: Any, jobs: int) -> Tally:
    share = math.ceil(actions / jobs)
    work = [(game, base + j * SEED_STRIDE, share, config) for j in range(jobs)]
    tally = Tally()
    for part in pool.imap_unordered(run_job, work):
        tally.add(part)
    return tally


def report(game: str, tally: Tally, wall: float) -> None:
    print(
        f"{game:<11} {tally.games:>7,} games ({tally.unfinished} cut short)  "
        f"{tally.actions:>10,} actions  {tally.actions / wall:>9,.0f}/s "
        f"({tally.actions / max(tally.seconds, 1e-9):,.0f} per CPU-second)  "
        f"illegal {tally.tried:,} tried, {tally.refused:,} refused "
        f"({tally.pickled:,} pickled)  {tally.replays:,} replay checks "
        f"({tally.full_replays:,} whole)  "
        f"{tally.failed_games} failed  {wall:.1f} s",
        flush=True,
    )
    print(f"{'':<11} attempts: {dict(sorted(tally.by_kind.items()))}", flush=True)
    if tally.unpicklable:
        names = ", ".join(sorted(tally.unpicklable))
        print(f"{'':<11} not compared (cannot be pickled): {names}", flush=True)
    for problem in tally.problems:
        print(f"  FAILED {problem}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=float, default=1e6, help="accepted actions per game")
    parser.add_argument("--games", nargs="+", default=None, help="default: every game")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--illegal-rate", type=float, default=Config.illegal_rate)
    parser.add_argument("--pickle-rate", type=float, default=Config.pickle_rate)
    parser.add_argument("--check-every", type=int, default=Config.check_every)
    parser.add_argument("--full-replay-every", type=int, default=Config.full_replay_every)
    parser.add_argument("--max-game-actions", type=int, default=Config.max_game_actions)
    parser.add_argument("--one", nargs=2, metavar=("GAME", "SEED"), help="play one game again")
    args = parser.parse_args()
    config = Config(
        args.illegal_rate,
        args.pickle_rate,
        args.check_every,
        args.full_replay_every,
        args.max_game_actions,
    )
    if args.one:
        game, seed = args.one[0], int(args.one[1])
        players, options = setup(game, seed)
        print(f"{game} seed {seed}: {players} players, options {options}")
        started, cpu = time.perf_counter(), time.process_time()
        tally = play(game, seed, config)
        tally.seconds = time.process_time() - cpu
        report(game, tally, time.perf_counter() - started)
        sys.exit(1 if tally.problems else 0)
    games = args.games or sleuth.game_names()
    unknown = sorted(set(games) - set(sleuth.game_names()))
    if unknown:
        parser.error(f"no game called {', '.join(unknown)}")
    actions = int(args.actions)
    jobs = max(args.workers * 4, actions // 50_000)  # small jobs: the cores finish together
    print(
        f"soak: {actions:,} actions per game, {args.workers} workers, seed {args.seed}, "
        f"illegal rate {config.illegal_rate}, pickle rate {config.pickle_rate}, "
        f"replay checked every {config.check_every} actions and at each game's end "
        f"(the whole record again for 1 game in {config.full_replay_every})",
        flush=True,
    )
    failed = 0
    started = time.perf_counter()
    print(f"code: {code_version()}", flush=True)
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.workers, initializer=warm, initargs=(games,)) as pool:
        for game in games:
            t0 = time.perf_counter()
            tally = soak(game, actions, args.seed, config, pool, jobs)
            report(game, tally, time.perf_counter() - t0)
            failed += tally.failed_games
    print(f"soak done in {time.perf_counter() - started:.0f} s: {failed} failed games", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

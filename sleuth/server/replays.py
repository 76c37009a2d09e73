"""Replays of finished tables, step by step, straight from the engine.

Step 0 is the game as it was set up; step N is the game after its first N
actions, `replay(record, upto=N)`, shown whole by `reveal()`. So a replay shows
exactly what the engine did, by construction: no page rebuilds a game itself.

Replaying a 3000-action game from the start for every step would be slow, so a
table's `ReplayBook` keeps copies of the game along the way (every `EVERY` steps,
or further apart where copying costs more than replaying) and the last step asked
for (stepping on from it costs one action), and remembers the answers it gave.
Building a book and answering run in a worker thread, never on the event loop;
the `ReplayShelf` keeps the books of the last few tables asked for.
"""

from __future__ import annotations

import asyncio
import bisect
import copy
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from sleuth.core import Event, GameState, Record
from sleuth.core.actions import JSONValue
from sleuth.core.game import new_game
from sleuth.server.breath import let_the_loop_in

Source = tuple[Record, Sequence[Event], Sequence[str], str]
"""What a book is built from: the record, its log, the log's words, the seat word."""

EVERY = 50
"""Steps at least between two kept copies of the game (see `ReplayBook`)."""
ANSWERS = 64
"""Answers a book remembers (a page asks for neighbours of the step it shows, and goes back)."""
BOOKS = 4
"""Tables whose replays are kept."""
CHUNK = 100
"""Events encoded at a time (the event loop may run in between)."""


def dumps(value: Any) -> bytes:
    """JSON as the API sends it (compact UTF-8, like FastAPI's own answers)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _copy(state: GameState) -> GameState:
    """A copy of `state` to step on from, sharing its past events and actions (immutable).

    A game's `clone()` may deep-copy its whole log, most of the cost late in a long
    game and of no use here, so the copy is taken with the log and history set aside.
    """
    log, history = state.log, state.history
    state.log, state.history = [], []
    try:
        clone = getattr(state, "clone", None)
        twin: GameState = clone() if clone is not None else copy.deepcopy(state)
    finally:
        state.log, state.history = log, history
    twin.log, twin.history = list(log), list(history)
    return twin


class ReplayBook:
    """One finished game's replay: each step's revealed view and events, from the engine.

    `events` are the game's whole log as the replay page shows it (each event with its
    words and the step it happened at); they must be the log `record` replays to.
    """

    def __init__(
        self, record: Record, events: Sequence[dict[str, JSONValue]], every: int = EVERY
    ) -> None:
        self.record = record
        self.every = every
        state = new_game(record.game, record.players, record.seed, **record.options)
        self.bounds = [len(state.log)]  # log length after each step: step n's events end there
        # Copies at steps 0 and then every `every` steps, or further apart when copying the
        # game costs more than replaying the steps in between (a long log, say): copying
        # never takes longer than the replay, and no answer much longer than two copies.
        self._copies: list[tuple[int, GameState, float]] = []  # (step, game, copying took)
        cost = since = replaying = 0.0  # what the last copy took; replaying since; in all
        for number, action in enumerate([None, *record.actions]):
            if action is not None:
                started = time.perf_counter()
                state.apply(action)
                since += time.perf_counter() - started
                let_the_loop_in()
                self.bounds.append(len(state.log))
            if not self._copies or (number - self._copies[-1][0] >= every and since >= cost):
                started = time.perf_counter()
                twin = _copy(state)
                cost, replaying, since = time.perf_counter() - started, replaying + since, 0.0
                self._copies.append((number, twin, cost))
        self._per_action = (replaying + since) / max(1, len(record.actions))
        if len(state.log) != len(events):
            raise ValueError(f"the record replays to {len(state.log)} events, not {len(events)}")
        self.events: list[dict[str, JSONValue]] = []
        for step in range(self.steps + 1):
            self.events.extend(
                {**event, "step": step} for event in events[slice(*self._span(step))]
            )
            let_the_loop_in()
        self._last: tuple[int, GameState] | None = (self.steps, state)  # the next may follow it
        self._answers: OrderedDict[int, bytes] = OrderedDict()
        self._whole: bytes | None = None
        self._lock = threading.Lock()  # one answer at a time: they step the same game

    @property
    def steps(self) -> int:
        """The number of the last step: one per action."""
        return len(self.record.actions)

    def _span(self, step: int) -> tuple[int, int]:
        """Where the events of `step` are in the game's log."""
        return (0 if step == 0 else self.bounds[step - 1]), self.bounds[step]

    def state_at(self, step: int) -> GameState:
        """The game after `step` actions (the book's own: do not change it)."""
        if not 0 <= step <= self.steps:
            raise IndexError(f"there is no step {step}: steps go from 0 to {self.steps}")
        start, kept, cost = self._copies[bisect.bisect_right(self._copies, step, key=_step_of) - 1]
        last, per = self._last, self._per_action
        # On from the last step asked for, in place, unless starting from a copy is quicker.
        if (
            last is not None
            and last[0] <= step
            and (step - last[0]) * per <= cost + (step - start) * per
        ):
            start, state = last
            self._last = None  # until it is done: an action failing half-way spoils it
        else:
            state = _copy(kept)
        for action in self.record.actions[start:step]:
            state.apply(action)
            let_the_loop_in()
        self._last = (step, state)
        return state

    def whole(self) -> bytes:
        """`"record":...,"events":[...]` as JSON members: the record and every event (encoding
        thousands of events takes a while, so it is done once, here, off the event loop)."""
        with self._lock:
            if self._whole is None:
                chunks = []  # one call to the encoder holds the interpreter until it is done
                for start in range(0, len(self.events), CHUNK):
                    chunks.append(dumps(self.events[start : start + CHUNK])[1:-1])
                    let_the_loop_in()
                events = b"[" + b",".join(chunks) + b"]"
                self._whole = b'"record":' + dumps(self.record.to_json()) + b',"events":' + events
            return self._whole

    def answer(self, step: int) -> bytes:
        """`{step, of, revealed, events}` as JSON: the revealed game after `step` actions
        and the events of that step (step 0: the set-up's)."""
        with self._lock:
            known = self._answers.get(step)
            if known is not None:
                self._answers.move_to_end(step)
                return known
            revealed = self.state_at(step).reveal()
            start, stop = self._span(step)
            text = dumps(
                {
                    "step": step,
                    "of": self.steps,
                    "revealed": revealed,
                    "events": self.events[start:stop],
                }
            )
            self._answers[step] = text
            while len(self._answers) > ANSWERS:
                self._answers.popitem(last=False)
            return text


def _step_of(kept: tuple[int, GameState, float]) -> int:
    return kept[0]


def replay_events(
    log: Sequence[Event], texts: Sequence[str], seat_word: str
) -> list[dict[str, JSONValue]]:
    """Every event of a finished game with its words; a private one names its seat first."""
    out: list[dict[str, JSONValue]] = []
    for event, text in zip(log, texts, strict=True):
        if event.to is not None:
            text = f"({seat_word} {event.to + 1}) {text}"
        out.append({**event.to_json(), "text": text})
        let_the_loop_in()
    return out


class ReplayShelf:
    """The replay books of the last `keep` tables asked for, each built once, off the loop."""

    def __init__(self, keep: int = BOOKS) -> None:
        self.keep = keep
        self._books: OrderedDict[str, asyncio.Future[ReplayBook]] = OrderedDict()

    async def book(self, key: str, source: Callable[[], Source]) -> ReplayBook:
        """The book of table `key`, built the first time it is asked for from what `source`
        gives (its record, log, the log's words and the seat word): called on the event loop,
        then only if the book is not built yet. Everyone asking meanwhile waits for that one."""
        future = self._books.get(key)
        if future is None:
            future = asyncio.ensure_future(asyncio.to_thread(_build, *source()))
            self._books[key] = future
            while len(self._books) > self.keep:
                self._books.popitem(last=False)
        else:
            self._books.move_to_end(key)
        try:
            return await asyncio.shield(future)  # one caller leaving does not stop the build
        except Exception:
            if self._books.get(key) is future:
                del self._books[key]  # try again next time
            raise

    async def answer(self, book: ReplayBook, step: int) -> bytes:
        return await asyncio.to_thread(book.answer, step)

    async def whole(self, book: ReplayBook, table: dict[str, JSONValue]) -> bytes:
        """`{table, record, events}` as JSON, `table` being the table's summary."""
        members = await asyncio.to_thread(book.whole)
        return b'{"table":' + dumps(table) + b"," + members + b"}"


def _build(
    record: Record, log: Sequence[Event], texts: Sequence[str], seat_word: str
) -> ReplayBook:
    return ReplayBook(record, replay_events(log, texts, seat_word), EVERY)


__all__ = ["ReplayBook", "ReplayShelf", "replay_events"]

"""Long work in worker threads lets the event loop in often (sleuth/server/breath.py).

A worker that keeps the GIL makes the event loop wait up to the switch interval
(5 ms) each time it wakes; a 3000-action restore did so hundreds of times. So the
long loops of restores, snapshots, replays and the store's reading offer the GIL
back as they go, and the helper gives it up at most once every `BREATH` seconds.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest

from sleuth.core import GameState
from sleuth.server import breath, lobby, replays, store
from sleuth.server.lobby import LiveTable, _replay_as_far_as_possible
from sleuth.server.replays import ReplayBook, replay_events
from sleuth.server.store import TableRow
from tests.finished_games import GAMES, played


def test_a_worker_gives_up_the_gil_once_a_breath_and_the_loop_never(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sleeps: list[float] = []
    clock = [100.0]
    monkeypatch.setattr(breath.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(breath.time, "sleep", sleeps.append)

    def work() -> None:
        breath.let_the_loop_in()  # first call: this thread has not let go yet
        breath.let_the_loop_in()  # no time passed: keeps going
        clock[0] += breath.BREATH
        breath.let_the_loop_in()

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert sleeps == [0, 0]

    async def on_the_loop() -> None:
        clock[0] += 1.0
        breath.let_the_loop_in()

    asyncio.run(on_the_loop())
    assert sleeps == [0, 0]


class Breaths:
    """Counts the offers to let the loop in, made from worker threads only."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        for module in (lobby, replays, store):
            monkeypatch.setattr(module, "let_the_loop_in", self)

    def __call__(self) -> None:
        self.count += 1

    def during(self, work: Callable[[], Any]) -> int:
        """The offers `work` made, run in a worker thread."""
        before = self.count
        worker = threading.Thread(target=work)
        worker.start()
        worker.join()
        return self.count - before


@pytest.fixture
def finished() -> tuple[TableRow, GameState]:
    state = played("stop-thief")
    players, seed, options = GAMES["stop-thief"]
    seats: list[dict[str, Any]] = [
        {"kind": "human", "name": f"P{n}", "level": None, "token_hash": None, "claimed": True}
        for n in range(players)
    ]
    row = TableRow(id="t", game="stop-thief", players=players, seed=seed, options=options,
                   seats=seats, owner_hash="", status="finished")  # fmt: skip
    return row, state


def test_a_restore_a_snapshot_and_a_replay_offer_the_gil_back_as_they_go(
    monkeypatch: pytest.MonkeyPatch, finished: tuple[TableRow, GameState]
) -> None:
    row, state = finished
    actions = [a.to_json() for a in state.history]
    events = len(state.log)
    assert len(actions) > 100
    breaths = Breaths(monkeypatch)
    restored: list[GameState] = []
    # Reading the rows, replaying them, and telling each past event in words.
    numbered = [(n, a) for n, a in enumerate(actions)]
    assert breaths.during(lambda: store._stored(row, numbered, None)) >= len(actions)
    replayed = breaths.during(lambda: restored.append(_replay_as_far_as_possible(row, actions)[0]))
    assert replayed >= len(actions)
    tables: list[LiveTable] = []
    assert breaths.during(lambda: tables.append(LiveTable(row, restored[0]))) >= events
    table = tables[0]
    # A spectator's snapshot: every event, then their encoding a slice at a time.
    seen = sum(1 for event in state.log if event.visible_to(None))
    assert breaths.during(lambda: table.snapshot_text(None)) >= seen
    # A replay: the events with their words, the book's replay, the whole encoded.
    told = replay_events(table.state.log, table.texts, "Detective")
    assert breaths.during(lambda: replay_events(table.state.log, table.texts, "D")) >= events
    books: list[ReplayBook] = []
    built = breaths.during(lambda: books.append(ReplayBook(table.state.record(), told)))
    assert built >= len(actions)
    assert breaths.during(books[0].whole) >= events // replays.CHUNK

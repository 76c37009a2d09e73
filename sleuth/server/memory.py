"""What the server keeps in memory: finished tables leave it when idle; the lobby in pages.

A finished table changes no more, and `Lobby.table` reads one back from the
store on demand, so one nobody has looked at for `idle_seconds` is dropped
from memory (never from storage). Unfinished tables stay: their bots and
turn timers run in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime

from sleuth.core.actions import JSONValue
from sleuth.server.lobby import LiveTable, Lobby

log = logging.getLogger("sleuth.server")

IDLE_SECONDS = 600.0
"""How long a finished table (or a scanner session) stays in memory unused."""


class Sweeper:
    """Evicts idle finished tables from the lobby's memory, every so often."""

    def __init__(
        self,
        lobby: Lobby,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.lobby = lobby
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.seen: dict[str, float] = {}  # table id -> last asked for (clock time)
        self.task: asyncio.Task[None] | None = None
        self.evicted = 0

    def touch(self, table_id: str) -> None:
        """Someone asked for this table: it is in use now."""
        self.seen[table_id] = self.clock()

    def _idle(self, table: LiveTable, now: float) -> bool:
        if table.status != "finished" or table.subscribers or table.lock.locked():
            return False
        if table.driver is not None and not table.driver.done():
            return False
        last = max(self.seen.get(table.id, 0.0), table.updated.timestamp())
        return now - last >= self.idle_seconds

    def sweep(self) -> list[str]:
        """Drop every idle finished table from memory now; their ids."""
        now = self.clock()
        gone = [tid for tid, table in self.lobby.tables.items() if self._idle(table, now)]
        for tid in gone:
            del self.lobby.tables[tid]
        self.seen = {tid: t for tid, t in self.seen.items() if tid in self.lobby.tables}
        if gone:
            self.evicted += len(gone)
            log.info("%d idle finished table(s) left memory (kept in storage)", len(gone))
        return gone

    def start(self, every: float | None = None) -> None:
        period = every if every is not None else min(60.0, max(1.0, self.idle_seconds / 4))
        self.task = asyncio.get_running_loop().create_task(self._run(period), name="sleuth-sweeper")

    async def _run(self, period: float) -> None:
        while True:
            await asyncio.sleep(period)
            try:
                self.sweep()
            except Exception:  # never let memory upkeep stop the server
                log.exception("the table sweeper tripped")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None


def listing_page(
    lobby: Lobby, limit: int, before: datetime | None = None
) -> tuple[list[dict[str, JSONValue]], bool]:
    """Up to `limit` open and running tables created before `before`, newest first; and
    whether there are more."""
    if before is not None and before.tzinfo is None:
        before = before.replace(tzinfo=UTC)
    live = [
        t
        for t in lobby.tables.values()
        if t.status in ("open", "playing") and (before is None or t.created < before)
    ]
    newest = heapq.nlargest(limit + 1, live, key=lambda t: (t.created, t.id))
    return [t.summary() for t in newest[:limit]], len(newest) > limit

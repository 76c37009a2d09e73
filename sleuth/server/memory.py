"""What the server keeps in memory: idle tables leave it; the lobby in pages.

`Lobby.table` reads any table back from the store on demand, so one nobody has
looked at (no request, no socket) for `idle_seconds` is dropped from memory,
never from storage. A finished table changes no more. An unfinished one leaves
only while nothing runs for it in memory: no bot or stand-in is to move and no
turn timer runs (its driver, waiting for a change, is stopped and starts again
when the table is read back). Its summary stays in the lobby (`Lobby.resting`),
so the listing shows it as before; it cannot change until it is read back.
"""

from __future__ import annotations

import heapq
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial

from sleuth.core.actions import JSONValue
from sleuth.server.lobby import LiveTable, Lobby
from sleuth.server.upkeep import Chore

log = logging.getLogger("sleuth.server")

IDLE_SECONDS = 600.0
"""How long a table (or a scanner session) stays in memory unused."""


class Sweeper(Chore):
    """Evicts idle tables from the lobby's memory, every so often."""

    name = "table sweeper"

    def __init__(
        self,
        lobby: Lobby,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.lobby = lobby
        self.idle_seconds = idle_seconds
        self.clock = clock
        super().__init__()
        self.seen: dict[str, float] = {}  # table id -> last asked for (clock time)
        self.evicted = 0

    def touch(self, table_id: str) -> None:
        """Someone asked for this table: it is in use now."""
        self.seen[table_id] = self.clock()

    def _idle(self, table: LiveTable, now: float) -> bool:
        if table.subscribers or table.lock.locked() or not _at_rest(table):
            return False
        last = max(self.seen.get(table.id, 0.0), table.updated.timestamp())
        return now - last >= self.idle_seconds

    def sweep(self) -> list[str]:
        """Drop every idle table from memory now; their ids."""
        now = self.clock()
        gone = [tid for tid, table in self.lobby.tables.items() if self._idle(table, now)]
        for tid in gone:
            self.lobby.rest(tid)
        self.seen = {tid: t for tid, t in self.seen.items() if tid in self.lobby.tables}
        if gone:
            self.evicted += len(gone)
            log.info("%d idle table(s) left memory (kept in storage)", len(gone))
        return gone

    async def tick(self) -> None:
        self.sweep()

    def default_period(self) -> float:
        return min(60.0, max(1.0, self.idle_seconds / 4))


def _at_rest(table: LiveTable) -> bool:
    """Whether nothing but a person can change the table now: no bot or stand-in is to move
    and no turn timer runs (its driver, if any, only waits for a change)."""
    if table.status == "finished":
        return table.driver is None or table.driver.done()
    if table.status == "open" or table.read_only:
        return True
    seat = table.state.to_move
    if seat is None or table.turn_seconds is not None or table.stand_in is not None:
        return False
    return table.seats[seat].kind == "human"


def listing_page(
    lobby: Lobby, limit: int, before: datetime | None = None
) -> tuple[list[dict[str, JSONValue]], bool]:
    """Up to `limit` open and running tables created before `before`, newest first; and
    whether there are more. A guided first game is one person's lesson: never listed."""
    if before is not None and before.tzinfo is None:
        before = before.replace(tzinfo=UTC)
    live: list[tuple[datetime, str, Callable[[], dict[str, JSONValue]]]] = [
        (t.created, t.id, t.summary)
        for t in lobby.tables.values()
        if t.status in ("open", "playing")
        and not t.tutorial
        and (before is None or t.created < before)
    ]
    for tid, summary in lobby.resting.items():  # idle ones out of memory: listed the same
        created = datetime.fromisoformat(str(summary["created"]))
        if (before is None or created < before) and not summary.get("tutorial"):
            live.append((created, tid, partial(dict, summary)))
    newest = heapq.nlargest(limit + 1, live, key=lambda t: (t[0], t[1]))
    return [summary() for _, _, summary in newest[:limit]], len(newest) > limit

"""Abandoned tables end: after `EXPIRE_SECONDS` with no action, no change of seats and
nobody at a seat connected, every human seat goes to a bot and the game plays out.

Why bots rather than closing the table: the game then ends the usual way, leaves
the lobby's list as finished, and keeps its replay and its result for anyone who
comes back; nothing needs a status of its own. The bots play at the `instant`
pace, as nobody is watching. A person who comes back with their link still sees
their seat's view (the token keeps showing it) and may be given the seat again
by the table's owner. Documented in docs/server.md ("Idle tables").
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime

from sleuth.core.actions import JSONValue
from sleuth.server.lobby import LiveTable, Lobby
from sleuth.server.upkeep import Chore

log = logging.getLogger("sleuth.server")

EXPIRE_SECONDS = 2 * 3600.0
"""How long an open or running table may sit untouched, with no seat connected, before it ends."""


def abandoned(table: LiveTable, now: float, expire_seconds: float) -> bool:
    """Has nobody acted, sat down or connected a seat at this table for `expire_seconds`?"""
    if table.status not in ("open", "playing") or table.read_only:
        return False
    if any(sub.seat is not None for sub in table.subscribers):
        return False  # someone sits at the table now, however long they think
    if not any(seat.kind == "human" for seat in table.seats):
        return False  # bots only: it is playing itself out already
    return now - table.updated.timestamp() >= expire_seconds


def _resting_abandoned(summary: dict[str, JSONValue], now: float, expire_seconds: float) -> bool:
    """The same test for a table left out of memory while idle (`Lobby.resting`): nobody can
    be connected to it, and its summary says when it last changed."""
    seats = summary.get("seats")
    humans = isinstance(seats, list) and any(
        isinstance(seat, dict) and seat.get("kind") == "human" for seat in seats
    )
    updated = datetime.fromisoformat(str(summary["updated"])).timestamp()
    return summary["status"] in ("open", "playing") and humans and now - updated >= expire_seconds


class Expirer(Chore):
    """Every so often, hands the seats of abandoned tables to bots."""

    name = "table expiry"

    def __init__(
        self,
        lobby: Lobby,
        expire_seconds: float = EXPIRE_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.lobby = lobby
        self.expire_seconds = expire_seconds
        self.clock = clock
        super().__init__()

    async def expire(self) -> list[str]:
        """End every abandoned table now; their ids."""
        now = self.clock()
        gone = [
            t for t in list(self.lobby.tables.values()) if abandoned(t, now, self.expire_seconds)
        ]
        for tid, summary in list(self.lobby.resting.items()):
            if _resting_abandoned(summary, now, self.expire_seconds):
                try:  # read back from storage (it then lives in memory until it ends)
                    gone.append(await self.lobby.table(tid))
                except Exception:
                    log.exception("table %s: could not be read back to expire it", tid)
        ended = []
        for table in gone:
            try:
                if await self.lobby.hand_to_bots(
                    table, lambda t: abandoned(t, now, self.expire_seconds)
                ):
                    ended.append(table.id)
            except Exception:  # one table's storage trouble must not stop the others
                log.exception("table %s: could not hand its idle seats to bots", table.id)
        if ended:
            log.info("%d abandoned table(s) handed to bots to play out", len(ended))
        return ended

    async def tick(self) -> None:
        await self.expire()

    def default_period(self) -> float:
        return min(300.0, max(1.0, self.expire_seconds / 8))


__all__ = ["EXPIRE_SECONDS", "Expirer", "abandoned"]

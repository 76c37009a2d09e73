"""Several server processes on one PostgreSQL database: hearing each other, sharing the bots.

Each process keeps the tables it serves in memory; the database is the one arbiter
of what happened. An action's row has a unique (table, number), so of two processes
storing the same number only one succeeds; the other takes its move back, reads the
rows it has not applied and answers 409 `stale_version` (`Lobby.catch_up`).

`Listener` hears the others: every commit that stores actions, changes seats or makes
a table sends `NOTIFY sleuth, '<table id> <what>'` (store.py), and each process reads
what changed from the database itself. Payloads carry no secret, only an id and a
number or word. If the listening connection drops, it reconnects and every table is
caught up, since notifications sent meanwhile are lost.

`Leases` decides who runs a table's bots and turn timer: the process holding a
PostgreSQL session advisory lock on the table. PostgreSQL frees it when that
process's connection ends (a SIGKILLed process's too), and the other processes try
for it every `LEASE_SECONDS`, so a dead process's bots are picked up.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url

log = logging.getLogger("sleuth.server")

LEASE_SECONDS = 1.0
"""How often a process without a table's lease tries to take it over."""

LISTENER_NAME = "sleuth-listener"
"""The `application_name` of each process's listening connection: counting them counts the
processes serving the database (`serving_processes`)."""


def conninfo(url: str) -> str:
    """A libpq connection string for a SQLAlchemy PostgreSQL URL (psycopg's own connections)."""
    plain = make_url(url).set(drivername="postgresql")
    return plain.render_as_string(hide_password=False)


def serving_processes(engine: Engine) -> int:
    """How many server processes listen on this database now (this one included)."""
    with engine.connect() as conn:
        found = conn.execute(
            text(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE application_name = :name AND datname = current_database()"
            ),
            {"name": LISTENER_NAME},
        ).scalar_one()
    return max(1, int(found))


class Listener:
    """A thread that LISTENs on `channel` and hands each payload to `heard` (from its thread).

    `lost` is called after a reconnect: notifications sent while it was away are gone.
    """

    def __init__(
        self,
        url: str,
        channel: str,
        heard: Callable[[str], None],
        lost: Callable[[], None],
    ) -> None:
        self._info = conninfo(url)
        self._channel = channel
        self._heard = heard
        self._lost = lost
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sleuth-listen", daemon=True)

    def start(self, wait: float = 10.0) -> None:
        """Start listening; return once LISTEN is in place (or `wait` seconds passed)."""
        self._thread.start()
        self._ready.wait(wait)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        import psycopg  # the `postgres` extra: imported only when a PostgreSQL URL is served

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    self._info, autocommit=True, application_name=LISTENER_NAME
                ) as conn:
                    conn.execute(f'LISTEN "{self._channel}"')
                    self._ready.set()
                    if not first:
                        self._lost()
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._heard(note.payload)
            except Exception as err:
                if self._stop.is_set():
                    return
                log.error("listening for other server processes failed (%s); again in 1 s", err)
                self._stop.wait(1.0)


class Leases:
    """Session advisory locks, one per table, on one connection of this process's own."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._guard = threading.Lock()
        self._conn: Any = None
        self._held: set[str] = set()

    def _connection(self) -> Any:
        if self._conn is None or self._conn.closed:
            self._conn = self._engine.connect()
            self._held.clear()  # a new session holds nothing
        return self._conn

    def take(self, table_id: str) -> bool:
        """Whether this process holds `table_id`'s lease now (taking it if it is free)."""
        with self._guard:
            try:
                conn = self._connection()
                if table_id in self._held:
                    # Still ours only while the session lives: a cheap round trip says so.
                    conn.execute(text("SELECT 1"))
                    return True
                got = bool(
                    conn.execute(
                        text("SELECT pg_try_advisory_lock(hashtext(:k))"),
                        {"k": f"sleuth-bots:{table_id}"},
                    ).scalar()
                )
                conn.commit()  # the lock is the session's; end the reading transaction
            except Exception as err:
                log.error("the bot lease for table %s could not be checked: %s", table_id, err)
                self._drop()
                return False
            if got:
                self._held.add(table_id)
            return got

    def give_up(self, table_id: str) -> None:
        """Let go of a table's lease (its game is over)."""
        with self._guard:
            if table_id not in self._held or self._conn is None:
                return
            self._held.discard(table_id)
            try:
                self._conn.execute(
                    text("SELECT pg_advisory_unlock(hashtext(:k))"),
                    {"k": f"sleuth-bots:{table_id}"},
                )
                self._conn.commit()
            except Exception:
                self._drop()

    def _drop(self) -> None:
        if self._conn is not None:
            try:
                self._conn.invalidate()
                self._conn.close()
            except Exception:
                pass
        self._conn = None
        self._held.clear()

    def close(self) -> None:
        with self._guard:
            self._drop()

"""Event-sourced storage: a row per table and a row per accepted action (SQLAlchemy Core).

The state of a table is never stored, only what rebuilds it: the game, seats,
seed and options in `tables`, and every accepted action, numbered from 0, in
`actions`. `sleuth.replay` turns them back into the game. SQLite (a file, in
WAL mode with full syncs) by default; any SQLAlchemy URL works.

Every `Store` method is synchronous and commits before it returns. The
lobby calls them through a `Writer`: one thread that runs them in order, so
the event loop never waits on the disk, and that commits the actions queued
meanwhile by many tables in one transaction (a group commit: one sync to the
disk for all of them).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.pool import StaticPool

from sleuth.core.actions import JSONValue

metadata = MetaData()

TABLES = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    # Seeds are 128-bit numbers, too big for any SQL integer: kept as decimal digits in
    # `seed_digits`. `seed` is the column of databases made before that (0 in new rows).
    Column("seed", BigInteger, nullable=False),
    Column("seed_digits", String(48), nullable=True),
    Column("seed_fixed", Boolean, nullable=True),  # the creator chose the seed: seats are told
    Column("options", JSON, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("owner_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("turn_seconds", Float, nullable=True),
)

ACTIONS = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)

SET_ASIDE = Table(
    "set_aside_actions",
    metadata,
    # Stored actions that no longer replay (a bug fixed since, a damaged row): kept, not
    # lost, while the table plays on from the last action that does replay.
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
    Column("set_aside", DateTime(timezone=True), nullable=False),
    Column("why", String(500), nullable=False),
)

# Columns added after the first release, added to an older database when it is opened.
_ADDED_COLUMNS = {"tables": {"seed_digits": "VARCHAR(48)", "seed_fixed": "BOOLEAN"}}


def now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    """SQLite hands times back without their zone; they were written in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass
class TableRow:
    """One row of `tables`: everything about a table except its actions."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, JSONValue]
    seats: list[dict[str, JSONValue]]
    owner_hash: str
    status: str
    created: datetime = field(default_factory=now)
    updated: datetime = field(default_factory=now)
    turn_seconds: float | None = None
    seed_fixed: bool = False

    @classmethod
    def from_db(cls, row: Mapping[str, Any]) -> TableRow:
        return cls(
            id=str(row["id"]),
            game=str(row["game"]),
            players=int(row["players"]),
            seed=int(row["seed_digits"] if row.get("seed_digits") else row["seed"]),
            options=dict(row["options"]),
            seats=[dict(s) for s in row["seats"]],
            owner_hash=str(row["owner_hash"]),
            status=str(row["status"]),
            created=_utc(row["created"]),
            updated=_utc(row["updated"]),
            turn_seconds=None if row["turn_seconds"] is None else float(row["turn_seconds"]),
            seed_fixed=bool(row.get("seed_fixed")),
        )

    def to_db(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "seed": 0,
            "seed_digits": str(self.seed),
            "seed_fixed": self.seed_fixed,
            "options": self.options,
            "seats": self.seats,
            "owner_hash": self.owner_hash,
            "status": self.status,
            "created": self.created,
            "updated": self.updated,
            "turn_seconds": self.turn_seconds,
        }


@dataclass
class StoredTable:
    row: TableRow
    actions: list[dict[str, JSONValue]]


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL, full syncs and a busy timeout."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    memory = url in ("sqlite://", "sqlite:///:memory:") or "mode=memory" in url
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False},
        **({"poolclass": StaticPool} if memory else {}),
    )

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        for pragma in (
            "journal_mode=WAL",
            "synchronous=FULL",
            "busy_timeout=10000",
            "foreign_keys=ON",
        ):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    return engine


def add_missing_columns(engine: Engine, added: Mapping[str, Mapping[str, str]]) -> None:
    """Bring a database made by an older release up to date: add the columns it lacks.

    `added` maps each table to its new columns and their SQL types (all nullable).
    """
    have = inspect(engine)
    with engine.begin() as db:
        for table, columns in added.items():
            present = {c["name"] for c in have.get_columns(table)}
            for name, sql_type in columns.items():
                if name not in present:
                    db.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {sql_type}"))


class Store:
    """The tables and their actions, in one database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)

    def create_schema(self) -> None:
        metadata.create_all(self.engine)
        add_missing_columns(self.engine, _ADDED_COLUMNS)

    def close(self) -> None:
        self.engine.dispose()

    # --- writing -------------------------------------------------------------------------
    def insert_table(self, row: TableRow) -> None:
        with self.engine.begin() as db:
            db.execute(insert(TABLES).values(**row.to_db()))

    def update_table(
        self,
        table_id: str,
        *,
        seats: list[dict[str, JSONValue]] | None = None,
        status: str | None = None,
    ) -> None:
        values: dict[str, Any] = {"updated": now()}
        if seats is not None:
            values["seats"] = seats
        if status is not None:
            values["status"] = status
        with self.engine.begin() as db:
            db.execute(update(TABLES).where(TABLES.c.id == table_id).values(**values))

    def append_action(
        self, table_id: str, number: int, seat: int, action: dict[str, JSONValue]
    ) -> None:
        """Store accepted action `number`; a second action with the same number fails."""
        self.append_actions([(table_id, number, seat, action)])

    def append_actions(self, actions: list[tuple[str, int, int, dict[str, JSONValue]]]) -> None:
        """Store several (table id, number, seat, action) in one transaction: all or none."""
        moment = now()
        with self.engine.begin() as db:
            db.execute(
                insert(ACTIONS),
                [
                    {"table_id": t, "number": n, "seat": s, "action": a, "time": moment}
                    for t, n, s, a in actions
                ],
            )
            for table_id in sorted({t for t, _n, _s, _a in actions}):
                db.execute(update(TABLES).where(TABLES.c.id == table_id).values(updated=moment))

    def set_aside(self, table_id: str, first: int, why: str) -> int:
        """Move actions `first` and later out of play into `set_aside_actions`; return how many.

        For a table whose action `first` no longer replays: the rows are kept for
        whoever mends the game, and the table plays on from action `first`.
        """
        moment = now()
        where = (ACTIONS.c.table_id == table_id) & (ACTIONS.c.number >= first)
        with self.engine.begin() as db:
            rows = db.execute(select(ACTIONS).where(where)).mappings().all()
            if rows:
                db.execute(
                    insert(SET_ASIDE),
                    [{**dict(r), "set_aside": moment, "why": why[:500]} for r in rows],
                )
                db.execute(delete(ACTIONS).where(where))
        return len(rows)

    # --- reading -------------------------------------------------------------------------
    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as db:
            rows = db.execute(
                select(TABLES.c.id).where(TABLES.c.status != "finished").order_by(TABLES.c.created)
            )
            return [str(r.id) for r in rows]

    def load(self, table_id: str) -> StoredTable | None:
        """A table's row and its actions in order, or None if there is no such table."""
        with self.engine.connect() as db:
            row = db.execute(select(TABLES).where(TABLES.c.id == table_id)).mappings().first()
            if row is None:
                return None
            actions = db.execute(
                select(ACTIONS.c.number, ACTIONS.c.action)
                .where(ACTIONS.c.table_id == table_id)
                .order_by(ACTIONS.c.number)
            ).all()
        for expected, (number, _action) in enumerate(actions):
            if number != expected:
                raise ValueError(f"action {expected} is missing (found {number})")
        return StoredTable(TableRow.from_db(dict(row)), [dict(a) for _n, a in actions])


AppendedAction = tuple[str, int, int, dict[str, JSONValue]]


@dataclass
class _Job:
    future: Future[Any]
    call: Callable[[], Any] | None = None
    append: AppendedAction | None = None


class Writer:
    """The store's one thread: calls run one at a time, in the order they were queued.

    Action appends queued back to back are committed together; if that batch
    fails (one of them clashes), each is tried again alone, so every append
    gets its own answer.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="sleuth-db", daemon=True)
        self._thread.start()

    def call(self, fn: Callable[[], Any]) -> Future[Any]:
        job = _Job(Future(), call=fn)
        self._jobs.put(job)
        return job.future

    def append(
        self, table_id: str, number: int, seat: int, action: dict[str, JSONValue]
    ) -> Future[Any]:
        job = _Job(Future(), append=(table_id, number, seat, action))
        self._jobs.put(job)
        return job.future

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(30)

    def _run(self) -> None:
        while True:
            jobs = [self._jobs.get()]
            while True:
                try:
                    jobs.append(self._jobs.get_nowait())
                except queue.Empty:
                    break
            batch: list[_Job] = []
            for job in jobs:
                if job is None:
                    self._appends(batch)
                    return
                if job.append is not None:
                    batch.append(job)
                    continue
                self._appends(batch)
                batch = []
                self._one(job)
            self._appends(batch)

    def _appends(self, batch: list[_Job]) -> None:
        batch = [job for job in batch if not job.future.cancelled()]
        if len(batch) > 1:
            try:
                self.store.append_actions([j.append for j in batch if j.append is not None])
            except Exception:
                pass  # one of them failed: try each alone below, for its own answer
            else:
                for job in batch:
                    if job.future.set_running_or_notify_cancel():
                        job.future.set_result(None)
                return
        for job in batch:
            self._one(job)

    def _one(self, job: _Job) -> None:
        if not job.future.set_running_or_notify_cancel():
            return  # nobody waits for it any more
        try:
            result: Any = None
            if job.append is not None:
                self.store.append_actions([job.append])
            else:
                assert job.call is not None
                result = job.call()
        except BaseException as err:
            job.future.set_exception(err)
        else:
            job.future.set_result(result)

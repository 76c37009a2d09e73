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

A write that cannot be kept raises `StorageError` with words for people (the
file lost, read-only, damaged, full: `sleuth/server/faults.py`); damaged pages
are read around; docs/server.md, "When storage fails", says how to recover.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    column,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    literal,
    select,
    text,
    tuple_,
    type_coerce,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.pool import StaticPool

from sleuth.core.actions import JSONValue
from sleuth.server.breath import let_the_loop_in
from sleuth.server.faults import (
    LOST,
    READ_ONLY,
    FileWatch,
    StorageError,
    largest_rowid,
    rows_past_damage,
    sqlite_file,
    storage_words,
)

log = logging.getLogger("sleuth.server")

WATCH_SECONDS = 2.0
"""How often the writer, when idle, checks that the database file is still the one it opened."""

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
    # Anyone may take a free seat; otherwise each seat needs its invite. NULL in rows made
    # before invitations: those tables were made open, and their links carry no invite.
    Column("open_seats", Boolean, nullable=True),
    # How fast the bots play (sleuth.server.pace); NULL: the server's default.
    Column("pace", String(16), nullable=True),
    # A player may take back a move within his turn (docs/server.md, "Undo"); NULL: no.
    Column("undo", Boolean, nullable=True),
    # Spectators may write in the table's chat; NULL: no (seats always may).
    Column("spectator_chat", Boolean, nullable=True),
    # How many times the seats have changed: a seat change is written only over the seats
    # it was decided from, so two processes cannot both give away one seat. NULL: 0.
    Column("seats_version", Integer, nullable=True),
    # The table its players went on to play next ("play again"); NULL: none yet.
    Column("rematch", String(32), nullable=True),
    # A guided first game: the game's tutorial set the table up and coaches its learner's
    # seat (sleuth.core.tutorial); NULL: no.
    Column("tutorial", Boolean, nullable=True),
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

CHAT = Table(
    "chat",
    metadata,
    # The table's chat, kept apart from its actions (a game replays without it). `kind` is
    # "say" (someone wrote it) or "undo" (the server's note that a move was taken back).
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),  # NULL: a spectator
    Column("name", String(64), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("text", String(1000), nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)

# Columns added after the first release, added to an older database when it is opened.
_ADDED_COLUMNS = {
    "tables": {
        "seed_digits": "VARCHAR(48)",
        "seed_fixed": "BOOLEAN",
        "open_seats": "BOOLEAN",
        "pace": "VARCHAR(16)",
        "undo": "BOOLEAN",
        "spectator_chat": "BOOLEAN",
        "seats_version": "INTEGER",
        "rematch": "VARCHAR(32)",
        "tutorial": "BOOLEAN",
    }
}


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
    open_seats: bool = False
    pace: str | None = None
    undo: bool = False
    spectator_chat: bool = False
    seats_version: int = 0
    rematch: str | None = None
    tutorial: bool = False

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
            open_seats=row.get("open_seats") is None or bool(row.get("open_seats")),
            pace=None if row.get("pace") is None else str(row["pace"]),
            undo=bool(row.get("undo")),
            spectator_chat=bool(row.get("spectator_chat")),
            seats_version=int(row.get("seats_version") or 0),
            rematch=None if row.get("rematch") is None else str(row["rematch"]),
            tutorial=bool(row.get("tutorial")),
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
            "open_seats": self.open_seats,
            "pace": self.pace,
            "undo": self.undo,
            "spectator_chat": self.spectator_chat,
            "seats_version": self.seats_version,
            "rematch": self.rematch,
            "tutorial": self.tutorial,
        }


@dataclass(frozen=True)
class ChatLine:
    """One line of a table's chat as stored: who wrote it (a seat, or None for a spectator),
    under which name, and the text, shown as text and never as markup."""

    id: int
    seat: int | None
    name: str
    kind: str
    text: str
    time: datetime

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "id": self.id,
            "seat": self.seat,
            "name": self.name,
            "kind": self.kind,
            "text": self.text,
            "time": self.time.isoformat(),
        }

    @classmethod
    def from_db(cls, row: Mapping[Any, Any]) -> ChatLine:
        seat = row["seat"]
        return cls(
            id=int(row["id"]),
            seat=None if seat is None else int(seat),
            name=str(row["name"]),
            kind=str(row["kind"]),
            text=str(row["text"]),
            time=_utc(row["time"]),
        )


class UndoClash(Exception):
    """The action to take back is no longer the table's last stored one (another process
    stored one after it, or took it back already)."""


class ActionGap(Exception):
    """The action before the one being stored is not stored (another process took it back)."""


@dataclass
class StoredTable:
    """A table as stored: its row and the actions that read back, in order from 0.

    `bad` is (number, why) for the first stored action that is no action at all
    (not JSON, or a number missing before it); it and the ones after it are set
    aside when the table is restored. `unreadable` says why the actions stop
    early when damaged pages could not be read: those rows may still be there,
    so the table is served as it stands but takes no more actions.
    """

    row: TableRow
    actions: list[dict[str, JSONValue]]
    bad: tuple[int, str] | None = None
    unreadable: str | None = None


CHANNEL = "sleuth"
"""The PostgreSQL channel every server process listens on (docs/server.md, "Several processes").

A payload is `<table id> <what>`: an action's number, `seats` or `new`; never a secret."""


def is_postgres(engine: Engine) -> bool:
    return engine.url.get_backend_name() == "postgresql"


def _notify(db: Connection, table_id: str, what: str) -> None:
    """Tell the other processes, when this transaction commits, that a table changed."""
    if is_postgres(db.engine):
        db.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{table_id} {what}"})


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
    """The tables and their actions, in one database.

    Writes never report success for what was not stored: `refusing` (words) is
    set once no write can be kept (the file was lost, the database is read-only or
    unreadable) and every write then raises `StorageError` at once; a SQLite file
    is checked before each commit (`FileWatch`); database errors other than a
    clash of keys (IntegrityError, left to the caller) become `StorageError`s.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.refusing: str | None = None
        self.problems: list[str] = []  # what PRAGMA quick_check found at open
        self.readable = True  # False once the database could not even be opened
        self.watch: FileWatch | None = None
        self.where = self.engine.url.render_as_string(hide_password=True)  # for the log

    def create_schema(self) -> None:
        metadata.create_all(self.engine)
        add_missing_columns(self.engine, _ADDED_COLUMNS)

    def open(self) -> None:
        """Make or update the schema and check the database. A bad database never raises here.

        What is wrong is logged and kept: `refusing` if nothing can be written,
        `problems` if the file fails SQLite's quick check (tables that read are
        served anyway; those that do not are skipped by whoever loads them).
        """
        try:
            self.create_schema()
        except DBAPIError as err:
            if storage_words(err) != READ_ONLY:
                self.refusing = (
                    f"the database cannot be read ({err.orig}): nothing can be saved or shown "
                    '(see "When storage fails" in docs/server.md)'
                )
                self.readable = False
                log.critical("%s: %s", self.where, self.refusing)
                return
            self.refusing = READ_ONLY  # and its schema is older than this release
        path = sqlite_file(self.engine)
        if path is not None:
            try:
                self.watch = FileWatch(self.engine, path)
            except DBAPIError as err:  # served anyway; only a lost file would go unnoticed
                log.error("%s cannot be watched for deletion: %s", path, err.orig)
            self.problems = self._quick_check()
        if self.problems:
            log.critical(
                "%s failed its check (PRAGMA quick_check: %s). The server starts anyway: tables "
                "that read are served, tables that do not are skipped. Copy the file and "
                'recover it soon (see "When storage fails" in docs/server.md).',
                path or self.where,
                "; ".join(self.problems[:5]),
            )
        if self.refusing is None and not self._writable():
            self.refusing = READ_ONLY
        if self.refusing == READ_ONLY:
            log.critical("%s is read-only: games are shown but nothing can be saved", self.where)

    def _quick_check(self) -> list[str]:
        try:
            with self.engine.connect() as db:
                found = [str(r[0]) for r in db.execute(text("PRAGMA quick_check(20)"))]
        except DBAPIError as err:
            return [f"the check itself failed: {err.orig}"]
        return [] if found == ["ok"] else found

    def _writable(self) -> bool:
        """Whether the database takes writes: a write begun and rolled back, changing nothing."""
        try:
            with self.engine.connect() as db:
                db.execute(text("UPDATE tables SET id = id WHERE 0 = 1"))
                db.rollback()
        except DBAPIError as err:
            return storage_words(err) != READ_ONLY
        return True

    def close(self) -> None:
        if self.watch is not None:
            self.watch.close()
            self.watch = None
        self.engine.dispose()

    # --- writing -------------------------------------------------------------------------
    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """One write transaction, committed only if the database file is still the one opened."""
        if self.refusing is not None:
            raise StorageError(self.refusing)
        try:
            with self.engine.begin() as db:
                yield db
                moved = self.watch.moved() if self.watch is not None else None
                if moved is not None:
                    raise _FilesMoved(moved)  # rolls back: nothing goes to a lost file
        except _FilesMoved as err:
            raise StorageError(self._lose(str(err))) from None
        except IntegrityError:
            raise
        except DBAPIError as err:
            raise StorageError(storage_words(err)) from err

    def _lose(self, what: str) -> str:
        """The database file is gone or replaced: refuse every write from now on, and say so."""
        if self.refusing != LOST:
            self.refusing = LOST
            rescued = self.watch.rescue() if self.watch is not None else "nothing was copied"
            log.critical(
                "STORAGE LOST: %s while the server ran. Nothing more is saved (writes answer "
                '503) and nothing acknowledged is lost: %s. Restart the server (see "When '
                'storage fails" in docs/server.md).',
                what,
                rescued,
            )
        return LOST

    def check_files(self) -> None:
        """Notice a lost database file even when nothing is being written (the writer calls it)."""
        if self.watch is None or self.refusing == LOST:
            return
        moved = self.watch.moved()
        if moved is not None:
            self._lose(moved)

    def insert_table(
        self, row: TableRow, actions: list[tuple[int, dict[str, JSONValue]]] | None = None
    ) -> None:
        """Store a new table, with its (seat, action) pairs numbered from 0 if it comes
        with any (a finished game brought in from a file): all in one transaction."""
        with self._writing() as db:
            db.execute(insert(TABLES).values(**row.to_db()))
            if actions:
                moment = now()
                db.execute(
                    insert(ACTIONS),
                    [
                        {"table_id": row.id, "number": n, "seat": s, "action": a, "time": moment}
                        for n, (s, a) in enumerate(actions)
                    ],
                )
            _notify(db, row.id, "new")

    def update_table(
        self,
        table_id: str,
        *,
        seats: list[dict[str, JSONValue]] | None = None,
        seats_version: int | None = None,
        status: str | None = None,
        pace: str | None = None,
        rematch: str | None = None,
    ) -> None:
        """Change a table's row. New `seats` need the `seats_version` they were decided
        from: if another writer changed the seats since, nothing is written and
        SeatsChanged is raised (the seats' version goes up by one with each change)."""
        values: dict[str, Any] = {"updated": now()}
        where = TABLES.c.id == table_id
        if pace is not None:
            values["pace"] = pace
        if seats is not None:
            if seats_version is None:
                raise ValueError("new seats need the seats_version they were decided from")
            values["seats"] = seats
            values["seats_version"] = seats_version + 1
            where = where & (func.coalesce(TABLES.c.seats_version, 0) == seats_version)
        if status is not None:
            values["status"] = status
        if rematch is not None:
            values["rematch"] = rematch
        with self._writing() as db:
            changed = db.execute(update(TABLES).where(where).values(**values)).rowcount
            if seats is not None and changed == 0:
                raise SeatsChanged(f"the seats of table {table_id} changed meanwhile")
            _notify(db, table_id, "seats")

    def append_action(
        self, table_id: str, number: int, seat: int, action: dict[str, JSONValue]
    ) -> None:
        """Store accepted action `number`; a second action with the same number fails."""
        self.append_actions([(table_id, number, seat, action)])

    def append_actions(self, actions: list[tuple[str, int, int, dict[str, JSONValue]]]) -> None:
        """Store several (table id, number, seat, action) in one transaction: all or none."""
        moment = now()
        first: dict[str, int] = {}
        last: dict[str, int] = {}
        for t, n, _s, _a in actions:
            first[t] = min(n, first.get(t, n))
            last[t] = max(n, last.get(t, n))
        with self._writing() as db:
            # The table's row first: it is the lock an undo takes too, so that an action is
            # never stored after one another process is taking back (no gap in the numbers).
            # One statement run for each table, in order (the order locks are taken in).
            db.execute(_TOUCH, [{"table": t, "moment": moment} for t in sorted(last)])
            _no_gap(db, first)
            db.execute(
                _APPEND,
                [
                    {"table_id": t, "number": n, "seat": s, "action": a, "time": moment}
                    for t, n, s, a in actions
                ],
            )
            for table_id in sorted(last):
                _notify(db, table_id, str(last[table_id]))

    def take_back(self, table_id: str, number: int, note: tuple[int, str, str]) -> ChatLine:
        """Remove action `number`, which must be the table's last stored, and keep `note`
        (seat, name, words) in its chat, in one transaction: an undo (docs/server.md).

        Raises `UndoClash` (changing nothing) if `number` is not the last stored action.
        """
        moment = now()
        with self._writing() as db:
            db.execute(update(TABLES).where(TABLES.c.id == table_id).values(updated=moment))
            last = db.execute(
                select(ACTIONS.c.number)
                .where(ACTIONS.c.table_id == table_id)
                .order_by(ACTIONS.c.number.desc())
                .limit(1)
            ).scalar()
            if last != number:
                raise UndoClash(f"action {number} is not the last stored ({last})")
            db.execute(
                delete(ACTIONS).where(
                    (ACTIONS.c.table_id == table_id) & (ACTIONS.c.number == number)
                )
            )
            seat, name, words = note
            found = _new_id(
                db.execute(
                    insert(CHAT).values(
                        table_id=table_id,
                        seat=seat,
                        name=name,
                        kind="undo",
                        text=words,
                        time=moment,
                    )
                ).inserted_primary_key
            )
            _notify(db, table_id, "undo")
        return ChatLine(found, seat, name, "undo", words, moment)

    def add_chat(self, table_id: str, seat: int | None, name: str, text_: str) -> ChatLine:
        """Store one chat line (someone wrote it) and return it as stored."""
        moment = now()
        with self._writing() as db:
            found = _new_id(
                db.execute(
                    insert(CHAT).values(
                        table_id=table_id, seat=seat, name=name, kind="say", text=text_, time=moment
                    )
                ).inserted_primary_key
            )
            _notify(db, table_id, "chat")
        return ChatLine(found, seat, name, "say", text_, moment)

    def set_aside(self, table_id: str, first: int, why: str) -> int:
        """Move actions `first` and later out of play into `set_aside_actions`; return how many.

        For a table whose action `first` no longer replays: the rows are kept for
        whoever mends the game, and the table plays on from action `first`.
        """
        moment = now()
        where = (ACTIONS.c.table_id == table_id) & (ACTIONS.c.number >= first)
        moved = [ACTIONS.c.table_id, ACTIONS.c.number, ACTIONS.c.seat, ACTIONS.c.action]
        with self._writing() as db:
            # Copied as stored, in the database: a row that is not even JSON is kept as it is.
            copied = db.execute(
                insert(SET_ASIDE).from_select(
                    [*(c.name for c in moved), "time", "set_aside", "why"],
                    select(
                        *moved,
                        ACTIONS.c.time,
                        literal(moment, DateTime(timezone=True)),
                        literal(why[:500], String(500)),
                    ).where(where),
                )
            ).rowcount
            if copied:
                db.execute(delete(ACTIONS).where(where))
        return int(copied or 0)

    # --- reading -------------------------------------------------------------------------
    def unfinished_ids(self) -> list[str]:
        if not self.readable:
            return []
        try:
            with self.engine.connect() as db:
                rows = db.execute(
                    select(TABLES.c.id)
                    .where(TABLES.c.status != "finished")
                    .order_by(TABLES.c.created)
                )
                return [str(r.id) for r in rows]
        except DBAPIError as err:
            log.error("the list of tables is damaged (%s): reading around it", err.orig)
            with self.engine.connect() as db:
                found = self._salvage(db, TABLES, "status != 'finished'", {}, err)
        return [str(r["id"]) for r in found]

    def load(self, table_id: str) -> StoredTable | None:
        """A table's row and its actions in order, or None if there is no such table.

        A row that cannot be read raises; actions that cannot be read end the list
        early (`unreadable` says why), and one that is no action marks it `bad`.
        """
        raw_action = type_coerce(ACTIONS.c.action, String)
        with self.engine.connect() as db:
            row: Mapping[Any, Any] | None
            try:
                row = db.execute(select(TABLES).where(TABLES.c.id == table_id)).mappings().first()
            except DBAPIError as err:
                found = self._salvage(db, TABLES, "id = :id", {"id": table_id}, err)
                row = found[0] if found else None
            if row is None:
                return None
            table_row = TableRow.from_db(dict(row))
            unreadable: str | None = None
            try:
                numbered = [
                    (int(n), a)
                    for n, a in db.execute(
                        select(ACTIONS.c.number, raw_action)
                        .where(ACTIONS.c.table_id == table_id)
                        .order_by(ACTIONS.c.number)
                    )
                ]
            except DBAPIError as err:
                unreadable = f"some of its stored actions cannot be read ({err.orig})"
                found = self._salvage(db, ACTIONS, "table_id = :t", {"t": table_id}, err)
                numbered = sorted((int(r["number"]), r["action"]) for r in found)
        return _stored(table_row, numbered, unreadable)

    def row_of(self, table_id: str) -> TableRow | None:
        """A table's row alone (another process changed its seats or status)."""
        with self.engine.connect() as db:
            row = db.execute(select(TABLES).where(TABLES.c.id == table_id)).mappings().first()
        return None if row is None else TableRow.from_db(dict(row))

    def actions_from(self, table_id: str, first: int) -> list[tuple[int, Any]]:
        """(number, action as stored) of a table's actions from `first` on, in order: the ones
        another process stored since this one last read (`Lobby.catch_up`)."""
        raw_action = type_coerce(ACTIONS.c.action, String)
        with self.engine.connect() as db:
            return [
                (int(n), a)
                for n, a in db.execute(
                    select(ACTIONS.c.number, raw_action)
                    .where((ACTIONS.c.table_id == table_id) & (ACTIONS.c.number >= first))
                    .order_by(ACTIONS.c.number)
                )
            ]

    def recent_chat(self, table_id: str, limit: int) -> list[ChatLine]:
        """The table's last `limit` chat lines, oldest first."""
        with self.engine.connect() as db:
            rows = (
                db.execute(
                    select(CHAT)
                    .where(CHAT.c.table_id == table_id)
                    .order_by(CHAT.c.id.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
        return [ChatLine.from_db(r) for r in reversed(rows)]

    def _salvage(
        self, db: Connection, table: Table, where: str, params: dict[str, Any], err: DBAPIError
    ) -> list[Mapping[Any, Any]]:
        """The rows of `table` matching `where`, read one by one around damaged pages.

        For SQLite, after `err` stopped a plain read; other databases raise `err` again.
        """
        if self.engine.url.get_backend_name() != "sqlite":
            raise err
        names = ", ".join(c.name for c in table.c)
        typed = [column("rid", Integer)] + [
            type_coerce(c, String).label(c.name) if c.name == "action" else c for c in table.c
        ]
        query = text(
            f"SELECT rowid AS rid, {names} FROM {table.name} NOT INDEXED "
            f"WHERE rowid > :after AND {where} ORDER BY rowid LIMIT 1"
        ).columns(*typed)

        def probe(after: int) -> Mapping[Any, Any] | None:
            found: Mapping[Any, Any] | None = (
                db.execute(query, {**params, "after": after}).mappings().first()
            )
            return found

        rows, _damaged = rows_past_damage(probe, largest_rowid(db, table.name))
        return rows


def _new_id(key: Any) -> int:
    """The id the database gave the row just inserted."""
    if key is None or key[0] is None:
        raise StorageError("the database gave the new row no id")
    return int(key[0])


# An action's statements, built once: building and keying a statement for each action
# was a third of the store thread's time per action.
_TOUCH = update(TABLES).where(TABLES.c.id == bindparam("table")).values(updated=bindparam("moment"))
_APPEND = insert(ACTIONS)
_STORED = select(ACTIONS.c.table_id, ACTIONS.c.number).where(
    tuple_(ACTIONS.c.table_id, ACTIONS.c.number).in_(bindparam("pairs", expanding=True))
)


def _no_gap(db: Connection, first: Mapping[str, int]) -> None:
    """Raise `ActionGap` unless the action before each table's first new one is stored."""
    before = sorted((table_id, number - 1) for table_id, number in first.items() if number)
    if not before:
        return
    stored = {(str(t), int(n)) for t, n in db.execute(_STORED, {"pairs": before})}
    for table_id, number in before:
        if (table_id, number) not in stored:
            raise ActionGap(f"table {table_id}: action {number} is not stored")


class SeatsChanged(Exception):
    """Another writer changed a table's seats after they were read: decide again."""


class _FilesMoved(Exception):
    """The SQLite file or its WAL is no longer the one opened (raised inside a transaction)."""


def _stored(row: TableRow, numbered: list[tuple[int, Any]], unreadable: str | None) -> StoredTable:
    """The actions that read back in order from 0, stopping at the first that is no action."""
    actions: list[dict[str, JSONValue]] = []
    bad: tuple[int, str] | None = None
    for expected, (number, stored) in enumerate(numbered):
        if number != expected:
            if unreadable is None:
                bad = (expected, f"action {expected} is missing (the next stored is {number})")
            break
        try:
            action = json.loads(stored) if isinstance(stored, str) else stored
            if not isinstance(action, dict):
                raise ValueError("not a JSON object")
        except ValueError as err:
            bad = (number, f"stored action {number} is not an action ({err}): {str(stored)[:80]!r}")
            break
        actions.append(action)
        let_the_loop_in()  # read on the store's thread: a long game's rows take a while
    return StoredTable(row, actions, bad=bad, unreadable=unreadable)


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
            try:
                first = self._jobs.get(timeout=WATCH_SECONDS)
            except queue.Empty:
                self._watch()  # idle: is the database file still there?
                continue
            jobs = [first]
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

    def _watch(self) -> None:
        try:
            self.store.check_files()
        except Exception:  # never stop the writer
            log.exception("the database files could not be checked")

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

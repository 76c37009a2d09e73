"""When storage fails: the words for it, the files watched, a rescue copy, reading past damage.

The store calls these. A database that cannot take a write raises
`StorageError` with words for people (the lobby answers 503 with them); a
SQLite file deleted or replaced while the server runs is noticed by
`FileWatch` (the file's device and inode, as at open) before any write is
acknowledged, and what the server still holds open is copied out so that
nothing acknowledged is lost; damaged pages are read around by
`rows_past_damage`. docs/server.md, "When storage fails", is the guide for
whoever runs the server.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError

GUIDE = 'see "When storage fails" in docs/server.md'
READ_ONLY = (
    f"the database is read-only: games can be watched, but nothing new can be saved ({GUIDE})"
)
LOST = (
    "storage lost: the database file was deleted or replaced while the server ran, "
    "so nothing more can be saved: restart the server"
)
DAMAGED = f"the database is damaged: that could not be saved ({GUIDE})"
FULL = "the disk is full: nothing more can be saved until there is room"
DISK = f"the disk failed while saving: try again ({GUIDE})"
REFUSED = "the database refused to save that: try again"


class StorageError(Exception):
    """The database cannot take a write. The message says why, in words for people."""


def storage_words(err: BaseException) -> str:
    """Words for a database error, for the person whose action or table was not saved."""
    orig = getattr(err, "orig", None) or err
    name = str(getattr(orig, "sqlite_errorname", "") or "")
    said = str(orig).lower()
    if name.startswith("SQLITE_READONLY") or "readonly database" in said or "read-only" in said:
        return READ_ONLY
    if name.startswith("SQLITE_FULL") or "disk is full" in said:
        return FULL
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in said:
        return DAMAGED
    if name.startswith("SQLITE_IOERR") or "disk i/o error" in said:
        return DISK
    return REFUSED


def sqlite_file(engine: Engine) -> str | None:
    """The path of the engine's SQLite file; None for other databases and memory ones."""
    url = engine.url
    if url.get_backend_name() != "sqlite":
        return None
    path = url.database or ""
    if path.startswith("file:"):  # a URI: file:/path?mode=ro
        path = path[len("file:") :].split("?", 1)[0]
    if not path or path == ":memory:" or "memory" in str(url.query.get("mode", "")):
        return None
    return os.path.abspath(path)


Identity = tuple[int, int]


def identity(path: str) -> Identity | None:
    """(device, inode) of the file at `path`, or None if there is none."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_dev, st.st_ino)


class FileWatch:
    """A SQLite file and its WAL, as they were at open, and a connection that keeps them open.

    SQLite writes through the file descriptors it opened: if the file or its WAL
    is deleted or replaced, every write still "succeeds" into a file nobody can
    open again, and is lost at the next start. So before each commit the store
    asks `moved()`. The `keeper` connection stays open all the while, so SQLite
    itself never deletes the WAL (it does when its last connection closes): a
    WAL with another inode was replaced by someone else.
    """

    def __init__(self, engine: Engine, path: str) -> None:
        self.path = path
        self.keeper: DBAPIConnection = engine.raw_connection()
        cursor = self.keeper.cursor()
        try:
            cursor.execute("PRAGMA journal_mode")
            mode = str((cursor.fetchone() or ["?"])[0]).lower()
            cursor.execute("SELECT count(*) FROM sqlite_master")  # opens the WAL, as readers do
            cursor.fetchall()
        finally:
            cursor.close()
        self.keeper.rollback()  # hold no read lock: checkpoints must not wait for the keeper
        self.files: dict[str, Identity] = {}
        for name in (path, f"{path}-wal") if mode == "wal" else (path,):
            ident = identity(name)
            if ident is not None:
                self.files[name] = ident

    def moved(self) -> str | None:
        """What happened to a watched file since open, in words; None if nothing did."""
        for name, ident in self.files.items():
            now = identity(name)
            if now is None:
                return f"{name} was deleted"
            if now != ident:
                return f"{name} was replaced by another file"
        return None

    def rescue(self) -> str:
        """Copy out everything stored, through the connection that still has the lost files.

        The copy goes next to the database (`<file>.rescued-<time>`). If only the
        WAL went, its pages are also written back into the database file itself,
        which is still the right one, so a restart loses nothing. Returns what was
        done, in words for the log.
        """
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        target = f"{self.path}.rescued-{stamp}"
        raw = getattr(self.keeper, "driver_connection", self.keeper)
        said: list[str] = []
        try:
            copy = sqlite3.connect(target)
            try:
                raw.backup(copy)
            finally:
                copy.close()
            said.append(f"a copy of everything stored so far is in {target}")
        except Exception as err:  # the folder may be gone too
            said.append(
                f"no copy could be made ({err}); while this process runs, its open files are "
                f"under /proc/{os.getpid()}/fd (ls -l shows them as deleted): copy them out"
            )
        if identity(self.path) == self.files.get(self.path):
            try:
                busy = raw.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
            except Exception as err:
                said.append(f"the WAL could not be written back into {self.path} ({err})")
            else:
                if busy == 0:
                    said.append(f"{self.path} itself now holds everything stored")
        return "; ".join(said)

    def close(self) -> None:
        self.keeper.close()


def rows_past_damage(
    probe: Callable[[int], Mapping[Any, Any] | None], top: int
) -> tuple[list[Mapping[Any, Any]], bool]:
    """Every row `probe` can read, in rowid order, stepping over damaged pages.

    `probe(after)` gives the first row with a rowid above `after` (its rowid in
    `rid`), or None; it raises DBAPIError where a damaged page stands in the way.
    Past one, the first rowid from which reading works again is found by doubling
    steps and then halving them, so no readable row is skipped (up to `top`, the
    largest rowid). Returns the rows and whether any damage was stepped over.
    """
    rows: list[Mapping[Any, Any]] = []
    damaged = False
    after = -(2**63)
    while True:
        try:
            row = probe(after)
        except DBAPIError:
            damaged = True
            resume = _first_readable(probe, after, top)
            if resume is None:
                return rows, damaged
            after = resume
            continue
        if row is None:
            return rows, damaged
        rows.append(row)
        after = int(row["rid"])


def _first_readable(probe: Callable[[int], Any], after: int, top: int) -> int | None:
    """The smallest x > `after` for which probe(x) reads (where probe(after) failed)."""
    start = max(after, -1)  # rowids the store writes are positive
    step = 1
    while True:
        if start + step > top:
            return None if _fails(probe, top) else top
        if not _fails(probe, start + step):
            break
        step *= 2
    low, high = start + step // 2, start + step  # probe(low) fails (or low is `start`)
    while high - low > 1:
        middle = (low + high) // 2
        if _fails(probe, middle):
            low = middle
        else:
            high = middle
    return high


def _fails(probe: Callable[[int], Any], after: int) -> bool:
    try:
        probe(after)
    except DBAPIError:
        return True
    return False


def largest_rowid(db: Connection, table: str) -> int:
    """The table's largest rowid, or a bound past any if even that cannot be read."""
    try:
        top = db.execute(text(f"SELECT max(rowid) FROM {table}")).scalar()
    except DBAPIError:
        return 2**62
    return int(top or 0)


__all__ = [
    "DAMAGED",
    "LOST",
    "READ_ONLY",
    "FileWatch",
    "StorageError",
    "rows_past_damage",
    "sqlite_file",
    "storage_words",
]

"""Terminal games saved as they go, and picked up again (`sleuth play --resume`).

A save is a small JSON file: the game's record (name, seats, seed, options and every
accepted action, which replay to the same game) and the table around it (how many
seats bots play, at what level). It is rewritten whole after every change, through a
temporary file, so a crash leaves the previous save or the new one, never half of one.

Saves live in the user's data directory, `$XDG_DATA_HOME/sleuth/saves` (by default
`~/.local/share/sleuth/saves`). Reading one checks everything, replay included, before
anything is played: a damaged file gets a `BadSave` naming the file and what is wrong,
and is left as it was.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sleuth
from sleuth.bots import UnknownBot, resolve_level
from sleuth.core import CorruptRecord, GameState, IllegalAction, Record

FORMAT = "sleuth-terminal-save"
VERSION = 1


class BadSave(ValueError):
    """A save that cannot be read or replayed; the message names the file and the fault."""


@dataclass
class Table:
    """A game at the terminal: its record and who plays it (bots take the last seats)."""

    record: Record
    bots: int
    bot_level: str
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "saved": datetime.now(UTC).isoformat(timespec="seconds"),
            "over": self.over,
            "bots": self.bots,
            "bot_level": self.bot_level,
            "record": self.record.to_json(),
        }


def save_dir() -> Path:
    """Where saves go: `$XDG_DATA_HOME/sleuth/saves`, or `~/.local/share/sleuth/saves`."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sleuth" / "saves"


def new_path(game: str, seed: int, folder: Path | None = None) -> Path:
    """A fresh file name for a new game: its game, when it started and its seed."""
    folder = folder or save_dir()
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game}-{stamp}-seed{seed}.json"
    number = 2
    while path.exists():
        path = folder / f"{game}-{stamp}-seed{seed}-{number}.json"
        number += 1
    return path


def write(path: Path, table: Table) -> None:
    """Replace the save at `path` with `table`, atomically (the folder is made if need be)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(table.to_json(), separators=(",", ":"))
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".saving-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read(path: Path) -> tuple[Table, GameState]:
    """The table saved at `path` and its game replayed to where it was; BadSave if it cannot be."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadSave(f"{path}: no such saved game") from None
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise BadSave(f"{path} cannot be read as a saved game: {err}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadSave(f"{path} is not a sleuth terminal save")
    if data.get("version") != VERSION:
        raise BadSave(f"{path} is a save of version {data.get('version')!r}; this reads {VERSION}")
    try:
        record = Record.from_json(data["record"])
        bots, level = data["bots"], data["bot_level"]
        if isinstance(bots, bool) or not isinstance(bots, int) or not isinstance(level, str):
            raise TypeError("'bots' must be a whole number and 'bot_level' a name")
        if not 0 <= bots <= record.players:
            raise ValueError(f"{bots} bots at a table of {record.players}")
        level = resolve_level(record.game, level)  # an old name (detective...) still loads
        state = sleuth.replay(record)
    except KeyError as err:
        raise BadSave(f"{path} is damaged: it lacks {err}") from None
    except (CorruptRecord, IllegalAction, UnknownBot, TypeError, ValueError) as err:
        raise BadSave(f"{path} is damaged (or saved by another version of sleuth): {err}") from None
    return Table(record, bots, level, state.over), state


def latest(game: str | None = None, folder: Path | None = None) -> Path:
    """The most recently saved game still going (of `game`, if named); BadSave if there is none.

    A file that cannot be read counts as still going, so a damaged latest save is reported
    (by `read`) rather than silently passed over for an older one."""
    folder = folder or save_dir()
    stamped = []
    for path in folder.glob("*.json"):
        try:
            if not path.name.startswith("."):  # not a save being written
                stamped.append((path.stat().st_mtime, path))
        except OSError:  # gone meanwhile
            continue
    for _, path in sorted(stamped, reverse=True):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            finished = bool(data["over"])
            name = str(data["record"]["game"])
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
            return path
        if not finished and (game is None or name == game):
            return path
    which = f"{game} game" if game else "game"
    raise BadSave(f"no unfinished {which} is saved in {folder}")


__all__ = ["BadSave", "Table", "latest", "new_path", "read", "save_dir", "write"]

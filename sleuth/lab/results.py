"""Tournament results as a CSV file others can load: one row a game, its record included.

>>> import tempfile, pathlib
>>> from sleuth.lab.tournament import Tournament, run
>>> results = run(Tournament("kojak", ("random", "expert"), games=2), workers=1)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "games.csv"
>>> save(results, path)
>>> load(path) == results
True

The `record` column is the game's record as JSON (game, players, seed, options,
actions): `sleuth.replay(json.loads(row["record"]))` rebuilds the game move by move.
"""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from sleuth.lab.tournament import GameResult

COLUMNS = ("number", "game", "seed", "seats", "winners", "actions", "finished", "record")


def save(results: Sequence[GameResult], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS)
        writer.writeheader()
        for result in results:
            writer.writerow(result.to_row())


def load(path: Path) -> list[GameResult]:
    """The results a `save` wrote; a file that is not one raises ValueError naming the row."""
    with path.open(newline="", encoding="utf-8") as file:
        return read(file, str(path))


def parse(text: str, name: str = "the results") -> list[GameResult]:
    """The results in a `save`d file's text (an upload, say), as `load` reads them."""
    return read(io.StringIO(text, newline=""), name)


def read(file: Iterable[str], name: str) -> list[GameResult]:
    csv.field_size_limit(sys.maxsize)  # a long game's record is a long field
    reader = csv.DictReader(file)
    if tuple(reader.fieldnames or ()) != COLUMNS:
        raise ValueError(f"{name} is not a tournament file: its columns are {reader.fieldnames}")
    results = []
    for line, row in enumerate(reader, start=2):
        try:
            results.append(GameResult.from_row(row))
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"{name}, line {line}: {err}") from None
    return results

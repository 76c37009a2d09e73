"""The games other installed packages add: their `sleuth.games` entry points.

importlib.metadata costs more to import than starting Python (it pulls in email, zipfile,
csv, tempfile), and its scan parses every installed distribution's metadata: `sleuth
--help` would pay that twice over its goal (bench/bench_startup.py) where, as usual, no
other package adds a game. So look first, with `os` alone, where importlib.metadata would
look (the `*.dist-info` and `*.egg-info` folders in each folder on sys.path) for an
entry_points.txt that names the group; only if one does, ask importlib.metadata, which
then reads them as always. Wherever the quick look cannot see all importlib.metadata
would (a zip or an egg on sys.path, another finder of distributions), ask it too.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import PathFinder
from typing import Any

OWN = "sleuth"
"""This distribution: its games are known without entry points (`sleuth.games.BUILT_IN`),
though an older install's metadata may still name them."""


def load_entry_points(group: str) -> list[Any]:
    """What each other distribution's entry point in `group` names, loaded."""
    if not may_declare(group):
        return []
    from importlib.metadata import entry_points

    return [
        point.load()
        for point in entry_points(group=group)
        if point.dist is None or normal(point.dist.name) != OWN
    ]


def may_declare(group: str) -> bool:
    """False only if surely no distribution but sleuth has entry points in `group`."""
    if any(
        hasattr(finder, "find_distributions") and finder is not PathFinder
        for finder in sys.meta_path
    ):
        return True  # distributions found some other way than by folders on sys.path
    header = f"[{group}]"
    for entry in sys.path:
        folder = entry or "."  # as importlib.metadata reads "": the working folder
        if folder.lower().endswith(".egg"):
            return True  # its metadata is inside it, as importlib.metadata alone knows
        try:
            children = os.scandir(folder)
        except NotADirectoryError:
            return True  # a zip file
        except OSError:
            continue  # a folder that is not there holds nothing
        with children:
            if any(declares(child.name, child.path, header) for child in children):
                return True
    return False


def declares(name: str, path: str, header: str) -> bool:
    """Whether the folder `name` at `path` is another distribution's metadata naming `header`."""
    stem, _, kind = name.lower().rpartition(".")
    if kind not in ("dist-info", "egg-info") or normal(stem.partition("-")[0]) == OWN:
        return False
    try:
        with open(os.path.join(path, "entry_points.txt"), encoding="utf-8") as text:
            return header in text.read()  # a false yes costs only the full look
    except OSError:
        return False  # no entry points
    except UnicodeDecodeError:
        return True  # importlib.metadata's to judge


def normal(name: str) -> str:
    """A distribution's name as its metadata folder spells it (PEP 503, `-` as `_`)."""
    return name.lower().replace("-", "_").replace(".", "_")

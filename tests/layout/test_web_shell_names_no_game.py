"""The browser's shared page shell (sleuth/web/js/) knows no game: each game's page module
(sleuth/games/<game>/web/index.js) imports the shell's helpers, never the other way round, so a
new game adds its own folder and touches no shared module."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import sleuth

SHELL = Path(sleuth.__file__).parent / "web" / "js"
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)  # what the code says, not what it tells a reader


def game_words() -> set[str]:
    words: set[str] = set()
    for name in sleuth.game_names():
        words |= {name, name.replace("-", "_"), name.replace("-", " ")}
    return words


@pytest.mark.parametrize("path", sorted(SHELL.glob("*.js")), ids=lambda p: p.name)
def test_a_shared_page_module_names_no_game(path: Path) -> None:
    code = COMMENT.sub("", path.read_text())
    named = {w for w in game_words() if re.search(rf"\b{re.escape(w)}\b", code, re.I)}
    assert not named, f"{path.name} names {sorted(named)}"
    imports_a_game = re.search(r"""from\s+["'][^"']*/games/""", code)
    assert not imports_a_game, f"{path.name} imports a game's module"

"""The four game page modules leave what every table does alike to the shell (issue #16): the
board's frame, zoom and lit targets (sleuth/web/js/board.js `tableBoard`) and its pieces' first
placing (`animateFromNowOn`), the keys around a game's own (sleuth/web/js/keys.js `tableKeys`),
and the start of mount() and render() (sleuth/web/js/page.js `mountTable`, `turnWatch`; the
page marks the body with the phase and words the turn from the engine's prompt). A game
module that wires these itself again is the repetition this keeps out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import sleuth

GAMES = Path(sleuth.__file__).parent / "games"
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)

# What only the shell's modules should call or write; each was once in every game's module.
SHELL_ONLY = {
    "boardZoom(": "the zoomable frame (tableBoard makes it)",
    "loadBoard(": "loading the picture (tableBoard.load)",
    "boardInput(": "the targets' clicks and roving Tab stop (tableBoard.load)",
    "markTarget(": "lighting a target (tableBoard.light)",
    "clearTargets(": "putting targets out (tableBoard.light)",
    "litFocus(": "what a zoomed board follows (tableBoard's here)",
    'k === "z"': "the zoom key (tableKeys)",
    'k === "Escape"': "the cancel key (tableKeys)",
    "toggleZoom()": "the zoom key (tableKeys, given the board)",
    "Object.assign(el, slots)": "keeping the page's slots (mountTable)",
    "loadStyle(": "the game's stylesheet (mountTable)",
    "document.body.classList": "the body's game class (mountTable)",
    'id: "controls"': "the controls strip (mountTable)",
    "/api/games/": "the board picture's address (tableBoard's game)",
    "dataset.phase": "the body's phase (the page, before render)",
    'classList.add("animate")': "the pieces' transitions once placed (animateFromNowOn)",
}
# A table object handing the shell's own dom.js turnWords back to it (the page uses it itself).
HANDS_BACK_TURN_WORDS = re.compile(r"^\s*turnWords,?$", re.M)
# What every game's module calls instead.
SHELL_HELPERS = ("tableBoard(", "tableKeys(", "mountTable(", "turnWatch(")


@pytest.mark.parametrize("page", sorted(GAMES.glob("*/web/index.js")), ids=lambda p: p.parts[-3])
def test_a_game_page_leaves_the_common_table_glue_to_the_shell(page: Path) -> None:
    code = COMMENT.sub("", page.read_text())
    again = {what: why for what, why in SHELL_ONLY.items() if what in code}
    assert not again, f"{page.parts[-3]} writes again: {again}"
    assert not HANDS_BACK_TURN_WORDS.search(code), "the page words the turn by itself"
    assert [helper for helper in SHELL_HELPERS if helper not in code] == []

"""Replays are drawn from the engine's `reveal()`: no page rebuilds a game's state itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import sleuth

WEB = Path(sleuth.__file__).parent / "web"
FOLD = re.compile(r"\bfold\s*\(")  # the old per-game JavaScript copy of the rules


@pytest.mark.parametrize("game", sleuth.game_names())
def test_no_game_page_module_folds_events_into_a_state(game: str) -> None:
    source = (sleuth.spec(game).folder("web") / "index.js").read_text()
    assert not FOLD.search(source), f"{game}'s page module rebuilds its state from events"


def test_the_replay_page_asks_the_server_for_each_step() -> None:
    source = (WEB / "js" / "replay.js").read_text()
    assert not FOLD.search(source)
    assert "replayStep(" in source and "revealed" in source

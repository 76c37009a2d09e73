"""The terminal interface: play the games on one keyboard, humans against bots.

`shell` is the table every game shares (hot seat, bots, the log, the command
line); each game adds its panels and commands in its own module (`stop_thief`,
`manhunt`). `words`, `commands` and `board_text` are Stop Thief's pure and
reusable parts. `APPS` names each game's Textual app; `app_for` imports it only
when it is wanted (Textual is slow to import).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sleuth.tui.shell import GameShell

APPS: dict[str, str] = {
    "stop-thief": "sleuth.tui.stop_thief:StopThiefApp",
    "manhunt": "sleuth.tui.manhunt:ManhuntApp",
    "columbo": "sleuth.tui.columbo:ColumboApp",
    "kojak": "sleuth.tui.kojak:KojakApp",
}
"""Game name -> "module:class" of its terminal app (a `GameShell`)."""


def playable() -> list[str]:
    """The games that can be played in the terminal."""
    return list(APPS)


def app_for(game: str) -> type[GameShell] | None:
    """The terminal app class for `game`, or None if it has none."""
    target = APPS.get(game)
    if target is None:
        return None
    module, name = target.split(":")
    app: type[GameShell] = getattr(importlib.import_module(module), name)
    return app

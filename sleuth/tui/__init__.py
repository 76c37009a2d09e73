"""The terminal interface: play the games on one keyboard, humans against bots.

`shell` is the table every game shares (hot seat, bots, the log, the command
line); each game adds its panels and commands in its own package, named as the
`tui` part of its manifest. `app_for` imports it only when it is wanted
(Textual is slow to import). This package names no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sleuth.core import game_names, spec

if TYPE_CHECKING:
    from sleuth.tui.shell import GameShell


def playable() -> list[str]:
    """The games that can be played in the terminal."""
    return [name for name in game_names() if spec(name).has("tui")]


def app_for(game: str) -> type[GameShell] | None:
    """The terminal app class for `game`, or None if it has none (or there is no such game)."""
    if game not in game_names():
        return None
    manifest = spec(game)
    if not manifest.has("tui"):
        return None
    app: type[GameShell] = manifest.load("tui")
    return app

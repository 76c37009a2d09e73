"""What a game shows in the browser beyond its views: words for its events, a board picture.

Both come from hooks on the game's `GameSpec` (`narrator`, `picture`). A game
that sets neither still gets something by convention, so the server never names
a game: the words from `sleuth.games.<game>.words.Narrator`, else the shared
`sleuth.tui.words.Narrator` (Stop Thief's words; it says `kind: data` for
events it does not know); the picture from `sleuth.games.<game>.svg.board_svg()`.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from functools import cache
from types import ModuleType

from sleuth.core import Event, spec
from sleuth.core.game import Narrating

log = logging.getLogger("sleuth.server")


class KindNarrator:
    """The last resort: an event's kind and data, as they are."""

    def say(self, event: Event) -> str:
        details = ", ".join(f"{k}={v}" for k, v in event.data.items())
        return f"{event.kind}: {details}" if details else event.kind


def narrator(game: str) -> Narrating:
    """A fresh narrator for one table of `game`."""
    hook = spec(game).narrator
    if hook is not None:
        return hook()
    own = _module(f"sleuth.games.{game.replace('-', '_')}.words")
    if own is not None and callable(getattr(own, "Narrator", None)):
        made: Narrating = own.Narrator()
        return made
    from sleuth.tui.words import Narrator

    return Narrator()


_TRIPPED: set[tuple[str, str]] = set()


def say(narrating: Narrating, event: Event) -> str:
    """One event in words; a narrator that trips over an event never stops the game."""
    try:
        return str(narrating.say(event))
    except Exception:  # words are a nicety: the event itself still goes out
        key = (type(narrating).__module__, event.kind)
        if key not in _TRIPPED:  # say so once per narrator and kind of event
            _TRIPPED.add(key)
            log.warning("%s has no words for %s events", key[0], event.kind, exc_info=True)
        return KindNarrator().say(event)


def _module(name: str) -> ModuleType | None:
    """Import `name` if it exists (an error inside it still raises)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name is not None and name.startswith(err.name):
            return None
        raise


@cache
def picture(game: str) -> str | None:
    """The game's board as SVG text, or None if it has no picture."""
    hook: Callable[[], object] | None = spec(game).picture
    if hook is None:
        module = _module(f"sleuth.games.{game.replace('-', '_')}.svg")
        hook = getattr(module, "board_svg", None) if module is not None else None
    return None if hook is None else str(hook())

"""What a game shows in the browser beyond its views: words for its events, a board picture.

Both come from parts named in the game's manifest (`words`, `picture`). A game
without words still gets its events said plainly (`kind: data`), so the server
never names a game.
"""

from __future__ import annotations

import logging
from functools import cache

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
    manifest = spec(game)
    if manifest.has("words"):
        made: Narrating = manifest.load("words")()
        return made
    return KindNarrator()


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


@cache
def picture(game: str) -> str | None:
    """The game's board as SVG text, or None if it has no picture."""
    manifest = spec(game)
    return str(manifest.load("picture")()) if manifest.has("picture") else None

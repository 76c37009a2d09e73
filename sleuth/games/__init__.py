"""The games that come with sleuth, one package each (see each one's `manifest.py`).

Nothing is imported here. `sleuth.core.game_names()` offers these first, in this order,
then any game another installed package adds by a `sleuth.games` entry point
(docs/adding-a-game.md). They are listed here, not by entry points of sleuth's own, so
that finding them needs no look at what else is installed (sleuth/core/plugins.py).
"""

BUILT_IN = ("columbo", "kojak", "manhunt", "stop_thief")
"""Each game's package in this one, in the order the games are listed."""

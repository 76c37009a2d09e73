"""The games that come with sleuth, one package each (see each one's `manifest.py`).

Nothing is imported here: the games are found through the `sleuth.games` entry
points (`sleuth.core.game_names()`), so another installed package can add one.
"""

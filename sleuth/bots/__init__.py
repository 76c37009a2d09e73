"""Players that are programs: the bot interface, a random bot, and bots by game and level.

>>> import sleuth
>>> from sleuth.bots import make_bot, play
>>> state = sleuth.new_game("stop-thief", players=2, seed=1)
>>> bots = [make_bot("stop-thief", "expert", seed=1), make_bot("stop-thief", "random", seed=2)]
>>> play(state, bots, max_actions=20)
20
"""

from sleuth.bots.base import (
    ANY_GAME,
    DEFAULT_LEVEL,
    LEVELS,
    Bot,
    BotFactory,
    UnknownBot,
    bot_levels,
    default_level,
    events_since,
    is_alias,
    level_line,
    make_bot,
    play,
    register_alias,
    register_bot,
    resolve_level,
)
from sleuth.bots.random_bot import RandomBot

__all__ = [
    "ANY_GAME",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "BotFactory",
    "RandomBot",
    "UnknownBot",
    "bot_levels",
    "default_level",
    "events_since",
    "is_alias",
    "level_line",
    "make_bot",
    "play",
    "register_alias",
    "register_bot",
    "resolve_level",
]

"""Players that are programs: the bot interface, a random bot, and bots by game and level.

>>> import sleuth
>>> from sleuth.bots import make_bot, play
>>> state = sleuth.new_game("stop-thief", players=2, seed=1)
>>> bots = [make_bot("stop-thief", "detective", seed=1), make_bot("stop-thief", "random", seed=2)]
>>> play(state, bots, max_actions=20)
20
"""

from sleuth.bots.base import (
    ANY_GAME,
    Bot,
    BotFactory,
    UnknownBot,
    bot_levels,
    events_since,
    make_bot,
    play,
    register_bot,
)
from sleuth.bots.random_bot import RandomBot

__all__ = [
    "ANY_GAME",
    "Bot",
    "BotFactory",
    "RandomBot",
    "UnknownBot",
    "bot_levels",
    "events_since",
    "make_bot",
    "play",
    "register_bot",
]

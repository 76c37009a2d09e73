"""The bot interface, the registry of bots by game and level, and a loop to play them.

A bot is anything with `choose(state, seat) -> Action`. It must decide only
from what its seat may know: `state.view(seat)`, `state.events_for(seat)`
(or `events_since`, the same events read incrementally), `state.legal_actions()`
and the game's public set-up (its options and printed content). It never
reads hidden state (the thief, other hands, the generator).

Bots are found by game and level (`make_bot("stop-thief", "expert", seed=3)`).
Every game offers the same named levels, `LEVELS` (weakest first), each with
one line in the player's words; old level names stay as aliases so stored
tables and scripts that name them still load.
Levels that work for every game register under `ANY_GAME`; a game's own bots
live in the module its manifest names as `bots`, imported the first time that
game's bots are asked for, so the core and this package never name a game.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from sleuth.core import Action, Event, GameState, spec

ANY_GAME = "*"


@runtime_checkable
class Bot(Protocol):
    """A player: given the state and its seat (the seat to move), pick a legal action."""

    def choose(self, state: GameState, seat: int) -> Action: ...


BotFactory = Callable[[int], Bot]  # a seed -> a fresh bot

LEVELS = ("beginner", "intermediate", "expert")  # every game's named levels, weakest first
DEFAULT_LEVEL = "intermediate"  # the level a seat gets when nobody names one

_BOTS: dict[tuple[str, str], BotFactory] = {}
_LINES: dict[tuple[str, str], str] = {}
_ALIASES: dict[tuple[str, str], str] = {}
_LOADED: set[str] = set()
_LOADING = threading.RLock()


class UnknownBot(LookupError):
    """No bot of that level for that game; the message lists the levels there are."""


def register_bot(game: str, level: str, factory: BotFactory, line: str = "") -> None:
    """Offer a level of bot for a game (or for every game, with `ANY_GAME`), with one
    line on how it plays, in a player's words."""
    _BOTS[(game, level)] = factory
    _LINES[(game, level)] = line


def register_alias(game: str, old: str, level: str) -> None:
    """Keep an older level name working: `old` now means `level` of that game."""
    _ALIASES[(game, old)] = level


def _load_game_bots(game: str) -> None:
    """Import the game's `bots` part once, if it has one (the module registers its bots).

    Servers ask from several threads at once (bots think in a pool): the game counts as
    loaded only once its module has registered its bots, and the others wait for that,
    or one would find only the levels for every game (a restarted server's first bot
    turns met "no 'expert' bot for stop-thief")."""
    if game in _LOADED:
        return
    with _LOADING:  # re-entrant: the module's own registering may ask again
        if game in _LOADED:
            return
        manifest = spec(game)
        if manifest.has("bots"):
            manifest.load("bots")
        _LOADED.add(game)


def bot_levels(game: str) -> list[str]:
    """The levels of bot that can play `game`: game-agnostic ones first, the strongest last."""
    spec(game)  # an unknown game raises IllegalAction
    _load_game_bots(game)
    generic = [level for g, level in _BOTS if g == ANY_GAME]
    own = [level for g, level in _BOTS if g == game and level not in generic]
    return generic + own


def resolve_level(game: str, level: str) -> str:
    """The level's current name (an alias such as Manhunt's "novice" becomes its level);
    raises UnknownBot, listing the levels, when `game` has no such level."""
    levels = bot_levels(game)
    level = _ALIASES.get((game, level), level)
    if level not in levels:
        raise UnknownBot(f"no {level!r} bot for {game}; choose one of {', '.join(levels)}")
    return level


def is_alias(game: str, name: str) -> bool:
    """Whether `name` is an older name of one of `game`'s levels."""
    bot_levels(game)  # loads the game's bots, which register their aliases
    return (game, name) in _ALIASES


def default_level(game: str) -> str:
    """The level a bot seat gets when nobody chose one: the middle one."""
    levels = bot_levels(game)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[-1]


def level_line(game: str, level: str) -> str:
    """One line on how `level` plays `game`, for the lobby and the terminal's help."""
    level = resolve_level(game, level)
    return _LINES.get((game, level)) or _LINES.get((ANY_GAME, level), "")


def make_bot(game: str, level: str = "random", seed: int = 0) -> Bot:
    """A fresh bot of `level` (or an old alias of it) for `game`, seeded by `seed`."""
    levels = bot_levels(game)
    level = _ALIASES.get((game, level), level)
    factory = _BOTS.get((game, level)) or _BOTS.get((ANY_GAME, level))
    if factory is None:
        raise UnknownBot(f"no {level!r} bot for {game}; choose one of {', '.join(levels)}")
    return factory(seed)


def events_since(state: GameState, seat: int | None, start: int) -> tuple[list[Event], int]:
    """The events `seat` may see among those logged from index `start`, and the new index.

    The same events as `state.events_for(seat)` from that point on, without
    filtering the whole log again: bots that listen every decision read only
    what is new.
    """
    log = state.log
    return [e for e in log[start:] if e.to is None or e.to == seat], len(log)


def play(state: GameState, bots: Sequence[Bot], max_actions: int = 100_000) -> int:
    """Let `bots[seat]` choose for each seat until the game ends; return the actions taken.

    Stops early after `max_actions` (the game is then left unfinished).
    """
    taken = 0
    while not state.over and taken < max_actions:
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(state, seat))
        taken += 1
    return taken

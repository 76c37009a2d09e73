"""Stop Thief (Parker Brothers, 1979): the game, its notebook, and its Crime Scanner companion.

The game's manifest: the shells (server, terminal, RL) find every part through it,
importing each only when it is needed. Listed in `sleuth.games.BUILT_IN`.
"""

from sleuth.core.registry import GameSpec

SPEC = GameSpec(
    name="stop-thief",
    title="Stop Thief",
    min_players=2,
    max_players=4,
    seat_names="detective",
    package=__package__ or "sleuth.games.stop_thief",
    rules="state:StopThief",
    options="options:StopThiefOptions",
    parts={
        "words": "words:Narrator",
        "picture": "svg:board_svg",
        "bots": "bots",
        "tui": "tui:StopThiefApp",
        "rl": "rl:StopThiefEncoder",
        "web": "web",
        "guide": "guide.md",
        "routes": "companion.api:router",
        "cli": "cli",
        "kit": "kit:build_kit",
        "story": "story:ending",
        "tutorial": "tutorial.json",
    },
    pages={"/scanner": "Crime Scanner: the 1979 electronic unit, for a real board"},
    commands={  # listed by `sleuth --help` without importing cli (a test keeps them in step)
        "stop-thief": "Stop Thief tools: the detective's notebook and the Crime Scanner.",
        "scanner": "The Stop Thief Crime Scanner, for players whose 1979 unit has died.",
    },
)

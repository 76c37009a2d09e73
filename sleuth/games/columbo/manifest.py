"""The Columbo Detective Game (1973): where each of its parts lives.

The game's manifest: the shells (server, terminal, RL) find every part through it,
importing each only when it is needed. Listed in `sleuth.games.BUILT_IN`.
"""

from sleuth.core.registry import GameSpec

SPEC = GameSpec(
    name="columbo",
    title="Columbo Detective Game",
    min_players=2,
    max_players=4,
    seat_names="detective",
    package=__package__ or "sleuth.games.columbo",
    rules="state:Columbo",
    options="options:ColumboOptions",
    parts={
        "words": "words:Narrator",
        "picture": "svg:board_svg",
        "bots": "bots",
        "tui": "tui:ColumboApp",
        "web": "web",
        "guide": "guide.md",
        "rl": "rl:ColumboEncoder",
        "kit": "kit:build_kit",
        "story": "story:ending",
        "routes": "companion.api:router",
        "companion_terminal": "companion.terminal:TERMINAL",
        "tutorial": "tutorial.json",
    },
    pages={
        "/companion/columbo": "Columbo lawn tracker: the lawn's numbered places, open to all, "
        "for a real table"
    },
)

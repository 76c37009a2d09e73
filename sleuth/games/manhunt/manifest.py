"""Manhunt (Milton Bradley, 1972): where each of its parts lives.

The game's manifest: the shells (server, terminal, RL) find every part through it,
importing each only when it is needed. Listed in `sleuth.games.BUILT_IN`.
"""

from sleuth.core.registry import GameSpec

SPEC = GameSpec(
    name="manhunt",
    title="Manhunt",
    min_players=2,
    max_players=6,
    seat_names="detective",
    package=__package__ or "sleuth.games.manhunt",
    rules="state:Manhunt",
    options="options:ManhuntOptions",
    parts={
        "words": "words:Narrator",
        "picture": "svg:board_svg",
        "bots": "bots",
        "tui": "tui:ManhuntApp",
        "rl": "rl:ManhuntEncoder",
        "web": "web",
        "guide": "guide.md",
        "kit": "kit:build_kit",
        "story": "story:ending",
        "routes": "companion.api:router",
        "companion_terminal": "companion.terminal:TERMINAL",
        "tutorial": "tutorial.json",
    },
    pages={
        "/companion/manhunt": "Manhunt companion: the Computer and the Clue Scanner with a "
        "secret Scanner Card, on phones beside a real board"
    },
)

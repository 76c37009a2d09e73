"""The Kojak Detective Game (1975): where each of its parts lives.

The game's manifest: the shells (server, terminal, RL) find every part through it,
importing each only when it is needed. Listed in `sleuth.games.BUILT_IN`.
"""

from sleuth.core.registry import GameSpec

SPEC = GameSpec(
    name="kojak",
    title="Kojak Detective Game",
    min_players=2,
    max_players=4,
    seat_names="player",
    package=__package__ or "sleuth.games.kojak",
    rules="state:Kojak",
    options="options:KojakOptions",
    parts={
        "words": "words:Narrator",
        "picture": "svg:board_svg",
        "bots": "bots",
        "tui": "tui:KojakApp",
        "rl": "rl:KojakEncoder",
        "web": "web",
        "guide": "guide.md",
        "kit": "kit:build_kit",
        "story": "story:ending",
        "routes": "companion.api:router",
        "companion_terminal": "companion.terminal:TERMINAL",
        "tutorial": "tutorial.json",
    },
    pages={
        "/companion/kojak": "Kojak companion: the informers' codes and the Solution Book, "
        "on phones beside a real board"
    },
)

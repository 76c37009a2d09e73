"""High Card's manifest: what the shells need to find its parts."""

from sleuth.core.registry import GameSpec

SPEC = GameSpec(
    name="high-card",
    title="High Card",
    min_players=2,
    max_players=4,
    package="tests.example_game",
    rules="rules:HighCard",
    options="options:HighCardOptions",
    seat_names="player",
    parts={"cli": "cli"},
    commands={"high-card": "High Card tools: deal a table and show every card."},
)

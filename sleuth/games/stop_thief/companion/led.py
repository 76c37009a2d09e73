"""The Crime Scanner's three-character LED display, drawn large with seven-segment digits."""

from __future__ import annotations

from rich.text import Text

# Segments: a top, b upper right, c lower right, d bottom, e lower left, f upper left, g middle.
SEGMENTS = {
    "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
    "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg",
    "C": "adef", "r": "eg", "F": "aefg", "L": "def", "d": "bcdeg", "G": "acdef",
    "S": "acdfg", "t": "defg", "-": "g", " ": "",
}  # fmt: skip


def glyph(char: str) -> list[str]:
    """Five rows of four characters for one display character (unknown ones are blank)."""
    on = SEGMENTS.get(char, "")

    def bar(seg: str) -> str:
        return " ━━ " if seg in on else "    "

    def sides(left: str, right: str) -> str:
        return ("┃" if left in on else " ") + "  " + ("┃" if right in on else " ")

    return [bar("a"), sides("f", "b"), bar("g"), sides("e", "c"), bar("d")]


def led(display: str, style: str = "bold red1 on grey7", dim: bool = False) -> Text:
    """The display as five lines of text, e.g. led('1Cr') or led(' dr')."""
    chars = display[:3].rjust(3)
    rows = ["", "", "", "", ""]
    for char in chars:
        for i, line in enumerate(glyph(char)):
            rows[i] += " " + line
    text = Text(no_wrap=True)
    for i, row in enumerate(rows):
        text.append(row + " ", "dark_red on grey7" if dim else style)
        if i < 4:
            text.append("\n")
    return text

"""The Crime Scanner's three-character LED display, drawn large with seven-segment digits.

Which segments each character lights is data, `web/scanner/led.json`: this module,
the terminal device (companion/cli.py) and both pages (web/scanner/led.js) read it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from rich.text import Text

#  aaa
# f   b
#  ggg
# e   c
#  ddd
SEGMENT_NAMES = "abcdefg"


class LedTableError(ValueError):
    """led.json says something the display cannot show."""


def _segments(value: object, where: str) -> str:
    if not isinstance(value, str) or set(value) - set(SEGMENT_NAMES):
        raise LedTableError(f"{where}: segments must be letters from {SEGMENT_NAMES!r}")
    if len(set(value)) != len(value):
        raise LedTableError(f"{where}: segments names a segment twice")
    return value


def parse_table(raw: object) -> tuple[dict[str, str], str]:
    """Check the LED table's JSON and return (character → lit segments, the unknown glyph)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("glyphs"), dict):
        raise LedTableError("led.json: an object with a 'glyphs' object")
    glyphs: dict[str, str] = {}
    for char, lit in raw["glyphs"].items():
        if len(char) != 1:
            raise LedTableError(f"led.json: {char!r} is not one character")
        glyphs[char] = _segments(lit, f"led.json glyph {char!r}")
    return glyphs, _segments(raw.get("unknown"), "led.json 'unknown'")


@cache
def table() -> tuple[dict[str, str], str]:
    """The LED table, read and checked once."""
    text = resources.files("sleuth.games.stop_thief").joinpath("web/scanner/led.json").read_text()
    return parse_table(json.loads(text))


def lit(char: str) -> str:
    """The segments one display character lights (an unknown one shows as a dash)."""
    glyphs, unknown = table()
    return glyphs.get(char, unknown)


def glyph(char: str, width: int = 2, height: int = 1) -> list[str]:
    """One character drawn `2 * height + 3` rows tall and `width + 2` wide."""
    on = lit(char)
    across = {s: (" " + ("━" * width if s in on else " " * width) + " ") for s in "agd"}

    def sides(left: str, right: str) -> str:
        return ("┃" if left in on else " ") + " " * width + ("┃" if right in on else " ")

    return (
        [across["a"]]
        + [sides("f", "b")] * height
        + [across["g"]]
        + [sides("e", "c")] * height
        + [across["d"]]
    )


def seven_segment(display: str, width: int = 4, height: int = 2) -> str:
    """Draw the LED characters as seven-segment digits, `2 * height + 3` lines tall."""
    drawn = [glyph(ch, width, height) for ch in display]
    return "\n".join("   ".join(parts) for parts in zip(*drawn, strict=True))


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

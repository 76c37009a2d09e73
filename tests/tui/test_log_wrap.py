"""The log wraps its lines at the width it has, losing no character (issue 13: at 120
columns "WANTED for $80" stood for $800, "Buildi / 4 (Bank)" for Building 4)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import RichLog

import sleuth
from sleuth.tui import app_for

LONG = (
    "Thief 2, Hans Offe, WANTED for $800, was last heard in Building 4 (Bank): the fine is"
    " paid, the License is back, and Detective 3 (Sheerluck Homes) is on 4-47."
)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", sleuth.game_names())
def test_a_long_log_line_wraps_whole(game: str, size: tuple[int, int]) -> None:
    app_class = app_for(game)
    assert app_class is not None
    app = app_class(2, 1, 3, "random", 0)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            log = app.screen_stack[0].query_one("#log", RichLog)
            before = len(log.lines)
            app.write_log(LONG)
            await pilot.pause()
            width = log.scrollable_content_region.width
            wrapped = [strip.text for strip in log.lines[before:]]
            assert all(len(row.rstrip()) <= width for row in wrapped), (width, wrapped)
            assert " ".join(" ".join(wrapped).split()) == LONG

    asyncio.run(run())

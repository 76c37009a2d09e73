"""The log wraps its lines at the width it has, losing no character (issue 13: at 120
columns "WANTED for $80" stood for $800, "Buildi / 4 (Bank)" for Building 4), also for lines
written while a compact screen hid it or before a resize; and it follows the game: after a
hot-seat cover its newest line is in sight."""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.pilot import Pilot

import sleuth
from sleuth.tui import app_for
from sleuth.tui.shell import CoverScreen, GameShell, Log

LONG = (
    "Thief 2, Hans Offe, WANTED for $800, was last heard in Building 4 (Bank): the fine is"
    " paid, the License is back, and Detective 3 (Sheerluck Homes) is on 4-47."
)


def wrapped_whole(log: Log, before: int = 0) -> None:
    """The log's rows from `before` fit its width and end with LONG, every character kept."""
    width = log.scrollable_content_region.width
    wrapped = [strip.text for strip in log.lines[before:]]
    assert all(len(row.rstrip()) <= width for row in wrapped), (width, wrapped)
    joined = " ".join(" ".join(wrapped).split())
    assert joined == LONG if before else joined.endswith(LONG), joined


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", sleuth.game_names())
def test_a_long_log_line_wraps_whole(game: str, size: tuple[int, int]) -> None:
    app_class = app_for(game)
    assert app_class is not None
    app = app_class(2, 1, 3, "random", 0)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.show("log")  # on a compact screen the log is one of three views
            await pilot.pause()
            log = app.screen_stack[0].query_one("#log", Log)
            before = len(log.lines)
            app.write_log(LONG)
            await pilot.pause()
            wrapped_whole(log, before)

    asyncio.run(run())


@pytest.mark.parametrize("game", ["stop-thief", "columbo"])
def test_lines_written_while_the_log_is_hidden_or_before_a_resize_wrap_whole(game: str) -> None:
    app_class = app_for(game)
    assert app_class is not None
    app = app_class(2, 1, 3, "random", 0)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.compact and app.showing == "board"
            unread = app.unread
            app.write_log(LONG)  # hidden: it has no width now
            assert f"({unread + 1} new)" in str(app.query_one("#view-log").label)
            app.show("log")
            await pilot.pause()
            log = app.query_one("#log", Log)
            wrapped_whole(log)
            assert "new" not in str(app.query_one("#view-log").label)
            app.show("board")  # hidden again, a line written, shown again: it is there
            await pilot.pause()
            app.write_log("Hidden: " + LONG)
            app.show("log")
            await pilot.pause()
            rows = " ".join(strip.text.strip() for strip in log.lines[-4:])
            assert " ".join(rows.split()).endswith("Hidden: " + LONG)
            assert last_line_in_sight(app)
            app.write_log(LONG)
            await pilot.pause()
            await pilot.resize_terminal(130, 40)  # side by side now, the log narrower
            await pilot.pause()
            assert not app.compact
            wrapped_whole(log)
            assert last_line_in_sight(app)

    asyncio.run(run())


def last_line_in_sight(app: GameShell) -> bool:
    """The log is scrolled to its end, and its newest line is what its last row shows."""
    log = app.screen_stack[0].query_one("#log", Log)
    end = log.scroll_y >= log.max_scroll_y
    shown = " ".join(strip.text.strip() for strip in log.lines[-3:])
    return end and " ".join(app.log_lines[-1].split()) in " ".join(shown.split())


@pytest.mark.parametrize("game", sleuth.game_names())
def test_the_log_follows_the_game_through_hot_seat_covers(game: str) -> None:
    """Two people and a bot (the issue's `manhunt --players 3 --bots 1`): each time the cover
    is passed, the log shows the newest events, the bot's included, without scrolling."""
    app_class = app_for(game)
    assert app_class is not None
    app = app_class(3, 1, 4, "random", 0)
    rng = random.Random(2)

    async def run(pilot: Pilot[None]) -> None:
        covers = 0
        for _ in range(80):
            state = app.state
            if state.over or covers == 3:
                break
            if isinstance(app.screen, CoverScreen):
                await pilot.press("enter")
                await pilot.pause()
                covers += 1
                assert last_line_in_sight(app), app.log_lines[-1]
            elif app.holding:
                await pilot.press("enter")
                await pilot.pause()
            else:
                events = state.apply(rng.choice(state.legal_actions()))
                app.take_in(events)
                app.acted(events)
                if not app.hold_for(app.viewer or 0, events):
                    app.proceed()
                if app.holding or isinstance(app.screen_stack[-1], CoverScreen):
                    await pilot.pause()
        assert covers == 3

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await run(pilot)

    asyncio.run(main())

"""Every game fits the terminal it is given (issue 13): at 80x24 the board, the panels and the
log take turns under tabs instead of being cut off at the right edge; at 120x40 they stand
side by side. A whole game is played to the end at each size through the shell, the person
typing commands (what a bot would choose) against a bot."""

from __future__ import annotations

import asyncio

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, Static

from sleuth.bots import make_bot
from sleuth.tui import app_for, playable
from sleuth.tui.shell import GameShell, InfoScreen
from tests.tui.pilot import typed

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
TYPED_THROUGH_THE_LINE = 4  # the first commands go key-free through the Input; then faster
SEEDS = {"stop-thief": 9}  # a short game (25 commands): the test stays quick; others: 5


def off_screen(app: GameShell) -> list[str]:
    """The shown widgets of the game's screen that reach past its right edge, or (for those
    that do not scroll: the tabs, the status line, the command line) past its bottom."""
    main = app.screen_stack[0]
    width, height = app.size
    out = []
    for widget in main.query(Widget):
        if not widget.display or widget.region.area == 0:
            continue
        region = widget.region
        fixed = widget.id in ("views", "message", "command")
        if region.right > width or (fixed and region.bottom > height):
            out.append(f"{widget.id or type(widget).__name__} at {region}")
    return out


async def check_every_view(app: GameShell, pilot: Pilot[None]) -> None:
    """Whatever the layout, each part can be brought on screen and fits across it."""
    parts = ["board", "panels", "log"] if app.compact else ["board"]
    for view in parts:
        app.show(view)
        await pilot.pause()
        assert not off_screen(app), (view, off_screen(app))
        for name in {"board": ["board-pane"], "panels": ["panels"], "log": ["log"]}[view]:
            part = app.query_one(f"#{name}")
            assert part.display and part.region.width >= min(40, app.size.width - 2), view
    app.show("board")


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("game", playable())
def test_a_whole_game_fits_the_screen(game: str, size: tuple[int, int]) -> None:
    app_class = app_for(game)
    assert app_class is not None
    app = app_class(2, 1, SEEDS.get(game, 5), "intermediate", 0)
    adviser = make_bot(game, "intermediate", seed=9)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            state = app.state
            assert app.compact == (size == (80, 24))
            assert not off_screen(app), off_screen(app)
            if not app.compact:  # the log keeps rows of its own beside tall panels (Manhunt's)
                assert app.query_one("#log").scrollable_content_region.height >= 8
            await check_every_view(app, pilot)
            for step in range(400):
                if state.over:
                    break
                assert state.to_move == 0
                before = len(state.history)
                command = typed(app, adviser.choose(state, 0))
                if step < TYPED_THROUGH_THE_LINE:
                    app.query_one("#command", Input).value = command
                    await pilot.press("enter")
                    await pilot.pause()
                else:
                    app.run_command(command)
                message = app.query_one("#message", Static).content
                assert len(state.history) > before, (command, str(message))
                if step % 15 == 0:
                    await pilot.pause()
                    assert not off_screen(app), off_screen(app)
            assert state.over
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen)  # the end, on screen
            box = app.screen.query_one("#info-box")
            assert box.region.right <= size[0] and box.region.bottom <= size[1]
            await pilot.press("escape")
            await pilot.pause()
            await check_every_view(app, pilot)

    asyncio.run(run())


def test_views_change_and_scroll_by_key_or_click_and_the_keyboard_stays_on_the_line() -> None:
    """F2/F3/F4 and Tab change what a compact screen shows, a click on a tab too; PageDown
    scrolls it (Kojak's turntables lie below its board at 80x24); typing goes on reaching the
    command line throughout."""
    app_class = app_for("kojak")
    assert app_class is not None
    app = app_class(2, 1, 5, "random", 0)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            line = app.query_one("#command", Input)
            assert app.compact and app.showing == "board" and app.focused is line
            shown = []
            for key in ("f3", "tab", "tab", "f4", "f2"):
                await pilot.press(key)
                await pilot.pause()
                shown.append(app.showing)
                assert app.focused is line, key
            assert shown == ["panels", "log", "board", "log", "board"]
            await pilot.click("#view-panels")
            await pilot.pause()
            assert app.showing == "panels" and app.focused is line
            assert app.query_one("#panels").region.height > 0
            assert app.query_one("#board-pane").display is False
            await pilot.click("#view-board")
            await pilot.pause()
            pane = app.query_one("#board-pane")
            turntables = app.query_one("#turntables")
            assert turntables.region.bottom > pane.region.bottom  # below, out of sight
            await pilot.press("pagedown")
            await pilot.pause()
            assert pane.scroll_y > 0 and turntables.region.bottom <= pane.region.bottom
            await pilot.press("r")
            assert line.value == "r" and app.focused is line

    asyncio.run(run())


@pytest.mark.parametrize("game", playable())
def test_help_fits_80_columns_with_each_command_beside_its_words(game: str) -> None:
    """The help page at 80x24: no line wider than the page (two commands side by side go on
    two lines; long words go on under their column), every word kept."""
    app_class = app_for(game)
    assert app_class is not None
    app = app_class(2, 1, 5, "random", 0)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.run_command("help")
            await pilot.pause()
            assert isinstance(app.screen, InfoScreen)
            page = app.screen.query_one("#info-text", Static)
            text = str(page.content)
            width = page.content_region.width
            assert 60 <= width < 80
            assert max(len(line) for line in text.splitlines()) <= width
            assert text.split() == str(app.screen.body).split()
            assert any(line.startswith("  ") and "  " in line.strip() for line in text.split("\n"))

    asyncio.run(run())

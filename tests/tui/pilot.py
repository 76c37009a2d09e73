"""What the terminal tests of every game do alike: make a game, run an app on a pilot, type a
command line (the one the game's own grammar offers for an action), read a panel or the whole
table."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, RichLog, Static

import sleuth
from sleuth.core import Action, GameState
from sleuth.tui.shell import GameShell

SIZE = (160, 50)  # wide and tall enough for every game's board and panels side by side

S = TypeVar("S", bound=GameState)


def new(kind: type[S], players: int = 2, seed: int = 1, **options: Any) -> S:
    """A new game of the state class `kind`, typed as that class."""
    state = sleuth.new_game(kind.name, players=players, seed=seed, **options)
    assert isinstance(state, kind)
    return state


def run_app(
    app: App[Any],
    script: Callable[[Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = SIZE,
) -> None:
    """Run `app` headless at `size` and play `script` on it once it has settled."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


def typed(app: GameShell, action: Action) -> str:
    """What the player at the keyboard types for `action`: the line the app itself offers for it
    (its grammar's `typed_for`; every legal action's line is read back as that same action in
    test_command_grammar.py)."""
    line = app.typed_for(action, app.state.view(app.state.to_move))
    assert line is not None, action
    return line


async def type_command(pilot: Pilot[Any], text: str) -> None:
    """Put a line on the command line and press Enter (typing it key by key is slow)."""
    pilot.app.query_one("#command", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


def panel(app: App[Any], name: str) -> str:
    """The plain text of the panel `#name`."""
    content = app.query_one(f"#{name}", Static).content
    return content.plain if hasattr(content, "plain") else str(content)


def screen_text(app: App[Any]) -> str:
    """Every piece of text on the table (under any cover or page): the panels, the board, the
    log, the status line."""
    base = app.screen_stack[0]
    parts = []
    for widget in base.query(Static):
        content = widget.content
        parts.append(content.plain if hasattr(content, "plain") else str(content))
    parts.extend(strip.text for strip in base.query_one("#log", RichLog).lines)
    return "\n".join(parts)

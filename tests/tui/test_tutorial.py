"""A guided first game in the terminal (issue 12): `sleuth play GAME --tutorial` shows the
coach's words in a panel, puts the command of each step on the command line, answers another
command with the coach's reason, and following it plays the tutorial to its end."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static
from typer.testing import CliRunner

from sleuth.cli import app as cli
from sleuth.core.tutorial import load_script, tutorial_games
from sleuth.tui import app_for
from sleuth.tui.shell import GameShell

GAMES = [game for game in tutorial_games() if app_for(game) is not None]
SIZE = (160, 50)


def run(app: GameShell, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


def coach_text(app: GameShell) -> str:
    content = app.query_one("#coach", Static).content
    return content.plain if hasattr(content, "plain") else str(content)


@pytest.mark.parametrize("game", GAMES)
def test_following_the_coach_plays_the_tutorial_to_its_end(game: str) -> None:
    script = load_script(game)
    assert script is not None
    app_class = app_for(game)
    assert app_class is not None
    app = app_class.tutorial(script, bot_delay=0)

    async def follow(pilot: Pilot[None]) -> None:
        for number, step in enumerate(script.steps, 1):
            await pilot.pause()
            assert app.state.to_move == script.learner
            shown = " ".join(coach_text(app).split())
            assert f"(step {number} of {len(script.steps)})" in shown
            assert " ".join(step.say.split()) in shown
            advice = app.coach.advice(app.state, script.learner) if app.coach else None
            assert advice is not None and advice["state"] == "act"
            typed = app.query_one("#command", Input).value
            assert typed and f"Type: {typed}" in shown  # the step's command, ready for Enter
            before = len(app.state.history)
            await pilot.press("enter")
            await pilot.pause()
            assert app.state.history[before].to_json() == advice["suggest"]
        shown = " ".join(coach_text(app).split())
        assert "(done)" in shown and " ".join(script.closing.split()) in shown
        assert script.steps[-1].done in shown

    run(app, follow)


def test_another_command_gets_the_coachs_reason_and_changes_nothing() -> None:
    script = load_script("stop-thief")
    assert script is not None
    app_class = app_for("stop-thief")
    assert app_class is not None
    app = app_class.tutorial(script, bot_delay=0)

    async def stray(pilot: Pilot[None]) -> None:
        app.query_one("#command", Input).value = "card 1"
        await pilot.press("enter")
        await pilot.pause()
        assert app.state.history == []
        assert app.message == f"Coach: {script.steps[0].otherwise}"
        assert "(step 1 of" in coach_text(app)

    run(app, stray)


def test_the_tutorial_flag_refuses_a_table_of_its_own() -> None:
    result = CliRunner().invoke(cli, ["play", "stop-thief", "--tutorial", "--players", "4"])
    assert result.exit_code == 2
    assert "a guided game sets up its own table; leave out --players" in result.output

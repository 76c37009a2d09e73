"""The terminal says each game's own prompt: the status line is `view["prompt"]["words"]`.

Every game's terminal app, on the shared shell, at its human's turns through a
game against a bot: the line under the board says what the engine's prompt says,
with what to type for the choices open now; the status panel names the same task.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.widgets import Static

from sleuth.tui import app_for, playable
from sleuth.tui.shell import GameShell

SIZE = (160, 50)
TURNS = 12  # human decisions checked in each game


def line(app: GameShell, name: str) -> str:
    content = app.query_one(f"#{name}", Static).content
    return content.plain if hasattr(content, "plain") else str(content)


@pytest.mark.parametrize("game", playable())
def test_the_status_line_is_the_prompt(game: str) -> None:
    shell = app_for(game)
    assert shell is not None
    app = shell(players=2, bots=1, seed=5, bot_delay=0)
    chooser = random.Random(5)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            state = app.state
            for _ in range(TURNS):
                if state.over:
                    break
                assert state.to_move == 0  # the bot's turns were played at once
                prompt = state.view(0)["prompt"]
                said = line(app, "message")
                assert said.startswith(f"{app.who(0)}: {prompt['words']}"), said
                for choice in prompt["choices"]:
                    typed = app.TYPED.get(choice["kind"])
                    assert typed is not None, f"no command shown for {choice['kind']}"
                    assert typed in said
                assert said.endswith("help · legal)")
                app.take_in(state.apply(chooser.choice(state.legal_actions())))
                app.proceed()
                await pilot.pause()

    asyncio.run(main())

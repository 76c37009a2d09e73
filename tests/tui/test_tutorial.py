"""A guided first game in the terminal (issue 12): `sleuth play GAME --tutorial` shows the
coach's words in a panel, puts the command of each step on the command line, answers another
command with the coach's reason, and following it plays the tutorial to its end."""

from __future__ import annotations

import html
import re

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Input, Static

from sleuth.core.tutorial import Script, load_script, tutorial_games
from sleuth.tui import app_for
from sleuth.tui.shell import GameShell
from tests.command_line import run_sleuth
from tests.tui.pilot import panel, run_app

GAMES = [game for game in tutorial_games() if app_for(game) is not None]
SIZE = (160, 50)


def tutorial_app(game: str) -> tuple[Script, GameShell]:
    """The game's guided first game and its terminal app, bots at once."""
    script = load_script(game)
    assert script is not None
    app_class = app_for(game)
    assert app_class is not None
    return script, app_class.tutorial(script, bot_delay=0)


def coach_text(app: GameShell) -> str:
    """The coach panel's words, with its border's head (the lesson, the step) and foot (the
    command to type)."""
    coach = app.query_one("#coach", Static)
    content = coach.content
    words = content.plain if hasattr(content, "plain") else str(content)
    head, foot = (
        Content.from_markup(edge or "").plain
        for edge in (coach.border_title, coach.border_subtitle)
    )
    return "\n".join([head, words, foot])


@pytest.mark.parametrize("game", GAMES)
def test_following_the_coach_plays_the_tutorial_to_its_end(game: str) -> None:
    script, app = tutorial_app(game)

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

    run_app(app, follow, SIZE)


def test_another_command_gets_the_coachs_reason_and_changes_nothing() -> None:
    script, app = tutorial_app("stop-thief")

    async def stray(pilot: Pilot[None]) -> None:
        app.query_one("#command", Input).value = "card 1"
        await pilot.press("enter")
        await pilot.pause()
        assert app.state.history == []
        assert app.message == f"Coach: {script.steps[0].otherwise}"
        assert "(step 1 of" in coach_text(app)

    run_app(app, stray, SIZE)


def test_the_tutorial_flag_refuses_a_table_of_its_own() -> None:
    result = run_sleuth("play", "stop-thief", "--tutorial", "--players", "4")
    assert result.exit_code == 2
    assert "a guided game sets up its own table; leave out --players" in result.output


def hidden_rows(app: GameShell) -> int:
    """How many rows of the side panels (the case, the hand…) are scrolled out of sight."""
    panels = app.query_one("#panels")
    return max(0, panels.virtual_size.height - panels.region.height)


@pytest.mark.parametrize("game", [g for g in GAMES if g != "manhunt"])  # Manhunt's scroll
def test_at_120x40_the_first_step_shows_every_row_of_the_panels(game: str) -> None:
    """Stop Thief's case panel lost its last two rows (the rival's line) to the coach at
    120x40, and Columbo's detectives their last; Manhunt's handbook is taller than any
    screen and scrolls by design."""
    script, app = tutorial_app(game)

    async def look(pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert not app.compact
        assert hidden_rows(app) == 0
        assert app.query_one("#log").region.height >= 6

    run_app(app, look, (120, 40))


def test_at_120x40_a_long_error_keeps_the_message_line_s_height_and_goes_whole_to_the_log() -> None:
    """A refusal as long as three lines took rows from the panels above it; it wraps into
    the message line's two rows, the rest cut, and the log keeps the whole of it."""
    script, app = tutorial_app("stop-thief")
    words = "✗ " + " ".join(["This refusal goes on and on."] * 12)  # 350 characters

    async def refuse(pilot: Pilot[None]) -> None:
        await pilot.pause()
        message = app.query_one("#message", Static)
        before = (message.region.height, app.query_one("#panels").region.height)
        app.say(words, error=True)
        await pilot.pause()
        assert (message.region.height, app.query_one("#panels").region.height) == before
        shown = panel(app, "message")
        assert shown.endswith(" … (whole in the log)") and shown.count("\n") == 1
        assert words.startswith(" ".join(shown.removesuffix(" … (whole in the log)").split()))
        assert app.log_lines[-1] == words  # whole, in the log
        app.say("✗ Short.", error=True)
        await pilot.pause()
        assert panel(app, "message") == "✗ Short."
        assert message.region.height == before[0]

    run_app(app, refuse, (120, 40))


def screen_rows(app: GameShell) -> list[str]:
    """The screen's rows of text as drawn (Textual's SVG screenshot, one <text> per run)."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, words in re.findall(
        r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', app.export_screenshot()
    ):
        rows.setdefault(float(y), []).append((float(x), html.unescape(words)))
    return [
        "".join(t for _, t in sorted(runs)).replace("\xa0", " ") for _, runs in sorted(rows.items())
    ]


def coach_shown(app: GameShell) -> str:
    """The words inside the coach's box on screen (its border rows left out), one line."""
    rows = screen_rows(app)
    top = next(i for i, row in enumerate(rows) if row.startswith("╭─ Coach"))
    bottom = next(i for i in range(top + 1, len(rows)) if rows[i].startswith("╰"))
    return " ".join(" ".join(row.strip("│") for row in rows[top + 1 : bottom]).split())


@pytest.mark.parametrize("game", GAMES)
def test_at_120x40_every_step_shows_the_coach_s_words_and_why_whole(game: str) -> None:
    """The coach's box kept at most six rows of words: every game's first step lost its
    "Why:" line (the rulebook's section), Manhunt's its last sentence too, and Stop Thief's
    step 14 filled all six rows, with no room for one more."""
    script, app = tutorial_app(game)

    async def walk(pilot: Pilot[None]) -> None:
        for number in range(1, len(script.steps) + 2):  # and the closing words
            await pilot.pause()
            whole = " ".join(panel(app, "coach").split())
            if number <= len(script.steps) and script.steps[number - 1].guide:
                assert "Why: “" in whole
            assert coach_shown(app) == whole, f"step {number}"
            if number <= len(script.steps):
                await pilot.press("enter")

    run_app(app, walk, (120, 40))

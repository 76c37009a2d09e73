"""The terminal session around a game (issue 13): saved as it goes, resumed to the same game,
a damaged save refused untouched, quitting only after asking, the command history."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

import sleuth
from sleuth.tui import app_for, saves
from sleuth.tui.session import CommandLine, QuitScreen
from sleuth.tui.shell import CoverScreen, GameShell, InfoScreen
from tests.command_line import run_sleuth

SIZE = (120, 40)
TABLES = {"stop-thief": (3, 1), "manhunt": (3, 1), "kojak": (3, 1), "columbo": (3, 1)}


def run_app(app: GameShell, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


async def play_some(pilot: Pilot[None], app: GameShell, moves: int, seed: int) -> None:
    """The humans take `moves` random legal actions as the shell takes a typed one (the bots
    answer at once), passing the cover whenever it rises."""
    rng = random.Random(seed)
    for _ in range(moves):
        if app.state.over:
            return
        if isinstance(app.screen, CoverScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert app.viewer == app.state.to_move
        events = app.state.apply(rng.choice(app.state.legal_actions()))
        app.take_in(events)
        app.acted(events)
        app.proceed()


def new_table(game: str, path: Path, seed: int = 5) -> GameShell:
    players, bots = TABLES[game]
    app_class = app_for(game)
    assert app_class is not None
    app = app_class(players, bots, seed, "random", 0)  # the cheapest bots: tests stay quick
    app.save_path = path
    return app


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_game_saved_as_it_goes_resumes_to_the_same_game(game: str, tmp_path: Path) -> None:
    """Two humans and a bot play some moves and leave (Ctrl+Q asks, y leaves); resumed from
    its save, the game is the same (its record, every seat's view, the log) and goes on
    being saved; the cover rises for whoever is to move, so no secret shows."""
    path = tmp_path / f"{game}.json"
    first = new_table(game, path)

    async def leave(pilot: Pilot[None]) -> None:
        assert json.loads(path.read_text())["record"]["actions"] == []  # saved from the start
        await play_some(pilot, first, 12, seed=3)
        saved = json.loads(path.read_text())
        assert saved["record"] == first.state.record().to_json()  # saved after every move
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(first.screen, QuitScreen)
        assert str(path) in str(first.screen.query_one("#quit-text").render())
        await pilot.press("y")
        await pilot.pause()

    run_app(first, leave)
    assert first.return_code == 0 and not first.is_running
    app_class = type(first)
    again = app_class.resume(path, bot_delay=0)
    seats = range(first.state.players)

    async def go_on(pilot: Pilot[None]) -> None:
        state = again.state
        assert state.record() == first.state.record()
        assert [state.view(s) for s in seats] == [first.state.view(s) for s in seats]
        assert again.log_lines[:-1] == first.log_lines
        assert again.log_lines[-1] == f"── Resumed from {path} ──"
        assert isinstance(again.screen, CoverScreen) and again.viewer is None
        assert again.screen.seat == state.to_move
        done = len(state.history)
        await play_some(pilot, again, 3, seed=4)
        assert len(state.history) > done or state.over
        assert json.loads(path.read_text())["record"] == state.record().to_json()

    run_app(again, go_on)


def test_quitting_asks_first_from_the_command_line_a_dialog_and_ctrl_q(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    app = new_table("stop-thief", path)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # the cover
        await pilot.pause()
        app.run_command("quit")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        for key in ("n", "escape", "enter"):  # each keeps the game going
            if not isinstance(app.screen, QuitScreen):
                app.run_command("q")
                await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert app.is_running and not isinstance(app.screen, QuitScreen), key
        app.run_command("help")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        await pilot.press("q")  # q in a dialog asks too
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        words = str(app.screen.query_one("#quit-text").render())
        assert "saved" in words and "sleuth play --resume" in words
        await pilot.press("ctrl+q")  # Ctrl+Q again leaves
        await pilot.pause()
        assert not app.is_running

    run_app(app, script)


def test_a_game_that_is_not_saved_says_so_before_leaving() -> None:
    app_class = app_for("kojak")
    assert app_class is not None
    app = app_class(2, 1, 3, None, 0)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        assert "not saved" in str(app.screen.query_one("#quit-text").render())

    run_app(app, script)


# --- damaged saves --------------------------------------------------------------------------


def a_save(tmp_path: Path) -> Path:
    """A save of a Kojak game a few moves in, written as the terminal writes it."""
    path = tmp_path / "kojak.json"
    state = sleuth.new_game("kojak", players=3, seed=5)
    rng = random.Random(1)
    for _ in range(4):
        state.apply(rng.choice(state.legal_actions()))
    saves.write(path, saves.Table(state.record(), 1, "random"))
    return path


def spoil(data: dict[str, Any], how: str) -> str:
    if how == "truncated":
        return json.dumps(data)[:-40]
    if how == "other format":
        return json.dumps({**data, "format": "something-else"})
    if how == "bad action":
        data["record"]["actions"][1] = {"kind": "fly", "to": "moon"}
    elif how == "bad bots":
        data["bots"] = 7
    elif how == "bad level":
        data["bot_level"] = "genius"
    elif how == "no record":
        del data["record"]
    elif how == "bad option":
        data["record"]["options"]["version"] = "turbo"
    return json.dumps(data)


@pytest.mark.parametrize(
    "how, says",
    [
        ("truncated", "cannot be read"),
        ("other format", "not a sleuth terminal save"),
        ("bad action", "action 1"),
        ("bad bots", "7 bots"),
        ("bad level", "genius"),
        ("no record", "lacks 'record'"),
        ("bad option", "damaged"),
    ],
)
def test_a_damaged_save_is_refused_clearly_and_left_as_it_was(
    tmp_path: Path, how: str, says: str
) -> None:
    path = a_save(tmp_path)
    path.write_text(spoil(json.loads(path.read_text()), how))
    before = path.read_bytes()
    with pytest.raises(saves.BadSave, match=says) as caught:
        saves.read(path)
    assert str(path) in str(caught.value)
    result = run_sleuth("play", "--resume", str(path))
    assert result.exit_code == 2
    assert says in " ".join(result.output.split())
    assert path.read_bytes() == before


def test_resume_finds_the_latest_unfinished_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = saves.save_dir()
    assert folder == tmp_path / "sleuth" / "saves"
    with pytest.raises(saves.BadSave, match="no unfinished game"):
        saves.latest()
    older = a_save(tmp_path)
    kojak = saves.new_path("kojak", 1)
    assert kojak.parent == folder and kojak.name.startswith("kojak-")
    folder.mkdir(parents=True)
    older.rename(kojak)
    manhunt = folder / "manhunt.json"
    saves.write(manhunt, saves.Table(sleuth.new_game("manhunt", 2, 1).record(), 1, "expert"))
    finished = folder / "finished.json"
    table, _ = saves.read(kojak)
    saves.write(finished, saves.Table(table.record, 1, "expert", over=True))
    assert saves.latest() == manhunt  # the newest unfinished one
    assert saves.latest("kojak") == kojak
    with pytest.raises(saves.BadSave, match="no unfinished columbo game"):
        saves.latest("columbo")
    # `--resume` alone, or before a game's name, means the latest; without a terminal the
    # command stops after reading it (a test has none: tests/command_line.py)
    for args in (["--resume"], ["kojak", "-r"], ["--resume", "kojak"]):
        result = run_sleuth("play", *args)
        assert "needs a terminal" in result.output, args
    result = run_sleuth("play", "--resume", "--players", "2")
    assert result.exit_code == 2 and "leave out --players" in " ".join(result.output.split())


# --- the command line -----------------------------------------------------------------------


def test_up_and_down_bring_back_earlier_commands() -> None:
    app_class = app_for("stop-thief")
    assert app_class is not None
    app = app_class(3, 2, 4, "random", 0)

    async def script(pilot: Pilot[None]) -> None:
        line = app.query_one("#command", CommandLine)
        for text in ("dance", "legal", "legal", "  ", "m 9-99"):
            line.value = text
            await pilot.press("enter")
            await pilot.pause()
            if isinstance(app.screen, InfoScreen):
                await pilot.press("escape")
                await pilot.pause()
        assert line.history == ["dance", "legal", "m 9-99"]  # no blank, no repeat
        line.value = "r"  # being typed
        seen = []
        for _ in range(4):
            await pilot.press("up")
            seen.append(line.value)
        assert seen == ["m 9-99", "legal", "dance", "dance"]
        assert line.cursor_position == len("dance")
        await pilot.press("down", "down")
        assert line.value == "m 9-99"
        await pilot.press("down")
        assert line.value == "r"  # back to the draft
        await pilot.press("down")
        assert app.query_one("#command", Input).value == "r"

    run_app(app, script)


def test_leaving_prints_how_to_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What `sleuth play` prints once the app has ended: the seed and the resume command, as
    it was typed (bin/sleuth says how)."""
    from sleuth.commands.play import _run

    app = new_table("kojak", tmp_path / "k.json")
    monkeypatch.setattr(app, "run", lambda: None)  # as if the players had left at once
    monkeypatch.setenv("SLEUTH_COMMAND", "bin/sleuth")
    _run(app)
    said = capsys.readouterr().out
    assert "Kojak Detective Game, seed 5." in said
    assert f"saved in {tmp_path / 'k.json'}" in said
    assert "To go on with it: bin/sleuth play --resume" in said


def test_undo_takes_back_a_move_in_the_turn_and_nothing_else(tmp_path: Path) -> None:
    """`undo` as the browser's Undo (GameState.can_undo): a Stop Thief move is taken back
    while the turn goes on (decision D8); pressing CLUE, which draws a clue, is not."""
    from sleuth.games.stop_thief.tui import StopThiefApp

    app = StopThiefApp(players=2, bots=1, seed=4, bot_level="random", bot_delay=0)
    app.save_path = tmp_path / "st.json"

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        assert state.to_move == 0 and state.view(0)["phase"] == "clue"
        app.run_command("c")
        done = len(state.history)
        app.run_command("undo")
        message = app.query_one("#message", Static).content
        assert "nothing of yours to take back" in str(message)
        assert len(app.state.history) == done
        app.run_command("r")
        before = app.state.view(0)
        lines = list(app.log_lines)
        target = next(a["to"] for a in before["legal"] if a["kind"] == "move"
                      and a["to"] != before["detectives"][0]["node"])  # fmt: skip
        app.run_command(f"m {target}")
        assert app.state.view(0)["detectives"][0]["node"] == target
        assert "undo" in str(app.query_one("#message", Static).content)
        app.run_command("undo")
        await pilot.pause()
        assert app.state is not state and app.state.view(0) == before
        assert app.log_lines[:-1] == lines
        assert app.log_lines[-1].startswith("(Detective 1 (") and "took back:" in app.log_lines[-1]
        saved = json.loads((tmp_path / "st.json").read_text())["record"]
        assert saved == app.state.record().to_json() and len(saved["actions"]) == done + 1
        app.run_command(f"m {target}")  # the turn goes on from where it was
        assert app.state.view(0)["detectives"][0]["node"] == target

    run_app(app, script)

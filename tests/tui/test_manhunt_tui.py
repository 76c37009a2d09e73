"""Manhunt in the terminal: the board as text, the commands, and whole games on a pilot."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from sleuth.bots import make_bot
from sleuth.core import Action
from sleuth.games.manhunt.board import load_board
from sleuth.games.manhunt.state import Manhunt
from sleuth.games.manhunt.tui import (
    CommandError,
    ManhuntApp,
    layout,
    legal_summary,
    move_targets,
    parse_command,
    render_board,
    space_at,
)
from tests.tui.pilot import new, panel, run_app, type_command, typed

BOARD = load_board()


def to_move_phase(state: Manhunt) -> dict[str, Any]:
    """Place every car and spin once: the seat to move now has moves to choose from."""
    while state.turn.phase == "place":
        state.apply(state.legal_actions()[0])
    state.apply(Action.of("spin"))
    assert state.turn.phase == "move"
    return state.view(state.to_move)


# --- the board as text ------------------------------------------------------------------------


def test_board_text_shows_every_space_cars_and_marks() -> None:
    for wide, size in ((True, (25, 75)), (False, (17, 51))):
        lines = render_board(BOARD, wide=wide).plain.split("\n")
        assert (len(lines), max(len(line) for line in lines)) == size
        lay = layout(BOARD, wide)
        assert len(set(lay.cells.values())) == len(BOARD.spaces)  # no two spaces overlap
        for space in BOARD.spaces:
            row, col = lay.cells[space.id]
            assert space_at(BOARD, col - 1, row, wide) == space.id
            assert space_at(BOARD, col + 1, row, wide) == space.id
            if space.kind == "place":
                assert lines[row][col] == str(space.place)
            elif space.kind == "badge":
                assert lines[row][col] == "★"
    plain = render_board(BOARD, {"hq-n": [0, 1], "4": [5]}, {"a1": "a", "1a": "b"}).plain
    rows = plain.split("\n")
    lay = layout(BOARD)
    row, col = lay.cells["hq-n"]
    assert rows[row][col - 1 : col + 2].strip() == "GR"  # green and red share a Badge space
    row, col = lay.cells["4"]
    assert rows[row][col] == "K"  # the black car
    row, col = lay.cells["a1"]
    assert rows[row][col] == "a"
    row, col = lay.cells["1a"]
    assert rows[row][col - 1 : col + 2].strip() == "b1"  # a lit place keeps its number
    assert "MANHUNT" in plain.replace(" ", "") and "SCENE OF CRIME" in plain


# --- commands ---------------------------------------------------------------------------------


def test_commands_read_into_actions() -> None:
    state = new(Manhunt)
    view = to_move_phase(state)
    targets = move_targets(view)
    assert list(targets)[:3] == ["a", "b", "c"]
    assert set(targets.values()) == {str(a["to"]) for a in view["legal"]}
    read = {
        "s": Action.of("spin"),
        "SPIN": Action.of("spin"),
        "m a": Action.of("move", to=targets["a"]),
        "m 1a": Action.of("move", to="1a"),
        "move hq-s": Action.of("move", to="hq-s"),
        "p n": Action.of("place", badge="hq-n"),
        "place west": Action.of("place", badge="hq-w"),
        "call red": Action.of("call", seat=1),
        "call 1": Action.of("call", seat=0),
        "confer b": Action.of("confer", seat=2),
        "nocall": Action.of("no_call"),
        "ask 5": Action.of("ask", flap=5),
        "7": Action.of("ask", flap=7),
        "accuse r7": Action.of("accuse", suspect="R7"),
        "accuse Maria Net": Action.of("accuse", suspect="R1"),
    }
    for text, action in read.items():
        assert parse_command(text, {**view, "players": 3}).action == action, text
    for text, meta in (("legal", "legal"), ("?", "help"), ("ro", "readout"), ("z", "zoom")):
        assert parse_command(text, view).meta == meta
    command = parse_command("record r16", view)
    assert (command.meta, command.arg) == ("record", "R16")


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "type a command"),
        ("dance", "unknown command"),
        ("m", "say where"),
        ("m zz", "no space"),
        ("p x", "no Badge space"),
        ("call purple", "no 'purple' car"),
        ("ask five", "number from 3 to 8"),
        ("accuse R99", "no suspect"),
        ("s now", "takes nothing"),
        ("m a b", "takes one thing"),
    ],
)
def test_bad_commands_explain_themselves(text: str, says: str) -> None:
    view = to_move_phase(new(Manhunt))
    with pytest.raises(CommandError, match=says):
        parse_command(text, view)


def test_legal_summary_speaks_in_commands() -> None:
    state = new(Manhunt)
    assert "p n: start on the north Badge space" in legal_summary(state.view(state.to_move))
    view = to_move_phase(state)
    summary = legal_summary(view)
    assert summary.startswith("m <letter>: a ") and summary.count("\n") == 0
    assert legal_summary({"legal": []}) == "nothing: it is not your turn"


# --- the app on a pilot -----------------------------------------------------------------------


def test_clicking_a_lit_space_fills_the_command_line() -> None:
    app = ManhuntApp(players=2, bots=1, seed=5, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        assert state.view(0)["phase"] == "place"
        row, col = layout(BOARD, app.wide).cells["hq-s"]
        await pilot.click("#board", offset=(col, row))
        await pilot.pause()
        assert app.query_one("#command", Input).value == "p s"
        line = app.query_one("#command", Input)
        line.value = ""
        row, col = next(cell for space, cell in layout(BOARD, app.wide).cells.items()
                        if space not in ("hq-n", "hq-s", "hq-e", "hq-w"))  # fmt: skip
        await pilot.click("#board", offset=(col, row))  # not a Badge space: says why
        await pilot.pause()
        assert "not a space you may go to now" in panel(app, "message")
        assert line.value == "" and app.focused is line
        await type_command(pilot, "p s")
        await type_command(pilot, "s")
        if state.to_move == 0 and state.turn.phase == "move":
            label, space = next(iter(move_targets(state.view(0)).items()))
            row, col = layout(BOARD, app.wide).cells[space]
            await pilot.click("#board", offset=(col, row))
            await pilot.pause()
            assert app.query_one("#command", Input).value == f"m {label}"
        await type_command(pilot, "zoom")
        assert not app.wide
        assert panel(app, "computer").startswith(" NUMBERED")

    run_app(app, script)


@pytest.mark.parametrize(
    "args, says",
    [
        (["manhunt", "--players", "5", "--bots", "1"], "2-4 single players"),
        (["manhunt", "--bot-level", "detective"], "choose one of random, beginner, intermediate"),
        (["manhunt", "-o", "crime=arson"], "crime must be one of"),
        (["manhunt", "-o", "crime"], "NAME=VALUE"),
        (["chess"], "no game called"),
    ],
)
def test_play_command_refuses_bad_manhunt_tables(args: list[str], says: str) -> None:

    from tests.command_line import run_sleuth

    result = run_sleuth("play", *args)
    assert result.exit_code == 2
    assert says in " ".join(result.output.replace("│", "").split())


def test_the_high_spinner_places_first_in_the_terminal() -> None:
    """MH-TURN-01: the terminal starts as the rulebook does: everyone spins the NUMBERED dial,
    the log shows the spins, and the highest spinner places his car first."""
    app = ManhuntApp(players=3, bots=3, seed=6, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        spin = next(e for e in state.log if e.kind == "first_spin").data
        last = spin["rounds"][-1]
        assert last[str(spin["first"])] == max(last.values()) and spin["first"] != 0
        place = next(e for e in state.log if e.kind == "place").data
        assert place["seat"] == spin["first"] == state.first
        assert any(line.startswith("Spins for first place") for line in app.log_lines)

    run_app(app, script)


def test_the_handbook_names_the_suspects_left_first() -> None:
    """Once some suspects are crossed out, the Handbook lists only those left, by name, so they
    are never below the panel's fold (at 120x40 a list of all 32 was cut at R15). Each row
    punched shows its flap, hole and clue; the log says only that someone probed in secret."""
    app = ManhuntApp(players=2, bots=1, seed=3, bot_delay=0)
    adviser = make_bot("manhunt", "expert", seed=9)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        checked = False
        for _ in range(400):
            if state.over:
                break
            suspects = state.view(0)["handbook"]["suspects"]
            left = [s for s in suspects if not s["crossed"]]
            if 1 < len(left) < len(suspects):
                await pilot.pause()
                text = panel(app, "handbook")
                assert f"Suspects: {len(left)} left" in text
                assert all(f"{s['number']} {s['name']}" in text for s in left)
                gone = [s for s in suspects if s["crossed"]]
                assert not any(f"{s['number']} {s['name']}" in text for s in gone)
                rows = [r for r in state.view(0)["handbook"]["rows"] if r["clue"]]
                assert rows and all(f"{r['flap']} {r['hole']} {r['clue']}" in text for r in rows)
                assert any("probes" in line and "in secret" in line for line in app.log_lines)
                checked = True
                break
            app.run_command(typed(app, adviser.choose(state, 0)))
        assert checked

    run_app(app, script)

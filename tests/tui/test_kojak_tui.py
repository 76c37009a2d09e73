"""Kojak in the terminal: the board as text, the commands, and whole games on a pilot."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from textual.pilot import Pilot

import sleuth
from sleuth.bots import make_bot
from sleuth.core import Action
from sleuth.games.kojak.board import load_board
from sleuth.games.kojak.state import Kojak
from sleuth.games.kojak.tui import (
    SHORT,
    CommandError,
    KojakApp,
    board_marks,
    cell_of,
    legal_summary,
    move_targets,
    parse_command,
    render_board,
    ring,
)
from tests.tui.pilot import new, panel, run_app, type_command, typed

BOARD = load_board()


def to_drive_phase(state: Kojak) -> dict[str, Any]:
    """Set every player up and roll: the seat to move now has places to drive to."""
    while state.turn.phase == "setup":
        state.apply(state.legal_actions()[0])
    state.apply(Action.of("roll"))
    assert state.turn.phase == "drive"
    return state.view(state.to_move)


# --- the board as text ------------------------------------------------------------------------


def test_building_names_stay_whole_through_play() -> None:
    """Issue 13 reported "HOTE" where a lot marker follows. No place, lot, road or mark is
    drawn on a building's name, and in random games (both versions, four players, with the
    marks of the player to move) every name stays whole on every turn."""
    spans = set()
    for b in BOARD.buildings.values():
        row, col = cell_of(b.x, b.y)
        spans |= {(row, col + k) for k in range(len(SHORT[b.id]))}
    places = [*BOARD.path.values(), *((lot.x, lot.y) for lot in BOARD.lots.values())]
    for x, y in places:
        row, col = cell_of(x, y)
        assert not {(row, col + k) for k in range(4)} & spans, (x, y)  # 3 wide, then a road
    for version in ("fast", "advanced"):
        state = new(Kojak, players=4, seed=2, version=version)
        rng = random.Random(2)
        for _ in range(120):
            if state.over:
                break
            view = state.view(state.to_move)
            text = render_board(BOARD, view, board_marks(view)).plain
            assert all(name in text for name in SHORT.values()), text
            pick = dict(rng.choice(view["legal"]))
            state.apply(Action.of(pick.pop("kind"), **pick))


def test_board_text_shows_path_lots_buildings_headquarters_and_pieces() -> None:
    state = new(Kojak, players=3, version="advanced")
    view = to_drive_phase(state)
    lines = render_board(BOARD, view).plain.split("\n")
    assert len(lines) == BOARD.height - 2
    for space, (x, y) in BOARD.path.items():
        row, col = cell_of(x, y)
        assert lines[row][col + 1] in "·WKOwko", space
    for name in ("MOVIE", "RESTAURANT", "HOTEL", "BUS STATION"):
        assert name in "\n".join(lines)
    row, col = cell_of(*(lambda lot: (lot.x, lot.y))(BOARD.lots["lot-lieutenant"]))
    assert lines[row][col : col + 3] == "wko"  # every Kojak's car waits in the Lieutenant's lot
    start = BOARD.hq["start"]
    row, col = cell_of(start.x, start.y)
    assert lines[row][col : col + 3] == "wko"  # and every Kojak stands on the Start space
    marks = {str(a["to"]): "a" for a in view["legal"][:1]}
    lines = render_board(BOARD, view, marks).plain.split("\n")
    lot = next(iter(marks))
    x, y = BOARD.path.get(lot) or (BOARD.lots[lot].x, BOARD.lots[lot].y)
    row, col = cell_of(x, y)
    assert lines[row][col + 1] == "a"


def test_turntable_ring_shows_only_what_was_seen() -> None:
    table = {"seen": [None, True, False, None], "front": 1}
    assert ring(table).plain == "[●] ○ ? ?"


# --- commands ---------------------------------------------------------------------------------


def test_commands_read_into_actions() -> None:
    state = new(Kojak)
    view = state.view(state.to_move)
    read = {
        "park w": Action.of("park", lot="lot-hq-west"),
        "PARK east": Action.of("park", lot="lot-hq-east"),
        "badge hotel": Action.of("badge", building="hotel"),
        "badge diner": Action.of("badge", building="restaurant"),
        "r": Action.of("roll"),
        "c": Action.of("draw"),
        "stay": Action.of("stay"),
        "j radio": Action.of("jump", room="radio"),
        "j cmd": Action.of("jump", room="command"),
        "radio": Action.of("jump", room="radio"),
        "w computer": Action.of("walk", to="y3"),
        "w h5": Action.of("walk", to="h5"),
        "t hotel 2": Action.of("turn", building="hotel", spaces=2),
        "take": Action.of("take"),
        "arrest": Action.of("arrest"),
        "leave": Action.of("leave_hq"),
        "end": Action.of("end_turn"),
        "d movie": Action.of("drive", car="detective", to="lot-movie"),
        "d r05c04": Action.of("drive", car="detective", to="r05c04"),
        "k bus": Action.of("drive", car="kojak", to="lot-bus"),
    }
    for text, action in read.items():
        assert parse_command(text, view).action == action, text
    for text, meta in (("legal", "legal"), ("?", "help"), ("sheet", "sheet"), ("q", "quit")):
        assert parse_command(text, view).meta == meta
    view = to_drive_phase(state)
    targets = move_targets(view)
    assert list(targets)[:2] == ["a", "b"]
    assert parse_command("d a", view).action == targets["a"]
    assert parse_command("m b", view).action == targets["b"]


def test_fast_game_turns_the_table_under_the_badge() -> None:
    view = {"seat": 0, "pieces": [{"badge": "bus"}]}
    assert parse_command("t 1", view).action == Action.of("turn", building="bus", spaces=1)


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "type a command"),
        ("dance", "unknown command"),
        ("park", "which Headquarters lot"),
        ("park north", "no Headquarters lot"),
        ("badge zoo", "no building"),
        ("d", "say where"),
        ("d zz", "no place"),
        ("w nowhere", "no Headquarters space"),
        ("j kitchen", "no room"),
        ("t hotel 3", "1 or 2 spaces"),
        ("r now", "takes nothing"),
        ("d a b", "takes one thing"),
        ("w a", "is a move for 'd a'"),
    ],
)
def test_bad_commands_explain_themselves(text: str, says: str) -> None:
    view = to_drive_phase(new(Kojak))
    with pytest.raises(CommandError, match=says):
        parse_command(text, view)


def test_legal_summary_speaks_in_commands() -> None:
    state = new(Kojak)
    summary = legal_summary(state.view(state.to_move))
    assert "park w: park your Detective's car in the west Headquarters lot" in summary
    summary = legal_summary(to_drive_phase(state))
    assert summary.startswith("d <letter>: a Detective to ") and summary.count("\n") == 0
    assert legal_summary({"legal": []}) == "nothing: it is not your turn"


def test_advanced_true_is_the_advanced_version() -> None:
    app = KojakApp(players=2, bots=1, seed=1, options={"advanced": True})
    assert app.state.options.version == "advanced"
    app = KojakApp(players=2, bots=1, seed=1, options={"advanced": False})
    assert app.state.options.version == "fast"


# --- the app on a pilot -----------------------------------------------------------------------


def test_notebook_rules_out_in_the_sheet_order_and_the_log_names_places() -> None:
    """KJ-CLUE-07: the player circles the building a statement clears on the row at the foot of
    the sheet, printed Restaurant, Bus Station, Hotel, Movie (KJ-EXAMPLE-02); a statement is
    labelled with the building it clears, which need not be the informer's (KJ-EXAMPLE-05).
    KJ-TURN-01: the log opens with the throw for first player. The log names no space by id."""
    app = KojakApp(players=2, bots=1, seed=2, bot_delay=0)  # a seed with an early clue

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        me = app.viewer
        assert me is not None
        bot = make_bot("kojak", "expert", seed=me)
        for _ in range(400):  # play until the human takes a code
            if any(e.kind == "clue" and e.data["seat"] == me for e in state.log) or state.over:
                break
            if state.to_move == me:
                await type_command(pilot, typed(app, bot.choose(state, me)))
            else:
                await pilot.pause()
        (clue,) = [e for e in state.log if e.kind == "clue" and e.data["seat"] == me]
        text = panel(app, "notebook")
        assert f"Find {state.case.sheet.criminal}." in text
        clears = BOARD.buildings[str(clue.data["clears"])].name
        heard = BOARD.buildings[str(clue.data["building"])].name
        assert f"Code {clue.data['code']} rules out the {clears}: " in text
        assert f"(heard at the {heard})" in text
        row = text[text.index("Buildings: ") :]
        at = [row.index(name) for name in ("Restaurant", "Bus Station", "Hotel", "Movie House")]
        assert at == sorted(at)
        assert f"✕({clears})" in row
        # What the codes add up to comes before the codes: at 120x40 a notebook with three
        # codes cut off the buildings row and "Only ... is left!" (seen in a hand-played game).
        assert text.index("Buildings: ") < text.index(f"Code {clue.data['code']}")
        assert "threw highest and goes first" in app.log_lines[1]
        assert "Throws for first: " in app.log_lines[1]
        assert not any(re.search(r"r\d\dc\d\d", line) for line in app.log_lines)
        assert any("drives the Detective's car" in line for line in app.log_lines)

    run_app(app, script)


def test_the_turntables_come_into_sight_at_80x24_when_they_matter() -> None:
    """On a compact screen the turntables lie below the board: when the player may take an
    informer or turn a turntable the pane shows them; in his other moments, the board."""
    app = KojakApp(players=2, bots=1, seed=3, bot_delay=0)
    adviser = make_bot("kojak", "expert", seed=9)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        pane, tables = app.query_one("#board-pane"), app.query_one("#turntables")
        seen = set()
        for _ in range(120):
            if state.over or len(seen) == 2:
                break
            await pilot.pause()
            kinds = {str(c["kind"]) for c in state.view(0)["prompt"]["choices"]}
            if kinds & {"take", "turn"}:
                assert tables.region.bottom <= pane.region.bottom, kinds
                seen.add("tables")
            else:
                assert pane.scroll_y == 0, kinds
                seen.add("board")
            app.run_command(typed(app, adviser.choose(state, 0)))
        assert seen == {"tables", "board"}

    run_app(app, script, (80, 24))


def test_two_cars_lit_on_one_place_show_both_letters() -> None:
    """Played by hand: the Detective's move 'e' and Kojak's car's move 'j' went to one place and
    the board showed only 'e' ('legal' listed both). Seed 1 with two intermediate bots reaches
    such a place after 62 actions; its mark now carries both letters."""
    state = sleuth.new_game("kojak", 2, 1)
    bots = [make_bot("kojak", "intermediate", seed=k) for k in range(2)]
    while len(state.history) < 62:
        state.apply(bots[state.to_move].choose(state, state.to_move))
    view = state.view(state.to_move)
    targets = move_targets(view)
    places = [str(a["to"]) for a in targets.values()]
    shared = {p for p in places if places.count(p) > 1}
    assert shared
    marks = board_marks(view)
    for place in shared:
        letters = "".join(name for name, a in targets.items() if str(a["to"]) == place)
        assert marks[place] == letters and len(letters) > 1
    drawn = render_board(load_board(), view, marks).plain
    assert all(marks[p] in drawn for p in shared)

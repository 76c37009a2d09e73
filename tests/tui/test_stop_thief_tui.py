"""The terminal game: its words, its commands, its board drawing, and whole games on a pilot."""

from __future__ import annotations

import asyncio
import re

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

import sleuth
from sleuth.bots import make_bot
from sleuth.core import Action, Event
from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.board_text import layout, legend, node_at, render_board
from sleuth.games.stop_thief.command_line import (
    CommandError,
    legal_summary,
    parse_command,
)
from sleuth.games.stop_thief.companion.led import led
from sleuth.games.stop_thief.tui import InfoScreen, StopThiefApp
from sleuth.games.stop_thief.words import Narrator, clue_words, node_label, space_label
from tests.tui.pilot import panel, run_app, type_command, typed

# --- words ------------------------------------------------------------------------------------


def test_clue_and_arrest_words() -> None:
    n = Narrator(["Carrie Badger", "Kent Ketchum"])
    clue = {"by": 1, "type": "clue", "bleep": False, "kind": "door", "area": None,
            "display": " dr", "sound": "creaking-door"}  # fmt: skip
    assert n.say(Event("clue", clue)) == (
        "Detective 2 (Kent Ketchum) pressed CLUE: creaking door — dr."
    )
    arrest = Event("arrest", {"seat": 0, "space": 148, "outcome": "false"})
    assert n.say(arrest).startswith(
        "Detective 1 (Carrie Badger) tried an arrest at 1-48: false arrest!"
    )
    bleep = {"by": 0, "type": "clue", "bleep": True, "display": " dr", "sound": "bleep"}
    assert "bleep" in clue_words(bleep) and "dr" in clue_words(bleep)
    crime = {"kind": "crime", "area": 7, "display": "7Cr", "sound": "crime-alarm"}
    assert clue_words(crime) == "crime alarm at the Newsstand (Street 7) — 7Cr"
    assert space_label(593) == "5-93" and node_label("acme") == "the ACME Detective Agency"


def test_every_event_of_a_game_has_words() -> None:
    """Play a whole game with random choices; no event falls back to its raw data."""
    from sleuth.bots import make_bot, play

    state = sleuth.new_game("stop-thief", players=4, seed=11)
    play(state, [make_bot("stop-thief", "random", seed=s) for s in range(4)])
    assert state.over
    n = Narrator()
    lines = [n.say(e) for e in state.log]
    assert not [line for line in lines if ": {" in line]
    kinds = {e.kind for e in state.log}
    assert {"setup", "hand", "clue", "roll", "move", "arrest", "game_over"} <= kinds
    routes = n.routes(state.log[-1].data["routes"])
    assert routes[0].startswith(f"Thief {len(routes)},") and "→" in routes[0]


# --- commands ---------------------------------------------------------------------------------

HAND = [
    {"id": 4, "name": "Lose a Turn", "effect": "lose_turn", "text": ""},
    {"id": 17, "name": "Buy a Tip for $50", "effect": "tip", "text": ""},
]
VIEW = {"hand": HAND, "players": 3}  # what the parser reads of a seat's view


def test_commands_read_into_actions() -> None:
    board = load_board()
    plain = next(n.id for n in board.nodes if n.id.startswith("r"))
    read = {
        "c": Action.of("clue"),
        "R": Action.of("roll"),
        "m 1-48": Action.of("move", to="148"),
        "move 148": Action.of("move", to="148"),
        f"m {plain}": Action.of("move", to=plain),
        "m acme": Action.of("move", to="acme"),
        "ride ne": Action.of("ride", to="subway-ne"),
        "ride subway-centre": Action.of("ride", to="subway-centre"),
        "a 1-48": Action.of("arrest", space=148),
        "card 1 3": Action.of("play_card", card=4, target=2),
        "card #17": Action.of("play_card", card=17),
        "e": Action.of("end_turn"),
        "pay": Action.of("pay_fine"),
    }
    for text, action in read.items():
        assert parse_command(text, VIEW).action == action, text
    assert parse_command("legal", {}).meta == "legal"
    assert parse_command("help", {}).meta == "help"


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "type a command"),
        ("dance", "unknown command"),
        ("m", "say where"),
        ("m 9-99", "no square"),
        ("a r05c05", "not a numbered space"),
        ("ride home", "no subway station"),
        ("card 5", "slots 1 to 2"),
        ("card 1", "needs a detective"),
        ("card 2 1", "takes no target"),
        ("card 1 9", "from 1 to 3"),
        ("card #3", "not in your hand"),
        ("c now", "takes nothing"),
    ],
)
def test_bad_commands_explain_themselves(text: str, says: str) -> None:
    with pytest.raises(CommandError, match=says):
        parse_command(text, VIEW)


def test_legal_summary_is_compact() -> None:
    state = sleuth.new_game("stop-thief", players=3, seed=1)
    view = state.view(0)
    summary = legal_summary(view["legal"], view["hand"])
    assert (
        summary.startswith("c (press CLUE)") and "card 1 (Lose a Turn) on detective 2/3" in summary
    )


def test_legal_lists_every_space_and_wraps_at_80_columns() -> None:
    """After Move Anywhere every space may be reached: `legal` names each one (issue 13: the
    list was cut after 40 with "..."), on a page that wraps inside an 80x24 screen."""
    app = StopThiefApp(players=2, bots=1, seed=11, bot_level="random", bot_delay=0)
    board = load_board()

    async def script(pilot: Pilot[None]) -> None:
        app.run_command("c")
        app.run_command("card 3")  # Move Anywhere (seed 11's deal)
        spaces = [int(a["to"]) for a in app.state.view(0)["legal"]
                  if a["kind"] == "move" and str(a["to"]).isdigit()]  # fmt: skip
        assert len(spaces) == sum(1 for s in board.spaces.values() if s.kind != "window")
        app.run_command("legal")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        words = str(app.screen.query_one("#info-text", Static).content)
        assert "..." not in words and f"{len(spaces)} numbered spaces" in words
        assert all(f"{code // 100}-{code % 100:02d}" in words for code in spaces)
        # Plain squares by their names, which the command line takes (they were "69 other
        # squares (click them)", and a click put an internal id like `m r36c30` on the line).
        plain = [str(a["to"]) for a in app.state.view(0)["legal"]
                 if a["kind"] == "move" and not str(a["to"]).isdigit()]  # fmt: skip
        assert plain and "click them" not in words
        for node in plain:
            name = board.square_name(board.node_by_id[node])
            assert name in words and not re.fullmatch(r"r\d\dc\d\d", name)
            assert parse_command(f"m {name}", {}).action == Action.of("move", to=node)
        box = app.screen.query_one("#info-box")
        assert box.region.right <= 80 and box.region.bottom <= 24

    run_app(app, script, (80, 24))


def test_legal_keeps_each_thing_on_its_own_line() -> None:
    """The moves' long line wraps, but the card after it starts a line of its own: `legal` is
    a list, not prose (it read "... 8-19e) card 1 (Press CLUE 4 Extra Times) card 2 ...")."""
    app = StopThiefApp(players=2, bots=1, seed=11, bot_level="random", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        app.run_command("c")
        app.run_command("r")
        app.run_command("legal")
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        lines = str(app.screen.query_one("#info-text", Static).content).splitlines()
        assert lines[0].startswith("m: ") and len(lines) > 2, lines
        cards = [line for line in lines if "card " in line]
        assert cards and all(line.startswith("card ") for line in cards), lines

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


# --- drawing ----------------------------------------------------------------------------------


def test_board_text_shows_squares_pieces_and_marks() -> None:
    board = load_board()
    text = render_board(board, {"acme": [0, 1, 2], "148": [3]}, marks=["147"])
    lines = text.plain.split("\n")
    assert len(lines) == 38 and {len(line) for line in lines} == {76}
    r, c = board.nodes[board.node_of_code[148]].cells[0]
    assert lines[r][2 * c] == "4"  # seat 3 stands on 1-48
    r, c = board.nodes[board.node_of_code[147]].cells[0]
    assert lines[r][2 * c : 2 * c + 2] == "47"
    assert "123" in lines[board.nodes[board.acme].cells[0][0]]
    assert node_at(board, 2 * c + 1, r) == board.node_of_code[147]
    narrow = render_board(board, {}, wide=False).plain.split("\n")
    assert {len(line) for line in narrow} == {38}
    assert "crime" in legend().plain and "m 4-47" in legend().plain
    assert all(f"{letter} {name}" in legend(wide=False).plain
               for letter, name in [("S", "street"), ("C", "crime"), ("U", "subway")])  # fmt: skip
    assert led("1Cr").plain.count("\n") == 4


LANDMARKS = {"ACME", "NW", "NE", "SW", "SE", "CE", "Furs", "Jewelry", "Antiques", "Bank"}


def test_every_numbered_space_is_labelled_apart_with_its_code() -> None:
    """The wide board names every numbered space by what the commands take (447 or 4-47), each
    label apart from the next (issue 13 saw "9787", "177-0717", "1CME"), and a click on any of
    its characters picks that space; pieces never turn a label into another number."""
    board = load_board()
    bare = render_board(board).plain.split("\n")
    pieces_hiding: list[tuple[dict[str, list[int]], set[int]]] = [
        ({}, set()),
        # one square: the piece on 447 stands on the spare character of the square lending
        # its first digit, so the label stays; 593 and 707 have a second row for pieces
        ({"acme": [0, 1, 2], "447": [3], "593": [1], "707": [2]}, set()),
    ]
    for pieces, hidden in pieces_hiding:
        drawn = render_board(board, pieces)
        lines = drawn.plain.split("\n")
        seen: dict[str, int] = {}
        for y, line in enumerate(lines):
            # a detective (a digit in a seat's colours) is not a label: blank it out
            line = "".join(" " if (ch != was and ch.isdigit()) else ch
                           for ch, was in zip(line, bare[y], strict=True))  # fmt: skip
            for token in re.finditer(r"[^\s·•]+", line):
                word = token.group()
                if word in LANDMARKS or word in {"1", "2", "3", "4"}:
                    continue  # a landmark or a building's number
                assert re.fullmatch(r"\d{3}|\d-\d\d", word), (y, line)
                code = int(word.replace("-", ""))
                assert code in board.spaces, word
                assert word not in seen, word  # once each
                seen[word] = code
                index = board.node_of_code[code]
                for x in range(token.start(), token.end()):
                    assert node_at(board, x, y) == index, (word, x)
        assert set(seen.values()) == set(board.spaces) - hidden


def test_the_compact_board_keeps_the_detective_in_sight() -> None:
    """At 80x24 the board is taller than its pane: it scrolls to the detective to move and the
    squares he may reach, turn after turn, as he walks down the board."""
    app = StopThiefApp(players=2, bots=1, seed=4, bot_level="random", bot_delay=0)
    board = load_board()

    def row(node: str) -> int:  # a station too (drawn on a square it does not own)
        return layout(board).node_cells[board.node_by_id[node]][0][0]

    async def script(pilot: Pilot[None]) -> None:
        assert app.compact and app.wide
        pane = app.query_one("#board-pane")
        key = app.query_one("#legend", Static)  # the legend stays in sight under the board
        assert "m 4-47" in panel(app, "legend") and key.region.height == 2
        assert pane.region.y < key.region.y and key.region.bottom <= pane.region.bottom
        rows = []
        for _ in range(4):
            app.run_command("c")
            app.run_command("r")
            await pilot.pause()
            here = app.state.view(0)["detectives"][0]["node"]
            rows.append(row(here))
            top = pane.scroll_y
            assert top <= row(here) < top + pane.scrollable_content_region.height, rows
            legal = app.state.view(0)["legal"]
            down = max((a["to"] for a in legal if a["kind"] == "move"), key=row)
            app.run_command(f"m {down}")
            app.run_command("e")
        assert max(rows) > 24  # far below the first screen

    run_app(app, script, (80, 24))


def test_bot_moves_are_logged_in_words() -> None:
    """A bots-only game's log names every square as the browser does, never a grid id."""
    app = StopThiefApp(players=3, bots=3, seed=8, bot_level="intermediate", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        assert app.state.over
        moves = [line for line in app.log_lines if " moved from " in line]
        assert moves and any("beside" in line for line in moves)
        assert not [line for line in app.log_lines if re.search(r"\br\d+c\d+\b", line)]

    run_app(app, script)


# --- the app on a pilot -----------------------------------------------------------------------


def test_a_first_turn_against_two_bots_in_the_games_words() -> None:
    """The hand, the scanner, the log and the dice as a Stop Thief player reads them through a
    turn (the shell's part of a whole game: test_shell_every_game.py)."""
    app = StopThiefApp(players=3, bots=2, seed=4, bot_level="detective", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        assert state.to_move == 0 and state.view(0)["phase"] == "clue"
        hand = state.view(0)["hand"]
        assert all(card["name"] in panel(app, "hand") for card in hand)
        assert "Crime Scanner" in str(app.query_one("#scanner").border_title)

        await type_command(pilot, "c")
        assert state.view(0)["phase"] == "roll"
        assert any("Detective 1" in line and "pressed CLUE" in line for line in app.log_lines)
        await type_command(pilot, "r")
        dice = state.view(0)["dice"]
        assert f"dice {dice[0]}+{dice[1]}" in panel(app, "status")
        here = state.view(0)["detectives"][0]["node"]
        await type_command(pilot, f"m {here}")
        assert state.view(0)["phase"] == "after"
        turns_before = sum(1 for e in state.log if e.kind == "turn")
        await type_command(pilot, "e")
        # the bots took their turns at once (no delay), and it is the human's turn again
        assert state.to_move == 0 or state.over
        assert sum(1 for e in state.log if e.kind == "turn") >= turns_before + 2
        assert any("Detective 2" in line for line in app.log_lines[-30:])

    run_app(app, script)


def test_status_names_squares_in_words() -> None:
    """With seed 7 both bots end their first moves on plain floor squares (grid ids r10c25,
    r10c23): the case panel says where they stand by the names commands take ('4-68nw', what
    the log calls 'the street beside 4-68'), never by grid id."""
    app = StopThiefApp(players=3, bots=2, seed=7, bot_level="detective", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        nodes = [d["node"] for d in app.state.view(0)["detectives"][1:]]
        assert all(re.fullmatch(r"r\d+c\d+", node) for node in nodes)
        status = panel(app, "status")
        assert not re.search(r"\br\d+c\d+\b", status)
        board = load_board()
        names = [board.square_name(board.node_by_id[node]) for node in nodes]
        rows = status.split("\n")[2:]  # after the thief's and the dice's lines, a row each
        assert all(rows[seat].endswith(f" {name}") for seat, name in enumerate(names, 1))

    run_app(app, script)


def test_clicking_a_square_you_cannot_use_says_why_and_keeps_the_keyboard() -> None:
    """A click on a square that cannot be used now says why in the game's words and leaves the
    command line as it was, with the keyboard still on it (issue 13: focus was lost and typed
    commands vanished); a usable square goes on the command line."""
    app = StopThiefApp(players=2, bots=1, seed=3, bot_delay=0)
    board = load_board()

    def at(code: int) -> tuple[int, int]:
        r, c = board.nodes[board.node_of_code[code]].cells[0]
        return 2 * c + 1, r

    async def script(pilot: Pilot[None]) -> None:
        line = app.query_one("#command", Input)
        await pilot.click("#board", offset=at(148))  # before pressing CLUE
        await pilot.pause()
        assert "1-48: You cannot move now. Press CLUE" in panel(app, "message")
        assert line.value == "" and app.focused is line
        await pilot.press("c", "enter")  # typed straight after the click: it reaches the line
        await pilot.pause()
        await type_command(pilot, "r")
        view = app.state.view(0)
        reach = {str(a["to"]) for a in view["legal"] if a["kind"] == "move"}
        far = next(code for code in board.spaces if str(code) not in reach)
        await pilot.click("#board", offset=at(far))
        await pilot.pause()
        assert "cannot reach that space with this roll" in panel(app, "message")
        assert line.value == "" and app.focused is line
        near = next(int(node) for node in reach if node.isdigit())
        await pilot.click("#board", offset=at(near))
        await pilot.pause()
        assert line.value == f"m {near // 100}-{near % 100:02d}" and app.focused is line
        assert "Enter sends" in panel(app, "message")
        await pilot.press("escape")  # not wanted after all
        assert line.value == "" and app.focused is line
        for widget, offset in (("#log", (2, 2)), ("#board", (4, 0)), ("#legend", (1, 0))):
            await pilot.click(widget, offset=offset)  # the log, a wall, the legend
            await pilot.pause()
            assert app.focused is line, widget

    run_app(app, script)


def test_a_piece_keeps_a_full_label_readable() -> None:
    """Issue 13: a piece on a space whose every square carries its label (one row: 5-07,
    or one square: 447) blanked the label. Now the code stays, squeezed beside the piece."""
    board = load_board()
    lay = layout(board)
    full = [n for n in board.nodes if n.code is not None and n.id != "acme"
            and set(n.cells) == set(lay.label_cells.get(n.index, ()))]  # fmt: skip
    assert len(full) > 100
    for node in full:
        r, c = node.cells[0]
        line = render_board(board, {node.id: [0]}).plain.split("\n")[r]
        near = line[max(0, 2 * c - 2) : 2 * c + 2 * len(node.cells) + 2]
        assert f"{node.code:03d}" in near.replace("-", "") and "1" in near, (node.id, near)
    line = render_board(board, {"701": [0]}).plain.split("\n")[
        board.nodes[board.node_of_code[701]].cells[0][0]
    ]
    assert "7011" in line
    # a piece on the lending square keeps it: then both pieces show, the label gives way
    lender = next(cell for (cell, _), (_, owner) in lay.lent.items()
                  if owner == board.node_of_code[447])  # fmt: skip
    row = render_board(board, {"447": [0], board.nodes[lay.cells[lender]].id: [1]}).plain
    near = row.split("\n")[lender[0]][2 * lender[1] : 2 * lender[1] + 4]  # lender, 447
    assert "1" in near and "2" in near, near


def all_in_sight(app: StopThiefApp) -> list[str]:
    """What of the right-hand panels is not in sight without scrolling (empty: all is)."""
    panels = app.query_one("#panels")
    out = [f"the panels scroll by {panels.max_scroll_y}"] if panels.max_scroll_y else []
    for name in ("scanner", "hand", "status"):
        part = app.query_one(f"#{name}", Static)
        if part.region.bottom > panels.region.bottom:
            out.append(f"{name} ends at row {part.region.bottom}, below {panels.region.bottom}")
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_panels_fit_at_120x40_after_a_roll_and_a_card(players: int) -> None:
    """Issue 13: at 120x40 the scanner, the hand and the case (every detective) are all in
    sight without scrolling, with 2, 3 and 4 detectives, after a roll and after a Sleuth Card
    is played (with three, only the first detective showed after a roll; with four, the
    panels always scrolled). The log keeps rows of its own beneath them."""
    app = StopThiefApp(players=players, bots=players - 1, seed=3, bot_level="random", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        assert not all_in_sight(app), all_in_sight(app)
        for command in ("c", "r"):
            app.run_command(command)
        await pilot.pause()
        assert state.view(0)["dice"] and not all_in_sight(app), all_in_sight(app)
        card = next(Action.from_json(a) for a in state.view(0)["legal"]
                    if a["kind"] == "play_card")  # fmt: skip
        app.run_command(typed(app, card))
        await pilot.pause()
        assert any(e.kind == "card_played" for e in state.log[-4:])
        assert "new: " in panel(app, "hand")  # the card drawn in its place
        assert not all_in_sight(app), all_in_sight(app)
        assert app.query_one("#log").scrollable_content_region.height >= 6

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert not app.compact and app.state.to_move == 0
            await script(pilot)

    asyncio.run(main())


def test_a_long_memory_keeps_the_scanner_short() -> None:
    """A thief heard 20 to 40 times made the memory line four lines long and the panels
    scroll at 120x40 with four detectives: it shows the latest clues, the rest counted (each
    is in the log)."""
    state = sleuth.new_game("stop-thief", players=4, seed=5)
    bots = [make_bot("stop-thief", "random", seed=seat) for seat in range(4)]
    while len(state.view(0)["clues"]) <= 25 or state.to_move != 0:
        state.apply(bots[state.to_move or 0].choose(state, state.to_move or 0))
    clues = state.view(0)["clues"]
    app = StopThiefApp(players=4, bots=3, seed=5, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        app.state = state
        app.redraw()
        await pilot.pause()
        memory = panel(app, "scanner").split("Memory, latest first: ")[1]
        assert memory.replace("\n", " ").split()[-2:] == [f"+{len(clues) - 10}", "earlier"]
        assert app.query_one("#scanner").outer_size.height <= 5  # two lines and the border
        assert not all_in_sight(app), all_in_sight(app)

    run_app(app, script, (120, 40))


@pytest.mark.parametrize(
    "args, says",
    [
        (["--bots", "9"], "between 0 and 3 bots"),
        (["--bot-level", "genius"], "choose one of"),
        (["--players", "7"], "2 to 4 players"),
        (["nosuchgame"], "no game called"),
    ],
)
def test_play_command_refuses_bad_tables(args: list[str], says: str) -> None:

    from tests.command_line import run_sleuth

    result = run_sleuth("play", *args)
    assert result.exit_code == 2
    assert says in " ".join(result.output.split()).replace("│", "")


@pytest.mark.parametrize("size, led_rows", [((160, 45), 5), ((120, 40), 1)])
def test_scanner_display_big_where_there_is_room(size: tuple[int, int], led_rows: int) -> None:
    """Five-row digits from 45 rows; below, one line, so the hand under it is all in sight."""
    app = StopThiefApp(players=2, bots=1, seed=3, bot_level="random", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        app.run_command("c")
        await pilot.pause()
        display = str(app.state.view(0)["scanner"]["display"]).strip()
        lines = panel(app, "scanner").split("\n")
        assert (display in lines[0]) == (led_rows == 1)
        # the display, the sound (beside a one-line display), the memory
        assert len(lines) == led_rows + (2 if led_rows > 1 else 1)
        hand, panels = app.query_one("#hand"), app.query_one("#panels")
        assert panels.region.y <= hand.region.y and hand.region.bottom <= panels.region.bottom

    run_app(app, script, size)

"""Columbo in the terminal: the board as text, the commands, and whole games on a pilot."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from sleuth.bots import make_bot
from sleuth.core import Action, Event
from sleuth.games.columbo.board import load_board
from sleuth.games.columbo.cards import load_pack
from sleuth.games.columbo.state import Columbo
from sleuth.games.columbo.tui import (
    ColumboApp,
    CommandError,
    legal_summary,
    move_targets,
    parse_command,
    render_board,
    render_lawn,
    room_targets,
)
from tests.tui.pilot import new, panel, run_app, screen_text, typed

BOARD = load_board()


# --- the board and the lawn as text -------------------------------------------------------------


def test_board_text_shows_rooms_piles_doors_and_pieces() -> None:
    state = new(Columbo, 3)
    view = state.view(None)
    plain = render_board(BOARD, view).plain
    lines = plain.split("\n")
    assert len(lines) == BOARD.height and max(len(line) for line in lines) == BOARD.width * 3
    for room in view["rooms"]:
        assert f"ROOM {room['room']}" in plain
    assert "5 cards" in plain and "4 cards" in plain and "LIVING ROOM" in plain
    for door in ("D1", "D2", "D3", "D4", "D5", "D6", "DL"):
        assert door in plain
    assert " 1   2   3 " in plain  # everyone starts in the Living Room
    two = render_board(BOARD, new(Columbo, 2).view(None)).plain
    assert two.count("closed") == 2  # rooms 5 and 6 are not in play with two


def test_the_lawn_is_a_field_of_numbered_backs() -> None:
    assert "Nothing on the lawn" in render_lawn({"lawn": []}).plain
    plain = render_lawn({"lawn": ["down", None, "down"]}).plain
    # Places are counted from 1 on screen, as in the log and the commands.
    assert "▒ 1▒" in plain and " 2·" in plain and "▒ 3▒" in plain and "0" not in plain


# --- commands -----------------------------------------------------------------------------------


def rolled(seed: int = 1) -> tuple[Columbo, dict[str, Any]]:
    state = new(Columbo, 3, seed=seed)
    state.apply(Action.of("roll"))
    return state, state.view(state.to_move)


def test_commands_read_into_actions() -> None:
    state, view = rolled()
    targets = move_targets(view)
    assert targets and list(targets)[0] == "a"
    hand = view["hand"]
    first = hand[0]
    read = {
        "r": Action.of("roll"),
        "ROLL": Action.of("roll"),
        "t": Action.of("draw"),
        "e": Action.of("end_turn"),
        "pass": Action.of("pass"),
        "m a": Action.of("move", to=targets["a"]),
        "m 2": Action.of("move", to="room-2"),
        "m room 2": Action.of("move", to="room-2"),
        "m lr": Action.of("move", to="living-room"),
        "x 1": Action.of("discard", card=first["id"]),
        "give 1": Action.of("give", card=first["id"]),
        "exchange 1": Action.of("exchange", card=first["id"]),
        "lay 1": Action.of("lay", card=first["id"]),
        "demand 2 motive": Action.of("demand", target=1, evidence="motive"),
        "challenge 3 mystery": Action.of("demand", target=2, evidence="mystery"),
    }
    for text, action in read.items():
        assert parse_command(text, view).action == action, text
    showable = next(c for c in hand if c["group"] in ("figure", "weapon", "columbo"))
    k = hand.index(showable) + 1
    show = Action.of("demand", target=1, show=showable["id"])
    assert parse_command(f"demand 2 {k}", view).action == show
    assert parse_command(f"demand 2 {showable['kind']}", view).action == show
    lawn_view = {**view, "lawn": ["down", None, "down"]}
    assert parse_command("name 3 motive", lawn_view).action == Action.of(
        "name", place=2, evidence="motive"
    )
    with pytest.raises(CommandError, match="cards lie at 1, 3"):
        parse_command("name 0 motive", lawn_view)
    assert parse_command(f"search 1 {k}", lawn_view).action == Action.of(
        "name", place=0, show=showable["id"]
    )
    for text, meta in (("legal", "legal"), ("?", "help"), ("q", "quit")):
        assert parse_command(text, view).meta == meta


def test_a_jump_is_read_as_a_jump() -> None:
    view = {
        "legal": [{"kind": "jump", "to": "room-3"}, {"kind": "move", "to": "room-1"}],
        "players": 3,
    }
    assert parse_command("m 3", view).action == Action.of("jump", to="room-3")
    assert parse_command("j 1", view).action == Action.of("move", to="room-1")
    assert room_targets(view) == {"room-3": "3", "room-1": "1"}


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "type a command"),
        ("dance", "unknown command"),
        ("m", "say where"),
        ("m zz", "no square"),
        ("m 9", "numbered 1 to 6"),
        ("x", "say which of your cards"),
        ("x 99", "by its number, 1 to 7"),
        ("demand 2", "say whom and what"),
        ("demand 7 motive", "no detective"),
        ("demand 2 banana", "not a kind you can name"),
        ("demand 2 no clue", "not a kind you can name"),
        ("name 5 motive", "no card at lawn place"),
        ("r now", "takes nothing"),
        ("m a b", "takes one thing"),
    ],
)
def test_bad_commands_explain_themselves(text: str, says: str) -> None:
    _, view = rolled()
    with pytest.raises(CommandError, match=says):
        parse_command(text, view)


def test_showing_a_kind_you_do_not_hold_is_refused() -> None:
    _, view = rolled()
    held = {c["kind"] for c in view["hand"]}
    missing = next(k for k in ("rope", "poison", "electric", "pistol", "poker") if k not in held)
    with pytest.raises(CommandError, match="you hold no"):
        parse_command(f"demand 2 {missing}", view)


def test_legal_summary_speaks_in_commands() -> None:
    state = new(Columbo, 3)
    assert legal_summary(state.view(state.to_move)) == "r: roll the dice"
    _, view = rolled()
    assert legal_summary(view).startswith("m <letter>: a (")
    assert legal_summary({"legal": []}) == "nothing: it is not your turn"


# --- the app on a pilot -------------------------------------------------------------------------


def lawn_leaks(app: ColumboApp) -> list[str]:
    """Every written record, on screen or in the scrollback, of a face-down lawn card's identity.

    For each card lying face down at place p: no log line from the start of the turn in
    which it was laid there names the card itself, and no line from its laying on names
    place p beside its kind; no panel names it (the lines shown for the moment under the
    lawn, `app.moment`, aside: those are checked against the latest events separately)."""
    state = app.state
    public = [e for e in state.log if e.to is None]
    lines = app.log_lines
    assert len(lines) == len(public) < 2000  # one log line per public event
    titles = load_pack().titles
    panels = [panel(app, name) for name in ("board", "legend", "dice", "status", "message")]
    # A note that a card passed between two hands tells a holding, not a place: kept.
    notes = [*panel(app, "hand").split("\n"), *app.notes]  # the notes kept, shown or not
    panels.append("\n".join(line for line in notes if " passes from " not in line))
    lawn_panel = "\n".join(
        line for line in panel(app, "lawn").split("\n") if not line.startswith("Shown now:")
    )
    leaks: list[str] = []
    for place, card in enumerate(state.lawn):
        if card is None:
            continue
        name, kind = state.pack.cards[card].name, state.kind_of[card]
        laid = max(
            i
            for i, e in enumerate(public)
            if e.kind in ("discard", "swapped") and e.data["place"] == place
        )
        began = max(i for i, e in enumerate(public[: laid + 1]) if e.kind == "turn")
        at = re.compile(rf"place {place + 1}\b")  # people count the places from 1
        for i in range(began, len(lines)):
            if kind != "no-clue" and name in lines[i]:
                leaks.append(f"log {i}: {lines[i]!r} names {name} at place {place}")
            if i >= laid and at.search(lines[i]) and titles[kind] in lines[i]:
                leaks.append(f"log {i}: {lines[i]!r} tells the kind at place {place}")
        if kind != "no-clue":
            for text in (*panels, lawn_panel):
                if name in text:
                    leaks.append(f"screen: {text!r} names {name} at place {place}")
    return leaks


@pytest.mark.parametrize(
    "options",
    [{}, {"advanced": True, "show_discards": False}],
    ids=["basic", "advanced-unseen"],
)
def test_no_record_keeps_a_face_down_lawn_card(options: dict[str, Any]) -> None:
    """CO-LAWN-01 and CO-LAWN-02: in a whole game where the human does what an expert would,
    every discard is shown once (under the lawn, for the moment) and no written record keeps
    a face-down lawn card's identity: neither the log and its scrollback, nor any panel, nor
    the notes. (The shell's part of a whole game: test_shell_every_game.py.)"""
    app = ColumboApp(players=3, bots=2, seed=4, bot_delay=0, options=options)
    adviser = make_bot("columbo", "expert", seed=9)
    latest: list[Event] = []
    apply = app.state.apply

    def recording(action: Action) -> list[Event]:
        events = apply(action)
        latest[:] = events
        return events

    app.state.apply = recording  # type: ignore[method-assign]

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        seen = screen_text(app)
        assert "LIVING ROOM" in seen and "Turn 1" in seen  # the scan reads the board and log
        kinds: set[str] = set()
        checked = shown = 0
        for _ in range(3000):
            if state.over:
                break
            assert state.to_move == 0
            action = adviser.choose(state, 0)
            kinds.add(action.kind)
            before = len(state.history)
            app.run_command(typed(app, action))
            assert len(state.history) > before, panel(app, "message")
            assert lawn_leaks(app) == []
            checked += any(c is not None for c in state.lawn)
            moment = [e for e in latest if e.fleeting and e.visible_to(0)]
            assert app.moment_lines() == [app.narrator.say(e) for e in moment]
            shown += bool(moment)
        assert state.over
        assert {"roll", "move", "discard", "demand"} <= kinds, kinds
        assert checked > 20 and shown > 5

    run_app(app, script)


def test_the_terminal_starts_with_the_high_throw() -> None:
    """CO-TURN-02 at the terminal table: the first words in the log are the throws for the
    first move, and the detective with the highest throw is the one who moves first."""
    app = ColumboApp(players=3, bots=3, seed=6, bot_delay=5)

    async def script(pilot: Pilot[None]) -> None:
        first = next(e for e in app.state.log if e.kind == "first_player")
        last_round = {int(s): t for s, t in first.data["rolls"][-1].items()}
        assert first.data["seat"] == max(last_round, key=lambda s: last_round[s])
        assert app.state.history == [] and app.state.to_move == first.data["seat"]
        assert any(line.startswith("Throws for the first move") for line in app.log_lines)

    run_app(app, script)


def test_a_card_shown_for_the_moment_is_in_sight_at_80x24() -> None:
    """On a compact screen the lawn lies below the house: while a discard is shown to all
    there (seed 4: Detective 3's, before Detective 1's first turn) the pane shows it; when
    Detective 1 is to move, the house again."""
    app = ColumboApp(players=3, bots=2, seed=4, bot_level="intermediate", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        assert app.compact and app.moment_lines()
        await pilot.pause()
        pane, lawn = app.query_one("#board-pane"), app.query_one("#lawn")
        assert pane.region.y <= lawn.region.y and lawn.region.bottom <= pane.region.bottom
        assert "Shown now" in panel(app, "lawn")
        app.run_command("r")
        await pilot.pause()
        assert pane.scroll_y == 0
        dice = app.state.view(0)["dice"]  # the throw, as faces (the bots may have moved on)
        assert "⚀⚁⚂⚃⚄⚅"[dice[0] - 1] in panel(app, "dice") or app.state.to_move != 0

    run_app(app, script, (80, 24))


def test_the_whole_hand_stays_in_sight_at_120x40() -> None:
    """Seen in a hand-played game: once the detectives' panel grew, the panels outgrew their
    share of a 120x40 screen and the foot of "Your cards" was cut. Every card in hand must be
    on screen whatever the other panels hold: played on with an expert adviser, checked at
    positions with a full hand while a demand is being settled."""
    app = ColumboApp(players=4, bots=3, seed=11, bot_delay=0)
    adviser = make_bot("columbo", "expert", seed=2)

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            state = app.state
            checked = 0
            decisions = 0
            for _ in range(2000):  # waits for the bots included
                if state.over or decisions == 50:  # several demands at seven cards by then
                    break
                if state.to_move == 0:
                    decisions += 1
                    hand = app.query_one("#hand", Static)
                    panels = app.query_one("#panels")
                    await pilot.pause()
                    view = state.view(0)
                    if len(view["hand"]) >= 7 and view.get("challenge"):
                        bottom = hand.region.y + hand.region.height
                        assert hand.region.height > 0
                        assert bottom <= panels.region.y + panels.region.height
                        checked += 1
                    app.run_command(typed(app, adviser.choose(state, 0)))
                else:
                    await pilot.pause(0.05)
            assert checked > 2

    asyncio.run(main())

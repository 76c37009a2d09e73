"""The terminal table every game shares (sleuth/tui/shell.py), tested once over every game.

Each test runs for every game with a terminal, found through its manifest
(`sleuth.tui.playable`); the table `GAMES` holds only what truly differs between them: which
panel holds a seat's secrets and how to read those secrets off the seat's view, the refusals
a game words its own way, its own pages, the words of its end. A new game fails here until
it has its row. What a human types is what the app itself offers (`typed_for`, checked to
read back as the same action in test_command_grammar.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

import sleuth
from sleuth.bots import bot_levels, make_bot
from sleuth.core import Event, GameState, IllegalAction
from sleuth.tui import app_for, playable
from sleuth.tui.shell import CoverScreen, GameShell, InfoScreen
from tests.core.test_prompt import variant
from tests.tui.pilot import panel, run_app, screen_text, type_command, typed

TYPED = 4  # actions typed on the command line through the pilot (slow) before the rest go in


def hand(view: Mapping[str, Any]) -> set[str]:
    return {str(card["name"]) for card in view.get("hand", [])}


@dataclass(frozen=True)
class Row:
    """What one game's terminal does its own way."""

    panel: str  # the panel that holds the seat's secrets (hidden under the cover)
    secrets: Callable[[Mapping[str, Any]], set[str]]  # what of a seat's view only it may see
    never_public: bool  # its secrets are never named in the log (cards are, once played)
    bad_table: tuple[int, int, int]  # players, bots, seed: seat 0 to move at the start
    refusals: tuple[tuple[str, str], ...]  # typed there, and what the status line says
    end_words: tuple[str, ...]  # on the page at the end of a game
    kinds: frozenset[str]  # kinds of action a whole game by the adviser must type
    pages: tuple[str, ...] = ()  # the game's own requests that open a page
    variant_end_words: tuple[str, ...] = ()  # at the end of a game of its variant
    soon: dict[str, Any] = field(default_factory=dict)  # options that bring secrets soon


GAMES: dict[str, Row] = {
    "kojak": Row(
        panel="notebook",
        secrets=lambda view: {
            str(clue["statement"]) for clue in (view.get("notebook") or {}).get("clues", [])
        },
        never_public=True,
        bad_table=(2, 1, 2),
        refusals=(
            ("r", "You cannot roll the dice now."),
            ("park north", "no Headquarters lot"),
            ("take", "you may take an informer only"),
        ),
        pages=("sheet",),
        end_words=("was hiding in", "informers"),
        kinds=frozenset({"park", "badge", "roll", "drive", "take"}),
    ),
    "manhunt": Row(
        panel="handbook",
        secrets=lambda view: {
            str(row["clue"]) for row in view["handbook"]["rows"] if row["clue"] is not None
        },
        never_public=True,
        bad_table=(2, 1, 5),
        refusals=(
            ("s", "You cannot spin the Computer now."),
            ("p x", "no Badge space"),
            ("accuse R1", "only at the start of your turn"),
        ),
        pages=("record R1",),
        end_words=("The culprit:", "rows written"),
        kinds=frozenset({"place", "spin", "move"}),
        soon={"on_line_segments": 12, "numbered_dial": "3 3 3 4"},  # Scene 1 soon
    ),
    "columbo": Row(
        panel="hand",
        secrets=lambda view: hand(view) - {"No Clue"},  # every hand may hold one
        never_public=False,
        bad_table=(3, 2, 5),
        refusals=(
            ("t", "You cannot take a card now. Throw the dice."),
            ("m 3", "You cannot move now. Throw the dice."),
            ("x 42", "by its number"),
            ("demand 2 banana", "not a kind"),
        ),
        end_words=("Detective",),
        variant_end_words=("Rewards",),
        kinds=frozenset({"roll", "move", "discard", "demand"}),
    ),
    "stop-thief": Row(
        panel="hand",
        secrets=hand,
        never_public=False,
        bad_table=(3, 2, 4),
        refusals=(
            ("r", "You cannot roll the dice now. Press CLUE"),
            ("m 9-99", "no square"),
            ("a 1-48", "after you have moved"),
            ("card 7", "slots 1 to 3"),
        ),
        end_words=("→",),  # each thief's route
        kinds=frozenset({"clue", "roll", "move", "arrest", "end_turn"}),
    ),
}


def test_every_game_with_a_terminal_has_its_row() -> None:
    assert set(GAMES) == set(playable())


def app_class(game: str) -> type[GameShell]:
    found = app_for(game)
    assert found is not None
    return found


def private_lines(app: GameShell, events: list[Event], seat: int) -> list[str]:
    """The lines told to `seat` alone by `events`, as the notes keep them."""
    return [app.narrator.say(e.later()) for e in events if e.to == seat]


# --- the registry -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", playable())
def test_the_registry_finds_the_games_app(game: str) -> None:
    app = app_for(game)
    assert app is not None and issubclass(app, GameShell) and game == app.GAME
    assert app is sleuth.spec(game).load("tui")  # the manifest's own app, by its name
    assert app.__module__.startswith(sleuth.spec(game).package)
    assert app_for("no-such-game") is None


# --- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize("game", playable())
def test_bad_input_shows_an_error_and_changes_nothing(game: str) -> None:
    row = GAMES[game]
    players, bots, seed = row.bad_table
    app = app_class(game)(players=players, bots=bots, seed=seed, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        assert state.to_move == 0 and app.viewer == 0
        before = (len(state.history), state.view(0))
        for text, says in [("dance", "unknown command"), *row.refusals]:
            await type_command(pilot, text)
            message = panel(app, "message")
            assert message.startswith("✗") and says in message, (text, message)
            assert (len(state.history), state.view(0)) == before, text
            assert app.query_one("#command", Input).value == ""
        for text in ("legal", "help", *row.pages):
            await type_command(pilot, text)
            assert isinstance(app.screen, InfoScreen), text
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, InfoScreen), text
        assert (len(state.history), state.view(0)) == before
        await type_command(pilot, typed(app, state.legal_actions()[0]))  # a good line is taken
        assert len(state.history) > before[0], panel(app, "message")

    run_app(app, script)


# --- the hot seat -----------------------------------------------------------------------------


def check_secrets_shown_right(app: GameShell, row: Row) -> bool:
    """Under the cover no seat's secrets show; uncovered, the viewer's all do and none that
    only the other seat knows. True if the other seat had such a secret to hide."""
    state = app.state
    known = {seat: row.secrets(state.view(seat)) for seat in (0, 1)}
    shown = panel(app, row.panel)
    title = str(app.query_one(f"#{row.panel}", Static).border_title)
    if isinstance(app.screen, CoverScreen):
        assert app.viewer is None and app.screen.seat == state.to_move
        assert "Hidden" in shown and not title.startswith("Your")
        assert not [s for s in known[0] | known[1] if s in shown]
        return False
    viewer = app.viewer
    assert viewer is not None and viewer in (0, 1)
    theirs = known[1 - viewer] - known[viewer]
    assert title.startswith("Your"), title
    assert all(s in shown for s in known[viewer]), (known[viewer], shown)
    assert not [s for s in theirs if s in shown]
    if row.never_public:
        assert not [s for s in theirs for line in app.notes if s in line]
    return bool(theirs)


@pytest.mark.parametrize("game", playable())
def test_hot_seat_cover_hides_the_seats_secrets(game: str) -> None:
    """Two people at one keyboard: a cover hides the table while it passes; behind it keys do
    nothing; each sees his own secrets and never the other's (nor in the log, the other's
    notes); one who just learned a secret sees it before he passes the keyboard on."""
    row = GAMES[game]
    app = app_class(game)(players=2, bots=0, seed=2, bot_delay=0, options=row.soon)
    level = bot_levels(game)[-1]
    advisers = [make_bot(game, level, seed=seat) for seat in (0, 1)]

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        first = state.to_move
        assert first is not None
        assert isinstance(app.screen, CoverScreen)
        everything = row.secrets(state.view(0)) | row.secrets(state.view(1))
        seen = screen_text(app)
        assert not [s for s in everything if s in seen]  # anywhere on the table
        check_secrets_shown_right(app, row)
        hidden = held = uncovered = 0
        for step in range(300):
            if (hidden and uncovered >= 2) or state.over:
                break
            if isinstance(app.screen, CoverScreen):
                seat = app.screen.seat
                before = len(state.history)
                await pilot.press(*typed(app, advisers[seat].choose(state, seat))[:3])
                assert len(state.history) == before and isinstance(app.screen, CoverScreen)
                await pilot.press("enter")
                await pilot.pause()
                assert app.viewer == seat and app.query_one("#command", Input).value == ""
                hidden += check_secrets_shown_right(app, row)
                uncovered += 1
                continue
            if app.holding:  # the one who acted sees what he learned, then passes on
                held += 1
                assert app.viewer != state.to_move
                assert "press Enter to pass the keyboard" in panel(app, "message")
                await type_command(pilot, "")
                check_secrets_shown_right(app, row)
                continue
            seat = state.to_move
            assert seat is not None and app.viewer == seat
            line = typed(app, advisers[seat].choose(state, seat))
            logged = len(state.log)
            if step < TYPED:  # through the command line; then straight in, which is faster
                await type_command(pilot, line)
            else:
                app.run_command(line)
                await pilot.pause()
            if private_lines(app, state.log[logged:], seat) and state.to_move not in (seat, None):
                assert app.holding and app.viewer == seat  # he sees it before the others
            check_secrets_shown_right(app, row)
        assert hidden and uncovered >= 2, (hidden, uncovered)
        told = private_lines(app, state.log, 0) + private_lines(app, state.log, 1)
        assert not set(told) & set(app.log_lines)  # what one seat was told is in no log line
        if row.never_public:
            everything = row.secrets(state.view(0)) | row.secrets(state.view(1))
            assert not [s for s in everything for line in app.log_lines if s in line]

    run_app(app, script)


def first_private_events(app: GameShell, seed: int) -> dict[int, Event]:
    """An event told to each seat alone in a random two-player game, each worded unlike the
    other and unlike anything told privately in `app`'s game so far (a deal is told alike)."""
    state: GameState = sleuth.new_game(app.GAME, players=2, seed=seed)
    rng = random.Random(seed)
    found: dict[int, Event] = {}
    said = set(private_lines(app, app.state.log, 0) + private_lines(app, app.state.log, 1))
    seen = 0
    for _ in range(3000):
        for event in state.log[seen:]:
            line = app.narrator.say(event.later())
            if event.to is not None and event.to not in found and line not in said:
                found[event.to] = event
                said.add(line)
        seen = len(state.log)
        if len(found) == 2 or state.over:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert set(found) == {0, 1}, found
    return found


@pytest.mark.parametrize("game", playable())
def test_private_events_reach_only_their_seat(game: str) -> None:
    """A line told to the seat at the keyboard goes to its notes; one told to the other seat
    waits behind the cover for him, in no log and no notes until he is at the keyboard."""
    app = app_class(game)(players=2, bots=0, seed=2, bot_delay=0)
    told = first_private_events(app, 2)
    bot = make_bot(game, bot_levels(game)[-1], seed=1)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await pilot.pause()
        viewer = app.viewer
        assert viewer is not None
        other = 1 - viewer
        lines = {seat: app.narrator.say(told[seat].later()) for seat in (0, 1)}
        assert lines[0] != lines[1]
        app.take_in([told[other]])
        assert lines[other] not in app.log_lines + app.notes
        assert app.unseen[other][-1] == lines[other]
        app.take_in([told[viewer]])
        assert app.notes[-1] == lines[viewer] and lines[viewer] not in app.log_lines
        assert lines[viewer] not in app.unseen[viewer] + app.unseen[other]
        state = app.state
        for _ in range(100):  # the viewer plays his turn out; the other comes to the keyboard
            if isinstance(app.screen, CoverScreen) or state.over:
                break
            if app.holding:
                await type_command(pilot, "")
                continue
            app.run_command(typed(app, bot.choose(state, viewer)))
            await pilot.pause()
        assert isinstance(app.screen, CoverScreen) and app.screen.seat == other
        await pilot.press("enter")
        await pilot.pause()
        assert app.viewer == other and lines[other] in app.notes and app.unseen[other] == []
        if lines[viewer] not in private_lines(app, state.log, other):  # said to him too
            assert lines[viewer] not in app.notes

    run_app(app, script)


# --- whole games ------------------------------------------------------------------------------


def fewest_players(game: str, options: dict[str, Any]) -> int:
    """The fewest players a game with `options` may have."""
    spec = sleuth.spec(game)
    for players in range(spec.min_players, spec.max_players):
        try:
            sleuth.new_game(game, players=players, seed=1, **options)
        except IllegalAction:
            continue
        return players
    return spec.max_players


@pytest.mark.parametrize("varied", [False, True], ids=["default", "variant"])
@pytest.mark.parametrize("game", playable())
def test_bots_only_game_runs_to_the_end(game: str, varied: bool) -> None:
    row = GAMES[game]
    options = variant(game) if varied else {}
    players = fewest_players(game, options)  # the shortest games (Manhunt's partners: four)
    app = app_class(game)(players=players, bots=players, seed=8, bot_delay=0, options=options)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        assert state.over and isinstance(app.screen, InfoScreen)
        shown = panel(app, row.panel)
        assert "Bots only" in shown or "over" in shown, shown  # no seat's secrets
        end = [e for e in state.log if e.kind == "game_over"]
        assert end and app.narrator.say(end[-1]) in app.log_lines[-3:]
        words = app.game_over_text().plain
        for said in row.end_words + (row.variant_end_words if varied else ()):
            assert said in words, (said, words)
        await pilot.press("escape")
        await pilot.pause()
        assert "Game over" in panel(app, "message")

    run_app(app, script)


@pytest.mark.parametrize("game", playable())
def test_a_human_plays_a_whole_game_by_typing_against_a_bot(game: str) -> None:
    """The human types what the strongest bot would: every action can be typed, bots answer
    at once, what he alone is told goes to his notes and his panel, and the game ends."""
    row = GAMES[game]
    app = app_class(game)(players=2, bots=1, seed=2, bot_delay=0)
    adviser = make_bot(game, bot_levels(game)[-1], seed=9)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        assert not isinstance(app.screen, CoverScreen)  # one human: no cover
        kinds: set[str] = set()
        learned = 0  # positions at which the human knew something the bot did not
        for step in range(3000):
            if state.over:
                break
            assert state.to_move == 0 and app.viewer == 0
            action = adviser.choose(state, 0)
            kinds.add(action.kind)
            before, logged = len(state.history), len(state.log)
            if step < TYPED:  # through the command line; then straight in, which is faster
                await type_command(pilot, typed(app, action))
            else:
                app.run_command(typed(app, action))
            assert len(state.history) > before, panel(app, "message")
            mine = private_lines(app, state.log[logged:], 0)
            assert all(line in app.notes for line in mine[-8:]), (mine, app.notes)
            assert not set(mine) & set(app.log_lines)
            secrets = row.secrets(state.view(0))
            learned += bool(secrets)
            if not state.over:
                assert all(s in panel(app, row.panel) for s in secrets), secrets
        assert state.over and learned
        if row.never_public:  # what the human alone learned was never in the log
            assert not [s for s in secrets for line in app.log_lines if s in line]
        assert row.kinds <= kinds, row.kinds - kinds
        await pilot.pause()
        assert isinstance(app.screen, InfoScreen)
        end = [e for e in state.log if e.kind == "game_over"]
        assert app.narrator.say(end[-1]) in app.log_lines[-3:]
        await pilot.press("escape")
        await pilot.pause()
        assert "Game over" in panel(app, "message")

    run_app(app, script)

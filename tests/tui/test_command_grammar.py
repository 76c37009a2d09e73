"""Every terminal game's command line reads back what it offers to type.

For every game with a terminal (found through its manifest, `sleuth.tui.playable`), over
seeded games played at random and by the strongest bots: at each position, every legal
action of the seat to move is turned into the command that takes it (the app's
`typed_for`, what a tutorial's coach puts on the command line), and that line, read by the
app's parser against the same view, must give exactly that action back. Kinds of action
that never get a typed form are counted and must be exactly the known exceptions.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import sleuth
from sleuth.bots import bot_levels, make_bot
from sleuth.core import Action, GameState
from sleuth.tui import app_for, playable
from sleuth.tui.grammar import SHARED, Command, CommandError, Grammar
from sleuth.tui.shell import GameShell
from tests.core.test_prompt import variant

POSITIONS = 150  # per game played; four games per terminal game: a few hundred positions each
# Kinds of action the terminal offers no command line for, by game (and why). None today:
# every legal action can be typed.
UNTYPED: dict[str, set[str]] = {}


@dataclass
class Tally:
    """What one game's round trips covered, and what failed."""

    positions: int = 0
    typed: Counter[str] = field(default_factory=Counter)  # kind -> actions read back
    untyped: Counter[str] = field(default_factory=Counter)  # kind -> actions with no form
    wrong: list[tuple[Action, str, object]] = field(default_factory=list)


def positions(
    game: str, players: int, options: dict[str, Any], seed: int, bots: bool
) -> Iterator[GameState]:
    """Up to POSITIONS positions of one game (not over), played at random or by bots."""
    state = sleuth.new_game(game, players=players, seed=seed, **options)
    robots = [make_bot(game, bot_levels(game)[-1], seed=seed * 10 + s) for s in range(players)]
    chooser = random.Random(seed)
    for _ in range(POSITIONS):
        if state.over:
            return
        yield state
        seat = state.to_move
        assert seat is not None
        if bots:
            state.apply(robots[seat].choose(state, seat))
        else:
            state.apply(chooser.choice(state.legal_actions()))


def round_trips(app: GameShell, state: GameState, tally: Tally) -> None:
    """Type every legal action of the seat to move and read each line back."""
    view = state.view(state.to_move)
    tally.positions += 1
    for action in state.legal_actions():
        typed = app.typed_for(action, view)
        if typed is None:
            tally.untyped[action.kind] += 1
            continue
        tally.typed[action.kind] += 1
        try:
            read: object = app.parse(typed, view).action
        except ValueError as err:
            read = err
        if read != action:
            tally.wrong.append((action, typed, read))


@pytest.mark.parametrize("game", playable())
def test_every_legal_action_typed_reads_back_as_itself(game: str) -> None:
    spec = sleuth.spec(game)
    app_class = app_for(game)
    assert app_class is not None
    tally = Tally()
    for players, options in ((spec.min_players, {}), (spec.max_players, variant(game))):
        # the app's own game is never played: its parser and typed forms read the test's views
        app = app_class(players, players, 0, options=options)
        for seed, bots in ((1, False), (2, True)):
            for state in positions(game, players, options, seed, bots):
                round_trips(app, state, tally)
    assert not tally.wrong, tally.wrong[:5]
    never = {kind for kind in tally.untyped if kind not in tally.typed}
    assert set(tally.untyped) == never, f"typed only sometimes: {set(tally.untyped) - never}"
    assert never == UNTYPED.get(game, set()), tally.untyped
    # every kind the status line offers to type came up and was read back
    assert set(app_class.TYPED) <= set(tally.typed), set(app_class.TYPED) - set(tally.typed)
    assert tally.positions >= 2 * POSITIONS, tally


@pytest.mark.parametrize("game", playable())
def test_every_game_reads_the_shared_words_the_same_way(game: str) -> None:
    """The skeleton is said once (sleuth.tui.grammar): each game's command line answers an
    empty line, an unknown word and the shared requests alike."""
    app_class = app_for(game)
    assert app_class is not None and app_class.GRAMMAR is not None
    grammar = app_class.GRAMMAR
    view = sleuth.new_game(game, players=sleuth.spec(game).min_players).view(0)
    for text, meta in SHARED.items():
        assert grammar.parse(text.upper(), view) == Command(meta=meta), text
    with pytest.raises(CommandError, match=r"^type a command, or 'help'$"):
        grammar.parse("  ", view)
    with pytest.raises(CommandError, match=r"^unknown command 'Dance'; type 'help' for the list$"):
        grammar.parse("Dance now", view)
    for word, verb in grammar.words.items():
        if verb in grammar.simple:
            with pytest.raises(
                CommandError, match=rf"^'{re.escape(word)}' takes nothing after it$"
            ):
                grammar.parse(f"{word} 2", view)
        elif verb in grammar.verbs:
            with pytest.raises(CommandError, match=f"^{re.escape(grammar.needs[verb])}$"):
                grammar.parse(word, view)


def test_a_game_cannot_say_a_shared_word_again_or_leave_a_verb_unread() -> None:
    roll = Action.of("roll")
    with pytest.raises(ValueError, match="said again"):
        Grammar(words={"q": "roll"}, simple={"roll": roll})
    with pytest.raises(ValueError, match="no meaning"):
        Grammar(words={"r": "roll", "m": "move"}, simple={"roll": roll})
    with pytest.raises(ValueError, match="what they need"):
        Grammar(words={"m": "move"}, verbs={"move": lambda said, view: roll})


# Words a player might put after a verb, the odd ones among them: digits that str.isdigit()
# takes and int() does not ("²"), digits of other scripts, signs, ids, huge numbers.
ODD_ARGS = ["1", "2", "7", "0", "-1", "²", "#²", "#1", "٣", "1²", "99999999999999999999", "a",
            "b", "room", "living", "red", "R7", "motive", "hotel", "ne", "1-48", "#17", "d2",
            "d²", "w", "\x00", "\u202e", "é"]  # fmt: skip


def fuzz_views(game: str) -> list[dict[str, Any]]:
    """Views to read garbage against: the seat to move's every 30 positions of a random
    game, and a spectator's (who holds no cards)."""
    states = list(positions(game, sleuth.spec(game).max_players, {}, 5, bots=False))
    return [s.view(s.to_move) for s in states[::30]] + [states[-1].view(None)]


@pytest.mark.parametrize("game", playable())
def test_odd_words_get_a_players_message_never_a_crash(game: str) -> None:
    """Every verb with odd words after it (first, second or alone) reads as a command or
    raises CommandError, words for the status line: no KeyError, IndexError or int()
    failure reaches the player in Python's words."""
    app_class = app_for(game)
    assert app_class is not None and app_class.GRAMMAR is not None
    grammar = app_class.GRAMMAR
    heads = sorted({*grammar.words, *SHARED, "²", "٣", "5", "é"})
    lines = [line for head in heads for odd in ODD_ARGS
             for line in (f"{head} {odd}", f"{head} 2 {odd}", f"{head} {odd} 1")]  # fmt: skip
    crashed: list[tuple[str, Exception]] = []
    for view in fuzz_views(game):
        for line in [*lines, *heads]:
            try:
                command = grammar.parse(line, view)
            except CommandError:
                continue
            except Exception as err:  # what the test looks for: anything else
                crashed.append((line, err))
                continue
            assert command.action is not None or command.meta is not None, line
    assert not crashed, crashed[:5]

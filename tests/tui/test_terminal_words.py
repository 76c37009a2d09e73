"""Errors, prompts and hints in the terminal speak the player's words and are true for the
moment (issue 13): no internal names, errors that wrap, the command line offering only what
may be typed now, plurals, the last suspect named, the secret just learned shown before the
keyboard passes, and the Stop Thief notebook aid."""

from __future__ import annotations

import random
import re

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

import sleuth
from sleuth.bots import make_bot
from sleuth.core import Action, Event, GameState, IllegalAction
from sleuth.games.columbo.tui import ColumboApp
from sleuth.games.columbo.words import Narrator as ColumboNarrator
from sleuth.games.kojak.tui import KojakApp
from sleuth.games.manhunt.tui import ManhuntApp
from sleuth.games.stop_thief.tui import StopThiefApp
from sleuth.tui.shell import CoverScreen, GameShell
from tests.tui.pilot import run_app, typed

PLAYERS = {"stop-thief": 3, "manhunt": 3, "kojak": 3, "columbo": 3}


def shown(app: GameShell, name: str) -> str:
    content = app.query_one(f"#{name}", Static).content
    return content.plain if hasattr(content, "plain") else str(content)


# --- refusals -------------------------------------------------------------------------------

INTERNAL = re.compile(r"\w=\w|\b[a-z]+_[a-z_]+\b|'[a-z_]+'")  # 'move to=165', 'pay_fine', 'roll'


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_refusals_never_show_an_action_s_internal_name(game: str) -> None:
    """Actions legal somewhere in a game, tried where they are not: every refusal is words."""
    state = sleuth.new_game(game, players=PLAYERS[game], seed=3)
    rng = random.Random(3)
    seen: dict[str, Action] = {}
    refusals: set[str] = set()
    for _ in range(150):
        if state.over:
            break
        legal = state.legal_actions()
        for action in seen.values():
            if action not in legal:
                with pytest.raises(IllegalAction) as refused:
                    state.apply(action)
                refusals.add(str(refused.value))
        for action in legal:
            seen.setdefault(action.kind, action)
        state.apply(rng.choice(legal))
    assert len(refusals) >= 3
    leaks = [r for r in refusals if INTERNAL.search(r)]
    assert not leaks, leaks


def test_the_issue_s_refusals_now_read_as_words() -> None:
    st = sleuth.new_game("stop-thief", players=2, seed=1)
    with pytest.raises(IllegalAction, match=r"^You cannot move now\. Press CLUE") as move:
        st.apply(Action.of("move", to="165"))
    with pytest.raises(IllegalAction, match=r"^You cannot pay a fine now\.") as pay:
        st.apply(Action.of("pay_fine"))
    columbo = sleuth.new_game("columbo", players=3, seed=1)
    with pytest.raises(IllegalAction, match=r"^You cannot give a card now\.") as give:
        columbo.apply(Action.of("give", card=41))
    for refused in (move, pay, give):
        assert "=" not in str(refused.value) and "_" not in str(refused.value)


def test_stop_thief_hints_follow_the_cards_played() -> None:
    """After Move Anywhere the refusal of a roll says to move anywhere, not 'up to your roll';
    after a card the hint no longer offers one "first"."""
    app = StopThiefApp(players=2, bots=1, seed=11, bot_level="random", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        hand = [card["effect"] for card in app.state.view(0)["hand"]]
        assert hand == ["extra_clues", "tip", "move_anywhere"]  # seed 11's deal
        assert app.query_one("#command", Input).placeholder == "command: c · card <1-3> · help"
        app.run_command("c")
        assert "or play a Sleuth Card first" in shown(app, "message")
        app.run_command("card 1")  # two extra clues
        await pilot.pause()
        assert shown(app, "message").startswith("Detective 1 (Kent Ketchum): Roll the dice.")
        assert "card" not in app.query_one("#command", Input).placeholder
        app.run_command("card 3")
        assert "only one Sleuth Card a turn" in shown(app, "message")

    run_app(app, script, (160, 45))
    app = StopThiefApp(players=2, bots=1, seed=11, bot_level="random", bot_delay=0)

    async def anywhere(pilot: Pilot[None]) -> None:
        app.run_command("c")
        app.run_command("card 3")  # Move Anywhere, before rolling
        app.run_command("r")
        await pilot.pause()
        message = shown(app, "message")
        assert message == "✗ You cannot roll the dice now. Move anywhere (Sleuth Card)."
        assert "up to" not in message

    run_app(app, anywhere, (160, 45))


def test_a_long_error_wraps_into_the_message_line_and_is_whole_in_the_log() -> None:
    """The message line keeps its two rows, so the panels above keep theirs: an error wraps
    into them, and one longer (at 80 columns) is cut there and written whole to the log."""
    app = KojakApp(players=2, bots=1, seed=2, bot_level="random", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        app.run_command("take")  # the longest refusal Kojak has
        await pilot.pause()
        message = app.query_one("#message", Static)
        words = shown(app, "message")
        assert len(words) > 80 and words.endswith("… (whole in the log)")
        assert message.size.height == 2
        assert app.log_lines[-1].endswith("only one from each building")

    run_app(app, script, (80, 24))


# --- prompts true for the moment ------------------------------------------------------------


def columbo_in_an_empty_room() -> GameState:
    """A Columbo game where Detective 1 is to choose, standing in a room with no cards left."""
    for seed in range(40):
        state = sleuth.new_game("columbo", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.over and len(state.history) < 300:
            view = state.view(state.to_move)
            me = view["detectives"][view["turn"]]
            piles = {r["room"]: r["cards"] for r in view["rooms"]}
            if state.to_move == 0 and view["phase"] == "arrived" and piles.get(me["room"]) == 0:
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position in 40 games")


def test_an_empty_columbo_room_does_not_offer_t() -> None:
    state = columbo_in_an_empty_room()
    app = ColumboApp(players=3, bots=2, seed=state.seed, bot_level="random", bot_delay=0)
    app.state = state

    async def script(pilot: Pilot[None]) -> None:
        placeholder = app.query_one("#command", Input).placeholder
        hint = shown(app, "message")
        assert placeholder.startswith("command: ") and "demand" in placeholder
        assert not re.search(r"\bt\b", placeholder) and not re.search(r"\bt\b", hint)
        assert "take" not in hint
        app.run_command("t")
        refusal = shown(app, "message")
        assert refusal.startswith("✗ You cannot take a card now.") and "take" not in refusal[25:]

    run_app(app, script, (120, 40))


def test_counts_are_said_in_the_singular_for_one() -> None:
    n = ColumboNarrator()
    assert "holding 1 card:" in n.say(Event("kept", {"seat": 0, "cards": 1}))
    assert "holding 5 cards:" in n.say(Event("kept", {"seat": 0, "cards": 5}))


def test_manhunt_names_the_last_suspect() -> None:
    app = ManhuntApp(players=2, bots=1, seed=1, bot_level="random", bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        book = app.state.handbook(0)
        last, *others = book.crime.suspects
        book.crossed.update({s.number: 1 for s in others})
        app.redraw()
        assert f"Suspects: only {last.number} {last.name} is left" in shown(app, "handbook")

    run_app(app, script, (160, 45))


# --- the secret just learned, before the keyboard passes ------------------------------------


def test_a_kojak_code_taken_is_shown_before_the_cover_rises() -> None:
    app = KojakApp(players=2, bots=0, seed=2, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        state = app.state
        bots = {seat: make_bot("kojak", "expert", seed=seat) for seat in (0, 1)}
        while not any(e.kind == "clue" for e in state.log):
            if isinstance(app.screen, CoverScreen):
                await pilot.press("enter")
                await pilot.pause()
            seat = state.to_move
            assert seat is not None and not app.holding
            app.run_command(typed(app, bots[seat].choose(state, seat)))
            await pilot.pause()
        (clue,) = [e for e in state.log if e.kind == "clue"]
        taker = clue.data["seat"]
        assert state.to_move != taker  # taking ended his turn
        assert app.holding and app.viewer == taker
        assert not isinstance(app.screen, CoverScreen)
        assert str(clue.data["statement"]) in shown(app, "notebook")
        assert "press Enter to pass the keyboard" in shown(app, "message")
        app.run_command("r")  # no one else's move while he looks
        assert "Press Enter on an empty line" in shown(app, "message")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen) and app.screen.seat == state.to_move
        assert app.viewer is None and not app.holding

    run_app(app, script, (120, 40))


# --- the notebook aid -----------------------------------------------------------------------


@pytest.mark.parametrize("aid", [True, False])
def test_the_notebook_aid_shows_in_the_terminal_when_chosen(aid: bool) -> None:
    """-o notebook_aid=true: the hand panel names where the thief may be, as the browser
    circles it; only for the seat at the keyboard."""
    app = StopThiefApp(2, 1, 3, "random", 0, {"notebook_aid": aid})

    async def script(pilot: Pilot[None]) -> None:
        for command in ("c", "r"):
            app.run_command(command)
        here = app.state.view(0)["detectives"][0]["node"]
        app.run_command(f"m {here}")
        app.run_command("e")
        await pilot.pause()
        panel = shown(app, "hand")
        if not aid:
            assert "Notebook aid" not in panel
            return
        possible = app.state.view(0)["notebook"]["possible"]
        assert f"Notebook aid ({len(possible)} spaces): " in panel.replace("\n", " ")
        for code in possible:
            assert f"{int(code) // 100}-{int(code) % 100:02d}" in panel

    run_app(app, script, (160, 45))

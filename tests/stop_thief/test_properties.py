"""Properties of random play: it never breaks, money adds up, the thief keeps the rules,
records replay exactly, and no view shows what its seat may not know."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import sleuth
from sleuth.core import Action, Event, GameState, Record
from sleuth.games.stop_thief.board import Board
from sleuth.games.stop_thief.scanner import Step
from sleuth.games.stop_thief.state import FINE, StopThief
from sleuth.games.stop_thief.thief import Move, apply_move, begin_at, candidate_moves, flee_moves

ACTIONS = 220  # per example: enough for fines, cards, arrests and escapes

options = st.fixed_dictionaries(
    {},
    optional={
        "still_chance": st.sampled_from([0.0, 0.25, 0.6]),
        "escape_chance": st.sampled_from([0.0, 0.25, 0.8, 1.0]),
        "six_move_escape_chance": st.sampled_from([0.0, 0.5, 1.0]),
        "escape_flees": st.booleans(),
        "escape_gains": st.booleans(),
        "scanner_digits": st.booleans(),
        "clue_on_fine_turn": st.booleans(),
        "win_amount": st.sampled_from([1000, 1500, 2500]),
    },
)


@dataclass(repr=False)
class Game:
    """A randomly played game, with what every seat could see after each action."""

    state: StopThief
    actions: int = 0
    views: list[list[Any]] = field(default_factory=list)  # per prefix: view(None), view(s)...
    legal: list[list[Action]] = field(default_factory=list)
    steps: list[tuple[Action, list[Event], list[int], list[int]]] = field(default_factory=list)

    def __repr__(self) -> str:
        return f"<{self.state.players}-player game, seed {self.state.seed}, {self.actions} actions>"


def _snapshot(state: GameState) -> list[Any]:
    return [state.view(None), *(state.view(s) for s in range(state.players))]


def _play(players: int, seed: int, chooser: int, opts: dict[str, Any], record: bool) -> Game:
    state = sleuth.new_game("stop-thief", players=players, seed=seed, **opts)
    assert isinstance(state, StopThief)
    game = Game(state)
    board = state.board
    pick = random.Random(chooser)
    for _ in range(ACTIONS):
        if record:
            game.views.append(_snapshot(state))
            game.legal.append(state.legal_actions())
        if state.over:
            break
        legal = state.legal_actions()
        # Lean towards the interesting: the driver (not a bot) peeks, to catch the thief
        # now and then, and plays arrests and cards a good part of the time.
        thief = state.scanner.thief
        right = [a for a in legal if a.kind == "arrest" and thief and a["space"] == thief.space]
        near = [
            a
            for a in legal
            if a.kind == "move" and thief and board.next_to(board.node_by_id[a["to"]], thief.space)
        ]
        rare = [a for a in legal if a.kind in ("arrest", "play_card")]
        if right and pick.random() < 0.7:
            action = right[0]
        elif near and pick.random() < 0.7:
            action = pick.choice(near)
        else:
            action = pick.choice(rare if rare and pick.random() < 0.3 else legal)
        before = [d.money for d in state.detectives]
        events = state.apply(action)
        game.steps.append((action, events, before, [d.money for d in state.detectives]))
        game.actions += 1
    if record and len(game.views) == game.actions:  # cut short: the final position too
        game.views.append(_snapshot(state))
        game.legal.append(state.legal_actions())
    return game


games = st.builds(
    _play,
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    chooser=st.integers(0, 2**32),
    opts=options,
    record=st.just(False),
)
recorded_games = st.builds(
    _play,
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    chooser=st.integers(0, 2**32),
    opts=options,
    record=st.just(True),
)
fast = settings(max_examples=40, deadline=None)


@fast
@given(games)
def test_random_play_never_breaks(game: Game) -> None:
    state = game.state
    assert game.actions == ACTIONS or state.over
    if state.over:
        assert state.to_move is None and state.legal_actions() == []
        assert state.winners and state.end_reason
    else:
        assert state.to_move is not None and state.legal_actions()
    for det in state.detectives:
        assert len(det.hand) == 3  # ST-CARDS-07: a hand always holds 3 cards
        assert det.money >= 0
    assert sorted([*state.pile, *(c for d in state.detectives for c in d.hand)]) == list(range(32))


@fast
@given(games)
def test_money_moves_only_by_rewards_fines_tips_and_collect_cards(game: Game) -> None:
    """ST-MONEY-03 (the fine is $100, or all a poorer detective has) and ST-ARREST-15
    (an unsuccessful arrest costs nothing): every change of a detective's money is
    accounted for by the events of the action that made it."""
    for _action, events, before, after in game.steps:
        expected = list(before)
        for event in events:
            data = event.data
            if event.kind == "reward":
                expected[data["seat"]] += data["amount"]
            elif event.kind == "license_back":
                assert data["paid"] == min(FINE, before[data["seat"]])
                expected[data["seat"]] -= data["paid"]
            elif event.kind == "tip_called":
                expected[data["seat"]] -= data["paid"]
            elif event.kind == "paid":
                expected[data["from"]] -= data["amount"]
                expected[data["to"]] += data["amount"]
        assert after == expected, [dict(e.data, kind=e.kind) for e in events]


@fast
@given(games)
def test_the_thief_only_makes_rule_legal_moves(game: Game) -> None:
    """ST-THIEF-08 (he only ever stands on numbered spaces), ST-THIEF-19 (an escape is a run
    of 5 or 6 moves unless he is boxed in), ST-ARREST-04/05 (an arrest is false exactly
    when it names another space than his), ST-ARREST-14 (a false arrest does not move
    him) and ST-MONEY-05/06 (the reward is the poster's face value plus $100 a further
    crime); every step is one of the moves `thief.candidate_moves` allows from the state
    before it (escape steps also fleeing the cops when the option says so)."""
    state = game.state
    board = state.board
    escapes = _escape_runs(state)
    for number, route in enumerate(state.routes):
        assert all(step.space in board.spaces for step in route)
        options = state.options
        _check_route(board, route, escapes[number], options.escape_flees, options.escape_gains,
                     options.scanner_digits)  # fmt: skip
    _check_arrests(state)


def _escape_runs(state: StopThief) -> list[list[tuple[int, int]]]:
    """For each thief: (space the cops went to, clues in the escape) per unsuccessful arrest."""
    runs: list[list[tuple[int, int]]] = []
    for event in state.log:
        if event.kind == "new_thief":
            runs.append([])
        elif event.kind == "arrest" and event.data["outcome"] == "unsuccessful":
            runs[-1].append((event.data["space"], 0))
        elif event.kind == "clue" and event.data["type"] == "escape":
            cops, heard = runs[-1][-1]
            runs[-1][-1] = (cops, heard + 1)
    return runs


def _check_route(
    board: Board, route: list[Step], runs: list[tuple[int, int]], flee: bool, gain: bool,
    digits: bool,
) -> None:  # fmt: skip
    first = route[0]
    thief, clue = begin_at(board, first.space)
    assert first.crime and first.clue == clue
    pending = [run for run in runs if run[1]]  # a thief boxed in at the arrest leaves no steps
    left, cops, heard = 0, 0, 0
    for step in route[1:]:
        moves = candidate_moves(board, thief)
        if step.escape:
            if left == 0:  # the first move of the next escape run
                cops, heard = pending.pop(0)
                left = heard
                assert cops == thief.space, "an escape starts where the cops found him"
                assert 1 <= heard <= 6
            if flee:
                moves = flee_moves(board, thief, moves, cops, gain, done=heard - left)
            left -= 1
        else:
            assert left == 0, "an escape run was cut short by an ordinary move"
        assert Move(step.space, step.ride) in moves, (thief, step)
        thief, clue, crime = apply_move(board, thief, Move(step.space, step.ride))
        assert (step.clue, step.crime) == (clue.shown(digits), crime)
        if step.escape and left == 0 and heard < 5:
            assert not candidate_moves(board, thief), "a short escape only when boxed in"
    assert not pending and left == 0


def _check_arrests(state: StopThief) -> None:
    """Replay the game, checking each arrest's outcome against the thief's real space."""
    fresh = sleuth.replay(state.record(), upto=0)
    assert isinstance(fresh, StopThief)
    for action in state.history:
        thief = fresh.scanner.thief
        rewards_due = fresh.reward
        events = fresh.apply(action)
        if action.kind != "arrest":
            continue
        assert thief is not None
        outcome = events[0].data["outcome"]
        assert (outcome == "false") == (action["space"] != thief.space)
        if outcome == "false":
            assert fresh.scanner.thief == thief
        if outcome == "successful":
            reward = next(e for e in events if e.kind == "reward").data
            route = fresh.routes[-2] if fresh.scanner.thief is not None else fresh.routes[-1]
            face = fresh.content.posters[reward["poster"]].reward
            assert reward["amount"] == rewards_due == face + 100 * (sum(s.crime for s in route) - 1)


@settings(max_examples=25, deadline=None)
@given(recorded_games, st.data())
def test_replay_rebuilds_the_same_game_at_every_prefix(game: Game, data: st.DataObject) -> None:
    state = game.state
    record = state.record()
    again = sleuth.replay(record, upto=0)
    for k, action in enumerate(record.actions):
        assert _snapshot(again) == game.views[k]
        assert again.legal_actions() == game.legal[k]
        again.apply(action)
    assert _snapshot(again) == _snapshot(state)
    k = data.draw(st.integers(0, len(record.actions)), label="prefix")
    prefix = sleuth.replay(record, upto=k)
    assert _snapshot(prefix) == game.views[k]
    assert prefix.legal_actions() == game.legal[k]


@fast
@given(games)
def test_record_survives_a_json_round_trip(game: Game) -> None:
    record = game.state.record()
    text = json.dumps(record.to_json())
    back = Record.from_json(json.loads(text))
    assert back == record
    again = sleuth.replay(back)
    assert isinstance(again, StopThief)
    assert _snapshot(again) == _snapshot(game.state)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in game.state.log]


@fast
@given(games, st.integers(0, 2**32))
def test_views_show_nothing_a_seat_may_not_know(game: Game, noise: int) -> None:
    """ST-CARDS-04 (only your own cards), ST-SCANNER-17 (a tip is secret) and ST-THIEF-01
    (nobody sees the thief): changing what a seat cannot know leaves its view unchanged."""
    state = game.state
    players = state.players
    spectator = state.view(None)
    for hidden in ("hand", "tips", "legal"):
        assert hidden not in spectator
    assert ("reveal" in spectator) == state.over
    for seat in range(players):
        mine = state.view(seat)
        assert [c["id"] for c in mine["hand"]] == state.detectives[seat].hand
        assert mine["tips"] == state.tips[seat]
        assert ("legal" in mine) == (state.to_move == seat)
    for event in state.log:
        if event.kind in ("hand", "tip", "card_drawn"):
            assert event.to is not None, f"a {event.kind} event was shown to everyone"
    for seat in (None, *range(players)):
        twin = _scramble_hidden(state, seat, random.Random(noise))
        assert twin.view(seat) == state.view(seat)


def _scramble_hidden(state: StopThief, seat: int | None, rng: random.Random) -> StopThief:
    """A copy with everything `seat` cannot know changed: the thief, other hands and tips."""
    twin = state.clone()
    if not twin.over and twin.scanner.thief is not None:
        elsewhere = rng.choice([c for c in twin.board.spaces if c != twin.scanner.thief.space])
        twin.scanner.thief = replace(twin.scanner.thief, space=elsewhere, previous=None)
    pile = list(twin.pile)
    for other in twin.detectives:
        if other.seat == seat:
            continue
        twin.tips[other.seat].append(
            {"space": rng.choice(list(twin.board.spaces)), "after_clue": 0}
        )
        for i, card in enumerate(other.hand):
            j = rng.randrange(len(pile))
            other.hand[i], pile[j] = pile[j], card
    twin.pile.clear()
    twin.pile.extend(pile)
    if not twin.over:
        twin.routes[-1] = [twin.routes[-1][0]]
    twin.log = [
        e if e.visible_to(seat) else Event(e.kind, {"scrambled": True}, e.to) for e in twin.log
    ]
    twin._legal_cache = None
    return twin

"""Properties of random play: it never breaks, cards are conserved, records replay exactly,
no view shows a face-down lawn card or another hand, and every seat's memory is true."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import sleuth
from sleuth.core import Action, Event, GameState, Record, Rng
from sleuth.games.columbo.cards import HAND
from sleuth.games.columbo.state import Columbo
from tests.columbo.conftest import everything

ACTIONS = 300  # per example: enough to empty the rooms and reach the end phase

options = st.fixed_dictionaries(
    {},
    optional={
        "advanced": st.booleans(),
        "removal": st.sampled_from(["random", "fixed"]),
        "max_turns": st.sampled_from([40, 120, 1000]),
    },
)


@dataclass(repr=False)
class Game:
    """A randomly played game, with what every seat could see after each action."""

    state: Columbo
    actions: int = 0
    views: list[list[Any]] = field(default_factory=list)
    legal: list[list[Action]] = field(default_factory=list)
    conserved: bool = True
    hands_ok: bool = True
    unexplained: list[int] = field(default_factory=list)  # cards that came into a hand unseen
    sources: set[str] = field(default_factory=set)

    def __repr__(self) -> str:
        return f"<{self.state.players}-player game, seed {self.state.seed}, {self.actions} actions>"


def _snapshot(state: GameState) -> list[Any]:
    return [state.view(None), *(state.view(s) for s in range(state.players))]


def _play(players: int, seed: int, chooser: int, opts: dict[str, Any], record: bool) -> Game:
    state = sleuth.new_game("columbo", players=players, seed=seed, **opts)
    assert isinstance(state, Columbo)
    game = Game(state)
    pick = random.Random(chooser)
    cards = sorted(state.in_play)
    for _ in range(ACTIONS):
        if record:
            game.views.append(_snapshot(state))
            game.legal.append(state.legal_actions())
        if state.over:
            break
        legal = state.legal_actions()
        # Lean towards the interesting: rooms, the lawn, challenges.
        rare = [
            a
            for a in legal
            if a.kind in ("draw", "name", "demand", "jump")
            or (a.kind == "move" and str(a["to"]).startswith("room"))
        ]
        action = pick.choice(rare if rare and pick.random() < 0.6 else legal)
        before = [set(d.hand) | {c for s in d.table for c in s} for d in state.detectives]
        pending = state.turn.pending
        events = state.apply(action)
        _account(game, state, before, pending, events)
        game.actions += 1
        game.conserved &= everything(state) == cards
        holding = [len(d.hand) for d in state.detectives]
        if state.turn.phase in ("discard", "exchange"):
            giver = state.to_move
            assert giver is not None
            holding[giver] -= 1  # held seven and received: a card up, set or no set
        game.hands_ok &= max(holding) <= HAND
    if record and len(game.views) == game.actions:
        game.views.append(_snapshot(state))
        game.legal.append(state.legal_actions())
    return game


SOURCES = {"drew": "rooms", "given": "detectives", "exchanged": "detectives", "turned": "lawn"}


def _account(
    game: Game, state: Columbo, before: list[set[int]], pending: int | None, events: list[Event]
) -> None:
    """Every card that joins a hand came from a room, another detective or the lawn."""
    came: dict[int, str] = {}
    for event in events:
        if event.kind in SOURCES:
            came[int(event.data["card"]["id"])] = SOURCES[event.kind]
    if pending is not None:
        came[pending] = "lawn"
    for det in state.detectives:
        held = set(det.hand) | {c for s in det.table for c in s}
        for card in held - before[det.seat]:
            if card in came:
                game.sources.add(came[card])
            else:
                game.unexplained.append(card)


def _games(record: bool) -> st.SearchStrategy[Game]:
    return st.builds(
        _play,
        players=st.integers(2, 4),
        seed=st.integers(0, 2**32),
        chooser=st.integers(0, 2**32),
        opts=options,
        record=st.just(record),
    )


fast = settings(max_examples=30, deadline=None)


@fast
@given(_games(False))
def test_random_play_never_breaks_and_conserves_the_cards(game: Game) -> None:
    """CO-CARDS-01 (nobody holds more than 7 cards, but for the moment he must give one up)
    and CO-CARDS-02 (evidence comes from the rooms, from other detectives or from the lawn):
    every card in play is always in exactly one place, and every card that joins a hand
    came from one of those three."""
    state = game.state
    assert game.actions == ACTIONS or state.over
    assert game.conserved and game.hands_ok
    assert game.unexplained == []
    assert "rooms" in game.sources
    if state.over:
        assert state.to_move is None and state.legal_actions() == [] and state.end_reason
    else:
        assert state.to_move is not None and state.legal_actions()


@settings(max_examples=15, deadline=None)
@given(_games(True), st.data())
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
    assert _snapshot(sleuth.replay(record, upto=k)) == game.views[k]


@fast
@given(_games(False))
def test_record_survives_a_json_round_trip(game: Game) -> None:
    record = game.state.record()
    back = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert back == record
    again = sleuth.replay(back)
    assert _snapshot(again) == _snapshot(game.state)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in game.state.log]


@fast
@given(_games(False), st.integers(0, 2**32))
def test_views_show_no_face_down_card_and_no_other_hand(game: Game, noise: int) -> None:
    """CO-LAWN-01 and CO-LAWN-02: the lawn is places only: shuffling every card a seat cannot
    see (other hands, the room piles, every card face down on the lawn) leaves its view as it
    was; a spectator's view holds no hand at all."""
    state = game.state
    spectator = state.view(None)
    assert "hand" not in spectator and "legal" not in spectator
    for seat in (None, *range(state.players)):
        view = state.view(seat)
        assert set(view["lawn"]) <= {"down", None}
        twin = _scramble(state, seat, random.Random(noise))
        assert twin.view(seat) == view
        json.dumps(view)
    for event in state.log:
        if event.kind in ("hand", "drew", "given", "exchanged", "your_discard"):
            assert event.to is not None, f"a {event.kind} event was shown to everyone"
        if event.kind == "discard" and event.data["card"] is not None:
            assert state.options.show_discards and event.fleeting == ("card",)


def _scramble(state: Columbo, seat: int | None, rng: random.Random) -> Columbo:
    twin = state.clone()
    slots: list[tuple[list[Any], int]] = []
    for det in twin.detectives:
        if det.seat != seat:
            slots += [(det.hand, i) for i in range(len(det.hand))]
    for pile in twin.piles.values():
        slots += [(pile, i) for i in range(len(pile))]
    slots += [(twin.lawn, p) for p, c in enumerate(twin.lawn) if c is not None]
    cards = [where[i] for where, i in slots]
    rng.shuffle(cards)
    for (where, i), card in zip(slots, cards, strict=True):
        where[i] = card
    twin.forget_legal_actions()
    return twin


@fast
@given(_games(False))
def test_every_seats_memory_is_true_and_only_its_own(game: Game) -> None:
    """What the engine keeps for each seat is certain, and is built only from that seat's
    events (so the interfaces and the other seats learn nothing from it)."""
    from sleuth.games.columbo.knowledge import Knowledge

    state = game.state
    for seat in range(state.players):
        memory = state.memory(seat)
        for place, card in memory.lawn.items():
            assert state.lawn[place] == card
        for card, holder in memory.holder.items():
            pending = state.turn.pending == card and state.turn.seat == holder  # being laid
            assert card in state.detectives[holder].hand or pending
        for other, kinds in enumerate(memory.lacks):
            held = {state.kind_of[c] for c in state.detectives[other].hand}
            assert not kinds & held
        rebuilt = Knowledge(seat, state.players)
        rebuilt.feed(state.events_for(seat))
        assert (rebuilt.lawn, rebuilt.holder) == (memory.lawn, memory.holder)


@fast
@given(_games(False), st.integers(0, 2**32))
def test_resample_keeps_what_the_seat_knows(game: Game, noise: int) -> None:
    state = game.state
    for seat in range(state.players):
        twin = state.resample(seat, Rng(noise))
        assert twin.view(seat) == state.view(seat)
        assert everything(twin) == everything(state)
        for place, card in state.memory(seat).lawn.items():
            assert twin.lawn[place] == card
        if not twin.over:
            twin.apply(twin.legal_actions()[0])


@fast
@given(_games(False), st.integers(0, 2**32))
def test_a_resampled_game_reveals_nothing_the_seat_did_not_know(game: Game, noise: int) -> None:
    """CO-LAWN-02 (secrecy of the lawn and the hands): the copy made for a seat keeps only the
    events that seat saw, and every other seat's memory agrees with the copy's own cards
    (the places it knows hold what it remembers there), not with the real ones."""
    state = game.state
    for seat in range(state.players):
        twin = state.resample(seat, Rng(noise))
        assert all(e.visible_to(seat) for e in twin.log)
        for other in range(state.players):
            memory = twin.memory(other)
            for place, card in memory.lawn.items():
                assert twin.lawn[place] == card
            for card, holder in memory.holder.items():
                assert card in twin.detectives[holder].hand or card == twin.turn.pending


def test_all_three_sources_of_evidence_occur() -> None:
    """CO-CARDS-02: rooms, other detectives and the lawn all feed hands in ordinary play."""
    seen: set[str] = set()
    for seed in range(6):
        game = _play(3, seed, seed, {}, record=False)
        assert game.unexplained == []
        seen |= game.sources
    assert seen == {"rooms", "detectives", "lawn"}


def test_events_are_plain_json() -> None:
    state = sleuth.new_game("columbo", players=3, seed=2)
    rng = random.Random(2)
    for _ in range(200):
        state.apply(rng.choice(state.legal_actions()))
    for event in state.log:
        assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event


def test_resample_while_a_player_must_give_keeps_him_an_answer() -> None:
    """Found by Hypothesis: a resample could leave the asked player nothing he could give."""
    state = _play(players=4, seed=824, chooser=229, opts={}, record=False).state
    assert state.turn.phase == "give"
    for seat in range(state.players):
        for noise in range(20):
            assert state.resample(seat, Rng(noise)).legal_actions()

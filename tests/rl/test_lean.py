"""The lean encoding hooks write exactly the vector the view-based reference encoder writes.

`Observer.encode(view)` reads only the seat's JSON view, so it cannot peek; each game's
`Observer.encode_state(state)` reads the state directly, for speed. Over random play of
every game, at every position, for every seat (the one to move and the others), the two
must agree to the last bit: then the lean hook shows nothing the view does not.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import sleuth  # noqa: E402
from sleuth.bots import events_since  # noqa: E402
from sleuth.games.stop_thief.bots import DetectiveBot  # noqa: E402
from sleuth.games.stop_thief.state import StopThief  # noqa: E402
from sleuth.rl import encoder_for  # noqa: E402
from sleuth.rl.base import Observer  # noqa: E402

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("stop-thief", 2, {}),
    ("stop-thief", 4, {"clue_on_fine_turn": True}),
    ("manhunt", 3, {}),
    ("manhunt", 6, {}),
    ("kojak", 2, {}),
    ("kojak", 4, {"version": "advanced"}),
    ("columbo", 2, {}),
    ("columbo", 4, {"advanced": True}),
]
IDS = [f"{g}-{n}{'-' + '-'.join(map(str, o.values())) if o else ''}" for g, n, o in SETUPS]


def lean_is_overridden(observer: Observer) -> bool:
    return type(observer).encode_state is not Observer.encode_state


@pytest.mark.parametrize(("name", "players", "options"), SETUPS, ids=IDS)
def test_the_lean_hook_equals_the_view_encoder(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """Random games to the end (or 1,500 actions), every position, every seat."""
    rng = np.random.default_rng(7)
    compared = 0
    for seed in (1, 2, 3):
        state = sleuth.new_game(name, players, seed, **options)
        encoder = encoder_for(name)(players, state.options)
        observers = [encoder.observer(seat) for seat in range(players)]
        assert all(lean_is_overridden(o) for o in observers), "no lean hook to compare"
        cursors = [0] * players
        for _ in range(1500):
            for seat, observer in enumerate(observers):
                events, cursors[seat] = events_since(state, seat, cursors[seat])
                for event in events:
                    observer.observe(event)
                lean = observer.encode_state(state)
                reference = observer.encode(encoder.view(state, seat))
                assert lean.dtype == reference.dtype == np.float32
                if not np.array_equal(lean, reference):
                    wrong = np.flatnonzero(lean != reference)
                    parts = _parts_at(encoder.layout.parts, wrong)
                    raise AssertionError(
                        f"seed {seed}, action {len(state.history)}, seat {seat}: "
                        f"the lean hook differs in {parts}"
                    )
                compared += 1
            if state.over:
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    assert compared > 1000


def test_stop_thief_seats_looking_now_and_then_see_what_the_view_shows() -> None:
    """Seats that look only now and then (an environment's seat looks at its own turns;
    here each look is a 1-in-15 chance) find the clue log many clues longer than at their
    last look: the clue window the seats share must still hold the latest ten."""
    rng = np.random.default_rng(5)
    jumps = compared = 0
    for seed in (1, 2):
        state = cast(StopThief, sleuth.new_game("stop-thief", 4, seed, escape_chance=0.5))
        encoder = encoder_for("stop-thief")(4, state.options)
        observers = [encoder.observer(seat) for seat in range(4)]
        cursors, seen = [0] * 4, [0] * 4
        for _ in range(1500):
            for seat, observer in enumerate(observers):
                if rng.random() > 1 / 15:
                    continue
                events, cursors[seat] = events_since(state, seat, cursors[seat])
                for event in events:
                    observer.observe(event)
                lean = observer.encode_state(state)
                reference = observer.encode(encoder.view(state, seat))
                assert np.array_equal(lean, reference), (seed, len(state.history), seat)
                jumps += len(state.clue_log) - seen[seat] > 10
                seen[seat] = len(state.clue_log)
                compared += 1
            if state.over:
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    assert compared > 300 and jumps > 10


def _parts_at(parts: list[tuple[str, int, str]], offsets: np.ndarray) -> list[str]:
    """The layout parts holding these offsets (to say where the two encoders disagree)."""
    names, start = [], 0
    for name, size, _ in parts:
        if any(start <= o < start + size for o in offsets):
            names.append(name)
        start += size
    return names


def test_columbo_news_window_holds_the_latest_happenings_latest_first() -> None:
    """The news block is shifted in place as happenings come (`ColumboObserver._news`); it
    must equal the window written afresh from the latest twelve, whenever a seat catches up
    (both encoders share that block, so the test above cannot see a fault in it)."""
    from sleuth.games.columbo.rl import HAPPENINGS, NEWS

    rng = np.random.default_rng(3)
    for seed in (1, 2):
        state = sleuth.new_game("columbo", 4, seed)
        encoder: Any = encoder_for("columbo")(4, state.options)
        observers = [encoder.observer(seat) for seat in range(4)]
        seen: list[list[tuple[int, ...]]] = [[] for _ in range(4)]
        cursors = [0] * 4
        start, stop = encoder.news_parts[0].start, encoder.news_parts[-1].stop
        for _ in range(1500):
            if state.over:
                break
            seat = int(rng.integers(4))  # seats catch up at odd times, as agents do
            events, cursors[seat] = events_since(state, seat, cursors[seat])
            for event in events:
                observers[seat].observe(event)
                if event.kind in HAPPENINGS:
                    seen[seat].append(observers[seat]._happening(event))
            expected = np.zeros(stop - start, np.float32)
            latest = reversed(seen[seat][-NEWS:])
            for part, row in zip(encoder.news_parts, latest, strict=False):
                expected[[part.start - start + at for at in row]] = 1.0
            window = observers[seat].encode_state(state)[start:stop]
            assert np.array_equal(window, expected)
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize(("name", "players", "options"), SETUPS, ids=IDS)
def test_an_encoder_kept_over_games_writes_what_a_fresh_one_writes(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """An environment keeps its encoder over resets, and encoders remember work shared by the
    seats (Stop Thief's clue window, Columbo's happenings): nothing of one game may show in
    the next. Short games first (a game just begun holds the same counts as the last one)."""
    rng = np.random.default_rng(11)
    kept = None
    for seed, actions in ((1, 0), (2, 0), (3, 6), (4, 60)):
        state = sleuth.new_game(name, players, seed, **options)
        kept = kept or encoder_for(name)(players, state.options)
        fresh = encoder_for(name)(players, state.options)
        pairs = [(kept.observer(seat), fresh.observer(seat)) for seat in range(players)]
        cursors = [0] * players
        for _ in range(actions + 1):
            for seat, (old, new) in enumerate(pairs):
                events, cursors[seat] = events_since(state, seat, cursors[seat])
                for event in events:
                    old.observe(event)
                    new.observe(event)
                assert np.array_equal(old.encode_state(state), new.encode_state(state)), (
                    f"seed {seed}, action {len(state.history)}, seat {seat}"
                )
            if state.over:
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])


def test_stop_thief_events_fed_in_batches_teach_what_one_by_one_does() -> None:
    """`observe_events` passes over the events the notebook never reads without asking it
    each time; an escape run (started by an arrest, ended by whatever comes after its
    clues) must still reach the notebook whole, as it does fed one event at a time."""
    escapes = 0
    for seed in (1, 2, 3):
        state = cast(StopThief, sleuth.new_game("stop-thief", 3, seed, escape_chance=1.0))
        bots = [DetectiveBot(seed + seat) for seat in range(3)]  # they arrest where he may be
        encoder = encoder_for("stop-thief")(3, state.options)
        batched, single = encoder.observer(0), encoder.observer(0)
        cursor = 0
        for _ in range(300):
            events, cursor = events_since(state, 0, cursor)
            batched.observe_events(events)
            for event in events:
                single.observe(event)
                escapes += event.kind == "arrest" and event.data["outcome"] == "unsuccessful"
            fed, told = batched.knowledge, single.knowledge  # type: ignore[attr-defined]
            assert fed.states() == told.states()
            assert fed.tracker.escaping == told.tracker.escaping  # the run ended in the batch
            if state.over:
                break
            seat = state.to_move
            assert seat is not None
            state.apply(bots[seat].choose(state, seat))
    assert escapes > 3

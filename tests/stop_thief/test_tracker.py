"""The detective's notebook: the rulebook's tracking example, exactness, and never losing him."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core import Rng
from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.scanner import CrimeScanner, Odds
from sleuth.games.stop_thief.thief import (
    Clue,
    Thief,
    apply_move,
    begin_at,
    candidate_moves,
    flee_moves,
)
from sleuth.games.stop_thief.tracker import (
    InconsistentEvidence,
    NoteError,
    Tracker,
    TrackerError,
    follow,
    parse_notes,
)

BOARD = load_board()
CRIME_1, DOOR, FLOOR, GLASS, STREET = (
    Clue("crime", 1),
    Clue("door"),
    Clue("floor"),
    Clue("glass"),
    Clue("street"),
)


def tracked(*clues: Clue, odds: Odds | None = None) -> Tracker:
    tracker = Tracker(BOARD, odds)
    tracker.new_thief(clues[0])
    for clue in clues[1:]:
        tracker.heard(clue)
    return tracker


# --- the rulebook's tracking example (Tracking a Thief, a-e, Figures 6-11) ---------------


def test_example_clue_1_crime_in_building_1() -> None:
    """ST-EXAMPLE-04: a crime alarm with 1 on the display: one of Building 1's four
    crime locations, each equally likely."""
    tracker = tracked(CRIME_1)
    assert tracker.possible_spaces() == [123, 144, 146, 164]
    assert tracker.distribution() == pytest.approx({123: 0.25, 144: 0.25, 146: 0.25, 164: 0.25})


def test_example_clue_2_door() -> None:
    """ST-EXAMPLE-05: then a DOOR: every door one move from one of those crime locations
    (Figure 7: 13, 24, 36, 57, 65)."""
    assert tracked(CRIME_1, DOOR).possible_spaces() == [113, 124, 136, 157, 165]


def test_example_clue_3_floor_not_47_or_54() -> None:
    """ST-EXAMPLE-06: then a FLOOR: 26, 27, 66, 67, 76 (Figure 8). Floors 47 and 54 are
    one move from door 57 and door 65, but on the side he came from: he always goes
    through a door he opens."""
    spaces = tracked(CRIME_1, DOOR, FLOOR).possible_spaces()
    assert spaces == [126, 127, 166, 167, 176]
    assert 147 in BOARD.thief_neighbours[157] and 154 in BOARD.thief_neighbours[165]
    assert 147 not in spaces and 154 not in spaces


def test_example_clue_4_door_not_36() -> None:
    """ST-EXAMPLE-07: then another DOOR: 17, 25, 57, 65, 68 (Figure 9). Door 36 is one
    move from floors 26 and 27 but is where he just came from."""
    spaces = tracked(CRIME_1, DOOR, FLOOR, DOOR).possible_spaces()
    assert spaces == [117, 125, 157, 165, 168]
    assert 136 in BOARD.thief_neighbours[126] and 136 in BOARD.thief_neighbours[127]
    assert 136 not in spaces


def test_example_clue_5_window_48_only() -> None:
    """ST-EXAMPLE-08: then a WINDOW: only window 48 is one move from those doors, and the
    route (Figure 11) starts at the scene of the crime: 64, 65, 66, 57, 48."""
    tracker = tracked(CRIME_1, DOOR, FLOOR, DOOR, GLASS)
    assert tracker.possible_spaces() == [148]
    assert tracker.distribution() == pytest.approx({148: 1.0})
    thief, clue = begin_at(BOARD, 164)
    heard = [clue]
    for code in (165, 166, 157, 148):
        move = next(m for m in candidate_moves(BOARD, thief) if m.to == code)
        thief, clue, _ = apply_move(BOARD, thief, move)
        heard.append(clue)
    assert [c.shown(False) for c in heard] == [CRIME_1, DOOR, FLOOR, DOOR, GLASS]
    assert thief in tracker.states()


def test_possible_spaces_are_carried_forward_clue_by_clue() -> None:
    """ST-CLUE-02: each clue's possible spaces are exactly the spaces one legal move from
    the previous possible states that match the clue."""
    tracker = tracked(CRIME_1)
    for clue in (DOOR, FLOOR, DOOR, GLASS):
        expected = set()
        for thief in tracker.states():
            for move in candidate_moves(BOARD, thief):
                after, heard, _ = apply_move(BOARD, thief, move)
                if heard.shown(clue.area is not None) == clue:
                    expected.add(after)
        tracker.heard(clue)
        assert set(tracker.states()) == expected


def test_the_example_thief_is_arrested_with_1_4_8() -> None:
    """ST-EXAMPLE-11: the example's thief is on window 48 of Building 1: ARREST-1-4-8
    sends the cops to the right place."""
    tracker = tracked(CRIME_1, DOOR, FLOOR, DOOR, GLASS)
    code = tracker.most_likely()
    assert [int(d) for d in str(code)] == [1, 4, 8]
    scanner = CrimeScanner(BOARD, Rng(1))
    scanner.thief = next(iter(tracker.states()))
    assert scanner.arrest(code).outcome != "false"


# --- the model: exactly the scanner's odds ----------------------------------------------------


def test_probabilities_follow_the_uniform_choice_of_moves() -> None:
    """After 1Cr dr, each door's weight is the number of ways to reach it, each way worth
    1/(number of moves open at that crime location)."""
    dist = tracked(CRIME_1, DOOR).distribution()
    weights: dict[int, float] = {}
    for code in (123, 144, 146, 164):
        thief, _ = begin_at(BOARD, code)
        moves = candidate_moves(BOARD, thief)
        for move in moves:
            after, clue, _ = apply_move(BOARD, thief, move)
            if clue.shown(False) == DOOR:
                weights[after.space] = weights.get(after.space, 0.0) + 1 / len(moves)
    total = sum(weights.values())
    assert dist == pytest.approx({c: w / total for c, w in weights.items()})


def test_posterior_matches_simulated_scanners() -> None:
    """Monte Carlo: scanners started in Building 1, kept when they sound 1Cr dr FL dr:
    where they end matches the notebook's odds."""
    tracker = tracked(CRIME_1, DOOR, FLOOR, DOOR)
    rng = Rng(2024)
    ends: Counter[int] = Counter()
    for _ in range(30_000):
        scanner = CrimeScanner(BOARD, rng)
        scanner.new_thief(at=rng.choice([123, 144, 146, 164]))
        for want in (DOOR, FLOOR, DOOR):
            step = scanner.clue()
            if step is None or step.clue.shown(False) != want:
                break
        else:
            assert scanner.thief is not None
            ends[scanner.thief.space] += 1
    kept = sum(ends.values())
    assert kept > 400
    for code, p in tracker.distribution().items():
        assert abs(ends[code] / kept - p) < 4 * math.sqrt(p * (1 - p) / kept) + 0.01


def test_escape_posterior_matches_simulated_escapes() -> None:
    """Monte Carlo: cops fail at crime 3-37; for the commonest escape runs, where the thief
    ends matches the notebook's odds, run length (5 or 6) included."""
    odds = Odds(escape=1.0)
    rng = Rng(7)
    runs: dict[tuple[Clue, ...], Counter[int]] = {}
    for _ in range(6_000):
        scanner = CrimeScanner(BOARD, rng, odds)
        scanner.new_thief(at=337)
        result = scanner.arrest(337)
        assert result.outcome == "unsuccessful" and len(result.escape) in (5, 6)
        assert scanner.thief is not None
        run = tuple(s.clue for s in result.escape)
        runs.setdefault(run, Counter())[scanner.thief.space] += 1
    common = sorted(runs, key=lambda r: -sum(runs[r].values()))[:4]
    for run in common:
        ends = runs[run]
        kept = sum(ends.values())
        tracker = Tracker(BOARD, odds)
        tracker.new_thief(3)
        tracker.tip(337)
        tracker.escaped(337, run)
        for code, p in tracker.distribution().items():
            assert abs(ends[code] / kept - p) < 4 * math.sqrt(p * (1 - p) / kept) + 0.02


def test_a_bleep_weighs_staying_against_moving() -> None:
    """A bleep multiplies every state able to move by `still`: after 1Cr, a bleep keeps
    the four crime locations, and a clue impossible from them still fails."""
    tracker = tracked(CRIME_1)
    before = tracker.states()
    tracker.bleep()
    assert tracker.states() == pytest.approx(before)
    assert tracker.log_likelihood == pytest.approx(math.log(4 / 19 * 0.25))
    with pytest.raises(InconsistentEvidence):
        tracked(CRIME_1, odds=Odds(still=0.0)).bleep()


def test_escape_clues_flee_from_the_cops() -> None:
    """Every state after an escape run is the end of a run of moves allowed by
    `flee_moves`, never a bleep."""
    tracker = Tracker(BOARD)
    tracker.new_thief(1)
    run = [DOOR, FLOOR, FLOOR, GLASS, STREET]  # 146 157 167 176 185 595, and others
    tracker.escaped(146, run)
    states = {begin_at(BOARD, 146)[0]}
    for done, clue in enumerate(run):
        nxt = set()
        for thief in states:
            moves = flee_moves(BOARD, thief, candidate_moves(BOARD, thief), 146, done=done)
            for move in moves:
                after, heard, _ = apply_move(BOARD, thief, move)
                if heard.shown(clue.area is not None) == clue:
                    nxt.add(after)
        states = nxt
    assert set(tracker.states()) == states
    assert not tracker.escaping


def six_move_escape(at: int, seed: int) -> list[Clue]:
    scanner = CrimeScanner(BOARD, Rng(seed), Odds(escape=1.0, six=1.0))
    scanner.new_thief(at=at)
    run = [s.clue for s in scanner.arrest(at).escape]
    assert len(run) == 6
    return run


def test_an_escape_ends_with_its_sixth_clue() -> None:
    run = six_move_escape(146, seed=11)
    tracker = Tracker(BOARD)
    tracker.new_thief(1)
    tracker.escaped(146)
    for clue in run[:5]:
        assert tracker.escaping
        tracker.heard(clue)
    assert tracker.escaping  # five heard: a sixth may follow
    tracker.heard(run[5])
    assert not tracker.escaping


def test_an_escape_of_seven_clues_is_refused_and_changes_nothing() -> None:
    tracker = Tracker(BOARD)
    with pytest.raises(TrackerError):
        tracker.escaped(146)  # nobody at large
    tracker.new_thief(1)
    before = tracker.states()
    with pytest.raises(TrackerError):
        tracker.escaped(146, [*six_move_escape(146, seed=11), STREET])
    assert tracker.states() == before and not tracker.escaping


def test_six_clues_are_impossible_when_escapes_always_run_five() -> None:
    tracker = Tracker(BOARD, Odds(six=0.0))
    tracker.new_thief(1)
    tracker.tip(146)
    scanner = CrimeScanner(BOARD, Rng(3), Odds(escape=1.0, six=1.0))
    scanner.new_thief(at=146)
    run = [s.clue for s in scanner.arrest(146).escape]
    assert len(run) == 6
    with pytest.raises(InconsistentEvidence):
        tracker.escaped(146, run)
    assert tracker.possible_spaces() == [146] and not tracker.escaping


# --- tips, arrests, inconsistencies, sampling ----------------------------------------------


def test_tip_false_arrest_and_successful_arrest() -> None:
    tracker = tracked(CRIME_1, DOOR)
    tracker.false_arrest(136)
    assert tracker.possible_spaces() == [113, 124, 157, 165]
    tracker.tip(157)
    assert tracker.possible_spaces() == [157]
    tracker.arrested()
    assert not tracker.at_large and tracker.possible_spaces() == []
    with pytest.raises(TrackerError):
        tracker.heard(DOOR)
    tracker.new_thief(Clue("crime", 7))
    assert tracker.possible_spaces() == [BOARD.newsstand]  # a new thief may rob it again


def test_evidence_that_rules_nothing_out_leaves_the_weights_as_they_were() -> None:
    """A false arrest where he cannot be, and a bleep when none of his states is boxed in,
    leave the very same weights (no news for whoever follows them by identity); evidence
    that does rule something out replaces them."""
    tracker = tracked(CRIME_1, DOOR)
    before = tracker.belief
    tracker.false_arrest(148)  # not among 113, 124, 136, 157, 165
    tracker.bleep()
    assert tracker.belief is before
    tracker.false_arrest(136)
    assert tracker.belief is not before and tracker.possible_spaces() == [113, 124, 157, 165]


def test_inconsistent_evidence_raises_and_changes_nothing() -> None:
    tracker = tracked(CRIME_1, DOOR)
    before, likelihood = tracker.states(), tracker.log_likelihood
    updates: list[Callable[[], None]] = [
        lambda: tracker.heard(GLASS),
        lambda: tracker.tip(148),
        lambda: tracker.heard(Clue("crime", 4)),
    ]
    for update in updates:
        with pytest.raises(InconsistentEvidence):
            update()
        assert tracker.states() == before and tracker.log_likelihood == likelihood
    with pytest.raises(InconsistentEvidence):
        Tracker(BOARD).new_thief(5)  # no crime location on street 5


def test_samples_follow_the_distribution() -> None:
    tracker = tracked(CRIME_1, DOOR, FLOOR, DOOR)
    rng = Rng(5)
    counts = Counter(tracker.sample(rng).space for _ in range(20_000))
    for code, p in tracker.distribution().items():
        assert counts[code] / 20_000 == pytest.approx(p, abs=0.02)
    assert all(tracker.sample(rng) in tracker.states() for _ in range(50))


def test_copies_are_independent() -> None:
    tracker = tracked(CRIME_1, DOOR)
    other = tracker.copy()
    other.heard(FLOOR)
    assert tracker.possible_spaces() == [113, 124, 136, 157, 165]
    assert other.possible_spaces() == [126, 127, 166, 167, 176]


def test_most_likely_prefers_probability_then_the_lower_code() -> None:
    tracker = tracked(CRIME_1, DOOR, FLOOR, DOOR)
    dist = tracker.distribution()
    best = tracker.most_likely()
    assert dist[best] == max(dist.values())
    assert tracked(CRIME_1).most_likely() == 123


# --- the notebook shorthand ---------------------------------------------------------------


def test_notes_read_the_rulebook_example() -> None:
    notes = parse_notes(["1Cr", "dr", "FL", "dr", "GL"], BOARD)
    assert [n.kind for n in notes] == ["new", "clue", "clue", "clue", "clue"]
    assert follow(notes, Tracker(BOARD)).possible_spaces() == [148]


@pytest.mark.parametrize(
    "tokens",
    [[], ["dr"], ["1Cr", "xx"], ["9Cr"], ["5Cr"], ["1Cr", "tip:999"], ["1Cr", "."], ["new"]],
)
def test_bad_notes(tokens: list[str]) -> None:
    with pytest.raises(NoteError):
        parse_notes(tokens, BOARD)


def test_notes_for_escapes_and_new_thieves() -> None:
    notes = parse_notes(["cr1", "escape:1-46", "dr", "fl", "fl", "gl", "st", ".", "-"], BOARD)
    assert [n.kind for n in notes][1:] == ["escape"] + ["clue"] * 5 + ["end", "bleep"]
    tracker = follow(notes, Tracker(BOARD))
    assert 595 in tracker.possible_spaces()
    assert all(BOARD.spaces[c].kind == "street" for c in tracker.possible_spaces())
    with pytest.raises(NoteError):  # a sixth clue ends the run: nothing left to end
        parse_notes(["1Cr", "escape:146", "dr", "FL", "FL", "dr", "GL", "St", "."], BOARD)
    notes = parse_notes(["1Cr", "dr", "new:3Cr"], BOARD)
    assert notes[-1].kind == "new"
    assert parse_notes(["1Cr", "new", "7Cr"], BOARD)[-1].kind == "new"
    assert parse_notes(["1Cr", "dr", "2Cr"], BOARD)[-1].kind == "clue"  # robbing again


# --- the strongest test: never lose him ---------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    still=st.sampled_from([0.0, 0.25, 0.6]),
    six=st.sampled_from([0.0, 0.5, 1.0]),
    flee=st.booleans(),
)
def test_the_notebook_never_loses_the_thief(
    seed: int, still: float, six: float, flee: bool
) -> None:
    """Whatever the scanner does (clues, bleeps, rides, crimes, tips, false and
    unsuccessful and successful arrests, new thieves), the true hidden state is always
    among the notebook's states, with positive probability, and they sum to 1."""
    odds = Odds(still=still, escape=0.5, six=six, flee=flee)
    rng = Rng(seed)
    scanner = CrimeScanner(BOARD, rng, odds)
    tracker = Tracker(BOARD, odds)
    tracker.new_thief(scanner.new_thief().clue)
    for _ in range(150):
        roll = rng.randint(1, 12)
        if roll == 1:
            tracker.tip(scanner.tip())
        elif roll <= 3:
            guess = rng.choice(tracker.possible_spaces())
            result = scanner.arrest(guess)
            if result.outcome == "false":
                tracker.false_arrest(guess)
            elif result.outcome == "successful":
                tracker.arrested()
                tracker.new_thief(scanner.new_thief().clue)
            else:
                tracker.escaped(guess, [s.clue for s in result.escape])
        else:
            step = scanner.clue()
            if step is None:
                tracker.bleep()
            else:
                tracker.heard(step.clue)
        states = tracker.states()
        assert isinstance(scanner.thief, Thief)
        assert states.get(scanner.thief, 0.0) > 0.0
        assert sum(states.values()) == pytest.approx(1.0)

"""The building or street digit on every clue (decision S1) and escapes that get away (T9)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sleuth.core import Rng
from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.device import CrimeScannerDevice
from sleuth.games.stop_thief.scanner import CrimeScanner, Odds
from sleuth.games.stop_thief.thief import (
    Clue,
    Thief,
    _reach,
    apply_move,
    begin_at,
    candidate_moves,
    spaces_apart,
)
from sleuth.games.stop_thief.tracker import NoteError, Tracker, parse_notes
from tests.command_line import run_sleuth
from tests.stop_thief.conftest import act, new

BOARD = load_board()


def track(*args: str) -> tuple[int, str, str]:
    result = run_sleuth("stop-thief", "track", *args)
    return result.exit_code, result.stdout, result.stderr


# --- the display ---------------------------------------------------------------------------
def test_every_clue_shows_the_building_or_street_digit_by_default() -> None:
    """ST-SCANNER-06..12, ST-SCANNER-07: each clue shows the digit of the building (1-4) or
    street (5-8) the thief is in with two letters, as the real unit's display did."""
    state = new(players=2, seed=3, still_chance=0.0)
    for _ in range(25):
        act(state, "clue")
        entry = state.clue_log[-1]
        space = state.board.spaces[state.scanner.route[-1].space]
        assert entry["area"] == space.area
        assert str(entry["display"])[0] == str(space.area)
        assert state.view(0)["scanner"]["display"] == entry["display"]  # type: ignore[index]
        act(state, "roll")
        act(state, "move", to=state.board.node_id(state.detectives[state.turn.seat].node))
        act(state, "end_turn")


def test_without_digits_only_a_crime_shows_one() -> None:
    """ST-SCANNER-06, ST-SCANNER-08..11: option scanner_digits off shows the clues as the
    rulebook prints them: 1Cr, and FL, dr, GL, St with no digit."""
    state = new(players=2, seed=3, still_chance=0.0, scanner_digits=False)
    for _ in range(25):
        act(state, "clue")
        entry = state.clue_log[-1]
        assert (entry["area"] is None) == (entry["kind"] != "crime")
        assert str(entry["display"])[0] == " " or entry["kind"] == "crime"
        act(state, "roll")
        act(state, "move", to=state.board.node_id(state.detectives[state.turn.seat].node))
        act(state, "end_turn")


def test_a_ride_shows_the_street_he_comes_up_on() -> None:
    """ST-SCANNER-12: a subway ride ends on the street: St with that street's digit."""
    thief = Thief(899, previous=879)
    for move in candidate_moves(BOARD, thief):
        _, clue, _ = apply_move(BOARD, thief, move)
        assert clue.display == f"{move.to // 100}St" and clue.token == f"{move.to // 100}Sub"


def test_the_device_and_its_memory_show_the_digit() -> None:
    """ST-SCANNER-24: the memory replays a clue exactly as it first looked, digit included."""
    unit = CrimeScannerDevice(5, Odds(still=0.0))
    unit.press("ON")
    unit.press("ON")
    shown = [unit.press("CLUE").display for _ in range(4)]
    assert all(d[0] in "12345678" for d in shown)
    assert unit.press("0").display == shown[-1] and unit.press("3").display == shown[0]
    bare = CrimeScannerDevice(5, Odds(still=0.0, digits=False))
    bare.press("ON")
    bare.press("ON")
    assert [bare.press("CLUE").display[1:] for _ in range(4)] == [d[1:] for d in shown]


# --- the notebook --------------------------------------------------------------------------
def test_the_notebook_reads_clues_with_digits() -> None:
    """ST-EXAMPLE-08, ST-CLUE-02: the tracking example as the real unit shows it, and as the
    rulebook prints it, both end on window 48 (code 148)."""
    assert track("1Cr", "1dr", "1FL", "1dr", "1GL") == (0, "148\n", "")
    assert track("1Cr", "dr", "FL", "dr", "GL") == (0, "148\n", "")
    assert track("1Cr", "dr1", "1fl", "1DR", "1GL") == (0, "148\n", "")
    code, _, err = track("1Cr", "1dr", "1FL", "2dr")
    assert code == 1 and "2dr" in err  # no door of building 2 is one move away


@pytest.mark.parametrize(("token", "why"), [("1dr1", "one"), ("9dr", "1-4"), ("Cr", "digit")])
def test_bad_digit_tokens_are_refused(token: str, why: str) -> None:
    with pytest.raises(NoteError, match=why):
        parse_notes(["1Cr", token])


def test_a_digit_narrows_and_never_loses_the_thief() -> None:
    """ST-CLUE-02: with digits the notebook keeps only states the digit-less notebook keeps,
    all in the building or street shown, and the true thief is always among them."""
    for seed in range(12):
        scanner = CrimeScanner(BOARD, Rng(seed), Odds(still=0.0))
        start = scanner.new_thief().clue
        full, bare = Tracker(BOARD), Tracker(BOARD)
        full.new_thief(start)
        bare.new_thief(start)
        for _ in range(12):
            step = scanner.clue()
            assert step is not None
            full.heard(step.clue)
            bare.heard(step.clue.shown(False))
            wide = {s for s in bare.states() if BOARD.spaces[s.space].area == step.clue.area}
            assert set(full.states()) <= wide
            assert scanner.thief in full.states()


# --- escapes -------------------------------------------------------------------------------
def escape_from(seed: int, gain: bool) -> tuple[Thief, int, list[int]]:
    rng = Rng(seed)
    scanner = CrimeScanner(BOARD, rng, Odds(still=0.0, escape=1.0, gain=gain))
    scanner.new_thief()
    for _ in range(rng.randint(0, 20)):
        scanner.clue()
    thief = scanner.thief
    assert thief is not None
    run = scanner.arrest(thief.space).escape
    return thief, thief.space, [s.space for s in run]


def test_an_escape_ends_5_or_6_spaces_away_whenever_the_board_allows() -> None:
    """ST-THIEF-19, ST-ARREST-11: after the fifth escape move he stands at least 5 thief
    moves from the space the cops came to, and still does after a sixth, whenever some legal
    run gets him there."""
    apart = spaces_apart(BOARD)
    checked = 0
    for seed in range(150):
        start, cops, run = escape_from(seed, gain=True)
        far, sixth = _reach(BOARD, start, cops, 5)
        if far < 5:
            continue  # walled in by forced moves: no run of five gets 5 away
        checked += 1
        assert len(run) in (5, 6) and apart[cops][run[4]] >= 5, (seed, run)
        assert apart[cops][run[-1]] >= 5 or not sixth, (seed, run)
    assert checked > 140


def test_the_older_reading_leaves_many_escapes_short() -> None:
    """Option escape_gains off (decision T11's older reading): moves merely never nearer on
    the grid, and many escapes end fewer than 5 spaces away."""
    apart = spaces_apart(BOARD)
    ends = [apart[cops][run[-1]] for cops, run in (escape_from(s, False)[1:] for s in range(150))]
    assert min(ends) < 5 and sum(e < 5 for e in ends) > 20


def test_an_escape_starts_from_the_crime_he_was_caught_at() -> None:
    """ST-THIEF-06: after an unsuccessful arrest he always moves (5 or 6 sound clues)."""
    scanner = CrimeScanner(BOARD, Rng(1), Odds(escape=1.0))
    scanner.new_thief(at=146)
    result = scanner.arrest(146)
    assert result.outcome == "unsuccessful" and len(result.escape) in (5, 6)
    assert begin_at(BOARD, 146)[1] == Clue("crime", 1)


# --- `sleuth scanner --json` and a bare TIP ------------------------------------------------
def scan(*args: str) -> tuple[int, list[dict[str, Any]]]:
    result = run_sleuth("scanner", *args)
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


def test_a_scripted_tip_is_let_go_by_the_next_press() -> None:
    """ST-SCANNER-16: the tip shows while TIP is held; a script cannot hold it, so the next
    press lets it go first (its own line), and the README's example runs to the end."""
    code, lines = scan("--seed", "7", "--json", "--reveal", "ON", "ON", "CLUE", "TIP",
                       "ARREST", "1", "4", "8")  # fmt: skip
    assert code == 0 and not any("error" in line for line in lines)
    presses = [line["press"] for line in lines]
    assert presses == ["ON", "ON", "CLUE", "TIP", "TIP_RELEASE", "ARREST", "1", "4", "8"]
    tip, release = lines[3], lines[4]
    assert tip["display"] == f"{tip['thief']:03d}"
    assert release["auto"] is True and release["display"] == lines[2]["display"]
    assert "outcome" in lines[-1]


def test_tip_release_still_works_on_purpose() -> None:
    code, lines = scan("--seed", "7", "--json", "ON", "ON", "TIP", "TIP_RELEASE", "CLUE")
    assert code == 0 and [line["press"] for line in lines][2:] == ["TIP", "TIP_RELEASE", "CLUE"]
    assert "auto" not in lines[3]

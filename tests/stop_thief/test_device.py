"""The Crime Scanner device, button by button (sleuth.games.stop_thief.device)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core import IllegalAction
from sleuth.games.stop_thief.board import load_board
from sleuth.games.stop_thief.device import (
    BLANK,
    BUTTONS,
    CrimeScannerDevice,
    RefusedPress,
    Result,
)
from sleuth.games.stop_thief.scanner import Odds

BOARD = load_board()
ONE_CLUE = {
    ("crime-alarm",),
    ("squeaky-floor",),
    ("creaking-door",),
    ("breaking-glass",),
    ("running-feet",),
    ("subway", "running-feet"),
}
KIND_DISPLAY = {"floor": "FL", "door": "dr", "window": "GL", "street": "St"}


def game(seed: int = 7, **odds: float) -> CrimeScannerDevice:
    """A device switched on twice: a game with its first thief."""
    unit = CrimeScannerDevice(seed, Odds(**odds))  # type: ignore[arg-type]
    unit.press("ON")
    unit.press("ON")
    return unit


def snapshot(unit: CrimeScannerDevice) -> tuple[object, ...]:
    """Everything a press could change, to check that a refused press changed nothing."""
    return (
        unit.mode,
        unit.display,
        unit.flashing,
        unit.tip_held,
        unit.entry,
        unit.scanner.thief,
        list(unit.scanner.memory),
        unit.scanner.last,
        list(unit.scanner.route),
        unit.rng.getstate(),
        unit._sample_clue,
        unit._sample_arrest,
    )


def refused(unit: CrimeScannerDevice, button: str) -> str:
    before = snapshot(unit)
    with pytest.raises(RefusedPress) as err:
        unit.press(button)
    assert snapshot(unit) == before
    return str(err.value)


# --- the buttons and switching on ------------------------------------------------------------
def test_buttons() -> None:
    """ST-SCANNER-02: ON, OFF, CLUE, TIP (pressed and released), ARREST and 0-9, and no more."""
    assert set(BUTTONS) == {"ON", "OFF", "CLUE", "TIP", "TIP_RELEASE", "ARREST"} | set("0123456789")
    unit = CrimeScannerDevice(1)
    with pytest.raises(RefusedPress, match="no 'HONK' button"):
        unit.press("HONK")
    assert issubclass(RefusedPress, IllegalAction) and issubclass(RefusedPress, ValueError)
    assert unit.press("on").press == "ON" and unit.press("tip").press == "TIP"
    assert unit.press("tip-release").press == "TIP_RELEASE"


def test_on_once_shows_dashes_and_sample_mode() -> None:
    """ST-SCANNER-04: ON once on a unit that is off shows '---' and enters sample mode."""
    unit = CrimeScannerDevice(1)
    assert unit.mode == "off" and unit.display == BLANK
    result = unit.press("ON")
    assert (result.display, result.mode, result.sounds) == ("---", "sample", ())
    assert unit.thief is None and not unit.at_large


def test_off_switches_off_and_forgets() -> None:
    """ST-SCANNER-05: OFF switches the unit off; OFF then ON shows '---' again (the recovery).

    OFF mid-game (gap 8) forgets the thief and the memory.
    """
    unit = game(3)
    unit.press("CLUE")
    result = unit.press("OFF")
    assert (result.display, result.mode, result.sounds) == (BLANK, "off", ())
    assert unit.thief is None and len(unit.scanner.memory) == 0
    assert "off" in refused(unit, "CLUE")
    assert unit.press("OFF").display == BLANK  # OFF when off does nothing
    assert unit.press("ON").display == "---"


def test_on_twice_starts_a_game_with_a_crime() -> None:
    """ST-SCANNER-22, ST-SCANNER-06, ST-SCANNER-07: ON twice: the first thief commits a crime and
    the display shows Cr with his building (1-4) or street (5-8)."""
    for seed in range(40):
        unit = CrimeScannerDevice(seed)
        unit.press("ON")
        result = unit.press("ON")
        assert result.mode == "game" and unit.at_large
        assert result.sounds == ("crime-alarm",)
        assert result.thief is not None and BOARD.spaces[result.thief].kind == "crime"
        assert result.display == f"{result.thief // 100}Cr"
        assert result.display[0] in "12345678"
        where = "Building" if result.thief // 100 <= 4 else "Street"
        assert f"crime in {where} {result.thief // 100}" in result.caption


# --- sample mode ---------------------------------------------------------------------------
def test_sample_clues() -> None:
    """ST-SCANNER-13, ST-SCANNER-06, ST-SCANNER-08, ST-SCANNER-09, ST-SCANNER-10, ST-SCANNER-11,
    ST-SCANNER-12: in sample mode successive CLUE presses play crime, FL, dr, GL, St and
    subway-then-St, then start again."""
    unit = CrimeScannerDevice(1)
    unit.press("ON")
    got = [unit.press("CLUE") for _ in range(7)]
    assert [r.display for r in got] == ["1Cr", " FL", " dr", " GL", " St", " St", "1Cr"]
    assert [r.sounds for r in got] == [
        ("crime-alarm",),
        ("squeaky-floor",),
        ("creaking-door",),
        ("breaking-glass",),
        ("running-feet",),
        ("subway", "running-feet"),
        ("crime-alarm",),
    ]
    assert "SUBWAY" in got[5].caption and all(r.thief is None for r in got)


def test_sample_arrests_and_repeat() -> None:
    """ST-SCANNER-21, ST-SCANNER-18, ST-SCANNER-19, ST-SCANNER-20: successive ARREST presses
    demonstrate a successful, a false and an unsuccessful arrest and then repeat; CLUE and TIP
    repeat; OFF ends it all."""
    unit = CrimeScannerDevice(1)
    unit.press("ON")
    got = [unit.press("ARREST") for _ in range(4)]
    assert [r.outcome for r in got] == ["successful", "false", "unsuccessful", "successful"]
    assert got[0].sounds == ("sirens", "warning-shots", "hee-haw")
    assert got[1].sounds == ("sirens", "raspberry")
    assert got[2].sounds == ("sirens", "warning-shots", "laugh")
    assert unit.press("TIP").display == "148" and unit.press("TIP_RELEASE").display == "---"
    assert unit.press("TIP").display == "148"  # TIP again repeats
    unit.press("TIP_RELEASE")
    assert "number buttons" in refused(unit, "0")
    assert unit.press("OFF").mode == "off"
    assert unit.press("ON").display == "---"
    assert unit.press("CLUE").display == "1Cr"  # the sequence starts again after OFF


def test_sample_mode_uses_no_chance() -> None:
    """ST-SCANNER-22: ON twice starts the same game whether or not the samples were played."""
    plain = game(11)
    listened = CrimeScannerDevice(11)
    listened.press("ON")
    for button in ["CLUE"] * 8 + ["ARREST"] * 4 + ["TIP", "TIP_RELEASE"]:
        listened.press(button)
    listened.press("ON")
    assert listened.thief == plain.thief and listened.display == plain.display


# --- clues and bleeps ----------------------------------------------------------------------
def test_clues_match_the_thiefs_space() -> None:
    """ST-SCANNER-01, ST-SCANNER-03, ST-SCANNER-06, ST-SCANNER-07, ST-SCANNER-08, ST-SCANNER-09,
    ST-SCANNER-10, ST-SCANNER-11, ST-SCANNER-12: each move makes one sound clue, and in a game
    every clue names the kind of space the thief is on and, as the real unit did (decision
    S1), its building or street digit."""
    for seed in range(6):
        unit = game(seed, still=0.0)
        for _ in range(40):
            before = unit.thief
            result = unit.press("CLUE")
            space = BOARD.spaces[result.thief or 0]
            assert result.thief != before and len(result.frames) == 1
            assert result.sounds in ONE_CLUE
            digit = str(space.area)
            if result.sounds == ("subway", "running-feet"):
                assert result.thief in BOARD.station_fronts and result.display == f"{digit}St"
            elif result.sounds == ("crime-alarm",):
                assert space.kind == "crime" and result.display == f"{digit}Cr"
            elif space.kind == "crime":  # robbed already: a floor indoors, the newsstand a street
                assert result.display == digit + ("St" if space.newsstand else "FL")
            else:
                assert result.display == digit + KIND_DISPLAY[space.kind]


def test_bleep_flashes_the_previous_clue() -> None:
    """ST-SCANNER-14: a CLUE that leaves the thief still plays one bleep and flashes the
    previous clue; the next press stops the flashing."""
    unit = game(5, still=1.0)
    start = unit.display
    result = unit.press("CLUE")
    assert result.sounds == ("bleep",) and result.flashing
    assert result.display == start and result.thief == unit.scanner.route[0].space
    assert unit.press("0").flashing is False


def test_bleep_flashes_the_latest_sound_clue() -> None:
    """ST-SCANNER-14: the flashing clue is the latest one the thief made, not the last shown."""
    for seed in range(30):
        unit = game(seed, still=0.5)
        last = unit.display
        for _ in range(12):
            result = unit.press("CLUE")
            if result.sounds == ("bleep",):
                assert result.display == last and result.flashing
            else:
                last = result.display
                assert not result.flashing


# --- the tip -------------------------------------------------------------------------------
def test_tip_shows_the_exact_space_only_while_held() -> None:
    """ST-SCANNER-15, ST-SCANNER-16, ST-SCANNER-17: TIP shows the thief's exact space, silently,
    only while held; release puts back the previous display, so the tip never leaks."""
    unit = game(9)
    unit.press("CLUE")
    before = (unit.display, unit.flashing)
    tip = unit.press("TIP")
    assert tip.display == f"{unit.thief:03d}" and unit.tip_held
    assert tip.sounds == () and str(unit.thief) not in tip.caption
    released = unit.press("TIP_RELEASE")
    assert (released.display, released.flashing) == before
    assert released.display != tip.display and not unit.tip_held
    assert str(unit.thief) not in released.caption


def test_tip_held_blocks_other_buttons() -> None:
    """ST-SCANNER-16: while TIP is held only TIP_RELEASE and OFF are taken."""
    unit = game(9)
    unit.press("TIP")
    for button in ("ON", "CLUE", "TIP", "ARREST", "0"):
        assert "release TIP" in refused(unit, button)
    assert unit.press("OFF").display == BLANK and not unit.tip_held
    assert "not being held" in refused(game(9), "TIP_RELEASE")


def test_tip_release_after_bleep_keeps_flashing() -> None:
    """ST-SCANNER-16, ST-SCANNER-14: releasing TIP puts back the flashing previous clue."""
    unit = game(2, still=1.0)
    unit.press("CLUE")
    unit.press("TIP")
    assert not unit.flashing
    result = unit.press("TIP_RELEASE")
    assert result.flashing and result.display == unit.scanner.route[-1].clue.display


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.sampled_from(BUTTONS), max_size=60))
def test_a_tip_never_leaks(seed: int, presses: list[str]) -> None:
    """ST-SCANNER-16, ST-SCANNER-17: in any run, TIP_RELEASE puts back exactly what was shown
    before TIP, and outside a held TIP the thief's code shows only if a player keyed it."""
    unit = CrimeScannerDevice(seed, Odds(escape=0.5))
    shown = (unit.display, unit.flashing)
    under_tip: tuple[str, bool] | None = None
    keyed = None
    for button in ["ON", "ON", *presses]:
        entry = unit.entry
        try:
            result = unit.press(button)
        except RefusedPress:
            assert (unit.display, unit.flashing) == shown
            continue
        if entry is not None and len(entry) == 2 and button.isdigit():
            keyed = entry + button
        if button == "TIP":
            under_tip = shown
        elif button == "TIP_RELEASE":
            assert (result.display, result.flashing) == under_tip
        if not unit.tip_held and result.thief is not None:
            assert result.display != f"{result.thief:03d}" or result.display == keyed
        shown = (result.display, result.flashing)


# --- arrests -------------------------------------------------------------------------------
def test_arrest_is_keyed_as_three_digits() -> None:
    """ST-ARREST-01, ST-ARREST-07, ST-ARREST-16, ST-SCANNER-26: ARREST then three numbers; the
    display shows the code as keyed, digits are not replays, and only the third digit resolves."""
    unit = game(4)
    steps = [unit.press(b) for b in ("ARREST", "1", "4")]
    assert [r.display for r in steps] == ["___", "1__", "14_"]
    assert all(r.sounds == () and r.outcome is None for r in steps)
    assert unit.entry == "14"
    assert "ARREST to cancel" in refused(unit, "CLUE")
    assert "ARREST to cancel" in refused(unit, "TIP")
    assert "thief is at large" in refused(unit, "ON")
    last = unit.press("8")
    assert last.outcome in ("successful", "false", "unsuccessful") and last.sounds[0] == "sirens"
    assert unit.entry is None
    with pytest.raises(RefusedPress, match="three digits"):
        unit.arrest("14")


def test_wrong_space_is_a_false_arrest() -> None:
    """ST-ARREST-04, ST-SCANNER-19, ST-ARREST-14: cops sent anywhere but the thief's exact
    space (even to a code that names no space) bring sirens and a raspberry; he stays put."""
    unit = game(4, escape=0.0)
    here = unit.thief
    assert here is not None
    wrong = next(code for code in BOARD.spaces if code != here)
    for code in (wrong, 999, 0):
        result = unit.arrest(code)
        assert result.outcome == "false" and result.sounds == ("sirens", "raspberry")
        assert result.display == f"{code:03d}" and unit.thief == here and unit.at_large


def test_right_space_successful_arrest() -> None:
    """ST-ARREST-05, ST-SCANNER-18, ST-ARREST-08: the thief's building space keyed as building
    digit and two digits is a successful arrest with sirens, warning shots and hee-haw."""
    unit = game(4, escape=0.0)
    here = unit.thief
    assert here is not None and 1 <= here // 100 <= 4
    result = unit.arrest(here)
    assert result.outcome == "successful"
    assert result.sounds == ("sirens", "warning-shots", "hee-haw")
    assert result.display == f"{here:03d}" and result.thief is None and not unit.at_large


def test_street_arrest() -> None:
    """ST-ARREST-09, ST-ARREST-05: a thief on the street is arrested by his three street digits."""
    unit = game(8, still=0.0, escape=0.0)
    while unit.thief is None or unit.thief // 100 < 5:
        unit.press("CLUE")
    code = str(unit.thief)
    results = [unit.press(b) for b in ("ARREST", *code)]
    assert results[-1].outcome == "successful"


def test_unsuccessful_arrest_plays_the_escape() -> None:
    """ST-SCANNER-20, ST-ARREST-05, ST-ARREST-11: at the right space the cops may fail: sirens,
    warning shots, the laugh, then the 5 or 6 escape clues, each with its own display."""
    for seed in range(12):
        unit = game(seed, escape=1.0)
        here = unit.thief
        result = unit.arrest(here)
        assert result.outcome == "unsuccessful"
        first, *escape = result.frames
        assert first.sounds == ("sirens", "warning-shots", "laugh")
        assert first.display == f"{here:03d}"
        assert len(escape) in (5, 6)
        route = unit.scanner.route[-len(escape) :]
        assert [f.display for f in escape] == [s.clue.display for s in route]
        assert result.sounds[3:] == tuple(s for f in escape for s in f.sounds)
        assert result.display == escape[-1].display and unit.at_large
        assert [unit.press(str(n)).display for n in range(len(escape))] == [
            f.display for f in reversed(escape)
        ]


def test_every_arrest_has_one_of_three_outcomes() -> None:
    """ST-ARREST-03, ST-ARREST-04, ST-ARREST-05: successful, false or unsuccessful, and false
    exactly when the code is not the thief's space."""
    seen = set()
    for seed in range(60):
        unit = game(seed)
        here = unit.thief
        assert here is not None
        code = here if seed % 2 else (here + 1)
        result = unit.arrest(code)
        assert result.outcome in ("successful", "false", "unsuccessful")
        assert (result.outcome == "false") == (code != here)
        seen.add(result.outcome)
    assert seen == {"successful", "false", "unsuccessful"}


def test_cancel_then_play_on() -> None:
    """ST-SCANNER-27, ST-ARREST-17: ARREST before the third digit cancels with no outcome and
    puts the display back; play goes on as usual."""
    unit = game(6, still=0.0)
    before = (unit.display, unit.flashing, unit.thief)
    unit.press("ARREST")
    unit.press("1")
    unit.press("4")
    cancel = unit.press("ARREST")
    assert cancel.outcome is None and cancel.sounds == ()
    assert (cancel.display, cancel.flashing, unit.thief) == before and unit.entry is None
    assert unit.press("CLUE").sounds != ()
    assert unit.press("0").sounds  # numbers replay again


def test_cancel_then_arrest_again() -> None:
    """ST-SCANNER-27, ST-ARREST-17: after cancelling, ARREST once more starts a new entry."""
    unit = game(6, escape=0.0)
    assert unit.press("ARREST").display == "___"
    assert unit.press("ARREST").outcome is None  # cancelled straight away
    result = unit.arrest(unit.thief)
    assert result.outcome == "successful"


# --- memory --------------------------------------------------------------------------------
def test_memory_replays_the_last_ten_sound_clues() -> None:
    """ST-SCANNER-23, ST-SCANNER-24: 0 replays the latest sound clue, 9 the tenth latest."""
    unit = game(12, still=0.0)
    heard = [unit.display] + [unit.press("CLUE").display for _ in range(14)]
    memory = unit.scanner.memory
    replays = [unit.press(str(n)) for n in range(10)]
    assert [r.display for r in replays] == heard[::-1][:10]
    assert [r.sounds for r in replays] == [
        ("subway", "running-feet") if c.kind == "subway" else (c.sound,) for c in memory
    ]
    assert replays[3].caption.startswith("memory 3: ")
    assert unit.scanner.memory == memory  # replays change nothing


def test_bleeps_are_never_replayed() -> None:
    """ST-SCANNER-25: bleeps do not enter the memory."""
    unit = game(13, still=0.5)
    heard = [unit.display]
    bleeps = 0
    for _ in range(30):
        result = unit.press("CLUE")
        if result.sounds == ("bleep",):
            bleeps += 1
        else:
            heard.append(result.display)
    assert bleeps > 0
    assert [unit.press(str(n)).display for n in range(10)] == heard[::-1][:10]
    assert all(unit.press(str(n)).sounds != ("bleep",) for n in range(10))


def test_empty_memory_slot_is_refused() -> None:
    """ST-SCANNER-24: a number with no clue behind it yet is refused, changing nothing."""
    unit = game(3, still=0.0)
    unit.press("CLUE")
    assert unit.press("1").display == unit.scanner.route[0].clue.display
    assert "holds 2 sound clues" in refused(unit, "2")


# --- a new thief -----------------------------------------------------------------------------
def test_on_once_after_an_arrest_brings_a_new_thief() -> None:
    """ST-SCANNER-28: after a successful arrest ON once makes the new thief commit a crime;
    until then CLUE, TIP and ARREST are refused, while ON mid-game is refused (gap 8)."""
    unit = game(14, escape=0.0)
    assert "at large" in refused(unit, "ON")
    unit.arrest(unit.thief)
    for button in ("CLUE", "TIP", "ARREST"):
        assert "press ON for the next thief" in refused(unit, button)
    assert unit.press("0").sounds  # the old memory can still be heard
    result = unit.press("ON")
    assert result.sounds == ("crime-alarm",) and result.display.endswith("Cr")
    assert unit.at_large and result.thief is not None
    assert BOARD.spaces[result.thief].kind == "crime"
    assert "holds 1 sound clue," in refused(unit, "1")  # a new thief, a new memory


# --- refusals and determinism ------------------------------------------------------------------
def test_refused_presses_change_nothing() -> None:
    """ST-SCANNER-02: presses the unit cannot take are refused with a reason, changing nothing."""
    off = CrimeScannerDevice(1)
    for button in ("CLUE", "TIP", "TIP_RELEASE", "ARREST", "0"):
        assert "off" in refused(off, button)
    unit = game(1)
    assert "not being held" in refused(unit, "TIP_RELEASE")
    with pytest.raises(ValueError, match="still"):
        CrimeScannerDevice(1, Odds(still=1.5))


def run(seed: int, presses: list[str]) -> list[Result | str]:
    unit = CrimeScannerDevice(seed)
    out: list[Result | str] = []
    for button in presses:
        try:
            out.append(unit.press(button))
        except RefusedPress as err:
            out.append(str(err))
    return out


def test_same_seed_same_run() -> None:
    """ST-SCANNER-03: all chance comes from the seed: the same seed and presses replay exactly."""
    presses = ["ON", "ON"] + ["CLUE", "0", "TIP", "TIP_RELEASE"] * 10 + ["ARREST", "5", "5", "5"]
    assert run(21, presses) == run(21, presses)
    assert len({str(run(seed, presses)) for seed in range(5)}) > 1

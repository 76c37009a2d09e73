"""`sleuth scanner`: the scripted JSON mode, the plain help and the Textual terminal device."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from sleuth.games.stop_thief.companion.cli import PLAIN_HELP, terminal_app
from sleuth.games.stop_thief.companion.led import LedTableError, lit, parse_table, seven_segment
from sleuth.games.stop_thief.companion.led import table as led_table
from sleuth.games.stop_thief.device import CrimeScannerDevice
from sleuth.games.stop_thief.scanner import Odds
from tests.command_line import run_sleuth


def scan(*args: str) -> tuple[int, list[dict[str, Any]]]:
    result = run_sleuth("scanner", *args)
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


# --- scripted presses ----------------------------------------------------------------------
def test_json_lines_one_per_press() -> None:
    """ST-SCANNER-04, ST-SCANNER-22, ST-ARREST-07: one JSON object a line, one line a press,
    with the press, the display and the sounds."""
    code, lines = scan("--seed", "7", "--json", "ON", "ON", "CLUE", "CLUE", "ARREST", "1", "4", "8")
    assert code == 0
    assert [line["press"] for line in lines] == [
        "ON",
        "ON",
        "CLUE",
        "CLUE",
        "ARREST",
        "1",
        "4",
        "8",
    ]
    assert all({"press", "display", "sound", "caption", "flashing"} <= set(line) for line in lines)
    assert lines[0]["display"] == "---" and lines[0]["sound"] == []
    assert lines[1]["display"].endswith("Cr") and lines[1]["sound"] == ["crime-alarm"]
    assert [line["display"] for line in lines[4:]] == ["___", "1__", "14_", "148"]
    assert lines[-1]["outcome"] in ("successful", "false", "unsuccessful")
    assert lines[-1]["sound"][0] == "sirens"
    assert all("thief" not in line for line in lines)  # secret unless --reveal


def test_reveal_adds_the_thiefs_space() -> None:
    """ST-SCANNER-15: --reveal adds the thief's true space after each press; a tip shows it."""
    code, lines = scan(
        "--seed", "7", "--json", "--reveal", "ON", "ON", "CLUE", "TIP", "TIP_RELEASE"
    )
    assert code == 0
    assert lines[0]["thief"] is None
    assert all(isinstance(line["thief"], int) for line in lines[1:])
    tip, release = lines[3], lines[4]
    assert tip["display"] == f"{tip['thief']:03d}"
    assert release["display"] == lines[2]["display"] != tip["display"]


def test_refused_press_prints_an_error_and_the_run_goes_on() -> None:
    """ST-SCANNER-02, ST-SCANNER-24: a refused press prints a JSON error, changes nothing, the
    run goes on and the command exits with status 1."""
    code, lines = scan("--seed", "3", "--json", "--reveal", "CLUE", "ON", "ON", "9", "CLUE")
    assert code == 1
    assert lines[0] == {
        "press": "CLUE",
        "error": lines[0]["error"],
        "display": "   ",
        "thief": None,
    }
    assert "off" in lines[0]["error"]
    assert "error" in lines[3] and lines[3]["display"] == lines[2]["display"]
    assert lines[3]["thief"] == lines[2]["thief"]
    assert "error" not in lines[4] and lines[4]["press"] == "CLUE"
    # The refused presses changed nothing: the run is the same without them.
    _, clean = scan("--seed", "3", "--json", "--reveal", "ON", "ON", "CLUE")
    assert [lines[1], lines[2], lines[4]] == clean


def test_same_seed_same_output() -> None:
    """ST-SCANNER-03: the same seed and presses print the same lines; odds options apply."""
    presses = (
        ["ON", "ON"] + ["CLUE"] * 12 + ["TIP", "TIP_RELEASE", "0", "1", "ARREST", "5", "1", "2"]
    )
    first = scan("--seed", "42", "--json", "--reveal", *presses)
    assert first == scan("--seed", "42", "--json", "--reveal", *presses)
    assert first != scan("--seed", "43", "--json", "--reveal", *presses)
    _, still = scan("--seed", "42", "--json", "--still", "1", *presses)
    assert all(line["sound"] == ["bleep"] for line in still[2:14])


def test_escape_odds_option() -> None:
    """ST-SCANNER-20, ST-ARREST-11: --escape 1 makes every arrest at the right space fail,
    with the escape clues listed as frames."""
    _, lines = scan("--seed", "5", "--json", "--reveal", "--escape", "1", "--six", "1", "ON", "ON")
    where = f"{lines[-1]['thief']:03d}"
    code, lines = scan(
        "--seed", "5", "--json", "--escape", "1", "--six", "1", "ON", "ON", "ARREST", *where
    )
    last = lines[-1]
    assert code == 0 and last["outcome"] == "unsuccessful"
    assert last["sound"][:3] == ["sirens", "warning-shots", "laugh"]
    assert len(last["frames"]) == 7  # the arrest, then six escape clues
    assert last["display"] == last["frames"][-1]["display"]


def test_presses_may_be_one_argument() -> None:
    """ST-SCANNER-02: 'ON ON CLUE' as one argument, and lower-case names, work the same."""
    assert scan("--seed", "1", "--json", "on on clue") == scan(
        "--seed", "1", "--json", "ON", "ON", "CLUE"
    )


def test_unknown_button_is_a_usage_error() -> None:
    """ST-SCANNER-02: a name that is no button stops the command before anything runs."""
    result = run_sleuth("scanner", "--seed", "1", "--json", "ON", "HONK")
    assert result.exit_code == 2 and result.stdout == ""
    assert "HONK" in result.output


def test_seed_is_drawn_and_told_when_omitted() -> None:
    """ST-SCANNER-22: without --seed a random seed is used and told on standard error."""
    result = run_sleuth("scanner", "--json", "ON", "ON")
    assert result.exit_code == 0 and result.stderr.startswith("seed: ")
    seed = result.stderr.split()[1]
    again = run_sleuth("scanner", "--seed", seed, "--json", "ON", "ON")
    assert again.stdout == result.stdout


def test_plain_scanner_serves_the_page(monkeypatch: Any) -> None:
    """Plain `sleuth scanner` serves the page (issue 3); presses need --json; one mode at a time."""
    from sleuth.games.stop_thief.companion import cli as command

    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(command, "serve_page", lambda *args: calls.append(args))
    assert run_sleuth("scanner", "--no-open").exit_code == 0
    assert calls == [("127.0.0.1", 8001, "sleuth.sqlite3", "", False)]  # 8000 is the game server
    calls.clear()
    assert run_sleuth("scanner", "--no-open", "--port", "8123").exit_code == 0
    assert calls == [("127.0.0.1", 8123, "sleuth.sqlite3", "", False)]
    assert "--terminal" in PLAIN_HELP and "--json" in PLAIN_HELP
    assert run_sleuth("scanner", "ON").exit_code == 2
    assert run_sleuth("scanner", "--json", "--terminal").exit_code == 2


# --- the terminal device -------------------------------------------------------------------
def test_seven_segment_drawing() -> None:
    """ST-SCANNER-04: the LED shows '---' as three middle bars, '8' with every segment lit."""
    dashes = seven_segment("---").splitlines()
    assert len(dashes) == 7 and dashes[3].count("━") == 12
    assert sum(line.count("━") for line in dashes) == 12
    eight = seven_segment("8  ")
    assert eight.count("━") == 12 and eight.count("┃") == 8
    assert seven_segment("   ").strip() == ""


def play(keys: list[str], seed: int = 7, odds: Odds | None = None) -> Any:
    """Press `keys` on the terminal device and return the app (for its device and widgets)."""
    unit = CrimeScannerDevice(seed, odds)
    tui: Any = terminal_app(unit)
    bells: list[int] = []
    tui.bell = lambda: bells.append(1)

    async def go() -> None:
        async with tui.run_test() as pilot:
            await pilot.press(*keys)
            await pilot.pause()
            tui.seen = {
                name: str(tui.query_one(f"#{name}").content)
                for name in ("led", "sound", "words", "note")
            }

    asyncio.run(go())
    tui.bells = len(bells)
    return tui


def test_terminal_on_twice_starts_a_game() -> None:
    """ST-SCANNER-04, ST-SCANNER-22: o once shows dashes; o again, a crime with its sound as a
    word and the bell."""
    once = play(["o"])
    assert once.device.display == "---" and once.seen["led"] == seven_segment("---")
    twice = play(["o", "o"])
    assert twice.device.display.endswith("Cr") and twice.seen["led"] == seven_segment(
        twice.device.display
    )
    assert "CRIME-ALARM" in twice.seen["sound"] and "crime alarm" in twice.seen["words"]
    assert twice.bells == 1


def test_terminal_tip_shows_until_any_key() -> None:
    """ST-SCANNER-15, ST-SCANNER-16: t holds TIP; the next key, whatever it is, releases it and
    does nothing else."""
    held = play(["o", "o", "t"])
    code = f"{held.device.thief:03d}"
    assert held.device.tip_held and held.seen["led"] == seven_segment(code)
    gone = play(["o", "o", "t", "c"])
    assert not gone.device.tip_held and gone.device.display.endswith("Cr")  # c did not press CLUE
    assert gone.seen["led"] == seven_segment(gone.device.display) != seven_segment(code)
    assert code not in gone.seen["words"]


def test_terminal_arrest_entry_and_cancel() -> None:
    """ST-SCANNER-27, ST-ARREST-07: a, digits, a cancels and puts the display back."""
    entering = play(["o", "o", "a", "1", "4"])
    assert entering.device.entry == "14" and entering.seen["led"] == seven_segment("14_")
    cancelled = play(["o", "o", "a", "1", "4", "a"])
    assert cancelled.device.entry is None and cancelled.device.display.endswith("Cr")


def test_terminal_replay_and_refusal() -> None:
    """ST-SCANNER-24: a number replays memory; a refused press shows why and changes nothing."""
    replay = play(["o", "o", "0"], odds=Odds(still=0.0))
    assert "memory 0" in replay.seen["words"] and replay.bells == 2
    refused = play(["c"])
    assert refused.device.mode == "off" and "CLUE" in refused.seen["note"]
    assert refused.bells == 0
    stray = play(["o", "x"])
    assert "no button" in stray.seen["note"] and stray.device.display == "---"


def test_terminal_off_asks_twice_mid_game() -> None:
    """ST-SCANNER-05: f with a thief at large asks again; f f switches off; q quits."""
    asked = play(["o", "o", "f"])
    assert asked.device.at_large and "f again" in asked.seen["note"]
    off = play(["o", "o", "f", "f"])
    assert off.device.mode == "off" and off.seen["led"] == seven_segment("   ")
    other_key = play(["o", "o", "f", "c", "f"])
    assert other_key.device.at_large  # another key in between withdraws the question
    sample_off = play(["o", "f"])
    assert sample_off.device.mode == "off"  # no thief to lose: one f is enough
    quit_app = play(["q"])
    assert quit_app.return_code == 0


def test_led_table_is_one_checked_data_file() -> None:
    """The LED table is read from led.json (shared with the pages) and refused when malformed."""
    glyphs, unknown = led_table()
    assert glyphs["8"] == "abcdefg" and unknown == "g"
    assert lit("?") == "g"  # an unknown character shows as a dash, on every screen
    bad_tables: list[object] = [
        {},
        {"glyphs": {"ab": "a"}, "unknown": "g"},
        {"glyphs": {"1": "bz"}, "unknown": ""},
        {"glyphs": {"1": "bc"}, "unknown": 7},
    ]
    for bad in bad_tables:
        with pytest.raises(LedTableError):
            parse_table(bad)
    with pytest.raises(LedTableError):
        parse_table({"glyphs": {"1": "bb"}, "unknown": "g"})
    # Every character the device can show has its own glyph (none falls back to the dash).
    shown = set("0123456789-_ ") | {c for clue in ("Cr", "FL", "dr", "GL", "St") for c in clue}
    assert shown <= set(glyphs)


def test_a_refused_press_keeps_the_caption_of_a_unit_that_is_on() -> None:
    """Issue 13: after a refused press the caption still says what the unit shows (here the
    arrest being keyed), never "Press o to switch the scanner on" while it is on; off, it
    does say so."""
    keyed = play(["o", "o", "a", "1", "c"])  # CLUE while an arrest is keyed: refused
    assert "2 more numbers" in keyed.seen["note"]
    assert keyed.seen["words"] == "arrest: 1, 2 more numbers"
    assert "switch the scanner on" not in keyed.seen["words"]
    off = play(["c"])
    assert off.seen["words"] == "Press o to switch the scanner on."

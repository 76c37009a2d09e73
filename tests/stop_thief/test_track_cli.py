"""`sleuth stop-thief track`: the notebook on the command line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.command_line import run_sleuth


def track(*args: str) -> tuple[int, str, str]:
    result = run_sleuth("stop-thief", "track", *args)
    return result.exit_code, result.stdout, result.stderr


def test_the_rulebook_example_prints_148() -> None:
    """ST-EXAMPLE-08: 1Cr dr FL dr GL leaves only window 48 of Building 1."""
    assert track("1Cr", "dr", "FL", "dr", "GL") == (0, "148\n", "")


def test_the_installed_command_prints_exactly_148() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sleuth.cli", "stop-thief", "track", "1Cr", "dr", "FL", "dr", "GL"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "148\n", "")


def test_every_step_of_the_example() -> None:
    """ST-EXAMPLE-05, ST-EXAMPLE-06, ST-EXAMPLE-07: the possible spaces after each clue."""
    assert track("1Cr", "dr")[1].split() == ["113", "124", "136", "157", "165"]
    assert track("Cr1", "dr", "fl")[1].split() == ["126", "127", "166", "167", "176"]
    assert track("1cr", "DR", "FL", "dr")[1].split() == ["117", "125", "157", "165", "168"]


def test_odds_print_probabilities_that_sum_to_one() -> None:
    code, out, _ = track("1Cr", "dr", "FL", "dr", "--odds")
    assert code == 0
    rows = [line.split() for line in out.splitlines()]
    assert [r[0] for r in rows] == ["117", "125", "157", "165", "168"]
    assert sum(float(r[1]) for r in rows) == pytest.approx(1.0, abs=1e-3)
    assert track("1Cr", "dr", "FL", "dr", "GL", "--odds")[1] == "148 1.0000\n"


def test_bleeps_tips_false_arrests_escapes_and_new_thieves() -> None:
    assert track("1Cr", "-", "bleep", "dr")[1].split() == ["113", "124", "136", "157", "165"]
    assert track("1Cr", "dr", "tip:157")[1] == "157\n"
    assert track("1Cr", "dr", "false:1-36", "false:157")[1].split() == ["113", "124", "165"]
    code, out, _ = track("1Cr", "escape:146", "dr", "FL", "FL", "GL", "St", ".", "-")
    assert code == 0 and "595" in out.split()
    assert track("1Cr", "dr", "new:7Cr")[1] == "709\n"
    assert track("1Cr", "dr", "new", "Cr7")[1] == "709\n"


@pytest.mark.parametrize(
    "tokens",
    [
        ["1Cr", "xx"],
        ["dr", "FL"],
        ["9Cr"],
        ["1Cr", "tip:999"],
        ["1Cr", "escape:"],
        ["1Cr", "."],
        ["--still", "2", "1Cr"],
    ],
)
def test_bad_tokens_exit_2_printing_only_an_error(tokens: list[str]) -> None:
    code, out, err = track(*tokens)
    assert code == 2 and out == "" and err.strip()


def test_clues_no_thief_fits_exit_1() -> None:
    code, out, err = track("1Cr", "dr", "FL", "dr", "GL", "GL")
    assert code == 1 and out == ""
    assert "token 6" in err and "GL" in err


def test_odds_options_change_the_model() -> None:
    # With escapes that always run six, a run of five clues cannot be an escape.
    tokens = ["1Cr", "escape:146", "dr", "FL", "FL", "GL", "St"]
    assert track(*tokens)[0] == 0
    assert track(*tokens, "--escape-six", "1")[0] == 1
    # A thief who never stays still cannot bleep (he is never boxed in here).
    assert track("1Cr", "-", "--still", "0")[0] == 1
    assert track("1Cr", "escape:146", "dr", "FL", "FL", "GL", "St", "--no-flee")[0] == 0

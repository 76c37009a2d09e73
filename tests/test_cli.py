"""The `sleuth` command behaves as command-line tools are expected to (issue 13)."""

from __future__ import annotations

import dataclasses

import pytest

import sleuth
from tests.command_line import run_sleuth


def run(*args: str) -> tuple[int, str]:
    result = run_sleuth(*args)
    return result.exit_code, " ".join(result.output.split())


@pytest.mark.parametrize("command", [[], ["play"], ["serve"], ["games"]])
def test_dash_h_is_help(command: list[str]) -> None:
    code, short = run(*command, "-h")
    assert code == 0
    assert short == run(*command, "--help")[1]
    assert "Usage: sleuth" in short


def test_version() -> None:
    from importlib.metadata import version

    assert run("--version") == (0, f"sleuth {version('sleuth')}")


def test_play_help_lists_every_games_options_with_their_meaning() -> None:
    code, short = run("play", "--help")
    assert code == 0
    for name in sleuth.game_names():
        assert f"Options for {name}" in short
        for field in dataclasses.fields(sleuth.spec(name).options_type):
            assert f"{field.name}=<" in short
            words = " ".join(field.metadata["help"].split())
            assert words[:30] in short


def test_a_table_with_no_players_is_refused_for_its_players_not_its_bots() -> None:
    code, short = run("play", "stop-thief", "--players", "0")
    assert code == 2
    assert "--players" in short and "2 to 4 players, not 0" in short
    assert "bots" not in short


def test_play_without_a_terminal_says_so_and_stops() -> None:
    """The test's standard input (tests/command_line.py) is no terminal: the game would wait."""
    code, short = run("play", "stop-thief", "--players", "2", "--bots", "1")
    assert code == 2
    assert "needs a terminal" in short


@pytest.mark.parametrize("port", ["0", "65536", "99999"])
def test_serve_refuses_a_port_that_cannot_be(port: str) -> None:
    code, short = run("serve", "--port", port)
    assert code == 2
    assert "--port" in short


def test_bare_sleuth_shows_the_help_and_every_command() -> None:
    code, short = run()
    assert code == 2  # as under Typer: no command is a usage error, the help says what to type
    assert short.startswith("Usage: sleuth")
    for command in ("play", "serve", "games", "rules", "tournament", "print", "companion"):
        assert f" {command} " in short
    assert "stop-thief Stop Thief tools" in short and "scanner The Stop Thief" in short


def test_an_error_names_the_command_and_where_help_is() -> None:
    code, short = run("play", "--bogus")
    assert code == 2
    assert short == (
        "sleuth play: error: unrecognized arguments: --bogus Try 'sleuth play -h' for help."
    )
    code, short = run("nosuch")
    assert code == 2 and "sleuth: error:" in short and "invalid choice: 'nosuch'" in short


def test_a_game_group_alone_shows_its_commands() -> None:
    code, short = run("stop-thief")
    assert code == 2
    assert "Usage: sleuth stop-thief" in short and "track Where can the thief be?" in short


def test_words_after_an_option_still_go_to_the_command() -> None:
    """`scanner --json ON --seed 7 ON`: the second ON is a press too, as under Typer."""
    apart = run("scanner", "--seed", "7", "--json", "ON", "--reveal", "ON")
    together = run("scanner", "--seed", "7", "--reveal", "--json", "ON", "ON")
    assert apart == together and apart[0] == 0 and apart[1].count('"press"') == 2
    code, short = run("stop-thief", "track", "1Cr", "--odds", "1dr", "1FL", "1dr", "1GL")
    assert (code, short) == (0, "148 1.0000")


def test_help_shows_each_options_default_and_range() -> None:
    """As under Typer: a default of 0 too (though 0 == False), and on/off switches by name."""
    _code, short = run("tournament", "--help")
    assert "-s, --seed INT The first game's seed (then one up each). [default: 0]" in short
    assert "[default: 100; x>=1]" in short
    _code, short = run("serve", "--help")
    assert "--port INT Port to listen on [default: 8000; 1<=x<=65535]" in short
    assert "--rate-limits, --no-rate-limits Limit what one client may do" in short
    assert "[default: rate-limits]" in short

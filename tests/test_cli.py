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
    assert "usage: sleuth" in short


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
    """CliRunner's standard input is not a terminal: the game would wait for ever."""
    code, short = run("play", "stop-thief", "--players", "2", "--bots", "1")
    assert code == 2
    assert "needs a terminal" in short


@pytest.mark.parametrize("port", ["0", "65536", "99999"])
def test_serve_refuses_a_port_that_cannot_be(port: str) -> None:
    code, short = run("serve", "--port", port)
    assert code == 2
    assert "--port" in short

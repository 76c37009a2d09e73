"""Games another installed package adds, by `sleuth.games` entry points (docs/adding-a-game.md),
are found, listed and given their commands; where no package adds one, none is looked for
with importlib.metadata (sleuth/core/plugins.py: it costs more than starting Python)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sleuth
from sleuth.core import plugins

ROOT = Path(sleuth.__file__).resolve().parent.parent  # the sleuth under test, and tests/
BUILT_IN = ["columbo", "kojak", "manhunt", "stop-thief"]

# A distribution as pip installs one: its metadata folder beside its module.
ENTRY_POINTS = """\
[sleuth.games]
high-card = tests.example_game.manifest:SPEC
copycat = copycat_plugin:SPEC
impostor = copycat_plugin:IMPOSTOR
"""
COPYCAT = """\
import dataclasses
from sleuth.games.stop_thief.manifest import SPEC as STOP_THIEF
SPEC = dataclasses.replace(STOP_THIEF, name="copycat", title="Copycat", commands={})
IMPOSTOR = dataclasses.replace(STOP_THIEF, name="kojak", title="Impostor")
"""
LIST = "import json, sys, sleuth; print(json.dumps([sleuth.game_names(), sorted(sys.modules)]))"


def install(site: Path) -> None:
    info = site / "sleuth_copycat-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sleuth-copycat\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    (site / "copycat_plugin.py").write_text(COPYCAT)


def run(site: Path, *args: str) -> str:
    """A fresh interpreter's output, `site` on its path as an installation's folder is."""
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def listed(site: Path) -> tuple[list[str], set[str]]:
    names, modules = json.loads(run(site, "-c", LIST))
    return names, set(modules)


def test_with_no_other_package_only_the_built_in_games_and_no_importlib_metadata(
    tmp_path: Path,
) -> None:
    names, modules = listed(tmp_path)
    assert names == BUILT_IN
    assert "importlib.metadata" not in modules


def test_a_game_another_package_adds_is_listed_after_the_built_in_ones(tmp_path: Path) -> None:
    """...and one that takes a built-in game's name is not offered (docs/adding-a-game.md)."""
    install(tmp_path)
    names, _ = listed(tmp_path)
    assert names == [*BUILT_IN, "high-card", "copycat"]
    games = run(tmp_path, "-m", "sleuth", "games")
    assert "high-card    High Card (2-4 players)" in games
    assert "copycat      Copycat" in games
    assert "kojak        Kojak Detective Game" in games and "Impostor" not in games


def test_help_lists_the_commands_of_a_game_another_package_adds(tmp_path: Path) -> None:
    """High Card's `cli` part (tests/example_game/cli.py); Copycat's, Stop Thief's own, offers
    only names taken already (`stop-thief`, `scanner`): they keep their first meaning."""
    assert "high-card" not in run(tmp_path, "-m", "sleuth", "--help")
    install(tmp_path)
    listed = run(tmp_path, "-m", "sleuth", "--help").split()
    assert "high-card" in listed and listed.count("stop-thief") == listed.count("scanner") == 1
    assert "deal" in run(tmp_path, "-m", "sleuth", "high-card", "--help")
    assert "player 1:" in run(tmp_path, "-m", "sleuth", "high-card", "deal", "-s", "3")


def test_a_zip_on_the_path_is_left_to_importlib_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A quick look cannot read inside a zip: it must not say "nothing there"."""
    assert not plugins.may_declare("sleuth.games")  # this installation adds no game
    archive = tmp_path / "games.zip"
    archive.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip archive
    monkeypatch.setattr(sys, "path", [*sys.path, str(archive)])
    assert plugins.may_declare("sleuth.games")


def test_sleuths_own_metadata_is_not_another_package(tmp_path: Path) -> None:
    """An older sleuth's metadata named its games by entry points: they are the built-in ones."""
    info = tmp_path / "sleuth-0.0.9.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text("[sleuth.games]\nold = no_such_module:SPEC\n")
    names, modules = listed(tmp_path)
    assert names == BUILT_IN
    assert "importlib.metadata" not in modules

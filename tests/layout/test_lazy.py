"""Starting is cheap: listing and describing the games, or `sleuth --help`, loads no game's
data and imports no framework a game's parts need, only each game's manifest.

Each check runs a fresh interpreter that records every file it opens (an audit hook,
installed before sleuth is imported: it sees `open`, `Path.read_text` and
`importlib.resources` alike) and reports what it opened and imported.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

import sleuth
from sleuth.cli import root
from tests.command_line import run_sleuth

GAMES = Path(sleuth.__file__).resolve().parent / "games"
HEAVY = ("textual", "fastapi", "numpy")
OTHER_CLI_FRAMEWORKS = ("typer", "click", "rich")  # rich: its help formatting is slow

PROBE = """
import json, sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
{code}
print(json.dumps({{"opened": opened, "modules": sorted(sys.modules)}}))
"""
LIST_AND_DESCRIBE = (
    "import sleuth\nsleuth.game_names()\n[sleuth.spec(n).describe() for n in sleuth.game_names()]"
)
HELP = (
    "import contextlib, io, sys\n"
    "from sleuth.cli import main\n"
    "sys.argv = ['sleuth', '--help']\n"
    "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
    "    main()"
)


def probe(code: str) -> tuple[list[str], set[str]]:
    """The game files (other than Python source) a fresh interpreter running `code` opened,
    relative to sleuth/games, and the modules it imported."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(code=code)],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout.splitlines()[-1])
    game_files = [
        Path(p).resolve().relative_to(GAMES).as_posix()
        for p in report["opened"]
        if Path(p).resolve().is_relative_to(GAMES)
        and Path(p).suffix not in (".py", ".pyc")
        and Path(p).is_file()
    ]
    return game_files, set(report["modules"])


def test_the_probe_sees_a_data_load() -> None:
    """The check below can fail: loading a board is seen, by path."""
    opened, modules = probe("from sleuth.games.stop_thief.board import load_board\nload_board()")
    assert opened == ["stop_thief/data/board.json"]
    assert "sleuth.games.stop_thief.board" in modules


def test_listing_and_describing_the_games_loads_no_data() -> None:
    opened, modules = probe(LIST_AND_DESCRIBE)
    assert opened == []
    assert not [m for m in HEAVY if m in modules]
    assert not [m for m in modules if m.endswith((".state", ".tui", ".rl", ".web", ".cli"))]


def test_listing_the_games_imports_only_the_registry_and_the_manifests() -> None:
    """`import sleuth` and the list of games need no more of sleuth than the registry, its
    errors and each game's manifest: not the rules machinery (`sleuth.core.game` and what it
    imports cost more than starting Python; bench/bench_startup.py)."""
    _opened, modules = probe("import sleuth\n[sleuth.spec(n).title for n in sleuth.game_names()]")
    ours = {m for m in modules if m == "sleuth" or m.startswith("sleuth.")}
    core = {"sleuth", "sleuth.core", "sleuth.core.errors", "sleuth.core.registry"}
    core |= {"sleuth.core.plugins", "sleuth.games"}
    games = {m for m in ours - core if m.startswith("sleuth.games.")}
    assert ours - core == games
    assert games and all(m.count(".") == 2 or m.endswith(".manifest") for m in games), games


def test_help_imports_only_the_manifests() -> None:
    """`sleuth --help` lists every game's commands from its manifest: no game module beyond
    the manifest is imported, no data read, and argparse is all the command-line framework
    imported (no Typer, click or Rich: bench/bench_startup.py)."""
    opened, modules = probe(HELP)
    assert opened == []
    game_modules = {m for m in modules if m.startswith("sleuth.games.")}
    assert game_modules, "the games were not even found"
    assert all(m.count(".") == 2 or m.endswith(".manifest") for m in game_modules), sorted(
        game_modules
    )
    assert not [m for m in (*HEAVY, *OTHER_CLI_FRAMEWORKS) if m in modules]
    assert "argparse" in modules


# --- the manifest's list of commands is the cli part's ----------------------------------------
CLI_GAMES = [name for name in sleuth.game_names() if sleuth.spec(name).has("cli")]


@pytest.mark.parametrize("name", CLI_GAMES)
def test_a_manifest_lists_the_commands_its_cli_part_adds(name: str) -> None:
    game = sleuth.spec(name)
    commands = {command: built.help for command, built in game.load("cli").COMMANDS.items()}
    assert commands and commands == dict(game.commands)


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (subparsers,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(subparsers.choices)


def test_help_lists_the_same_whichever_game_is_built() -> None:
    """A command is built only when it is chosen (a game's, with the rest of its own); the
    help lists them alike."""
    listed = root(None).format_help()
    names = list(commands(root(None)))
    assert names[:3] == ["play", "serve", "games"]
    game_commands = [c for name in CLI_GAMES for c in sleuth.spec(name).commands]
    assert game_commands and set(game_commands) <= set(names)
    for command in names:  # each built whole in turn, a game's with the rest of its own
        built = root(command)
        assert list(commands(built)) == names
        assert built.format_help() == listed
    stop_thief = commands(root("stop-thief"))["stop-thief"]
    assert "track" in commands(stop_thief)
    assert "track" not in commands(root(None))["stop-thief"].format_help()  # only listed
    assert "--port" in commands(root("serve"))["serve"].format_help()
    assert "--port" not in commands(root("play"))["serve"].format_help()


def test_a_manifest_without_its_commands_listed_has_its_cli_part_imported_to_list_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A separately installed game may not list them: its commands are offered all the same."""
    from sleuth.core import registry

    unlisted = dataclasses.replace(sleuth.spec("stop-thief"), commands={})
    monkeypatch.setitem(registry._REGISTRY, "stop-thief", unlisted)
    listed = commands(root(None))
    assert "scanner" in listed and "track" in commands(listed["stop-thief"])  # built: imported
    ran = run_sleuth("stop-thief", "track", "1Cr", "1dr", "1FL", "1dr", "1GL")
    assert (ran.exit_code, ran.stdout) == (0, "148\n")

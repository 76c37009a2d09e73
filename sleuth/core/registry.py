"""The registry the games sign up to, and the manifest (`GameSpec`) each signs up with.

Kept apart from the contract (`sleuth.core.game`) and light to import: listing the games,
as `sleuth --help` does, needs only this module and each game's manifest, not the rules
machinery (pathlib, typing, the generator...; bench/bench_startup.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sleuth.core.errors import IllegalAction

if TYPE_CHECKING:
    from pathlib import Path

    from sleuth.core.actions import JSONValue
    from sleuth.core.game import GameState


@dataclass(frozen=True)
class GameSpec:
    """A game's manifest: what it is, and where each of its parts lives, named lazily.

    A game is one package (`package`); each part is named "module:attribute"
    relative to it, and imported only when something asks for it, so listing
    the games loads no game's data. Parts every shell knows by name:

    * `rules` (required): the `GameState` subclass, called as `(players, seed, options)`;
    * `options` (required): the frozen dataclass of the game's options;
    * `words`: a `Narrating` class (events in words); `picture`: a function returning
      the board as SVG; `bots`: a module that registers the game's bots when imported;
    * `tui`: its terminal app (a `GameShell`); `rl`: its observation `Encoder`;
    * `web`: a folder (no ":") holding its page module `index.js` and its styles;
    * `guide`: a Markdown file (no ":"), how to play in the project's own words, shown
      by the lobby, the table and `sleuth rules` (`GameSpec.guide`);
    * `story`: `ending(state) -> sleuth.core.ending.Ending`, a finished game in words
      (`GameState.ending`), which the game's view carries under `ending` once it is over;
    * `tutorial`: a JSON file (no ":"), its guided first game: a seed, the seats and the
      coached steps, read and played through by `sleuth.core.tutorial`;
    * `routes`: a FastAPI router of its own pages (a companion device);
    * `kit`: its print-and-play kit, `build_kit(paper, **choices) -> sleuth.printing.kit.Kit`;
    * `cli`: a module whose `COMMANDS` maps each command it adds to `sleuth` to a
      `sleuth.commands.base.Command` (its one-line help, `add_arguments(parser)` for
      argparse, `run(args) -> int | None`): by convention its own group under the game's
      name (`sleuth stop-thief track`, made with `sleuth.commands.base.group`) and any
      short names (`sleuth scanner`). A name `sleuth` or an earlier game already has is
      not offered again. `run` raises `sleuth.commands.base.UsageError` for a command line
      it cannot run (status 2) and returns the exit status (None: 0).

    `commands` gives the one-line help of each command of `COMMANDS`, by name, so that
    `sleuth --help` lists them without importing the part; the part is imported, and its
    parsers built, only when one of them is run or asked for help. A manifest without
    `commands` has its part imported every time `sleuth` starts, to list them.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    package: str
    rules: str
    options: str
    seat_names: str = "player"
    parts: Mapping[str, str] = field(default_factory=dict)
    commands: Mapping[str, str] = field(default_factory=dict)
    # Pages the `routes` part serves, by path, each with a line saying what it is for: the
    # lobby links to them (Stop Thief's Crime Scanner).
    pages: Mapping[str, str] = field(default_factory=dict)

    def has(self, part: str) -> bool:
        return part in self.parts

    def load(self, part: str) -> Any:
        """The named part, imported now: `rules`, `options`, or any in `parts`."""
        target = {"rules": self.rules, "options": self.options}.get(part) or self.parts.get(part)
        if target is None:
            raise KeyError(f"{self.name} has no {part!r} part")
        module_name, _, attribute = target.partition(":")
        module = importlib.import_module(f"{self.package}.{module_name}")
        return getattr(module, attribute) if attribute else module

    def folder(self, part: str) -> Path:
        """A part that is a folder or a file (`web`, `guide`), as a path on disk."""
        import importlib.util
        from pathlib import Path

        target = self.parts[part]
        spec = importlib.util.find_spec(self.package)
        if spec is None or not spec.submodule_search_locations:
            raise KeyError(f"{self.package} is not a package")
        return Path(next(iter(spec.submodule_search_locations))) / target

    def guide(self) -> str | None:
        """How to play, as Markdown (None for a game whose manifest names no guide)."""
        if not self.has("guide"):
            return None
        return self.folder("guide").read_text(encoding="utf-8")

    @property
    def options_type(self) -> type[Any]:
        options_type: type[Any] = self.load("options")
        return options_type

    def factory(self, players: int, seed: int, options: Any) -> GameState:
        state: GameState = self.load("rules")(players, seed, options)
        return state

    def describe(self) -> dict[str, JSONValue]:
        from sleuth.core.options import describe_options

        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "seat_name": self.seat_names,
            "options": describe_options(self.options_type),
            "pages": [{"url": url, "title": title} for url, title in self.pages.items()],
        }


ENTRY_POINTS = "sleuth.games"
"""The entry-point group a package names its games' manifests in (a `GameSpec` each)."""

_REGISTRY: dict[str, GameSpec] = {}
_DISCOVERED = False


def register(spec: GameSpec) -> None:
    """Offer a game (entry points do this for installed packages; tests may call it)."""
    _REGISTRY[spec.name] = spec


def _discover() -> None:
    """Find every game once: sleuth's own (`sleuth.games.BUILT_IN`), then those other
    installed packages add by `sleuth.games` entry points (a name taken stays taken)."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    from sleuth.core.plugins import load_entry_points
    from sleuth.games import BUILT_IN

    found = [importlib.import_module(f"sleuth.games.{p}.manifest").SPEC for p in BUILT_IN]
    for game in [*found, *load_entry_points(ENTRY_POINTS)]:
        if not isinstance(game, GameSpec):
            raise TypeError(f"the entry point for {game!r} is not a GameSpec")
        _REGISTRY.setdefault(game.name, game)


def game_names() -> list[str]:
    """The names of the games this installation offers."""
    _discover()
    return list(_REGISTRY)


def spec(name: str) -> GameSpec:
    _discover()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise IllegalAction(
            f"no game called {name!r}; choose one of {', '.join(_REGISTRY)}"
        ) from None

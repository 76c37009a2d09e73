"""Guided first games: a coach who walks one seat through a seeded game, step by step.

A game's tutorial is a data file in its package (its manifest's `tutorial` part), read and
checked here: the seed, the seats (which one the learner plays, which are bots), the options
and the coached steps. Each step is one decision of the learner's seat: what the coach says,
which action it suggests (matched by kind and the fields given; fields left out match
anything), what to point at on the board, where the guide explains it, and the other seats'
actions that follow until the learner's next decision.

Why the script gives the other seats' actions instead of letting seeded bots play them: the
game then depends only on the engine (seed + actions replay exactly), not on how a bot level
happens to be tuned this month; a retuned bot can never make the coach's words false. Once the
script is done, or the game has left it, the bots play for themselves.

The coach that follows a game of a script is sleuth.core.coach. Loading replays the whole
script through the engine, so a bad step fails loudly at load with
its number: an action that is not legal then, a seat that is not the one to move, an end that
is not where the script says.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sleuth.core.actions import Action, JSONValue
from sleuth.core.errors import IllegalAction
from sleuth.core.game import GameState, new_game, spec


class TutorialError(ValueError):
    """A tutorial file that cannot be used, saying where and why."""


@dataclass(frozen=True)
class Expect:
    """The action a step suggests: a kind, and the fields it must have (the others are free)."""

    kind: str
    fields: Mapping[str, JSONValue] = field(default_factory=dict)

    def matches(self, action: Action) -> bool:
        if action.kind != self.kind:
            return False
        wanted = Action.of(self.kind, **self.fields)
        return all(action.get(key, _MISSING) == value for key, value in wanted.params)

    def to_json(self) -> dict[str, JSONValue]:
        return {"kind": self.kind, **dict(self.fields)}


_MISSING = object()


@dataclass(frozen=True)
class Move:
    """An action the script gives another seat (a bot's, played as written)."""

    seat: int
    action: Action


@dataclass(frozen=True)
class Step:
    """One decision of the learner's, coached, and the others' actions after it."""

    say: str  # what the coach says before the learner acts
    expect: Expect  # the suggested action
    otherwise: str  # said when the learner picks another legal action
    accept_other: bool = False  # take another legal action (True) or ask again (False)
    highlight: tuple[str, ...] = ()  # ids (squares, places, cards) the page points at
    guide: str | None = None  # the guide section that explains it (its heading)
    done: str = ""  # said once the suggested action is taken (optional)
    then: tuple[Move, ...] = ()  # the other seats' actions before the learner's next step


@dataclass(frozen=True)
class Script:
    """A whole tutorial: the game it sets up and the steps of the learner's seat."""

    game: str
    title: str
    seed: int
    players: int
    learner: int
    bots: Mapping[int, str]  # seat -> bot level, for every seat but the learner's
    options: Mapping[str, JSONValue]
    intro: str
    closing: str
    lost: str  # said when the game left the script and the coach steps back
    steps: tuple[Step, ...]
    before: tuple[Move, ...] = ()  # the other seats' actions before the learner's first step
    ends_with: Mapping[str, JSONValue] | None = None  # an event the last step's action causes

    def new_game(self) -> GameState:
        return new_game(self.game, self.players, self.seed, **dict(self.options))

    def table_seats(self) -> list[tuple[str, str | None, str | None]]:
        """The seats as the server's table wants them: (kind, bot level, name)."""
        return [
            ("human", None, None) if seat == self.learner else ("bot", self.bots[seat], None)
            for seat in range(self.players)
        ]

    def line(self) -> list[tuple[int, Expect | Action, int]]:
        """The whole scripted game, one entry per action: (seat, what, step index). The
        learner's entries are `Expect`s, the others' `Action`s; `before` counts as step -1."""
        out: list[tuple[int, Expect | Action, int]] = [(m.seat, m.action, -1) for m in self.before]
        for index, step in enumerate(self.steps):
            out.append((self.learner, step.expect, index))
            out.extend((m.seat, m.action, index) for m in step.then)
        return out


# --- reading a script --------------------------------------------------------------------------
_TOP = {
    "title",
    "seed",
    "players",
    "learner",
    "bots",
    "options",
    "intro",
    "closing",
    "lost",
    "steps",
    "before",
    "ends_with",
}
_STEP = {"say", "expect", "otherwise", "accept_other", "highlight", "guide", "done", "then"}


def _text(data: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = data.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise TutorialError(f"{where}: '{key}' must be {'non-empty ' if required else ''}text")
    return value


def _whole(data: Mapping[str, Any], key: str, where: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TutorialError(f"{where}: '{key}' must be a whole number, not {value!r}")
    return value


def _action(data: Any, where: str) -> Action:
    if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
        raise TutorialError(f"{where}: an action is an object with a 'kind'")
    try:
        return Action.from_json(data)
    except (IllegalAction, TypeError, ValueError) as err:
        raise TutorialError(f"{where}: no action: {err}") from None


def _moves(data: Any, where: str, others: set[int]) -> tuple[Move, ...]:
    if not isinstance(data, list):
        raise TutorialError(f"{where}: a list of {{'seat': n, 'action': {{...}}}} objects")
    moves: list[Move] = []
    for number, item in enumerate(data, 1):
        here = f"{where} #{number}"
        if not isinstance(item, Mapping) or set(item) != {"seat", "action"}:
            raise TutorialError(f"{here}: an object with exactly 'seat' and 'action'")
        seat = _whole(item, "seat", here)
        if seat not in others:
            raise TutorialError(f"{here}: seat {seat} is not a bot's seat")
        moves.append(Move(seat, _action(item["action"], here)))
    return tuple(moves)


def parse_script(game: str, data: Any, source: str = "tutorial") -> Script:
    """A script from plain JSON data, checked in form (not yet played: see `check_script`);
    raises TutorialError naming the bad part."""
    if not isinstance(data, Mapping):
        raise TutorialError(f"{source}: a tutorial is a JSON object")
    unknown = sorted(set(data) - _TOP)
    if unknown:
        raise TutorialError(f"{source}: unknown key(s) {', '.join(unknown)}")
    players = _whole(data, "players", source)
    learner = _whole(data, "learner", source)
    if not 0 <= learner < players:
        raise TutorialError(f"{source}: the learner's seat {learner} is not one of {players}")
    bots_raw = data.get("bots")
    if not isinstance(bots_raw, Mapping):
        raise TutorialError(f"{source}: 'bots' maps each other seat to a bot level")
    bots: dict[int, str] = {}
    for key, level in bots_raw.items():
        if not str(key).isdigit() or not isinstance(level, str):
            raise TutorialError(f"{source}: bots: seat {key!r} -> {level!r} is not seat -> level")
        bots[int(key)] = level
    if set(bots) != set(range(players)) - {learner}:
        raise TutorialError(f"{source}: 'bots' must name exactly the seats but the learner's")
    from sleuth.bots import UnknownBot, resolve_level  # the bots need the game registry

    for seat, level in bots.items():
        try:
            resolve_level(game, level)
        except UnknownBot as err:
            raise TutorialError(f"{source}: bots: seat {seat}: {err}") from None
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise TutorialError(f"{source}: 'options' must be an object")
    steps_raw = data.get("steps")
    if not isinstance(steps_raw, list) or not steps_raw:
        raise TutorialError(f"{source}: 'steps' must be a non-empty list")
    ends_with = data.get("ends_with")
    if ends_with is not None and (
        not isinstance(ends_with, Mapping) or not isinstance(ends_with.get("kind"), str)
    ):
        raise TutorialError(f"{source}: 'ends_with' is an event: an object with a 'kind'")
    others = set(bots)
    script = Script(
        game=game,
        title=_text(data, "title", source),
        seed=_whole(data, "seed", source),
        players=players,
        learner=learner,
        bots=bots,
        options=dict(options),
        intro=_text(data, "intro", source),
        closing=_text(data, "closing", source),
        lost=_text(data, "lost", source),
        steps=tuple(_step(s, f"{source}: step {n}", others) for n, s in enumerate(steps_raw, 1)),
        before=_moves(data.get("before", []), f"{source}: before", others),
        ends_with=None if ends_with is None else dict(ends_with),
    )
    try:
        script.new_game()
    except IllegalAction as err:
        raise TutorialError(f"{source}: the game cannot be set up: {err}") from None
    return script


def _step(data: Any, where: str, others: set[int]) -> Step:
    if not isinstance(data, Mapping):
        raise TutorialError(f"{where}: a step is a JSON object")
    unknown = sorted(set(data) - _STEP)
    if unknown:
        raise TutorialError(f"{where}: unknown key(s) {', '.join(unknown)}")
    expect = data.get("expect")
    if not isinstance(expect, Mapping) or not isinstance(expect.get("kind"), str):
        raise TutorialError(f"{where}: 'expect' must be an action: an object with a 'kind'")
    fields = {k: v for k, v in expect.items() if k != "kind"}
    try:
        Action.of(expect["kind"], **fields)
    except IllegalAction as err:
        raise TutorialError(f"{where}: 'expect' is no action: {err}") from None
    highlight = data.get("highlight", [])
    if not isinstance(highlight, list) or not all(isinstance(h, str) for h in highlight):
        raise TutorialError(f"{where}: 'highlight' must be a list of ids")
    accept = data.get("accept_other", False)
    if not isinstance(accept, bool):
        raise TutorialError(f"{where}: 'accept_other' must be true or false")
    guide = data.get("guide")
    if guide is not None and not isinstance(guide, str):
        raise TutorialError(f"{where}: 'guide' must be the heading of a guide section")
    return Step(
        say=_text(data, "say", where),
        expect=Expect(expect["kind"], fields),
        otherwise=_text(data, "otherwise", where),
        accept_other=accept,
        highlight=tuple(highlight),
        guide=guide,
        done=_text(data, "done", where, required=False),
        then=_moves(data.get("then", []), f"{where}: then", others),
    )


def _where(script: Script, step: int) -> str:
    return f"{script.game} tutorial: " + (
        "before the first step" if step < 0 else f"step {step + 1}"
    )


def check_script(script: Script) -> GameState:
    """Play the script through the engine: each entry's seat is the one to move and its action
    is legal then, and the last step's action causes `ends_with`. Returns the game as the
    script leaves it; raises TutorialError naming the step."""
    state = script.new_game()
    line = script.line()
    caused: list[Any] = []
    for seat, what, step in line:
        where = _where(script, step)
        if state.over:
            raise TutorialError(f"{where}: the game is over before this action")
        if state.to_move != seat:
            raise TutorialError(f"{where}: seat {seat} acts, but seat {state.to_move} is to move")
        if isinstance(what, Expect):
            move = next((a for a in state.legal_actions() if what.matches(a)), None)
            if move is None:
                raise TutorialError(f"{where}: no legal action matches {what.to_json()}")
        else:
            move = what
            if not state.is_legal(move):
                raise TutorialError(f"{where}: {move.to_json()} is not legal here")
        events = state.apply(move)
        if seat == script.learner and step == len(script.steps) - 1:
            caused = events
    wanted = script.ends_with
    if wanted is not None and not any(_event_matches(e, wanted) for e in caused):
        raise TutorialError(
            f"{_where(script, len(script.steps) - 1)}: its action does not cause {dict(wanted)}"
        )
    return state


def _event_matches(event: Any, wanted: Mapping[str, JSONValue]) -> bool:
    if event.kind != wanted["kind"]:
        return False
    return all(event.data.get(k) == v for k, v in wanted.items() if k != "kind")


def read_script(game: str) -> Script | None:
    """The tutorial of `game` (its manifest's `tutorial` part), checked in form and played
    through; None if it has none. Its `guide` headings must be headings of the game's guide,
    so a link never dangles."""
    manifest = spec(game)
    if not manifest.has("tutorial"):
        return None
    path = manifest.folder("tutorial")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise TutorialError(f"{path.name} of {game}: cannot be read: {err}") from None
    script = parse_script(game, data, f"{game} tutorial")
    headings = set(guide_sections(manifest.guide() or ""))
    for number, step in enumerate(script.steps, 1):
        if step.guide is not None and step.guide not in headings:
            raise TutorialError(
                f"{game} tutorial: step {number}: the guide has no section {step.guide!r}"
            )
    check_script(script)
    return script


@cache
def load_script(game: str) -> Script | None:
    """`read_script`, once per process (the files do not change while it runs)."""
    return read_script(game)


def tutorial_games() -> list[str]:
    """The games that have a tutorial."""
    from sleuth.core.game import game_names

    return [name for name in game_names() if spec(name).has("tutorial")]


def guide_sections(markdown: str) -> list[str]:
    """The second-level headings of a guide: the sections a step may point to."""
    return [line[3:].strip() for line in markdown.splitlines() if line.startswith("## ")]


def slug(heading: str) -> str:
    """A heading as the anchor the guide page gives it."""
    out = "".join(c if c.isalnum() else "-" for c in heading.lower())
    return "-".join(part for part in out.split("-") if part)

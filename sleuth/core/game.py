"""The contract every game meets (the registry the games sign up to is `sleuth.core.registry`).

A game state answers the same few questions whatever the game:
whose decision is pending (`to_move`), what they may do (`legal_actions`),
do it (`apply`, which returns the events it caused), what a seat may know
(`view`), and whether it is over (`over`, `winners`). Chance comes only from
the state's own seeded generator, so a record of options, seed and accepted
actions replays the game exactly.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Protocol

from sleuth.core.actions import Action, Event, JSONValue
from sleuth.core.errors import CorruptRecord, IllegalAction
from sleuth.core.options import parse_options
from sleuth.core.prompt import Prompt, kinds
from sleuth.core.registry import GameSpec, game_names, register, spec
from sleuth.core.rng import Rng


class GameState(ABC):
    """One game in progress. Subclasses implement the underscored hooks."""

    name: ClassVar[str]

    def __init__(self, players: int, seed: int, options: Any) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.history: list[Action] = []
        self.log: list[Event] = []
        self._legal_cache: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None  # the same actions, made on demand
        # Their kinds, and the list they were read from (a new list: read them again).
        self._kinds: tuple[str, ...] = ()
        self._kinds_of: list[Action] | None = None
        self.resampled = False  # set on the states `resample` draws: they cannot be replayed
        self._broken = False
        # The last action's mover, the generator's draws before and after it, and where its
        # events start in the log: what `can_undo` asks, kept as plain numbers (cheap to copy).
        self._undo_step: tuple[int, int, int, int] | None = None

    # --- the questions every state answers -------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision is pending, or None once the game is over."""

    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won (empty while the game goes on, or if nobody won)."""

    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now (a fresh list each call)."""
        return list(self._legal())

    def is_legal(self, action: Action) -> bool:
        legal = self._legal()
        # Bots, simulations and the RL environments pass back one of the very objects
        # listed, so look for it by identity first: a scan in C that stops at it, where a
        # set of actions would call each action's hash in Python at every position.
        if any(map(is_, legal, repeat(action))):
            return True
        if self._legal_set is None:
            self._legal_set = frozenset(legal)
        return action in self._legal_set

    def refusal(self, action: Action) -> str | None:
        """Why `action` is not allowed now, in the player's words (None: it is), without
        trying it: what `apply` would say."""
        if self.over:
            return "the game is over"
        return None if self.is_legal(action) else self._why_illegal(action)

    def _legal(self) -> list[Action]:
        """The legal actions, computed once per position (apply clears them)."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.over else self._legal_actions()
            self._legal_set = None
        return self._legal_cache

    def legal_kinds(self) -> tuple[str, ...]:
        """The kinds of the legal actions, each once, in the order they first come.

        Read once per position: every seat's prompt asks for them, and a position may
        offer a hundred moves.
        """
        legal = self._legal()
        if self._kinds_of is not legal:
            self._kinds = tuple(kinds(legal))
            self._kinds_of = legal
        return self._kinds

    def apply(self, action: Action | Mapping[str, JSONValue]) -> list[Event]:
        """Take an action for the seat to move; return the events it caused.

        Raises IllegalAction, changing nothing, if the action is malformed or not
        allowed now.
        """
        if not isinstance(action, Action):
            action = Action.from_json(action)
        if self._broken:
            raise IllegalAction("this resampled state failed an action and cannot go on")
        if self.over:
            raise IllegalAction("the game is over")
        if not self.is_legal(action):
            raise IllegalAction(self._why_illegal(action))
        self._new_position()
        mover, draws, start = self.to_move, self.rng.draws, len(self.log)
        try:
            events = self._apply(action)
        except Exception:
            # A legal action the rules could not carry out is a bug in the game, never the
            # player's fault. Put the state back as it was, so nothing is ever half-changed.
            self._restore()
            raise
        self.history.append(action)
        self.log.extend(events)
        assert mover is not None  # a game that is over takes no action
        self._undo_step = (mover, draws, self.rng.draws, start)
        return events

    def can_undo(self, seat: int) -> bool:
        """Whether `seat` may take back the last action: its own, in the turn still going on,
        one that revealed nothing hidden to anyone and drew no chance (so the game without it
        is exactly the game before it: `replay(record, upto=len(history) - 1)`).

        Each game says which of its actions are such (`_can_take_back`); none by default.
        """
        step = self._undo_step
        if step is None or self.resampled or not self.history:
            return False
        mover, before, after, start = step
        # Whatever the game says, an action that drew chance, passed the turn on or told
        # anyone a secret (a private event) can never be taken back.
        if before != after or mover != seat or self.to_move != seat:
            return False
        events = self.log[start:]
        return all(e.to is None for e in events) and self._can_take_back(self.history[-1], events)

    def _can_take_back(self, action: Action, events: list[Event]) -> bool:
        """Whether `action`, just applied, is one this game lets its player take back: it showed
        nobody anything hidden (moving a piece, choosing a partner), and its turn goes on.

        Called only for actions that drew no chance, told no private event and left the same
        seat to move. Default: never.
        """
        return False

    def _restore(self) -> None:
        """Become again the state before the failed action: replayed from options, seed, history.

        A resampled state cannot be replayed (its hidden parts were redrawn), so it is
        marked broken instead and refuses to go on.
        """
        if self.resampled:
            self._broken = True
            return
        again = replay(self.record())
        self.__dict__.clear()
        self.__dict__.update(again.__dict__)

    def prompt(self, seat: int | None) -> Prompt | None:
        """What `seat` is asked to do now, in a player's words (None once the game is over).

        The seat to move gets a sentence and its choices (the kinds of its legal
        actions, each worded); any other seat, or a spectator (None), a waiting line.
        Built only from what `seat` may know: it goes into that seat's view as it is.
        """
        if seat is not None and not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat}")
        return None if self.over else self._prompt(seat)

    def view_header(self, seat: int | None) -> dict[str, JSONValue]:
        """The keys every game's view starts with (`VIEW_HEADER`), the same for all games."""
        prompt = self.prompt(seat)
        return {
            "game": self.name,
            "seat": seat,
            "players": self.players,
            "to_move": self.to_move,
            "over": self.over,
            "winners": self.winners,
            "prompt": None if prompt is None else prompt.to_json(),
        }

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSONValue]:
        """A JSON-ready dict of exactly what `seat` may know (None: a spectator)."""

    def views(self, seats: Sequence[int | None]) -> dict[int | None, dict[str, JSONValue]]:
        """`view(seat)` for each of `seats`, as the server tells a table of an action.

        A game may build the parts every seat sees once and share them between the views
        (the same objects), and parts that never change between calls: the server's diff
        then works each shared part out once. So, unlike what `view` returns (its caller's
        own), these are read-only. Each view equals `view(seat)` exactly.
        """
        return {seat: self.view(seat) for seat in seats}

    def shared_views(
        self,
        seats: Sequence[int | None],
        public: Callable[[], Mapping[str, JSONValue]],
        private: Callable[[int], Mapping[str, JSONValue]],
        reveal: Callable[[], JSONValue],
    ) -> dict[int | None, dict[str, JSONValue]]:
        """The views of `seats` made as a game's `views` may share them: each is the header,
        then what `public()` gives (built once: the same objects in every view), then for a
        seated player what `private(seat)` gives, then, once the game is over, the `reveal()`
        and the `ending` (built once). Raises IllegalAction for a seat that is not there."""
        for seat in seats:
            if seat is not None and not 0 <= seat < self.players:
                raise IllegalAction(f"there is no seat {seat}")
        shared = public()
        ending = {"reveal": reveal(), "ending": self.ending()} if self.over else {}
        views: dict[int | None, dict[str, JSONValue]] = {}
        for seat in seats:
            view = {**self.view_header(seat), **shared}
            if seat is not None:
                view.update(private(seat))
            view.update(ending)
            views[seat] = view
        return views

    def reveal(self) -> dict[str, JSONValue]:
        """Everything, for replays and the game-end screen: a spectator's view plus every
        hidden part (every hand, the thief's route, the culprit...), in the shape of `view`.

        The hidden parts come from `_hidden_parts` under keys of their own, which `hidden`
        lists, so a page can tell them from the public ones (and show, say, every hand).
        Never send it to anyone before the game is over.
        """
        view = self.view(None)
        hidden = self._hidden_parts()
        view.update(hidden)
        view["hidden"] = sorted(hidden)
        return view

    def ending(self) -> dict[str, JSONValue] | None:
        """The end of a finished game in words (`sleuth.core.ending`: headline, standings,
        story, figures) from the game's `story` part; None while it goes on (or if the game
        has none). Worked out once: a finished game never changes."""
        if not self.over:
            return None
        found: dict[str, JSONValue] | None = self.__dict__.get("_ending")
        if found is None:
            manifest = spec(self.name)
            if not manifest.has("story"):
                return None
            found = manifest.load("story")(self).to_json()
            self.__dict__["_ending"] = found
        return found

    def _hidden_parts(self) -> dict[str, JSONValue]:
        """Each part of the state some seat may not see, by name, JSON-ready (for `reveal`)."""
        raise NotImplementedError(f"{self.name} cannot reveal its hidden state yet")

    def events_for(self, seat: int | None) -> list[Event]:
        """The whole event log as `seat` was allowed to see it."""
        return [e for e in self.log if e.visible_to(seat)]

    def record(self) -> Record:
        return Record(
            game=self.name,
            players=self.players,
            seed=self.seed,
            options=dataclasses.asdict(self.options),
            actions=[a.to_json() for a in self.history],
        )

    def forget_legal_actions(self) -> None:
        """Drop the cached legal actions: for code that changed the state other than by `apply`
        (a resample, a test setting up a position)."""
        self._new_position()

    def _new_position(self) -> None:
        """Drop what was worked out for the position left (its legal actions): `apply` calls
        it once an action is accepted, and `forget_legal_actions`. A game that keeps more
        per position extends it."""
        self._legal_cache = None

    def resample(self, seat: int, rng: Rng) -> GameState:
        """A full state that `seat` cannot tell apart from this one, hidden parts redrawn.

        Search bots (IS-MCTS, determinisation) plan on such states without peeking.
        """
        raise NotImplementedError(f"{self.name} cannot resample hidden state yet")

    # --- hooks for each game -----------------------------------------------------------
    @abstractmethod
    def _legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def _prompt(self, seat: int | None) -> Prompt:
        """The prompt for `seat` while the game goes on (see `prompt`)."""

    def _why_illegal(self, action: Action) -> str:
        """A player-facing reason why `action` is not allowed now."""
        return f"'{action}' is not allowed now"


class Narrating(Protocol):
    """Turns a game's events into a line of words each, fed every event a seat sees, in order."""

    def say(self, event: Event) -> str: ...


VIEW_HEADER = ("game", "seat", "players", "to_move", "over", "winners", "prompt")
"""The keys every view has, whatever the game (`GameState.view_header` makes them)."""


def new_game(name: str, players: int, seed: int = 0, **options: Any) -> GameState:
    """Start a game: its name, how many seats, the seed for all its chance, its options."""
    game = spec(name)
    if isinstance(players, bool) or not isinstance(players, int):
        raise IllegalAction("players must be a whole number")
    if not game.min_players <= players <= game.max_players:
        raise IllegalAction(
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {players}"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction("seed must be a whole number")
    return game.factory(players, seed, parse_options(game.options_type, options))


@dataclass
class Record:
    """A game as data: name, seats, seed, options and accepted actions. Replays exactly."""

    game: str
    players: int
    seed: int
    options: dict[str, JSONValue] = field(default_factory=dict)
    actions: list[dict[str, JSONValue]] = field(default_factory=list)

    def to_json(self) -> dict[str, JSONValue]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        try:
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options", {})),
                actions=[dict(a) for a in data.get("actions", [])],
            )
        except (KeyError, TypeError, ValueError) as err:
            raise CorruptRecord(f"not a game record: {err}") from err


def replay(record: Record | Mapping[str, JSONValue], upto: int | None = None) -> GameState:
    """Rebuild the state a record describes (optionally only its first `upto` actions)."""
    rec = record if isinstance(record, Record) else Record.from_json(record)
    try:
        state = new_game(rec.game, rec.players, rec.seed, **rec.options)
    except IllegalAction as err:
        raise CorruptRecord(f"the record's game cannot be set up: {err}") from err
    for number, action in enumerate(rec.actions[:upto]):
        try:
            state.apply(action)
        except IllegalAction as err:
            raise CorruptRecord(f"action {number} ({action}) does not replay: {err}") from err
    return state


def play_out(state: GameState, choose: Callable[[GameState], Action], max_actions: int) -> int:
    """Apply `choose(state)` until the game ends or `max_actions` were taken; return the count."""
    taken = 0
    while not state.over and taken < max_actions:
        state.apply(choose(state))
        taken += 1
    return taken


__all__: Sequence[str] = [
    "GameSpec",
    "GameState",
    "Narrating",
    "Record",
    "VIEW_HEADER",
    "game_names",
    "new_game",
    "play_out",
    "register",
    "replay",
    "spec",
]

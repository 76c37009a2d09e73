"""Every sleuth game as an OpenSpiel game, so that OpenSpiel's own algorithms run on it.

>>> import pyspiel
>>> import sleuth.rl.openspiel  # registers python_sleuth_<game> for every game with an encoder
>>> game = pyspiel.load_game("python_sleuth_kojak(players=2,seed=1)")
>>> state = game.new_initial_state()
>>> state.current_player() in (0, 1) and len(state.legal_actions()) > 0
True

How the games are mapped (docs/rl.md, "OpenSpiel", says the same for users):

* **Actions** are the indices of the game's RL encoder universe (`Encoder.actions`), the
  same numbers as the PettingZoo environments' `Discrete` spaces and action masks.
* **Chance is sampled** (`ChanceMode.SAMPLED_STOCHASTIC`): dice, the Crime Scanner,
  the shuffles and the secret cases are drawn inside the engine from its seeded
  generator, never offered as chance nodes. Each `new_initial_state()` takes the next
  game seed from a stream seeded by the game's `seed` parameter, so a run is repeatable.
  Algorithms that enumerate chance outcomes (CFR, exact best responses) cannot run; ones
  that sample (MCTS, IS-MCTS, the RL agents, evaluation by play) can.
* **Information states** come only from what a seat may know. The information state
  string is the seat's own transcript: every event it was shown and every action it
  took, in order (perfect recall). The observation string is the seat's `view`; the
  observation tensor is the encoder's vector for that view, fed the seat's events.
* **Returns** are +1 for a winner and -1 for everyone else at the end (as in the
  PettingZoo environments: a game nobody wins gives everyone -1). A game still going
  after `max_actions` actions ends there, every return 0.
* `resample_from_infostate(player, sampler)` is the engine's `resample`: hidden parts
  redrawn consistently with what `player` knows, so OpenSpiel's IS-MCTS plans without
  peeking. In the drawn state the other seats' transcripts hold only the public events,
  since their private ones belong to the world that was redrawn.

Parameters: `players`, `seed`, `max_actions`, and `options`, the game's options as a
JSON object (for example `options={"version":"advanced"}`; OpenSpiel's parameter
syntax needs the string quoted in `load_game`, so pass a dict of parameters instead).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from sleuth.core import Action, Event, GameState, new_game, spec
from sleuth.core.rng import Rng
from sleuth.rl.base import Encoder, Observer, encoder_for, supported_games

PREFIX = "python_sleuth_"
DEFAULT_MAX_ACTIONS = 20_000
_SEED_SPAN = 2**31


def short_name(game: str) -> str:
    """OpenSpiel's name for a sleuth game: `python_sleuth_stop_thief` for `stop-thief`."""
    return PREFIX + game.replace("-", "_")


def _game_type(game: str) -> pyspiel.GameType:
    manifest = spec(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"sleuth {manifest.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=manifest.max_players,
        min_num_players=manifest.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": manifest.min_players,
            "seed": 0,
            "max_actions": DEFAULT_MAX_ACTIONS,
            "options": "{}",
        },
    )


class SleuthGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel.Game is untyped (Any)
    """One sleuth game at one player count and set of options."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_type = _game_type(game)
        defaults = game_type.parameter_specification
        self.game = game
        self.players = int(params.get("players", defaults["players"]))
        self.max_actions = int(params.get("max_actions", defaults["max_actions"]))
        raw_options = params.get("options", defaults["options"])
        self.options: dict[str, Any] = (
            dict(raw_options) if isinstance(raw_options, dict) else json.loads(str(raw_options))
        )
        probe = new_game(game, self.players, 0, **self.options)  # checks players and options
        self.encoder: Encoder = encoder_for(game)(self.players, probe.options)
        self._seeds = random.Random(int(params.get("seed", defaults["seed"])))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoder.actions),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.max_actions,
        )
        plain = {
            "players": self.players,
            "seed": int(params.get("seed", defaults["seed"])),
            "max_actions": self.max_actions,
            "options": json.dumps(self.options, sort_keys=True),
        }
        super().__init__(game_type, info, plain)

    def new_initial_state(self, seed: int | None = None) -> SleuthState:
        """A new game: its seed is `seed`, or the next from the game's seeded stream."""
        if seed is None:
            seed = self._seeds.randrange(_SEED_SPAN)
        engine = new_game(self.game, self.players, seed, **self.options)
        return SleuthState(self, _Play.start(engine, self.encoder))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> SleuthObserver:
        if params:
            raise ValueError(f"sleuth games take no observation parameters, not {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SleuthObserver(self.encoder, perfect_recall=recall)


class _Play:
    """The engine state with each seat's memory, copied as a whole when OpenSpiel clones.

    OpenSpiel clones a Python state by deep-copying its attributes; this holder makes
    that copy the engine's own `clone()`, shares the (immutable) encoder and copies the
    transcripts.
    """

    def __init__(self, engine: GameState, encoder: Encoder, transcripts: list[list[str]]) -> None:
        self.engine = engine
        self.encoder = encoder
        self.transcripts = transcripts
        # Each seat's observation memory, made only when a tensor is asked for, and then
        # fed from `cursors[seat]` on: copies start without one (cheaper to replay the
        # seat's events than to deep-copy a memory at every clone).
        self.observers: list[Observer | None] = [None] * engine.players
        self.cursors = [0] * engine.players

    @classmethod
    def start(cls, engine: GameState, encoder: Encoder) -> _Play:
        play = cls(engine, encoder, [[] for _ in range(engine.players)])
        play._tell(engine.log)
        return play

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        clone: Callable[[], GameState] = self.engine.clone  # type: ignore[attr-defined]
        return _Play(clone(), self.encoder, [list(lines) for lines in self.transcripts])

    def _tell(self, events: list[Event]) -> None:
        for event in events:
            line = json.dumps(event.to_json(), sort_keys=True, separators=(",", ":"))
            for seat, lines in enumerate(self.transcripts):
                if event.visible_to(seat):
                    lines.append(line)

    def apply(self, seat: int, action: Action) -> None:
        self.transcripts[seat].append("took " + json.dumps(action.to_json(), sort_keys=True))
        self._tell(self.engine.apply(action))

    def observer(self, seat: int) -> Observer:
        """The seat's memory, fed every event it was shown up to now."""
        observer = self.observers[seat]
        if observer is None:
            observer = self.observers[seat] = self.encoder.observer(seat)
        log = self.engine.log
        for event in log[self.cursors[seat] :]:
            if event.visible_to(seat):
                observer.observe(event)
        self.cursors[seat] = len(log)
        return observer

    def resample(self, seat: int, seed: int) -> _Play:
        """A world `seat` cannot tell from this one (see the module's docstring)."""
        engine = self.engine.resample(seat, Rng(seed))
        play = _Play.start(engine, self.encoder)
        public = [line for line in play.transcripts[seat] if json.loads(line).get("to") is None]
        play.transcripts = [
            list(self.transcripts[seat]) if other == seat else list(public)
            for other in range(engine.players)
        ]
        return play


class SleuthState(pyspiel.State):  # type: ignore[misc]  # pyspiel.State is untyped (Any)
    """A sleuth game in progress, as OpenSpiel sees it."""

    def __init__(self, game: SleuthGame, play: _Play) -> None:
        super().__init__(game)
        self._play = play
        self._max_actions = game.max_actions

    @property
    def engine(self) -> GameState:
        """The sleuth engine state underneath (for tests and tools: it holds hidden state)."""
        return self._play.engine

    def _truncated(self) -> bool:
        return len(self._play.engine.history) >= self._max_actions

    def current_player(self) -> int:
        engine = self._play.engine
        if engine.over or self._truncated():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = engine.to_move
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._play.engine
        if engine.over or self._truncated() or player != engine.to_move:
            return []
        return sorted(self._play.encoder.legal_indices(engine))

    def _apply_action(self, action: int) -> None:
        seat = self._play.engine.to_move
        assert seat is not None
        self._play.apply(seat, self._play.encoder.actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._play.encoder.actions[action])

    def is_terminal(self) -> bool:
        return self._play.engine.over or self._truncated()

    def returns(self) -> list[float]:
        engine = self._play.engine
        if not engine.over:
            return [0.0] * engine.players
        winners = set(engine.winners)
        return [1.0 if seat in winners else -1.0 for seat in range(engine.players)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> SleuthState:
        seed = int(probability_sampler() * _SEED_SPAN) % _SEED_SPAN
        return SleuthState(self.get_game(), self._play.resample(player_id, seed))

    def __str__(self) -> str:
        engine = self._play.engine
        return f"{engine.name}, {len(engine.history)} actions, to move: {engine.to_move}"


class SleuthObserver:
    """OpenSpiel's observer for a sleuth game: a seat's view, or its whole transcript."""

    def __init__(self, encoder: Encoder, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SleuthState, player: int) -> None:
        play = state._play
        vector = play.observer(player).encode_state(play.engine)
        self.tensor[:] = vector

    def string_from(self, state: SleuthState, player: int) -> str:
        play = state._play
        if self.perfect_recall:
            return f"seat {player}\n" + "\n".join(play.transcripts[player])
        return json.dumps(play.engine.view(player), sort_keys=True, separators=(",", ":"))


def register() -> list[str]:
    """Register every game that has an RL encoder with OpenSpiel; return their short names."""
    names = []
    known = set(pyspiel.registered_names())
    for game in supported_games():
        name = short_name(game)
        names.append(name)
        if name not in known:
            pyspiel.register_game(_game_type(game), _game_class(game))
    return names


def _game_class(game: str) -> type[SleuthGame]:
    """A `SleuthGame` subclass for one game, made with `params` alone, as OpenSpiel calls it.

    OpenSpiel keeps what it is given until the process has ended; a class (unlike a
    closure) survives the interpreter's shutdown, so nothing is freed too late.
    """

    def __init__(self: SleuthGame, params: dict[str, Any] | None = None) -> None:
        SleuthGame.__init__(self, game, params)

    name = "".join(part.title() for part in game.split("-")) + "Game"
    return type(name, (SleuthGame,), {"__init__": __init__, "__module__": __name__})


GAMES = register()
